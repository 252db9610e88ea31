// How the engine reads a Dark Legacy card, in plain words (explain.h). Every switch names
// every enumerator and has no default, so a new trigger, operation or target without a
// wording is a compiler warning (-Wswitch).
#include "dark-legacy/explain.h"

#include <vector>

#include <fmt/format.h>

namespace rise::dl {
namespace {

// "1 card", "3 cards" and the like.
std::string counted(int n, const std::string& noun) { return fmt::format("{} {}{}", n, noun, n == 1 ? "" : "s"); }

// "Point" or "Points" after a number.
std::string points(int n) { return n == 1 || n == -1 ? "Point" : "Points"; }

// "Flying (blocked and damaged only by flyers or hits-flying; Rule DL-15.1)".
std::string keyword_words(uint8_t keywords) {
  std::vector<std::string> parts;
  if (keywords & kFlying) parts.push_back("Flying (blocked and damaged only by flyers or hits-flying, Rule DL-15.1)");
  if (keywords & kHitsFlying) parts.push_back("Hits flying (may block and damage flying creatures, Rule DL-15.1)");
  std::string out;
  for (const std::string& p : parts) out += (out.empty() ? "" : ", ") + p;
  return out;
}

// "Magic, used up once cast", "Weapon, distance (...)".
std::string kind_words(const CardDef& c) {
  switch (c.kind) {
    case Kind::kCreature: return "Creature";
    case Kind::kMagic:
      return c.lasting ? "Magic, lasting (stays in its Spell Casting Field, Interpretation DL-I10)"
                       : "Magic, used up once cast";
    case Kind::kInstant: return "Instant (cast in any phase of either player's turn, Rule DL-8.2)";
    case Kind::kWeapon:
      return c.range == Range::kDistance
                 ? "Weapon, distance (hits flyers and takes no damage back, Rule DL-10.7)"
                 : "Weapon, melee";
    case Kind::kArmor: return "Armor";
    case Kind::kEnhancement: return "Enhancement";
    case Kind::kRelic: return "Relic";
  }
  return "";
}

// Who a card's grants go to (docs/cards-dark-legacy.md, "Grants").
std::string grant_receiver(const CardDef& c) {
  if (c.kind == Kind::kRelic) return "its hero";
  if (c.kind == Kind::kArmor) return "the hero wearing it";
  if (c.kind == Kind::kMagic) return "each creature you control";
  switch (c.attach) {
    case Attach::kHero: return "your hero";
    case Attach::kWeapon: return "the weapon it is attached to";
    case Attach::kArmor: return "the armor it is attached to";
  }
  return "";
}

// "its hero gets +2 Attack Points while it is in play; your hero gains 5 Life Points once,
// when it is cast".
std::string grant_words(const CardDef& c) {
  std::vector<std::string> parts;
  if (c.grants.attack != 0) parts.push_back(fmt::format("{:+} Attack {}", c.grants.attack, points(c.grants.attack)));
  if (c.grants.defense != 0) {
    parts.push_back(fmt::format("{:+} Defense {}", c.grants.defense, points(c.grants.defense)));
  }
  if (c.grants.keywords != 0) parts.push_back(keyword_words(c.grants.keywords));
  std::string out;
  for (const std::string& p : parts) out += (out.empty() ? "" : ", ") + p;
  if (!out.empty() && c.kind == Kind::kArmor) {  // Interpretation DL-I44
    out = grant_receiver(c) + " gets " + out +
          " while it is equipped; a second copy of this Armor adds nothing (Rule DL-11.4)";
  } else if (!out.empty()) {
    out = grant_receiver(c) + " gets " + out + " while it is in play";
  }
  if (c.grants.life != 0) {
    out += (out.empty() ? "" : "; ") + fmt::format("your hero gains {} Life {} once, when it is cast", c.grants.life,
                                                   points(c.grants.life));
  }
  return out;
}

// The heading of an effect.
std::string trigger_words(const CardDef& c, Trigger when) {
  switch (when) {
    case Trigger::kCast: return c.is_equipment() && c.kind != Kind::kRelic ? "when it is equipped" : "when it is cast";
    case Trigger::kTurnStart: return "at the start of each of your turns while it is in play (step 4)";
    case Trigger::kActivated:
      return c.kind == Kind::kWeapon
                 ? "activated: turn it, once per turn, only in your Attack Phase (Rules DL-1.5, DL-10.6)"
                 : "activated: turn it, once per turn (Rule DL-1.5)";
  }
  return "";
}

// Whom a step reaches (Rule DL-1.4: "target" reaches either side).
std::string target_words(Target t) {
  switch (t) {
    case Target::kNone: return "you";
    case Target::kTarget: return "one hero or creature of either side (your choice)";
    case Target::kTargetCreature: return "one creature of either side (your choice)";
    case Target::kTargetHero: return "either hero (your choice)";
    case Target::kTargetSpell: return "one Magic, Relic or Enhancement card in play (your choice)";
    case Target::kYourHero: return "your hero";
    case Target::kYourCreatures: return "each creature you control";
    case Target::kOpposingHero: return "the opposing hero";
    case Target::kOpposingCreatures: return "each opposing creature";
  }
  return "";
}

// Whether a step with target `t` may reach a hero, a creature.
bool reaches_hero(Target t) {
  return t == Target::kTarget || t == Target::kTargetHero || t == Target::kYourHero || t == Target::kOpposingHero;
}
bool reaches_creature(Target t) {
  return t == Target::kTarget || t == Target::kTargetCreature || t == Target::kYourCreatures ||
         t == Target::kOpposingCreatures;
}

// The player of the hero a discard reaches.
std::string player_of(Target t) {
  switch (t) {
    case Target::kYourHero:
    case Target::kNone: return "you discard";
    case Target::kOpposingHero: return "your opponent discards";
    case Target::kTargetHero:
    case Target::kTarget:
    case Target::kTargetCreature:
    case Target::kTargetSpell:
    case Target::kYourCreatures:
    case Target::kOpposingCreatures: return "the player of " + target_words(t) + " discards";
  }
  return "";
}

std::string heal_note(Target t) {
  std::vector<std::string> notes;
  if (reaches_hero(t)) notes.push_back("a hero regains Life Points, never above its starting life");
  if (reaches_creature(t)) notes.push_back("a creature loses that much damage");
  std::string out;
  for (const std::string& n : notes) out += (out.empty() ? "; " : ", ") + n;
  return out;
}

std::string step_words(const Step& s) {
  const std::string who = target_words(s.target);
  switch (s.op) {
    case Op::kDamage:
      return fmt::format("deal {} damage to {}", s.amount, who) +
             (reaches_hero(s.target) ? "; a hero's armor takes it first (Rule DL-11.1)" : "");
    case Op::kHeal: return fmt::format("heal {} by {}", who, s.amount) + heal_note(s.target);
    case Op::kPoison:
      return "put " + counted(s.amount, "poison counter") + " on " + who + " (Rules DL-16.*)" +
             (reaches_hero(s.target) ? "; a hero with armor cannot be poisoned (Rule DL-11.8)" : "");
    case Op::kDraw: return "you draw " + counted(s.amount, "card");
    case Op::kCastingPoints: return "you gain " + counted(s.amount, "Casting Point");
    case Op::kDestroy: return "destroy " + who + "; it goes to the Boneyard";
    case Op::kDispel: return "dispel " + who + "; it goes to its owner's Boneyard";
    case Op::kCounter:
      return "counter the spell this Instant answers: it goes to its owner's Boneyard without effect (Rule DL-8.4)";
    case Op::kRepairArmor: return fmt::format("remove {} damage from your armors, primary first", s.amount);
    case Op::kRemove: return "remove " + who + " from the game for good (Rule DL-3.9)";
    case Op::kDiscard: return player_of(s.target) + " " + counted(s.amount, "card") + " at random";
    case Op::kBoost:
      return fmt::format("{} gets +{} Attack {} until the end of the turn", who, s.amount, points(s.amount));
  }
  return "";
}

}  // namespace

std::string explain_card(const CardDef& c) {
  std::string out = fmt::format("{} ({})   {}\n", c.name, c.id, c.source);
  out += fmt::format("  kind: {}; {}; Skill Level {}\n", kind_words(c), faction_name(c.affiliation), c.level);
  out += fmt::format("  cost: {}\n", counted(c.cost, "Casting Point"));
  switch (c.kind) {
    case Kind::kCreature:
      out += fmt::format("  {} Attack {}, {} Defense {}\n", c.attack, points(c.attack), c.defense, points(c.defense));
      break;
    case Kind::kWeapon:
      out += fmt::format("  {} Attack {} (in place of the hero's 1)\n", c.attack, points(c.attack));
      break;
    case Kind::kArmor: out += fmt::format("  {} Defense {}\n", c.defense, points(c.defense)); break;
    case Kind::kMagic:
    case Kind::kInstant:
    case Kind::kEnhancement:
    case Kind::kRelic: break;
  }
  if (c.keywords != 0) out += "  keywords: " + keyword_words(c.keywords) + "\n";
  if (c.grants.any()) out += "  grants: " + grant_words(c) + "\n";
  if (c.effects.empty() && !c.grants.any()) out += "  no effects or grants\n";
  for (const Effect& e : c.effects) {
    out += "  " + trigger_words(c, e.when) + ":\n";
    for (size_t i = 0; i < e.steps.size(); ++i) out += fmt::format("    {}. {}\n", i + 1, step_words(e.steps[i]));
  }
  return out;
}

}  // namespace rise::dl
