// `show #ID` at the terminal (State::show): one card of a Dark Legacy battle with its whole
// text and its numbers now, only when the viewer may see it (hands, decks and a face-down
// charging card are hidden: Rule DL-3.7).
#include <optional>

#include <fmt/format.h>

#include "dark-legacy/state.h"
#include "rise/core/text.h"

namespace rise::dl {
namespace {

constexpr size_t kWidth = 99;  // lines under 100 columns (issue 20)

constexpr const char* kTargets =
    "show #12          a card by its id: its whole text and its numbers now\n"
    "show drone        a card of the game by its card id (the pre-battle equip names them): its text\n";

// "  printed 3/2, Flying\n": the card's printed numbers, traits and keywords ("" for none).
std::string printed_line(const CardDef& c) {
  std::string printed = stats_text(c);
  const std::string traits = traits_text(c);
  if (!traits.empty()) printed += (printed.empty() ? "" : ", ") + traits;
  const std::string keywords = keywords_text(c.keywords);
  if (!keywords.empty()) printed += (printed.empty() ? "" : ", ") + keywords;
  return printed.empty() ? "" : "  printed " + printed + "\n";
}

// A card of the game as printed, headed by `title`: kind, faction, cost, Skill Level, numbers
// and text.
std::string card_text(const CardDef& c, const std::string& title) {
  std::string out = title + "\n";
  out += fmt::format("  {} | {} | cost {} Casting Points | Skill Level {}\n", kind_name(c.kind), faction_name(c.affiliation),
                     c.cost, c.level);
  out += printed_line(c);
  if (!c.text.empty()) out += wrap_text(c.text, kWidth, "  text: ", "      ");
  return out;
}

}  // namespace

std::string DlState::show(const std::string& what, PlayerId viewer) const {
  const size_t begin = what.find_first_not_of(' ');
  const std::string target =
      begin == std::string::npos ? "" : what.substr(begin, what.find_last_not_of(' ') - begin + 1);
  if (target.empty()) return kTargets;
  auto refused = [&](const std::string& why) {
    return InputError("show '" + what + "': " + why + " (type 'show' for a list)");
  };
  if (target[0] != '#') {
    // A card of the game by its card id, as the pre-battle equip names it (issue 38): its
    // printed text, which every seat may read (the catalog).
    const int def = cards_->find(target);
    if (def < 0) throw refused("dark-legacy shows a card by its id, e.g. #12, or by its card id, e.g. drone");
    return card_text((*cards_)[def], target + ": " + (*cards_)[def].name);
  }
  const std::optional<int64_t> parsed = parse_integer(std::string_view(target).substr(1));
  if (!parsed || *parsed < 0) throw refused("'" + target + "' is not a card id (#12)");
  if (*parsed >= num_objects()) {
    throw refused(num_objects() == 0
                      ? "there is no card yet"
                      : fmt::format("there is no card {} (cards are #0 to #{})", target, num_objects() - 1));
  }
  const int id = static_cast<int>(*parsed);
  const Obj& o = objs_[static_cast<size_t>(id)];
  // A deck's cards and order are hidden from everyone; a hand and a charging card from the
  // other seat.
  const bool visible = o.where != Where::kLibrary &&
                       ((o.where != Where::kHand && o.where != Where::kCharging) || o.owner == viewer);
  if (!visible) throw InputError("show '" + what + "': " + target + " is a card you cannot see (in a hand or a deck)");
  const CardDef& c = card_of(id);
  const std::string owner = fmt::format("p{}", o.owner);
  std::string where;
  switch (o.where) {
    case Where::kLibrary: where = owner + "'s deck"; break;
    case Where::kHand: where = owner + "'s hand"; break;
    case Where::kBoneyard: where = owner + "'s Boneyard"; break;
    case Where::kRemoved: where = "removed from the game"; break;
    case Where::kSpellField:
      where = o.slot == kSpellFields - 1 ? owner + "'s Instant Field"
                                         : fmt::format("{}'s Spell Casting Field {}", owner, o.slot + 1);
      break;
    case Where::kWeapon:
      where = fmt::format("{}'s {} Weapon Field", owner, o.slot == 0 ? "primary" : "secondary");
      break;
    case Where::kArmor:
      where = owner + (o.slot == 0 ? "'s Primary Armor Field" : "'s Secondary Armor/Relic Field");
      break;
    case Where::kRelicField: where = owner + "'s Secondary Armor/Relic Field"; break;
    case Where::kHeroField: where = "on " + owner + "'s hero"; break;
    case Where::kAttached: where = "on " + ref_text(o.attached_to, viewer); break;
    case Where::kCharging:
      where = fmt::format("{}'s Charging Field, face down, {} token(s)", owner, players_[o.owner].tokens);
      break;
  }
  if (o.on_stack) where += ", cast, not resolved yet";
  std::string out = fmt::format("#{} {}  ({})\n", id, c.name, where);
  out += fmt::format("  {} | {} | cost {} Casting Points | Skill Level {} ({}'s hero: {})\n", kind_name(c.kind),
                     faction_name(c.affiliation), c.cost, c.level, owner, level_for(o.owner, o.def));
  out += printed_line(c);
  if (in_play(id)) {
    std::string now;
    if (c.kind == Kind::kCreature) now = fmt::format("attack {}, defense {}", attack_of(id), defense_of(id));
    if (c.kind == Kind::kArmor) now = fmt::format("defense {}", armor_defense(id));
    if (o.damage) now += fmt::format("{}damage {}", now.empty() ? "" : ", ", o.damage);
    if (o.poison) now += fmt::format("{}poison {}", now.empty() ? "" : ", ", o.poison);
    if (o.boost) now += fmt::format("{}+{} Attack Points this turn", now.empty() ? "" : ", ", o.boost);
    if (o.activated) now += std::string(now.empty() ? "" : ", ") + "activated";
    if (!now.empty()) out += "  now " + now + "\n";
    std::string attached;
    for (int16_t e : players_[o.owner].gear_enh) {
      if (objs_[static_cast<size_t>(e)].attached_to == id) {
        attached += (attached.empty() ? "" : ", ") + ref_text(e, viewer);
      }
    }
    if (!attached.empty()) out += wrap_text(attached, kWidth, "  attached: ", "      ");
  }
  if (!c.text.empty()) out += wrap_text(c.text, kWidth, "  text: ", "      ");
  return out;
}

}  // namespace rise::dl
