// How the engine reads a card, in plain words (explain.h). Every switch below names every
// enumerator and has no default, so a new trigger, step or target without a wording is a
// compiler warning (-Wswitch), and the starter-set test finds any card it cannot word.
#include "rise/cardgame/explain.h"

#include <fmt/format.h>

#include "rise/cardgame/describe.h"

namespace rise::cardgame {
namespace {

// "a", "a or b", "a, b or c".
std::string joined(const std::vector<std::string>& items, const std::string& last_sep) {
  std::string out;
  for (size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out += i + 1 == items.size() ? last_sep : ", ";
    out += items[i];
  }
  return out;
}

// "Creature or Door" ("card" for any type); plural "Creatures or Doors", "cards".
std::string type_noun(uint32_t types, bool plural) {
  std::vector<std::string> names;
  for (size_t i = 0; i < card_type_names().size(); ++i) {
    if (types & (1u << i)) names.push_back(card_type_names()[i] + (plural ? "s" : ""));
  }
  if (names.empty()) return plural ? "cards" : "card";
  return joined(names, " or ");
}

// The name of card `id` with its id: "Ember Wolf (ember-wolf)"; the id alone if `db` lacks it.
std::string card_name(const std::string& id, const CardDatabase& db) {
  const int index = db.find(id);
  return index < 0 ? "'" + id + "'" : db[index].name + " (" + id + ")";
}

// Where the cards of `filter` are, relative to the effect's controller: " you control",
// " in an opponent's Cemetery", " on the battlefield" (any player's).
std::string place(const Filter& f) {
  if (f.zone == Zone::kBattlefield) {
    switch (f.whose) {
      case Whose::kAny: return " on the battlefield";
      case Whose::kYou: return " you control";
      case Whose::kOpponent: return " an opponent controls";
    }
  }
  std::string zone;
  switch (f.zone) {
    case Zone::kBattlefield: zone = "battlefield"; break;
    case Zone::kHand: zone = "hand"; break;
    case Zone::kLibrary: zone = "library"; break;
    case Zone::kCemetery: zone = "Cemetery"; break;
    case Zone::kExclusion: zone = "Exclusion Zone"; break;
    case Zone::kChain: return " on the chain";
  }
  switch (f.whose) {
    case Whose::kAny: return " in any player's " + zone;
    case Whose::kYou: return " in your " + zone;
    case Whose::kOpponent: return " in an opponent's " + zone;
  }
  return "";
}

// The cards a filter accepts as a noun phrase without article: "other tilted Zombie
// Creature with Flight you control" (plural: "... Creatures ..."). `with_place`: name where
// they are (a search names its library itself).
std::string noun_phrase(const Filter& f, const CardDatabase& db, bool plural, bool with_place = true) {
  std::string out;
  if (f.another) out += "other ";
  if (f.tilted_only) out += "tilted ";
  if (f.untilted_only) out += "untilted ";
  if (!f.subtype.empty()) out += f.subtype + " ";
  out += type_noun(f.types, plural);
  if (!f.card_id.empty()) out += " named " + card_name(f.card_id, db);
  switch (f.plane) {
    case Plane::kAny: break;
    case Plane::kGround: out += " on the ground"; break;
    case Plane::kAir: out += " in the air"; break;
  }
  if (f.abilities != 0) out += " with " + joined(ability_list(f.abilities), " and ");
  if (with_place) out += place(f);
  return out;
}

// "2", or "(the number of Creatures you control × 2 + 1)" / "(your Coins)".
std::string amount(const Value& v, const CardDatabase& db) {
  if (v.is_constant()) return std::to_string(v.constant);
  std::string out;
  int times = 1;
  if (v.per_count != 0) {
    out = "the number of " + noun_phrase(v.count_filter, db, true);
    times = v.per_count;
  } else if (v.per_stat != 0) {
    std::string of;
    switch (v.stat_of) {
      case StatOf::kSelf: of = "this card's"; break;
      case StatOf::kEvent: of = "the other card of the event's"; break;
      case StatOf::kTarget: of = "the target's"; break;
    }
    out = of + (v.stat == Stat::kAttack ? " current attack" : " current defense");
    times = v.per_stat;
  } else if (v.per_player != 0) {
    switch (v.player_value) {
      case PlayerValue::kNone:
      case PlayerValue::kLowestHp: out = "the lowest HP among your living Summoners"; break;
      case PlayerValue::kHighestLevel: out = "the highest level among your living Summoners"; break;
    }
    times = v.per_player;
  } else {
    out = v.resource == Resource::kCoins ? "your Coins" : "your Ether";
    times = v.per_resource;
  }
  if (times != 1) out += fmt::format(" × {}", times);
  if (v.constant > 0) out += fmt::format(" + {}", v.constant);
  if (v.constant < 0) out += fmt::format(" - {}", -v.constant);
  return "(" + out + ")";
}

// A condition (`if:`) in words: "this card is open, it is your turn and (your Coins) is at
// least 5".
std::string condition_words(const Condition& c, const CardDatabase& db) {
  std::vector<std::string> parts;
  switch (c.self) {
    case Condition::Self::kAny: break;
    case Condition::Self::kOpen: parts.push_back("this card is open"); break;
    case Condition::Self::kClosed: parts.push_back("this card is closed"); break;
    case Condition::Self::kTilted: parts.push_back("this card is tilted"); break;
    case Condition::Self::kUntilted: parts.push_back("this card is untilted"); break;
    case Condition::Self::kDamaged: parts.push_back("this card is damaged"); break;
    case Condition::Self::kUndamaged: parts.push_back("this card is undamaged"); break;
  }
  switch (c.turn) {
    case Condition::Turn::kAny: break;
    case Condition::Turn::kYours: parts.push_back("it is your turn"); break;
    case Condition::Turn::kNotYours: parts.push_back("it is not your turn"); break;
  }
  if (c.has_value) {
    const Condition plain;
    std::string v = amount(c.value, db);
    if (c.at_least != plain.at_least && c.at_most != plain.at_most) {
      v += fmt::format(" is {} to {}", c.at_least, c.at_most);
    } else if (c.at_least != plain.at_least) {
      v += fmt::format(" is at least {}", c.at_least);
    } else {
      v += fmt::format(" is at most {}", c.at_most);
    }
    parts.push_back(v);
  }
  return joined(parts, " and ");
}

// "1 card", "2 cards", "(...) cards".
std::string cards(const Value& v, const CardDatabase& db) {
  return amount(v, db) + (v.is_constant() && v.constant == 1 ? " card" : " cards");
}

// "1 Coin", "2 Coins", "(your Ether) Ether": an amount of a resource.
std::string resource_amount(const Value& v, Resource r, const CardDatabase& db) {
  switch (r) {
    case Resource::kCoins: return amount(v, db) + (v.is_constant() && v.constant == 1 ? " Coin" : " Coins");
    case Resource::kEther: return amount(v, db) + " Ether";
  }
  return "";
}

// What a step's `self` and `event` mean where the step is written.
struct Context {
  const CardDatabase& db;
  bool summoner = false;  // the card is a Summoner (`self` of its skills is the Summoner)
  bool base_effect = false;
  Trigger trigger = Trigger::kInvoked;  // of a base effect
  Whenever whenever = Whenever::kNone;  // of a global (`whenever`) effect: what it watches
};

// The other card of a base effect's trigger (`target: event`). A global (`whenever`)
// trigger's event card is the card it watched: the one destroyed, invoked, declared as an
// attacker or dealt damage (rise-tcg fire_global passes it); the start of a turn has none.
std::string event_card(const Context& ctx) {
  if (!ctx.base_effect) return "the other card of the event (there is none outside base effects)";
  switch (ctx.whenever) {
    case Whenever::kNone: break;
    case Whenever::kDies: return "the card that was destroyed";
    case Whenever::kInvoked: return "the card that was invoked";
    case Whenever::kAttacks: return "the attacker that was declared";
    case Whenever::kDamaged: return "the card that was dealt damage";
    case Whenever::kTurnStart: return "the other card of the event (the start of a turn has none: the step does nothing)";
  }
  switch (ctx.trigger) {
    case Trigger::kBlocks: return "the attacker it blocks";
    case Trigger::kBlocked: return "the card blocking it";
    case Trigger::kOpened: return "the card whose effect opened it";
    case Trigger::kUnlocked: return "the card whose effect opened its Lock";
    case Trigger::kInvoked:
    case Trigger::kTurnStart:
    case Trigger::kAttacks:
    case Trigger::kDies:
    case Trigger::kEndOfTurn:
      return "the other card of the event (this trigger has none: the step does nothing)";
  }
  return "";
}

std::string this_card(const Context& ctx) { return ctx.summoner ? "this Summoner" : "this card"; }

// The objects a step reaches: "one Creature an opponent controls (your choice)".
std::string target_phrase(const Target& t, const Context& ctx) {
  switch (t.mode) {
    case TargetMode::kNone:
    case TargetMode::kSelf: return this_card(ctx);
    case TargetMode::kEvent: return event_card(ctx);
    case TargetMode::kEquipped: return "the card or Summoner this Equipment is attached to";
    case TargetMode::kChoose: return "one " + noun_phrase(t.filter, ctx.db, false) + " (your choice)";
    case TargetMode::kAll: return "every " + noun_phrase(t.filter, ctx.db, false);
    case TargetMode::kRandom: return "one " + noun_phrase(t.filter, ctx.db, false) + " at random";
  }
  return "";
}

// The player(s) of a player step as a subject, with the verb agreeing: "you draw",
// "each opponent draws", "the controller of one Creature (your choice) draws".
std::string subject(const Step& s, const Context& ctx, const std::string& verb) {
  switch (s.who) {
    case Who::kYou: return "you " + verb;
    case Who::kOpponent: return "an opponent of your choice " + verb + "s";
    case Who::kEachOpponent: return "each opponent " + verb + "s";
    case Who::kEachPlayer: return "each player, you first, " + verb + "s";
    case Who::kTargetController: return "the controller of " + target_phrase(s.target, ctx) + " " + verb + "s";
  }
  return "";
}

// The player(s) a steal takes from, as an object.
std::string victim(const Step& s, const Context& ctx) {
  switch (s.who) {
    case Who::kYou: return "yourself";
    case Who::kOpponent: return "an opponent of your choice";
    case Who::kEachOpponent: return "each opponent";
    case Who::kEachPlayer: return "each player";
    case Who::kTargetController: return "the controller of " + target_phrase(s.target, ctx);
  }
  return "";
}

// "an Imminent or Action", "an item" (cancel: any).
std::string chain_items(uint32_t kinds) {
  std::vector<std::string> names;
  for (size_t i = 0; i < chain_kind_names().size(); ++i) {
    if (kinds & (1u << i)) names.push_back(chain_kind_names()[i]);
  }
  return names.empty() ? "item (of any kind)" : joined(names, " or ");
}

void add_steps(std::string& out, const std::vector<Step>& steps, const Context& ctx, int indent);
void add_branches(std::string& out, bool toss, const std::vector<Step>& success, const std::vector<Step>& fail,
                  const Context& ctx, int indent);

// One step in words, without its number; a coin toss or dice roll adds its branches below.
std::string step_words(const Step& s, const Context& ctx) {
  const Target& t = s.target;
  const std::string a = amount(s.amount, ctx.db);
  switch (s.op) {
    case Op::kDamage: return "deal " + a + " damage to " + target_phrase(t, ctx);
    case Op::kHeal:
      return "heal " + target_phrase(t, ctx) + " by " + a + "; a Summoner regains HP, up to 30, a card loses that much "
             "damage";
    case Op::kGain:
      return subject(s, ctx, "gain") + " " + resource_amount(s.amount, s.resource, ctx.db) + " (up to 30)";
    case Op::kLose:
      return subject(s, ctx, "lose") + " " + resource_amount(s.amount, s.resource, ctx.db) + " (not below 0)";
    case Op::kSteal:
      return "take " + resource_amount(s.amount, s.resource, ctx.db) + " from " + victim(s, ctx) +
             " (at most what they have)";
    case Op::kDraw: return subject(s, ctx, "draw") + " " + cards(s.amount, ctx.db);
    case Op::kDiscard:
      return subject(s, ctx, "discard") + " " + cards(s.amount, ctx.db) +
             (t.mode == TargetMode::kRandom ? ", at random"
              : s.who == Who::kYou          ? " of your choice"
                                            : ", chosen by that player");
    case Op::kSearch:
      return "search your library for one " + noun_phrase(t.filter, ctx.db, false, false) +
             " of your choice, put it into your hand, then shuffle your library";
    case Op::kReturn: {
      // Rule TCG-12.9: from the battlefield to its controller's hand; from a Cemetery or the
      // Exclusion Zone (where a card has an owner, no controller) to its owner's hand.
      const bool by_filter = t.mode == TargetMode::kChoose || t.mode == TargetMode::kAll || t.mode == TargetMode::kRandom;
      const bool public_zone = t.filter.zone == Zone::kCemetery || t.filter.zone == Zone::kExclusion;
      if (by_filter && public_zone) return "return " + target_phrase(t, ctx) + " to its owner's hand";
      if (by_filter && t.filter.zone == Zone::kBattlefield) return "return " + target_phrase(t, ctx) + " to its controller's hand";
      return "return " + target_phrase(t, ctx) + " to its controller's hand (its owner's, from a Cemetery or the "
             "Exclusion Zone)";
    }
    case Op::kDestroy:
      return "destroy " + target_phrase(t, ctx) + "; it goes to the Cemetery, or, of infinite rank, to the Exclusion "
             "Zone with 1 Ether to its owner";
    case Op::kExclude: return "put " + target_phrase(t, ctx) + " into the Exclusion Zone";
    case Op::kCounter:
      if (!s.attack_value.is_constant()) {
        return fmt::format("put +X/{:+} charge counters on {}{}, where X is {}", s.defense, target_phrase(t, ctx),
                           s.duration == Duration::kEndOfTurn ? " until end of turn" : "",
                           amount(s.attack_value, ctx.db));
      }
      return fmt::format("put {:+}/{:+} charge counters on {}{}", s.attack, s.defense, target_phrase(t, ctx),
                         s.duration == Duration::kEndOfTurn ? " until end of turn" : "");
    case Op::kOpen: return "open " + target_phrase(t, ctx);
    case Op::kClose: return "close " + target_phrase(t, ctx);
    case Op::kTilt: return "tilt " + target_phrase(t, ctx);
    case Op::kUntilt: return "untilt " + target_phrase(t, ctx);
    case Op::kControl:
      return "take control of " + target_phrase(t, ctx) +
             (s.duration == Duration::kEndOfTurn ? " until end of turn" : " for good");
    case Op::kCopy: return "create a token copy of " + target_phrase(t, ctx) + " under your control";
    case Op::kToken: return "create a token of " + card_name(s.card_id, ctx.db) + " under your control";
    case Op::kRegress: return target_phrase(t, ctx) + " loses a level";
    case Op::kRestore: return target_phrase(t, ctx) + " regains a lost level";
    case Op::kAttach: return "attach this Equipment to " + target_phrase(t, ctx);
    case Op::kCancel:
      return "cancel one " + chain_items(s.cancel_types) + " of your choice on the chain below this one";
    case Op::kUnlock: return "open the Lock of " + target_phrase(t, ctx) + "; its 'unlocked' effects resolve";
    case Op::kDiscount:
      return "your Actions cost " + resource_amount(s.amount, Resource::kCoins, ctx.db) +
             " fewer until end of turn (not an Action with Fixed Price)";
    case Op::kCoinToss: return "toss a coin";
    case Op::kDiceRoll: return fmt::format("roll a six-sided die: {} or more is a success", s.dice_at_least);
    case Op::kCure: return "end the Diseases on " + target_phrase(t, ctx);
    case Op::kMill:
      // "you put ... of your library into your Cemetery", "each opponent puts ... of their ...".
      return subject(s, ctx, "put") + " the top " + cards(s.amount, ctx.db) +
             (s.who == Who::kYou ? " of your library into your Cemetery" : " of their library into their Cemetery") +
             " (as many as there are)";
    case Op::kShuffleIn:
      return "shuffle " + target_phrase(t, ctx) + " into its owner's library (a token ceases to exist)";
    case Op::kLoseAbilities:
      return target_phrase(t, ctx) + " loses all its abilities and static effects until end of turn";
    case Op::kGrant:
      return target_phrase(t, ctx) + " gains " + joined(ability_list(s.abilities), " and ") + " until end of turn";
    case Op::kPrevent:
      return "prevent the next " + a + " damage that would be dealt to " + target_phrase(t, ctx) + " this turn";
  }
  return "";
}

// Steps numbered from 1 at `indent` spaces; a coin toss's or dice roll's branches under it.
void add_steps(std::string& out, const std::vector<Step>& steps, const Context& ctx, int indent) {
  const std::string pad(static_cast<size_t>(indent), ' ');
  for (size_t i = 0; i < steps.size(); ++i) {
    const Step& s = steps[i];
    const std::string when = s.condition.present() ? "if " + condition_words(s.condition, ctx.db) + ": " : "";
    out += fmt::format("{}{}. {}{}\n", pad, i + 1, when, step_words(s, ctx));
    if (s.op != Op::kCoinToss && s.op != Op::kDiceRoll) continue;
    add_branches(out, s.op == Op::kCoinToss, s.success, s.fail, ctx, indent + 3);
  }
}

// The success and failure branches of a coin toss (heads/tails) or dice roll, headed at
// `indent` spaces, their steps two deeper.
void add_branches(std::string& out, bool toss, const std::vector<Step>& success, const std::vector<Step>& fail,
                  const Context& ctx, int indent) {
  const std::string pad(static_cast<size_t>(indent), ' ');
  out += pad + "on " + (toss ? "heads (success)" : "success") + ":" + (success.empty() ? " nothing\n" : "\n");
  add_steps(out, success, ctx, indent + 2);
  out += pad + "on " + (toss ? "tails (failure)" : "failure") + ":" + (fail.empty() ? " nothing\n" : "\n");
  add_steps(out, fail, ctx, indent + 2);
}

// The heading of a base effect of `c`: "when it is declared as an attacker".
std::string trigger_words(const CardDef& c, Trigger trigger) {
  switch (trigger) {
    case Trigger::kInvoked:
      return c.is_constant() ? "when it is invoked (it enters the battlefield)" : "when it is invoked (it resolves)";
    case Trigger::kTurnStart: return "at the start of your turn (Restoration)";
    case Trigger::kAttacks: return "when it is declared as an attacker";
    case Trigger::kBlocks: return "when it is declared as a blocker";
    case Trigger::kBlocked: return "when it attacks and is blocked";
    case Trigger::kDies: return "when it is destroyed";
    case Trigger::kEndOfTurn: return "at the end of your turn";
    case Trigger::kOpened: return "when this Door opens";
    case Trigger::kUnlocked:
      if (!c.has(kChained)) return "when its Lock is opened";
      return c.has(kLock) ? "when its Lock is opened or it is freed (Chained)" : "when it is freed (Chained)";
  }
  return "";
}

// `phrase` after its indefinite article: "a Creature", "an other Creature" reads "another
// Creature", "an Imminent".
std::string with_article(const std::string& phrase) {
  if (phrase.rfind("other ", 0) == 0) return "an" + phrase;
  const bool vowel = !phrase.empty() && std::string("aeiouAEIOU").find(phrase[0]) != std::string::npos;
  return (vowel ? "an " : "a ") + phrase;
}

// The heading of any effect of `c`: its trigger (own or global), limit and condition.
std::string effect_heading(const CardDef& c, const TriggeredEffect& e, const CardDatabase& db) {
  std::string out;
  const auto watched = [&] { return "whenever " + with_article(noun_phrase(e.filter, db, false)); };
  switch (e.whenever) {
    case Whenever::kNone: out = trigger_words(c, e.trigger); break;
    case Whenever::kDies: out = watched() + " is destroyed"; break;
    case Whenever::kInvoked: out = watched() + " is invoked"; break;
    case Whenever::kAttacks: out = watched() + " is declared as an attacker"; break;
    case Whenever::kDamaged: out = watched() + " is dealt damage"; break;
    case Whenever::kTurnStart: out = "at the start of each player's turn"; break;
  }
  switch (e.limit) {
    case Limit::kNone: break;
    case Limit::kOncePerTurn: out += ", once per turn"; break;
    case Limit::kFirstTimeEachTurn: out += ", only the first time each turn"; break;
  }
  if (e.condition.present()) out += ", if " + condition_words(e.condition, db);
  return out;
}

// "a Constant (Creature)", "an Imminent", "a Summoner", "a Level Up".
std::string kind_words(const CardDef& c) {
  if (c.is(kSummoner)) return "a Summoner";
  if (c.is(kLevelUp)) return "a Level Up (played on one of your Summoners, which gains a level, TCG-5.7)";
  const std::string types = types_to_text(c.types);
  if (c.is_constant()) {
    return "a Constant (" + types + ")" + (c.is(kImminent) ? ", played at Imminent speed" : "");
  }
  return "an Imminent";
}

std::string stat_words(bool star, int printed, const Value& value, const CardDatabase& db) {
  return star ? "* = " + amount(value, db) : std::to_string(printed);
}

}  // namespace

std::string explain_card(const CardDef& c, const CardDatabase& db) {
  std::string out = fmt::format("{} ({})   {}\n", c.name, c.id, c.source);
  out += "  kind: " + kind_words(c) + fmt::format("; rank {}, {}\n", rank_to_text(c.rank), rarity_name(c.rarity));
  if (!c.subtypes.empty()) out += "  subtypes: " + joined(c.subtypes, ", ") + "\n";
  if (!c.is(kSummoner)) {
    out += fmt::format("  cost: {} Capacity Point{} to invoke\n", c.capacity_cost, c.capacity_cost == 1 ? "" : "s");
  }
  if (c.is(kCreature | kDoor)) {
    out += "  attack " + stat_words(c.star_attack, c.attack, c.star_attack_value, db) + ", defense " +
           stat_words(c.star_defense, c.defense, c.star_defense_value, db) + "\n";
  }
  if (c.is(kSummoner)) out += fmt::format("  hp {}; maximum level {} (one skill per level)\n", c.hp, c.max_level());
  if (c.abilities != 0) out += "  abilities: " + abilities_to_text(c.abilities) + "\n";
  if (c.statics != 0) {
    std::vector<std::string> statics;
    if (c.statics & kNoUntilt) statics.push_back("it does not untilt during your Awakening");
    if (c.statics & kCannotAttack) statics.push_back("it cannot attack");
    if (c.statics & kCannotBlock) statics.push_back("it cannot block");
    if (c.statics & kMayAttack) statics.push_back("this Door may attack, open or closed");
    if (c.statics & kCreaturesCostLess) {
      statics.push_back("Creature cards you invoke cost 1 Capacity Point less (not below 0)");
    }
    out += "  static: " + joined(statics, "; ") + " (while it keeps its abilities)\n";
  }
  if (c.disease != Disease::kNone) {
    out += std::string("  disease: ") + disease_names()[static_cast<size_t>(c.disease) - 1] +
           " (it infects a target chosen by its caster when it enters the battlefield)\n";
  }
  if (c.has(kEquipment)) {
    out += fmt::format("  equipment: gives {:+}/{:+}{} to the one it is attached to; attaches to one {}\n",
                       c.grants.attack, c.grants.defense,
                       c.grants.abilities ? " and " + joined(ability_list(c.grants.abilities), " and ") : "",
                       noun_phrase(c.attach, db, false));
  }
  if (c.effects.empty() && c.actions.empty() && c.skills.empty()) out += "  no effects, Actions or skills\n";
  for (const TriggeredEffect& e : c.effects) {
    out += "  " + effect_heading(c, e, db) + ":\n";
    add_steps(out, e.steps,
              Context{.db = db, .summoner = c.is(kSummoner), .base_effect = true, .trigger = e.trigger,
                      .whenever = e.whenever},
              4);
  }
  for (const ActionDef& a : c.actions) {
    out += fmt::format("  Action {} ({}):\n", a.name, action_terms_to_text(a));
    const Context ctx{.db = db, .summoner = c.is(kSummoner)};
    if (a.kind == ActionKind::kDirectPurchase) {
      add_steps(out, a.success, ctx, 4);
      continue;
    }
    add_branches(out, a.kind == ActionKind::kCoinToss, a.success, a.fail, ctx, 4);
  }
  for (const SkillDef& s : c.skills) {
    out += fmt::format("  skill {}, {} (level {} or more; 1 Capacity Point, tilts the Summoner; once per untilt):\n",
                       s.level, s.name, s.level);
    add_steps(out, s.steps, Context{.db = db, .summoner = true}, 4);
  }
  return out;
}

}  // namespace rise::cardgame
