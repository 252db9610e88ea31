// `show WHAT` at the terminal (State::show): a card, a Summoner, a zone or the chain of a
// rise-tcg game with its whole text and current numbers, as one seat may see it (Rule
// TCG-13.1: hands and libraries are hidden).
#include <algorithm>
#include <optional>

#include <fmt/format.h>

#include "rise/cardgame/describe.h"
#include "rise/core/text.h"
#include "rise-tcg/state.h"

namespace rise::tcg {
namespace {

constexpr size_t kWidth = 99;  // lines under 100 columns (issue 20)

std::string seat(int p) { return 'p' + std::to_string(p); }

// `label` then `text` wrapped under kWidth columns, continued lines indented by `indent`.
std::string wrapped(const std::string& label, const std::string& text, const std::string& indent = "      ") {
  return wrap_text(text, kWidth, label, indent);
}

// A printed number of a Creature or Door: "2", or "*" for a star value.
std::string printed(int value, bool star) { return star ? "*" : std::to_string(value); }

// What `show` alone prints: the targets it knows.
constexpr const char* kTargets =
    "show #94          a card by its id: its whole text and numbers now\n"
    "show S1, S2       your Summoners; p1.S2: another seat's\n"
    "show hand         your hand; battlefield, cemetery, excluded: every seat's ('cemetery p1': one)\n"
    "show chain        the chain, with the text of each item\n";

}  // namespace

std::string TcgState::show(const std::string& what, PlayerId viewer) const {
  const bool is_seat = viewer >= 0 && viewer < num_players();
  // Whether `viewer` may see which card object `id` is (Rule TCG-13.1).
  auto visible = [&](int id) {
    const Obj& o = objs_[u(id)];
    if (o.where == Where::kHand) return (is_seat && o.owner == viewer) || o.known;
    if (o.where == Where::kLibrary) {
      // Only the cards a search shows its chooser.
      return is_seat && choice_.kind == ChoiceKind::kSearch && choice_.chooser == viewer &&
             std::find(choice_.options.begin(), choice_.options.end(), id) != choice_.options.end();
    }
    return true;
  };
  auto name_of = [&](int id) { return '#' + std::to_string(id) + " " + cards_->card(objs_[u(id)].def).name; };
  auto where_text = [&](int id) -> std::string {
    const Obj& o = objs_[u(id)];
    switch (o.where) {
      case Where::kLibrary: return "in " + seat(o.owner) + "'s library";
      case Where::kHand: return "in " + seat(o.owner) + "'s hand";
      case Where::kBattlefield:
        return "on the battlefield, " + seat(o.controller) + "'s" +
               (o.owner != o.controller ? " (owner " + seat(o.owner) + ")" : "");
      case Where::kCemetery: return "in " + seat(o.owner) + "'s Cemetery";
      case Where::kExclusion: return "excluded (" + seat(o.owner) + "'s)";
      case Where::kChain: return "on the chain, " + seat(o.controller) + "'s";
      case Where::kLevelUp: return "a Level Up on " + ref_name(o.attached_to, viewer);
      case Where::kGone: return "out of the game";
      case Where::kStacked: return "under " + ref_name(o.attached_to, viewer) + " (Assimilation)";
    }
    return "?";
  };
  // Cards attached to `ref` (Equipment, Diseases) and Level Ups on it, "" when none.
  auto attached_text = [&](int ref) {
    std::string list;
    for (int16_t e : battlefield_) {
      const Obj& o = objs_[u(e)];
      if (o.attached_to != ref) continue;
      list += (list.empty() ? "" : ", ") + name_of(e);
      if (is_disease(e)) list += fmt::format(" (Disease of {})", seat(o.caster));
    }
    return list;
  };

  // One card: what it is, where, its numbers now, its whole text.
  auto card_text = [&](int id) {
    const Obj& o = objs_[u(id)];
    const CardDef& card = cards_->card(o.def);
    std::string out = fmt::format("{}  ({})\n", name_of(id), where_text(id));
    // In a hand, what its holder would pay now (Interpretation TCG-I77); elsewhere, printed.
    const int cost = o.where == Where::kHand ? invoke_cost(o.owner, o.def) : card.capacity_cost;
    out += fmt::format("  {} | rank {} | {} | cost {}{}\n", cardgame::types_to_text(card.types),
                       cardgame::rank_to_text(card.rank), cardgame::rarity_name(card.rarity),
                       invoke_cost_text(card, cost), o.token ? " | token" : "");
    const bool on_field = o.where == Where::kBattlefield;
    if (card.is(cardgame::kCreature | cardgame::kDoor)) {
      std::string numbers = fmt::format("  printed {}/{}", printed(card.attack, card.star_attack),
                                        printed(card.defense, card.star_defense));
      if (on_field) {
        // Rule TCG-7.2: counters, Equipment, stacks and `*` values included.
        numbers += fmt::format("; now attack {}, defense {}", attack_of(id), defense_of(id));
        if (o.damage) numbers += fmt::format(", damage {} ({} left)", o.damage, defense_of(id) - o.damage);
      }
      out += numbers + "\n";
      if (card.star_attack) out += "  * attack: " + cardgame::value_to_text(card.star_attack_value) + "\n";
      if (card.star_defense) out += "  * defense: " + cardgame::value_to_text(card.star_defense_value) + "\n";
    }
    if (o.counter_attack || o.counter_defense) {
      out += fmt::format("  charge counters {:+}/{:+}\n", o.counter_attack, o.counter_defense);
    }
    if (o.temp_attack || o.temp_defense) {
      out += fmt::format("  until end of turn {:+}/{:+}\n", o.temp_attack, o.temp_defense);
    }
    const uint64_t abilities = on_field ? abilities_of(id) : card.abilities;
    if (abilities) out += wrapped("  abilities: ", cardgame::abilities_to_text(abilities));
    if (card.has(cardgame::kEquipment)) {
      out += fmt::format("  grants {:+}/{:+}{}\n", card.grants.attack, card.grants.defense,
                         card.grants.abilities ? ", " + cardgame::abilities_to_text(card.grants.abilities) : "");
    }
    if (on_field) {
      std::vector<std::string> state;
      if (o.tilted) state.push_back("tilted");
      if (o.sick) state.push_back("invocation sickness");
      if (card.is(cardgame::kDoor)) state.push_back(o.open ? "open" : "closed");
      if ((abilities & cardgame::kChained) && !o.unlocked) state.push_back("chained");
      if (o.lost_abilities) state.push_back("lost its abilities until end of turn");  // Interpretation TCG-I70
      if (o.prevent) state.push_back(fmt::format("the next {} damage to it this turn is prevented", o.prevent));
      if (o.disabled) state.push_back("disabled this turn");
      if (o.double_damage) state.push_back("its next hit deals double damage");
      if (o.actions_by >= 0) state.push_back("Actions used by " + seat(o.actions_by) + " this turn");
      if (o.wild & kWildNoBlock) state.push_back("can't block this turn");
      if (o.wild & kWildPossessed) state.push_back("possessed");
      if (o.base_def >= 0) state.push_back("Morpher, its own card " + cards_->card(o.base_def).name);
      if (o.caster >= 0) state.push_back("Disease of " + seat(o.caster));
      if (o.disease_turns > 0) state.push_back(fmt::format("{} turn(s) left", o.disease_turns));
      std::string joined;
      for (const std::string& s : state) joined += (joined.empty() ? "" : ", ") + s;
      if (!joined.empty()) out += wrapped("  ", joined);
      if (o.attached_to >= 0) out += "  attached to " + ref_name(o.attached_to, viewer) + "\n";
      const std::string attached = attached_text(id);
      if (!attached.empty()) out += wrapped("  attached: ", attached);
      if (o.wild & kWildStackTop) {
        std::string under;
        for (size_t k = 0; k < objs_.size(); ++k) {
          if (objs_[k].where == Where::kStacked && objs_[k].attached_to == id) {
            under += (under.empty() ? "" : ", ") + name_of(static_cast<int>(k));
          }
        }
        out += wrapped("  under it (Assimilation): ", under);
      }
    }
    if (!card.text.empty()) out += wrapped("  text: ", card.text);
    for (size_t k = 0; k < card.actions.size(); ++k) {
      const cardgame::ActionDef& a = card.actions[k];
      out += wrapped(fmt::format("  Action {} {} ({}", k + 1, a.name, cardgame::action_terms_to_text(a)) +
                         (on_field ? fmt::format("; used {} this turn): ", o.actions_used[std::min<size_t>(k, 3)])
                                   : "): "),
                     a.text);
    }
    return out;
  };

  // One Summoner: its numbers, its skills and what is on it.
  auto summoner_text = [&](int p, int slot) {
    const Summoner& sm = players_[u(p)].summoners[u(slot)];
    const CardDef& card = cards_->card(sm.def);
    const int ref = kSummonerRef + 2 * p + slot;
    std::string out = fmt::format("{} {}  ({}'s Summoner{})\n", ref_name(ref, viewer), card.name, seat(p),
                                  sm.alive ? "" : ", dead");
    out += fmt::format("  HP {} (started with {}) | level {} of {} | CP {}/{} | {}\n", sm.hp, card.hp, sm.level,
                       card.max_level(), sm.cp, max_cp(p, slot), sm.tilted ? "tilted" : "untilted");
    if (!card.text.empty()) out += wrapped("  text: ", card.text);
    for (int k = 0; k < card.max_level(); ++k) {
      const cardgame::SkillDef& skill = card.skills[u(k)];
      std::string label = fmt::format("  skill {} {} (level {}", k + 1, skill.name, skill.level);
      if (sm.level < skill.level) label += ", not reached";
      if ((sm.skills_used >> k) & 1) label += ", used since the last untilt";
      out += wrapped(label + "): ", skill.text);
    }
    std::string level_ups;
    for (size_t id = 0; id < objs_.size(); ++id) {
      if (objs_[id].where == Where::kLevelUp && objs_[id].attached_to == ref) {
        level_ups += (level_ups.empty() ? "" : ", ") + name_of(static_cast<int>(id));
      }
    }
    if (!level_ups.empty()) out += wrapped("  Level Ups: ", level_ups);
    const std::string attached = attached_text(ref);
    if (!attached.empty()) out += wrapped("  attached: ", attached);
    return out;
  };

  auto unknown = [&](const std::string& why) {
    return InputError("show '" + what + "': " + why + " (type 'show' for a list)");
  };
  auto parse_seat = [&](const std::string& word) -> int {
    if (word.size() >= 2 && word[0] == 'p') {
      const std::optional<int64_t> p = parse_integer(std::string_view(word).substr(1));
      if (p && *p >= 0 && *p < sides()) return static_cast<int>(*p);
    }
    throw unknown("'" + word + "' is not a seat of this game (p0 to p" + std::to_string(sides() - 1) + ")");
  };

  const std::vector<std::string> words = split_words(what);
  if (words.empty()) return kTargets;
  const std::string& head = words[0];
  // A card by its object id.
  if (head[0] == '#') {
    if (words.size() != 1) throw unknown("a card is one word, e.g. #94");
    const std::optional<int64_t> id = parse_integer(std::string_view(head).substr(1));
    if (!id || *id < 0) throw unknown("'" + head + "' is not a card id (#94)");
    if (*id >= num_objects()) {
      throw unknown(fmt::format("there is no card {} (cards are #0 to #{})", head, num_objects() - 1));
    }
    if (!visible(static_cast<int>(*id))) {
      throw InputError("show '" + what + "': " + head + " is a card you cannot see (in a hand or a library)");
    }
    return card_text(static_cast<int>(*id));
  }
  // A Summoner: S1 / S2 (the viewer's) or pN.S1.
  if (words.size() == 1 && (head == "S1" || head == "S2" || head.find(".S") != std::string::npos)) {
    int p = viewer;
    std::string slot = head;
    if (head[0] == 'p') {
      const size_t dot = head.find('.');
      p = parse_seat(head.substr(0, dot));
      slot = head.substr(dot + 1);
    } else if (!is_seat) {
      throw unknown("name a seat's Summoner, e.g. p0.S1");
    }
    if (slot != "S1" && slot != "S2") throw unknown("a Summoner is S1 or S2");
    return summoner_text(p, slot == "S1" ? 0 : 1);
  }
  if (head == "chain") {
    if (words.size() != 1) throw unknown("'chain' takes no seat");
    if (chain_.empty()) return "the chain is empty\n";
    std::string out = "chain (top last):\n";
    for (size_t i = 0; i < chain_.size(); ++i) {
      const ChainItem& c = chain_[i];
      std::string label = fmt::format("  {}. {}: ", i + 1, seat(c.controller));
      std::string text;
      if (c.kind == ChainKind::kSkill) {
        const int p = (c.source - kSummonerRef) / 2;
        const CardDef& card = cards_->card(players_[u(p)].summoners[u((c.source - kSummonerRef) % 2)].def);
        const cardgame::SkillDef& skill = card.skills[u(c.index)];
        label += fmt::format("skill {} {} of {} {}: ", c.index + 1, skill.name, ref_name(c.source, viewer), card.name);
        text = skill.text;
      } else if (!visible(c.source)) {
        label += fmt::format("{} of #{} (a card you cannot see now)",
                             c.kind == ChainKind::kAction ? "an Action" : "a card", c.source);
      } else if (c.kind == ChainKind::kAction && c.left) {  // Interpretation TCG-I74
        label += fmt::format("Action {} of {}: its card has left the battlefield; it will do nothing", c.index + 1,
                             name_of(c.source));
      } else if (c.kind == ChainKind::kAction) {
        const cardgame::ActionDef& a = cards_->card(objs_[u(c.source)].def).actions[u(c.index)];
        label += fmt::format("Action {} {} of {}: ", c.index + 1, a.name, name_of(c.source));
        text = a.text;
      } else {
        label += name_of(c.source) + ": ";
        text = cards_->card(objs_[u(c.source)].def).text;
      }
      out += text.empty() ? label + "\n" : wrapped(label, text, "       ");
    }
    return out;
  }
  // Zones, of every seat or of the one named.
  const bool zone = head == "hand" || head == "battlefield" || head == "cemetery" || head == "excluded" ||
                    head == "exclusion" || head == "library";
  if (!zone) throw unknown("nothing is called '" + head + "'");
  if (words.size() > 2) throw unknown("a zone is followed by at most one seat, e.g. 'cemetery p1'");
  std::vector<int> seats;
  if (words.size() == 2) {
    seats.push_back(parse_seat(words[1]));
  } else if (head == "hand") {
    if (!is_seat) throw unknown("name whose hand, e.g. 'hand p0'");
    seats.push_back(viewer);
  } else {
    for (int p = 0; p < sides(); ++p) seats.push_back(p);
  }
  std::string out;
  for (int p : seats) {
    const Player& pl = players_[u(p)];
    if (head == "library") {
      out += fmt::format("{}'s library: {} cards, hidden (their order too)\n", seat(p), pl.library.size());
      continue;
    }
    std::vector<int16_t> ids;
    if (head == "hand") ids = pl.hand;
    if (head == "cemetery") ids = pl.cemetery;
    if (head == "excluded" || head == "exclusion") ids = pl.exclusion;
    if (head == "battlefield") {
      for (int16_t id : battlefield_) {
        if (objs_[u(id)].controller == p) ids.push_back(id);
      }
    }
    const char* zone_name = head == "exclusion" ? "excluded" : head.c_str();
    int hidden = 0;
    std::string cards;
    for (int16_t id : ids) {
      if (visible(id)) {
        cards += card_text(id);
      } else {
        ++hidden;
      }
    }
    out += fmt::format("{}'s {}: {} card(s){}\n", seat(p), zone_name, ids.size(),
                       hidden ? fmt::format(", {} of them hidden", hidden) : "");
    out += cards;
  }
  return out;
}

}  // namespace rise::tcg
