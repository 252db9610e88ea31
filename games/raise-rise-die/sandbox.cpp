// The sandbox's position language of raise-rise-die (State::set_up, issue 36; docs/formats.md,
// "Sandbox position"): "two Entailles in my hand", "Riposte on their deck", "my pv 12", "their
// poison 2", "empty my discard". The sentence is English, the zones and numbers take the
// rulebook's French words too (main, pioche, défausse, Néant, PV, réserve). A line changes a
// copy of the state, which is then written and loaded back: the result passes every check a
// loaded state passes, or the state is unchanged.
#include <algorithm>
#include <optional>

#include <fmt/format.h>

#include "raise-rise-die/state.h"
#include "rise/cardgame/position_words.h"
#include "rise/core/error.h"

namespace rise::rrd {
namespace sandbox_words {
namespace {

using namespace cardgame::position;

std::optional<Where> zone_words(const std::string& text) {
  if (text == "hand" || text == "main") return Where::kHand;
  if (text == "deck" || text == "pioche" || text == "library") return Where::kDeck;
  if (text == "discard" || text == "discard pile" || text == "défausse" || text == "defausse") return Where::kDiscard;
  if (text == "néant" || text == "neant") return Where::kNeant;
  if (text == "infusion" || text == "infusion slot" || text == "infusion slots") return Where::kInfusion;
  if (text == "objets" || text == "objet" || text == "object slot" || text == "object slots") return Where::kObjet;
  return std::nullopt;
}

}  // namespace

}  // namespace sandbox_words

void RrdState::set_up(std::string_view line_view) {
  using namespace cardgame::position;
  const std::string line(line_view);
  const std::string text = trimmed(line);
  const std::vector<std::string> words = split_words(ascii_lower(text));
  if (words.empty()) throw InputError("an empty set-up line: " + forms(game()));
  if (phase_ == Phase::kOver) throw InputError(fmt::format("'{}': the duel is over", line));
  RrdState s(*this);
  size_t after_seat = 0;
  const std::optional<int> line_seat = seat_words(words, after_seat, 2);

  if (words[0] == "empty") {
    // "empty WHOSE hand|discard": its cards go under their owner's deck, whose order is
    // then hidden again (known_bottom 0, Rule RRD-12.1).
    size_t i = 1;
    const std::optional<int> seat = seat_words(words, i, 2);
    const std::optional<Where> zone = seat ? sandbox_words::zone_words(joined(words, i, words.size())) : std::nullopt;
    if (!zone || (*zone != Where::kHand && *zone != Where::kDiscard)) {
      throw InputError(fmt::format("'{}': say 'empty my hand' or 'empty their discard'", line));
    }
    Player& pl = s.players_[static_cast<size_t>(*seat)];
    const std::vector<int16_t> ids = *zone == Where::kHand ? pl.hand : pl.discard;
    for (int16_t id : ids) s.move(id, Where::kDeck);
    pl.deck.resize(pl.deck.size() - ids.size());
    pl.deck.insert(pl.deck.begin(), ids.begin(), ids.end());  // in their order, at the bottom
    pl.known_bottom = 0;
  } else if (line_seat && after_seat + 2 == words.size() && words[after_seat] != "in" && words[after_seat] != "on") {
    // "WHOSE pv|réserve|poison|saignement|sonné N" (Rules RRD-1.1, RRD-5.2, RRD-11.12,
    // RRD-11.14, RRD-11.15).
    Player& pl = s.players_[static_cast<size_t>(*line_seat)];
    const std::string& field = words[after_seat];
    const std::string& value = words[after_seat + 1];
    bool found = true;
    if (field == "pv") {
      pl.pv = static_cast<int16_t>(number_in(value, 1, pl.pv_start, field));
    } else if (field == "reserve" || field == "réserve") {
      pl.reserve = static_cast<int16_t>(number_in(value, 0, 99, field));
    } else if (field == "poison") {
      pl.poison = static_cast<int8_t>(number_in(value, 0, 99, field));
    } else if (field == "saignement") {
      pl.saignement = static_cast<int8_t>(number_in(value, 0, 99, field));
    } else if (field == "sonne" || field == "sonné") {
      pl.sonne = static_cast<int8_t>(number_in(value, 0, 99, field));
    } else {
      found = false;
    }
    if (!found) {
      throw InputError(fmt::format("'{}': say e.g. 'my pv 12', 'their réserve 3', 'my poison 2', 'their saignement 1' "
                                   "or 'my sonné 1'",
                                   line));
    }
  } else {
    // "CARDS in|into|on|to WHOSE ZONE".
    const Placement place = placement(words, 2, line, game());
    const std::string& zone_text = place.zone;
    const std::optional<Where> zone = sandbox_words::zone_words(zone_text);
    if (!zone) {
      throw InputError(fmt::format("'{}': no zone '{}': hand (main), deck (pioche), discard (défausse), néant, "
                                   "infusion or objets",
                                   line, zone_text));
    }
    const int p = place.seat;
    Player& pl = s.players_[static_cast<size_t>(p)];
    for (const CardItem& item : card_items(split_words(text), place.cards_end, line)) {
      const int def = card_index(*cards_, item.phrase);
      const CardDef& card = (*cards_)[def];
      for (int k = 0; k < item.copies; ++k) {
        int slot = 0;
        if (*zone == Where::kInfusion || *zone == Where::kObjet) {
          if (*zone == Where::kInfusion && !card.has_infusion()) {
            throw InputError(fmt::format("'{}': {} has no effet d'infusion (Rule RRD-8.3)", line, card.name));
          }
          if (*zone == Where::kObjet && card.kind != Kind::kObjet) {
            throw InputError(fmt::format("'{}': {} is not an objet (Rule RRD-9.1)", line, card.name));
          }
          const auto& slots = *zone == Where::kInfusion ? pl.infusion : pl.objets;
          slot = slots[0] < 0 ? 0 : slots[1] < 0 ? 1 : -1;
          if (slot < 0) {
            throw InputError(fmt::format("'{}': both {} slots are taken (Interpretation RRD-3.5)", line,
                                         *zone == Where::kInfusion ? "infusion" : "object"));
          }
        }
        // A copy from the hidden part of the owner's deck when it holds one, else a new card.
        const auto [begin, end] = hidden_deck_range(pl);
        int id = -1;
        for (size_t d = end; d-- > begin;) {
          if (s.objs_[static_cast<size_t>(pl.deck[d])].def == def) {
            id = pl.deck[d];
            break;
          }
        }
        if (id < 0) {
          if (s.num_objects() >= kMaxObjects) {
            throw InputError(fmt::format("'{}': the duel holds {} cards already", line, kMaxObjects));
          }
          id = s.create_object(def, p, Where::kNeant);
          pl.neant.push_back(static_cast<int16_t>(id));
        }
        s.move(id, *zone, slot);  // a deck: on top (the Top Soul when one is face up, RRD-3.6)
      }
    }
  }
  std::unique_ptr<State> loaded;
  try {
    loaded = from_json(game(), s.to_json(), cards_);
  } catch (const InputError& e) {
    throw InputError(fmt::format("'{}' makes no valid position: {}", line, e.what()));
  }
  *this = static_cast<const RrdState&>(*loaded);
}

}  // namespace rise::rrd
