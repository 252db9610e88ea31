// The terminal picture of a rise-tcg game and the text of its log.
#include <fmt/format.h>

#include <algorithm>
#include <limits>

#include "rise/cardgame/describe.h"
#include "rise/core/text.h"
#include "rise/core/utf8.h"
#include "rise-tcg/state.h"

namespace rise::tcg {
namespace {

const char* bold(bool color) { return color ? "\033[1m" : ""; }
const char* dim(bool color) { return color ? "\033[2m" : ""; }
const char* seat_color(int p, bool color) {
  if (!color) return "";
  static const char* colors[] = {"\033[1;31m", "\033[1;34m", "\033[1;32m", "\033[1;33m", "\033[1;35m", "\033[1;36m"};
  return colors[p % 6];
}
const char* reset(bool color) { return color ? "\033[0m" : ""; }

// Lines the view adds for card texts stay under 100 columns (issue 20), and within a
// narrower terminal's width (render_text_at_width); `show` gives the rest.
constexpr size_t kLineWidth = 99;

// Under this width the view is compact: hand cards without padded columns.
constexpr size_t kCompactBelow = 100;

// `prefix` then as much of `text` as fits in `width` columns, and "\n".
std::string fitted_line(const std::string& prefix, const std::string& text, size_t width) {
  const size_t used = utf8_length(prefix);
  if (text.empty()) return prefix + "\n";
  return prefix + shortened(text, used + 8 < width ? width - used : 8) + "\n";
}

}  // namespace

std::string invoke_cost_text(const CardDef& card, int cost) {
  // Rule TCG-5.7: a Level Up costs no Capacity Point; Rule TCG-12.8: Together, both pay.
  if (card.is(cardgame::kLevelUp)) return "0 CP";
  return fmt::format("{} CP{}", cost, card.has(cardgame::kTogether) ? " each" : "");
}

std::string TcgState::describe_event(const Event& e) const {
  auto card_name = [&](int def) -> std::string {
    if (def < 0 || def >= cards_->db->size()) return "?";
    return cards_->card(def).name;
  };
  auto obj_name = [&](int id) -> std::string {
    if (id < 0 || id >= num_objects()) return '#' + std::to_string(id);
    return card_name(objs_[static_cast<size_t>(id)].def) + " #" + std::to_string(id);
  };
  auto summoner = [&](int p, int slot) -> std::string {
    if (p < 0 || p >= sides() || slot < 0 || slot > 1) return "?";
    return card_name(players_[static_cast<size_t>(p)].summoners[static_cast<size_t>(slot)].def);
  };
  // " (Stoke the Ranks)": the name of skill `index` of Summoner card `def` (issue 38: skills
  // were logged by number only).
  auto skill_name = [&](int def, int index) -> std::string {
    if (def < 0 || def >= cards_->db->size()) return "";
    const CardDef& card = cards_->card(def);
    return index >= 0 && index < static_cast<int>(card.skills.size()) ? " (" + card.skills[static_cast<size_t>(index)].name + ")" : "";
  };
  std::string who = 'p' + std::to_string(e.player);
  const char* res = e.b == 0 ? "Coin(s)" : "Ether";
  switch (e.kind) {
    case kEvFirstPlayer: return who + " plays first";
    case kEvDieRoll: return fmt::format("{} rolls {} for first player", who, e.a);
    case kEvMulligan: return fmt::format("{} takes mulligan {}", who, e.a);
    case kEvKeep: return who + " keeps the hand";
    case kEvConcede: return who + " concedes";
    case kEvTurn: return fmt::format("--- turn {}: {} ---", e.a, who);
    case kEvDraw: return fmt::format("{} draws {} card(s)", who, e.a);
    case kEvInvoke: return fmt::format("{} invokes {}", who, obj_name(e.b));
    case kEvLevelUp: return fmt::format("{} levels up {} with {}", who, summoner(e.player, e.b), card_name(e.a));
    case kEvSkill: return fmt::format("{} uses skill {}{} of {}", who, e.b + 1, skill_name(e.a, e.b), card_name(e.a));
    case kEvAction: return fmt::format("{} performs Action {} of {}", who, e.b + 1, card_name(e.a));
    case kEvCoin: return fmt::format("{} tosses a coin: {}", who, e.a ? "success" : "failure");
    case kEvDice: return fmt::format("{} rolls a die: {} ({})", who, e.a, e.b ? "success" : "failure");
    case kEvDamage: return fmt::format("{} takes {} damage", obj_name(e.a), e.b);
    case kEvSummonerDamage: return fmt::format("{} ({}) takes {} damage", summoner(e.player, e.a), who, e.b);
    case kEvHeal: return fmt::format("{} ({}) heals {}", summoner(e.player, e.a), who, e.b);
    case kEvDies: return fmt::format("{} dies", obj_name(e.b));
    case kEvSummonerDies: return fmt::format("{} ({}) dies", summoner(e.player, e.a), who);
    case kEvAttack: return fmt::format("{} attacks p{} with {}", who, e.b, obj_name(e.a));
    case kEvBlock: return fmt::format("{} blocks {} with {}", who, obj_name(e.b), obj_name(e.a));
    case kEvCancel: return fmt::format("{} cancels {}", who, chain_item_words(*cards_, e.a, e.b, e.c));
    // Issue 38: which item, and whose ("Vessa, Cinderborn resolves" named two Summoners
    // when both players had Vessa).
    case kEvResolve: return fmt::format("{} resolves ({})", chain_item_words(*cards_, e.c, e.a, e.b), who);
    case kEvPlayerOut: return who + " has no living Summoner and is out";
    case kEvSacrifice: return fmt::format("{} sacrifices {}", who, summoner(e.player, e.a));
    case kEvDiscard: return fmt::format("{} discards {}", who, card_name(e.a));
    case kEvReturn: return fmt::format("{} returns to {}'s hand", card_name(e.a), who);
    case kEvExclude: return fmt::format("{} is excluded", card_name(e.a));
    case kEvControl: return fmt::format("{} takes control of {}", who, obj_name(e.a));
    case kEvEmptyLibrary: return fmt::format("{} must draw from an empty library ({} time(s))", who, e.a);
    case kEvGain: return fmt::format("{} gains {} {}", who, e.a, res);
    case kEvLose: return fmt::format("{} loses {} {}", who, e.a, res);
    case kEvPass: return who + " passes the turn";
    case kEvMorph: return fmt::format("{} becomes a copy of {} (Morpher)", obj_name(e.a), card_name(e.b));
    case kEvReanimate: return fmt::format("{} returns as {} (Reanimation)", obj_name(e.b), obj_name(e.a));
    case kEvRelaunch: return fmt::format("{} relaunches Action {} of {} (Copycat)", who, e.b + 1, obj_name(e.a));
    case kEvExplode: return fmt::format("{} sacrifices {} to destroy {} (Explosive)", who, obj_name(e.a), obj_name(e.b));
    case kEvAssimilate: return fmt::format("{} stacks {} onto {} (Assimilation)", who, obj_name(e.a), obj_name(e.b));
    case kEvDiversion: return fmt::format("{} can't block this turn (Diversion)", obj_name(e.a));
    case kEvInfect: return fmt::format("{} infects {} with {}", who, e.b >= kPlayerRef ? 'p' + std::to_string(e.b - kPlayerRef) : obj_name(e.b), obj_name(e.a));
    case kEvImmune: return e.a < 0 ? fmt::format("{} has Immunity: no Disease passes", obj_name(e.b))
                                   : fmt::format("{} has Immunity: {} ends", obj_name(e.b), obj_name(e.a));
    case kEvDiseaseEnds: return fmt::format("{} ends", obj_name(e.a));
    case kEvDiseaseStrikes: return fmt::format("{} strikes {}", obj_name(e.a), obj_name(e.b));
    case kEvColdPaid: return fmt::format("{} pays 1 Coin for {}", who, obj_name(e.a));
    case kEvDodge: return fmt::format("{} dodges {}", obj_name(e.a), obj_name(e.b));
    case kEvEffectLoop: {  // Interpretation TCG-I67
      std::string cards;
      for (int def : {e.b - 1, e.c - 1}) {
        if (def >= 0) cards += (cards.empty() ? " (" : ", ") + card_name(def);
      }
      if (!cards.empty()) cards += ")";
      return fmt::format("the effects ran {} steps without ending: an endless loop{}, the game is a draw (TCG-I67)", e.a,
                         cards);
    }
    case kEvToken: return fmt::format("{} gets a token: {}", who, obj_name(e.b));
    case kEvNoObject:  // Interpretation TCG-I68
      return fmt::format("{} gets no {}: the game holds {} cards already (TCG-I68)", who, card_name(e.a), kMaxObjects);
    case kEvMill: return fmt::format("{} puts {} card(s) from the top of the library into the Cemetery", who, e.a);
    case kEvShuffleIn:
      return e.a < 0 ? who + " shuffles a card into the library"
                     : fmt::format("{} shuffles {} into the library", who, card_name(e.a));
    case kEvLoseAbilities: return fmt::format("{} loses its abilities until end of turn", obj_name(e.a));
    case kEvGrant: return fmt::format("{} gains abilities until end of turn", obj_name(e.a));
    case kEvPrevent: return fmt::format("{} damage to {} is prevented", e.b, obj_name(e.a));
    case kEvRoom: return fmt::format("the Dungeon opens room {} of {}", e.a, e.b);  // Rule TCG-17.3
    case kEvCounter: return fmt::format("{} gets {:+}/{:+} counters", obj_name(e.a), e.b, e.c);
    case kEvBoost: return fmt::format("{} gets {:+}/{:+} until end of turn", obj_name(e.a), e.b, e.c);
    case kEvTrigger: {
      // "when dies", "whenever damaged": the trigger's name as a card file writes it.
      const auto& triggers = cardgame::trigger_names();
      const auto& whenevers = cardgame::whenever_names();
      std::string when = "?";
      if (e.b >= 0 && e.b < static_cast<int>(triggers.size())) when = "when " + triggers[static_cast<size_t>(e.b)];
      if (e.b >= 101 && e.b - 101 < static_cast<int>(whenevers.size())) when = "whenever " + whenevers[static_cast<size_t>(e.b - 101)];
      return fmt::format("{}'s effect triggers ({}; {})", obj_name(e.a), when, who);
    }
    default: return "?";
  }
}

// Dungeon mode: the Dungeon's heading line and its next room (Rules TCG-17.2, TCG-17.3).
std::string TcgState::dungeon_lines(bool color, size_t width) const {
  const Player& pl = players_[u(kDungeonSide)];
  const int total = static_cast<int>(dungeon_->rooms.size());
  std::string out = fmt::format("{}p1 the Dungeon{}: {}{}  rooms opened {} of {}  cemetery {:2}\n",
                                seat_color(kDungeonSide, color), reset(color), dungeon_->name,
                                pl.out ? " (cleared)" : "", rooms_opened_, total, pl.cemetery.size());
  if (rooms_opened_ < total) {
    std::string next;
    for (int def : dungeon_->rooms[u(rooms_opened_)]) next += (next.empty() ? "" : ", ") + cards_->card(def).name;
    out += fitted_line(fmt::format("    next room ({} of {}): ", rooms_opened_ + 1, total), next, width);
  }
  return out;
}

std::string TcgState::render_text(PlayerId viewer, bool color) const {
  return render_text_at_width(viewer, color, std::numeric_limits<size_t>::max());
}

std::string TcgState::render_text_at_width(PlayerId viewer, bool color, size_t width) const {
  const bool compact = width < kCompactBelow;
  const size_t text_width = std::min(width, kLineWidth);  // for card and skill texts
  std::string out;
  const char* phase_names[] = {"mulligan", "restoration", "invocation", "attack", "block", "game over"};
  std::string phase = phase_names[static_cast<int>(phase_)];
  if (phase_ == Phase::kMain && main_step_ == 2) phase = "end of turn";
  // The window before combat damage (Rule TCG-7.3) is combat's, whatever step the turn was at.
  if ((window_open_ || resolving_) && window_kind_ == 1) phase = "combat, before damage";
  out += fmt::format("{}Rise{}  turn {}  active p{}  phase {}", bold(color), reset(color), turn_, active_, phase);
  if (window_open_) {
    // What the window is for (Rules TCG-4.6, TCG-7.3, TCG-11.2; Interpretation TCG-I75).
    const char* what[] = {"response window", "response window before damage", "response window: the turn is passed",
                          "response window: the Invocation phase begins", "response window: attackers declared",
                          "response window: damage resolved"};
    const char* name = chain_.empty() ? what[window_kind_] : "response window: the chain";
    // Compact: on a line of its own, where it is not cut.
    out += compact ? fmt::format("\n  {}; p{} to answer", name, priority_)
                   : fmt::format("  ({}; p{} to answer)", name, priority_);
  }
  if (phase_ == Phase::kBlockers && defender_ >= 0) out += fmt::format("  (p{} declares blocks)", defender_);
  out += "\n";
  // Rule TCG-4.2: what each Restoration choice trades (the action list only says "draw 1",
  // "draw 2"); with the option draw=0-2 also "draw 0" (Rule TCG-16.1).
  if (phase_ == Phase::kRestoration && viewer == active_) {
    out += compact ? "  Restoration: draw 1 = draw 1 card and gain 2 Coins;\n               draw 2 = draw 2 cards and gain 1 Coin"
                   : "  Restoration: draw 1 = draw 1 card and gain 2 Coins; draw 2 = draw 2 cards and gain 1 Coin";
    if (draw_zero_) out += "; draw 0 = gain 2 Coins";
    out += "\n";
  }
  for (int p = 0; p < sides(); ++p) {
    const Player& pl = players_[static_cast<size_t>(p)];
    if (is_dungeon(p)) {
      out += dungeon_lines(color, text_width);  // Rule TCG-17.2: its rooms instead of a hand and a Stock
    } else {
      out += fmt::format("{}p{}{}{}  Stock {:2}  Ether {:2}  hand {:2}  library {:2}  cemetery {:2}  excluded {}\n",
                         seat_color(p, color), p, reset(color), pl.out ? " (out)" : "", pl.coins, pl.ether,
                         pl.hand.size(), pl.library.size(), pl.cemetery.size(), pl.exclusion.size());
    }
    for (int s = 0; s < 2; ++s) {
      const Summoner& sm = pl.summoners[static_cast<size_t>(s)];
      const CardDef& card = cards_->card(sm.def);
      if (!sm.alive) {
        out += fmt::format("    S{} {}{} (dead){}\n", s + 1, dim(color), card.name, reset(color));
        continue;
      }
      if (is_dungeon(p)) {  // Rule TCG-17.5: a Guardian uses no skill and no Capacity Point
        out += fmt::format("    S{} {:<24} HP {:2}  Guardian\n", s + 1, card.name, sm.hp);
        continue;
      }
      out += fmt::format("    S{} {:<24} HP {:2}  level {}/{}  CP {}/{}  {}\n", s + 1, card.name, sm.hp,
                         // Interpretation TCG-I79: the level shown stops at the maximum.
                         std::min<int>(sm.level, card.max_level()), card.max_level(), sm.cp, max_cp(p, s),
                         sm.tilted ? "tilted" : "untilted");
      // Rule TCG-5.3: the skills its level reached, with what they do.
      for (int k = 0; k < std::min<int>(sm.level, card.max_level()); ++k) {
        const cardgame::SkillDef& skill = card.skills[static_cast<size_t>(k)];
        out += fitted_line(fmt::format("{}skill {} {}{}: ", compact ? "     " : "       ", k + 1, skill.name,
                                       (sm.skills_used >> k) & 1 ? " (used)" : ""),
                           skill.text, text_width);
      }
    }
    for (int16_t id : battlefield_) {
      const Obj& o = objs_[static_cast<size_t>(id)];
      if (o.controller != p) continue;
      const CardDef& card = cards_->card(o.def);
      std::string stats;
      if (card.is(cardgame::kCreature | cardgame::kDoor)) {
        stats = fmt::format(" {}/{}", attack_of(id), defense_of(id) - o.damage);
      }
      std::string flags;
      if (o.tilted) flags += " tilted";
      if (o.sick) flags += " sick";
      if (card.is(cardgame::kDoor)) flags += o.open ? " open" : " closed";
      if (o.counter_attack || o.counter_defense) flags += fmt::format(" [{:+}/{:+}]", o.counter_attack, o.counter_defense);
      if (o.temp_attack || o.temp_defense) flags += fmt::format(" [{:+}/{:+} this turn]", o.temp_attack, o.temp_defense);
      if (o.damage) flags += fmt::format(" damage {}", o.damage);
      if (o.attached_to >= 0) flags += " on " + ref_name(o.attached_to, viewer);
      if (o.caster >= 0) flags += fmt::format(" (caster p{})", o.caster);  // Rules TCG-14.*
      if (o.disease_turns > 0) flags += fmt::format(" ({} turn(s) left)", o.disease_turns);
      if (o.disabled) flags += " disabled";
      if (o.double_damage) flags += " double-damage";
      if (o.actions_by >= 0) flags += fmt::format(" (Actions by p{})", o.actions_by);
      if (o.owner != o.controller) flags += fmt::format(" (owner p{})", o.owner);
      if (o.base_def >= 0) flags += " (Morpher " + cards_->card(o.base_def).name + ")";
      if (o.wild & kWildNoBlock) flags += " can't block";
      if ((abilities_of(id) & cardgame::kChained) && !o.unlocked) flags += " chained";
      if (o.wild & kWildPossessed) flags += " possessed";
      if (o.wild & kWildStackTop) {
        for (size_t k = 0; k < objs_.size(); ++k) {
          if (objs_[k].where == Where::kStacked && objs_[k].attached_to == id) {
            flags += " +" + cards_->card(objs_[k].def).name;
          }
        }
      }
      std::string abilities = cardgame::abilities_to_text(abilities_of(id));
      out += fmt::format("    #{:<3} {:<24}{}{}{}\n", id, card.name, stats, flags,
                         abilities.empty() ? "" : "  {" + abilities + "}");
      if (!card.text.empty()) out += fitted_line(compact ? "      " : "         ", card.text, text_width);
    }
    if (p == viewer) {
      out += "    hand:";
      if (pl.hand.empty()) out += " (empty)";
      out += "\n";
      for (int16_t id : pl.hand) {
        const CardDef& card = cards_->card(objs_[static_cast<size_t>(id)].def);
        std::string stats = card.is(cardgame::kCreature | cardgame::kDoor)
                                ? fmt::format(" {}/{}", card.star_attack ? "*" : std::to_string(card.attack),
                                              card.star_defense ? "*" : std::to_string(card.defense))
                                : "";
        const std::string cost = invoke_cost_text(card, invoke_cost(p, objs_[static_cast<size_t>(id)].def));
        // Compact: no padded columns, so that the card's text keeps most of a narrow line.
        out += fitted_line(compact ? fmt::format("      #{} {} ({}, {}{}): ", id, card.name, cost,
                                                 cardgame::types_to_text(card.types), stats)
                                   : fmt::format("      #{:<3} {:<24} {:<6} {}{}  ", id, card.name, cost,
                                                 cardgame::types_to_text(card.types), stats),
                           card.text, text_width);
      }
    }
  }
  if (!chain_.empty()) {
    out += "  chain (top last):\n";
    for (size_t i = 0; i < chain_.size(); ++i) {
      const ChainItem& c = chain_[i];
      std::string what;
      if (c.kind == ChainKind::kSkill) {
        const Summoner& sm = players_[static_cast<size_t>((c.source - kSummonerRef) / 2)].summoners[static_cast<size_t>((c.source - kSummonerRef) % 2)];
        what = fmt::format("skill {} of {}", c.index + 1, cards_->card(sm.def).name);
      } else if (c.kind == ChainKind::kAction) {
        what = fmt::format("Action {} of {}", c.index + 1, ref_name(c.source, viewer));
        if (c.left) what += " (its card has left the battlefield: it will do nothing)";
      } else {
        what = ref_name(c.source, viewer);
      }
      out += fmt::format("    {}. p{}: {}\n", i + 1, c.controller, what);
    }
  }
  // Issue 38: only attackers still on the battlefield (one that left deals nothing).
  auto fighting = [&](const CombatEntry& e) { return !attacker_gone(e); };
  if (std::any_of(combat_.begin(), combat_.end(), fighting)) {
    out += "  combat:\n";
    for (const CombatEntry& e : combat_) {
      if (!fighting(e)) continue;
      out += fmt::format("    {} -> p{}{}\n", ref_name(e.attacker, viewer), e.defender,
                         e.blocker >= 0 ? " blocked by " + ref_name(e.blocker, viewer) : "");
    }
  }
  // What happened lately: from the start of the previous turn, at most 16 lines.
  size_t from = 0;
  int turns_seen = 0;
  for (size_t i = events_.size(); i-- > 0;) {
    if (events_[i].kind == kEvTurn && ++turns_seen == std::max(2, sides())) {
      from = i;
      break;
    }
  }
  const size_t max_lines = sides() > 2 ? 24 : 16;  // since the viewer's previous turn
  if (events_.size() - from > max_lines) from = events_.size() - max_lines;
  if (from < events_.size()) {
    out += fmt::format("  {}log:{}\n", dim(color), reset(color));
    for (size_t i = from; i < events_.size(); ++i) out += "    " + describe_event(events_[i]) + "\n";
  }
  if (phase_ == Phase::kGameOver) {
    out += winner_ >= 0 ? fmt::format("  game over: p{} wins\n", winner_) : std::string("  game over: draw\n");
  }
  // A terminal's width cuts what is still too long (a header with its window, a battlefield
  // card's flags); render_text, of no width, keeps them.
  return cut_lines(out, width);
}

}  // namespace rise::tcg
