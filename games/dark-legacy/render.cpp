// The terminal picture of a Dark Legacy battle (both mats) and the text of its log, in
// which every d20 roll appears with its table row.
#include <fmt/format.h>

#include <limits>

#include "dark-legacy/state.h"
#include "rise/core/text.h"
#include "rise/core/utf8.h"

namespace rise::dl {
namespace {

const char* bold(bool color) { return color ? "\033[1m" : ""; }
const char* dim(bool color) { return color ? "\033[2m" : ""; }
const char* seat_color(int p, bool color) {
  if (!color) return "";
  return p == 0 ? "\033[1;31m" : "\033[1;34m";
}
const char* reset(bool color) { return color ? "\033[0m" : ""; }

const char* place_text(int place) {
  switch (place) {
    case kPlaceRelic: return " to the Relic Field";
    case kPlaceHero: return " on the hero";
    case kPlaceWeapon1: return " on weapon 1";
    case kPlaceWeapon2: return " on weapon 2";
    case kPlaceArmor1: return " on armor 1";
    case kPlaceArmor2: return " on armor 2";
    default: return "";
  }
}

}  // namespace

std::string DlState::describe_event(const Event& e, int viewer) const {
  auto card_name = [&](int def) -> std::string {
    if (def < 0 || def >= cards_->size()) return "?";
    return (*cards_)[def].name;
  };
  auto obj_name = [&](int id) -> std::string {
    if (id < 0 || id >= num_objects()) return '#' + std::to_string(id);
    return card_name(objs_[static_cast<size_t>(id)].def) + " #" + std::to_string(id);
  };
  auto ref_name = [&](int ref) -> std::string {
    if (ref >= kHeroRef) return fmt::format("the hero of p{}", ref - kHeroRef);
    return obj_name(ref);
  };
  const bool own = viewer == e.player;
  const std::string who = 'p' + std::to_string(e.player);
  switch (e.kind) {
    case kEvPreEquip:
      return e.a < 0 ? who + " has no 0-cost Equipment to equip before the battle"
                     : fmt::format("{} equips {} before the battle", who, card_name(e.a));
    case kEvFirstRoll: return fmt::format("{} rolls {} for the first turn", who, e.a);
    case kEvFirstPlayer: return who + " takes the first turn";
    case kEvDraw: return own ? fmt::format("{} draws {}", who, obj_name(e.a)) : who + " draws a card";
    case kEvEmptyDraw: return who + "'s deck is empty: no card drawn";
    case kEvTurn: return fmt::format("--- turn {}: {} ---", e.a, who);
    case kEvToken:
      return own ? fmt::format("{}'s charging card gets a token ({} of {} needed)", who, e.a, e.b)
                 : fmt::format("{}'s charging card gets a token ({} in all)", who, e.a);
    case kEvCpRoll:
      return e.b > 0 ? fmt::format("{} casting point roll {} (+{} at level 20): {} Casting Points", who, e.a, e.b, e.c)
                     : fmt::format("{} casting point roll {}: {} Casting Points", who, e.a, e.c);
    case kEvPhase: return fmt::format("{} declares {}", who, e.a == 0 ? "a Casting Phase" : "an Attack Phase");
    case kEvCast:
      return fmt::format("{} casts {}{}{}", who, obj_name(e.a), e.c ? " from the Charging Field" : "", place_text(e.b));
    case kEvCharge:
      return own ? fmt::format("{} charges {} face down", who, obj_name(e.a)) : who + " charges a card face down";
    case kEvEquip: return fmt::format("{} equips {}", who, obj_name(e.a));
    case kEvActivate: return fmt::format("{} activates {}", who, obj_name(e.a));
    case kEvPass: return who + " passes";
    case kEvCountered: return fmt::format("{} of {} is countered", obj_name(e.a), who);
    case kEvResolve: return fmt::format("{} resolves", obj_name(e.a));
    case kEvTarget: return fmt::format("{} targets {} with {}", who, ref_name(e.a), obj_name(e.b));
    case kEvAttack:
      if (e.a >= kHeroRef) return fmt::format("{}'s hero attacks with its {} weapon", who, e.b == 1 ? "secondary" : "primary");
      return fmt::format("{} attacks with {}", who, obj_name(e.a));
    case kEvBlock: return fmt::format("{} blocks {} with {}", who, ref_name(e.b), obj_name(e.a));
    case kEvDefend: return fmt::format("{}'s hero defends with its {} weapon", who, e.a == 1 ? "secondary" : "primary");
    case kEvAttackRoll: {
      if (e.a < 1 || e.a > 20) return fmt::format("{} attack roll {}", who, e.a);
      RollRow row = roll_row(e.a);
      std::string attacker = e.b >= kHeroRef ? "its hero" : obj_name(e.b);
      return fmt::format("{} attack roll {} for {}: {} ({})", who, e.a, attacker, roll_row_name(row), roll_row_range(row));
    }
    case kEvDamage: return fmt::format("{} takes {} damage", obj_name(e.a), e.b);
    case kEvArmorDamage: return fmt::format("{}'s armor {} absorbs {} damage", who, obj_name(e.a), e.b);
    case kEvLifeLoss: return fmt::format("{}'s hero loses {} Life Points: {} left", who, e.a, e.b);
    case kEvDestroyed: return fmt::format("{} of {} goes to the Boneyard", obj_name(e.a), who);
    case kEvHeroDestroyed: return fmt::format("{}'s hero is destroyed", who);
    case kEvPoison: return fmt::format("{} gets {} poison counter(s): {} in all", ref_name(e.a), e.b, e.c);
    case kEvPoisonImmune: return fmt::format("{}'s hero wears armor: no poison", who);
    case kEvHeal: return fmt::format("{} heals {}", ref_name(e.a), e.b);
    case kEvGainCp: return fmt::format("{} gains {} Casting Point(s)", who, e.a);
    case kEvDiscard: return fmt::format("{} discards {} at random", who, card_name(e.a));
    case kEvRemoved: return fmt::format("{} of {} is removed from the game", obj_name(e.a), who);
    case kEvBoost: return fmt::format("{} gets +{} Attack Points this turn", obj_name(e.a), e.b);
    case kEvRepair: return fmt::format("{}'s armor {} is repaired by {}", who, obj_name(e.a), e.b);
    case kEvHitsNothing: return fmt::format("{}'s attack by {} meets no one (the hero is dead)", who, ref_name(e.a));
    case kEvDefeated: return who + " is defeated: its hero is dead and it has no creature";
    case kEvBattleOver:
      if (e.a < 0) return e.b ? "the battle is a draw: the turn limit is reached" : "the battle is a draw";
      return fmt::format("the battle is over: p{} wins", e.a);
    case kEvSkillRoll: return fmt::format("{} skill point roll {}: {} skill points", who, e.a, e.b);
    case kEvPeek: {
      if (!own) return who + " looks at its next cards";
      if (e.a < 0) return who + " looks at its next cards: the deck is empty";
      return e.b < 0 ? fmt::format("{} looks at its next card: {}", who, obj_name(e.a))
                     : fmt::format("{} looks at its next two cards: {}, then {}", who, obj_name(e.a), obj_name(e.b));
    }
    case kEvEndTurn: return who + " ends the turn";
    case kEvNoEffect: return fmt::format("{}: a step finds no target", obj_name(e.a));
    default: return "?";
  }
}

std::string DlState::render_text(PlayerId viewer, bool color) const {
  return render_text_at_width(viewer, color, std::numeric_limits<size_t>::max());
}

std::string DlState::render_text_at_width(PlayerId viewer, bool color, size_t width) const {
  // Under 100 columns the view is compact: a mat's numbers on a line of their own, hand
  // cards without padded columns and their text cut with "…" (`show #ID` gives it whole).
  const bool compact = width < 100;
  std::string out;
  const char* phase_names[] = {"set-up", "declare a phase", "Casting Phase", "Attack Phase: attackers",
                               "Attack Phase: blocks", "Attack Phase: defence", "over"};
  out += fmt::format("{}Dark Legacy{}  turn {}/{}  active p{}  {}", bold(color), reset(color), turn_, turn_limit_,
                     active_, phase_names[static_cast<int>(phase_)]);
  if (window_open_) out += fmt::format("  (response window: p{} may cast an Instant)", priority_);
  if (!choice_.empty()) out += fmt::format("  (p{} chooses a target)", current_player());
  out += "\n";
  auto name_of = [&](int id) { return card_of(id).name; };
  auto flags = [&](int id) {
    const Obj& o = objs_[static_cast<size_t>(id)];
    std::string f;
    if (o.on_stack) f += " (being cast)";
    if (o.activated) f += " activated";
    return f;
  };
  for (int p = 0; p < 2; ++p) {
    const Player& pl = players_[static_cast<size_t>(p)];
    const Hero& h = pl.hero;
    std::string levels = fmt::format("{} {}", faction_name(h.spec.factions[0]), h.spec.levels[0]);
    if (h.spec.has_second) levels += fmt::format(", {} {}", faction_name(h.spec.factions[1]), h.spec.levels[1]);
    out += fmt::format("{}p{}{} hero{} ({}){}  Life {}/{}  poison {}{}CP {}  hand {}  deck {}  boneyard {}{}\n",
                       seat_color(p, color), p, reset(color), h.spec.name.empty() ? "" : " " + h.spec.name, levels,
                       h.alive ? "" : " DEAD", h.life, h.start_life, h.poison, compact ? "\n    " : "  ", pl.cp,
                       pl.hand.size(), pl.library.size() + pl.deck.size(), pl.boneyard.size(),
                       pl.removed.empty() ? "" : fmt::format("  removed {}", pl.removed.size()));
    for (int slot = 0; slot < 2; ++slot) {
      int id = pl.weapon[static_cast<size_t>(slot)];
      if (id < 0) continue;
      const CardDef& c = card_of(id);
      out += fmt::format("    weapon {}: #{} {}  AP {} ({}){}\n", slot + 1, id, name_of(id), hero_attack(p, slot),
                         c.range == Range::kDistance ? "distance" : "melee", flags(id));
    }
    if (pl.weapon[0] < 0 && pl.weapon[1] < 0) out += fmt::format("    no weapon: AP {}\n", hero_attack(p, 0));
    for (int slot = 0; slot < 2; ++slot) {
      int id = pl.armor[static_cast<size_t>(slot)];
      if (id < 0) continue;
      out += fmt::format("    armor {}: #{} {}  DP {}/{}{}\n", slot + 1, id, name_of(id),
                         armor_defense(id) - objs_[static_cast<size_t>(id)].damage, armor_defense(id), flags(id));
    }
    for (int16_t id : pl.gear_enh) {
      out += fmt::format("      #{} {} on #{}{}\n", id, name_of(id), objs_[static_cast<size_t>(id)].attached_to, flags(id));
    }
    if (!pl.relics.empty()) {
      out += "    relic field:";
      for (int16_t id : pl.relics) out += fmt::format(" #{} {}{}", id, name_of(id), flags(id));
      out += "\n";
    }
    if (!pl.hero_enh.empty()) {
      out += "    hero enhancements:";
      for (int16_t id : pl.hero_enh) out += fmt::format(" #{} {}{}", id, name_of(id), flags(id));
      out += "\n";
    }
    for (int f = 0; f < kSpellFields; ++f) {
      const auto& field = pl.fields[static_cast<size_t>(f)];
      out += fmt::format("    {}:", f == kInstantField ? "instant field" : fmt::format("spell field {}", f + 1));
      if (field.empty()) out += " -";
      for (int16_t id : field) {
        const Obj& o = objs_[static_cast<size_t>(id)];
        std::string stats;
        if (card_of(id).kind == Kind::kCreature) {
          stats = fmt::format(" {}/{}", attack_of(id), defense_of(id) - o.damage);
          if (flies(id)) stats += " flying";
          if (o.poison) stats += fmt::format(" poison {}", o.poison);
        }
        out += fmt::format(" #{} {}{}{}", id, name_of(id), stats, flags(id));
      }
      out += "\n";
    }
    if (pl.charging >= 0) {
      if (p == viewer) {
        const CardDef& c = card_of(pl.charging);
        out += fmt::format("    charging: #{} {} tokens {}/{}\n", pl.charging, c.name, pl.tokens,
                           std::max(0, c.level - level_for(p, objs_[static_cast<size_t>(pl.charging)].def)));
      } else {
        out += fmt::format("    charging: a face-down card, tokens {}\n", pl.tokens);
      }
    }
    if (p == viewer) {
      out += "    hand:";
      if (pl.hand.empty()) out += " (empty)";
      out += "\n";
      for (int16_t id : pl.hand) {
        const CardDef& c = card_of(id);
        std::string stats;
        if (c.kind == Kind::kCreature) stats = fmt::format(" {}/{}", c.attack, c.defense);
        if (c.kind == Kind::kWeapon) stats = fmt::format(" AP {} {}", c.attack, c.range == Range::kDistance ? "distance" : "melee");
        if (c.kind == Kind::kArmor) stats = fmt::format(" DP {}", c.defense);
        if (compact) {
          const std::string head = fmt::format("      #{} {} ({} {} lvl {} cost {}{})", id, c.name, faction_name(c.affiliation),
                                               kind_name(c.kind), c.level, c.cost, stats);
          out += head + (c.text.empty() ? "" : ": " + shortened(c.text, utf8_length(head) + 10 < width
                                                                           ? width - utf8_length(head) - 2 : 8)) + "\n";
          continue;
        }
        out += fmt::format("      #{:<3} {:<22} {} {} lvl {} cost {}{}  {}\n", id, c.name, faction_name(c.affiliation),
                           kind_name(c.kind), c.level, c.cost, stats, c.text);
      }
      for (int k = 0; k < pl.peek_known; ++k) {
        int id = pl.library[pl.library.size() - 1 - static_cast<size_t>(k)];
        out += fmt::format("    next card {}: #{} {}\n", k + 1, id, name_of(id));
      }
    }
  }
  if (!stack_.empty()) {
    out += "  cast stack (top last):";
    for (const StackItem& s : stack_) out += fmt::format(" #{} {}{}", s.obj, name_of(s.obj), s.countered ? " (countered)" : "");
    out += "\n";
  }
  if (!attacks_.empty()) {
    out += "  attacks:\n";
    for (const Attack& a : attacks_) {
      std::string attacker = a.attacker >= kHeroRef ? fmt::format("hero p{} ({} weapon)", a.attacker - kHeroRef, a.weapon ? "secondary" : "primary")
                                                    : fmt::format("#{} {}", a.attacker, a.attacker < num_objects() ? name_of(a.attacker) : "?");
      std::string against = a.blocker >= 0 ? fmt::format("blocked by #{} {}", a.blocker, name_of(a.blocker)) : "met by the hero";
      out += fmt::format("    {} {}{}\n", attacker, against, a.roll ? fmt::format(", rolled {}", a.roll) : "");
    }
  }
  // What happened lately: since the start of the previous turn, at most 24 lines.
  size_t from = 0;
  int turns_seen = 0;
  for (size_t i = events_.size(); i-- > 0;) {
    if (events_[i].kind == kEvTurn && ++turns_seen == 2) {
      from = i;
      break;
    }
  }
  if (events_.size() - from > 24) from = events_.size() - 24;
  if (from < events_.size()) {
    out += fmt::format("  {}log:{}\n", dim(color), reset(color));
    // Repeated lines (the opponent's draws) are written once with a count.
    std::vector<std::string> lines;
    for (size_t i = from; i < events_.size(); ++i) lines.push_back(describe_event(events_[i], viewer));
    out += fold_repeated_lines(lines, "    ");
  }
  if (phase_ == Phase::kOver) {
    out += winner_ >= 0 ? fmt::format("  battle over: p{} wins\n", winner_) : std::string("  battle over: draw\n");
    for (int p = 0; p < 2; ++p) {
      out += fmt::format("  p{} skill point roll {}: {} skill points\n", p, players_[static_cast<size_t>(p)].skill_roll,
                         players_[static_cast<size_t>(p)].skill_points);
    }
  }
  // A terminal's width cuts what is still too long (a long log line, a crowded field);
  // render_text, of no width, keeps the lines whole.
  return cut_lines(out, width);
}

std::string DlState::describe_decision() const {
  if (phase_ == Phase::kOver) return "";
  if (!choice_.empty()) {
    // The effect's card is named when it lies in play (public); a card still being cast is
    // on the cast stack, public too (Rule DL-8.4).
    const int src = frames_.back().source;
    const Obj& o = objs_[static_cast<size_t>(src)];
    return "choose the target of " + (in_play(src) || (o.on_stack && o.where != Where::kCharging)
                                          ? card_of(src).name + "'s effect"
                                          : std::string("an effect"));
  }
  if (window_open_) return "cast an Instant in answer, or pass (Rule DL-8.4)";
  switch (phase_) {
    case Phase::kSetup: return "choose the pre-battle Equipment (Rule DL-5.1)";
    case Phase::kDeclare: return "declare a Casting Phase or an Attack Phase (Rule DL-6.1)";
    case Phase::kCasting: return "cast cards in the Casting Phase, or end it (Rules DL-8.*)";
    case Phase::kAttackers: return "declare attackers, or end the declaration (Rule DL-13.1)";
    case Phase::kBlocks: return fmt::format("declare blockers against p{}'s attack (Rule DL-13.3)", active_);
    case Phase::kDefend: return "choose the weapon the hero defends with (Rule DL-10.5)";
    case Phase::kOver: break;
  }
  return "";
}

}  // namespace rise::dl
