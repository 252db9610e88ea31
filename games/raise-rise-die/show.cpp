// `show #ID` at the terminal (State::show): one card of a Raise, Rise & Die duel with its
// whole text and where it lies now, in the view's French terms — only a card the viewer may
// see (Rule RRD-12.1: the other hand and the decks are hidden).
#include <optional>

#include <fmt/format.h>

#include "raise-rise-die/state.h"
#include "rise/core/text.h"

namespace rise::rrd {
namespace {

constexpr size_t kWidth = 99;  // lines under 100 columns (issue 20)

constexpr const char* kTargets = "show #12          une carte par son id : son texte entier et où elle est\n";

}  // namespace

std::string RrdState::show(const std::string& what, PlayerId viewer) const {
  const size_t begin = what.find_first_not_of(' ');
  const std::string target =
      begin == std::string::npos ? "" : what.substr(begin, what.find_last_not_of(' ') - begin + 1);
  if (target.empty()) return kTargets;
  auto refused = [&](const std::string& why) {
    return InputError("show '" + what + "': " + why + " (type 'show' for a list)");
  };
  if (target[0] != '#') throw refused("raise-rise-die shows a card by its id, e.g. #12");
  const std::optional<int64_t> id = parse_integer(std::string_view(target).substr(1));
  if (!id || *id < 0) throw refused("'" + target + "' is not a card id (#12)");
  if (*id >= num_objects()) {
    throw refused(fmt::format("there is no card {} (cards are #0 to #{})", target, num_objects() - 1));
  }
  const int card_id = static_cast<int>(*id);
  if (!card_visible(card_id, viewer)) {
    throw InputError("show '" + what + "': " + target + " is a card you cannot see (in a hand or a deck)");
  }
  const Obj& o = objs_[static_cast<size_t>(card_id)];
  const CardDef& c = card_of(card_id);
  const std::string owner = fmt::format("p{}", o.owner);
  std::string where;
  switch (o.where) {
    case Where::kDeck: {
      const Player& pl = players_[o.owner];
      where = "pioche de " + owner + (pl.top_up && pl.deck.back() == card_id ? ", Top Soul" : ", dessous public");
      break;
    }
    case Where::kHand: where = "main de " + owner; break;
    case Where::kDiscard: where = "défausse de " + owner; break;
    case Where::kNeant: where = "Néant de " + owner; break;
    case Where::kBody: where = fmt::format("corps de {} : {}", owner, slot_name(static_cast<Slot>(o.slot))); break;
    case Where::kInfusion: where = fmt::format("infusion de {} [{}]", owner, o.slot + 1); break;
    case Where::kObjet:
      where = fmt::format("objets de {} [{}], {}", owner, o.slot + 1, o.engaged ? "engagé" : "désengagé");
      break;
  }
  if (o.transcended) where += ", transcendée";
  if (o.counter) where += ", jouée en contre";
  if (o.countered) where += ", contrée";
  std::string out = fmt::format("{} #{}  ({})\n", c.name, card_id, where);
  out += fmt::format("  {} | VA {} | coût {}", kind_label(c), c.va, c.cost);
  // What it costs its owner now (Sonné, Enchaînement: RRD-5.3, RRD-11.7, RRD-11.15).
  if (o.where == Where::kHand && o.owner == viewer && cost_now(o.owner, card_id) != c.cost) {
    out += fmt::format(" (maintenant {})", cost_now(o.owner, card_id));
  }
  out += fmt::format(" | emplacements {} | archétype {}\n", slot_list(c), c.archetype);
  if (!c.weapon.empty()) out += "  arme : " + c.weapon + "\n";
  out += wrap_text(effect_text(c.effet), kWidth, "  effet : ", "      ");
  if (c.has_infusion()) out += wrap_text(effect_text(c.infusion), kWidth, "  infusion : ", "      ");
  if (!c.transcendance.empty()) out += wrap_text(effect_text(c.transcendance), kWidth, "  transcendance : ", "      ");
  if (!c.text.empty()) out += wrap_text(c.text, kWidth, "  texte : ", "      ");
  return out;
}

}  // namespace rise::rrd
