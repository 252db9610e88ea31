// The sandbox's position language of rise-tcg (State::set_up, issue 36; docs/formats.md,
// "Sandbox position"): "Blood Herald on my battlefield", "two Thralls in their hand", "5 Coins",
// "my S1 hp 12", "empty their hand". A line edits the state's JSON, which is then loaded
// back: the result passes every check a loaded state passes.
#include <algorithm>
#include <cctype>
#include <optional>

#include <fmt/format.h>

#include "rise/cardgame/position_words.h"
#include "rise/core/error.h"
#include "rise-tcg/state.h"

namespace rise::tcg {
namespace position {
namespace {

using nlohmann::json;
using namespace cardgame::position;

// Zones a card may be put in, as the state JSON names them.
std::optional<std::string> zone_word(const std::string& word) {
  if (word == "battlefield" || word == "play") return "battlefield";
  if (word == "hand") return "hand";
  if (word == "library" || word == "deck") return "library";
  if (word == "cemetery" || word == "graveyard") return "cemetery";
  if (word == "exclusion" || word == "excluded") return "exclusion";
  return std::nullopt;
}


}  // namespace

// The card `phrase` names: its id, its name, the name without a plural 's'/'es', or the one
// card whose name holds it as whole words ("Herald" for "Blood Herald"). Summoners are not
// cards of a zone. Throws InputError with "did you mean" or the candidates.
int sandbox_card(const cardgame::CardDatabase& db, const std::string& phrase) {
  std::vector<cardgame::position::CardName> names;
  std::vector<int> defs;
  for (int d = 0; d < db.size(); ++d) {
    if (db[d].is(cardgame::kSummoner)) continue;
    names.push_back({db[d].id, db[d].name});
    defs.push_back(d);
  }
  if (std::optional<size_t> k = cardgame::position::find_card(names, phrase)) return defs[*k];
  std::vector<cardgame::position::CardName> summoners;
  for (int d = 0; d < db.size(); ++d) {
    const CardDef& c = db[d];
    if (!c.is(cardgame::kSummoner)) continue;
    summoners.push_back({c.id, c.name});
    summoners.push_back({c.id, c.name.substr(0, c.name.find(','))});  // "Vessa" of "Vessa, Cinderborn"
  }
  bool summoner = false;
  try {
    summoner = cardgame::position::find_card(summoners, phrase).has_value();
  } catch (const InputError&) {
    summoner = true;  // the words of several Summoners' names
  }
  if (summoner) {
    throw InputError(fmt::format("'{}' is a Summoner: set a Summoner with e.g. 'my S1 hp 12'", phrase));
  }
  throw InputError(cardgame::position::no_card_named(names, phrase));
}

}  // namespace position

void TcgState::set_up(std::string_view line_view) {
  using namespace position;
  using nlohmann::json;
  const std::string line(line_view);
  const std::string text = trimmed(line);
  const std::vector<std::string> words = split_words(ascii_lower(text));
  if (words.empty()) throw InputError("an empty set-up line: " + forms(game()));
  json j = to_json();
  json& players = j.at("players");
  json& objects = j.at("objects");
  const int n = sides();

  // Moves object `id` from wherever it lies into `zone` of seat `p` (its controller there).
  auto move = [&](int id, int p, const std::string& zone) {
    json& o = objects.at(u(id));
    const std::string from = o.at("where").get<std::string>();
    json& list = from == "battlefield" ? j.at("battlefield") : players.at(o.at("owner").get<size_t>()).at(from);
    list.erase(std::find(list.begin(), list.end(), json(id)));
    o["where"] = zone;
    o["controller"] = zone == "battlefield" ? p : o.at("owner").get<int>();
    o["eot_controller"] = o["controller"];
    o["flags"] = 0;  // untilted, not sick, not known: ready to act (Rule TCG-7.1 waived)
    o["counters"] = {0, 0, 0, 0};
    o["damage"] = 0;
    (zone == "battlefield" ? j.at("battlefield") : players.at(o.at("owner").get<size_t>()).at(zone)).push_back(id);
  };

  // "N coins [for WHO]", "N ether [for WHO]".
  if (words.size() >= 2 && (words[1] == "coin" || words[1] == "coins" || words[1] == "ether")) {
    const int amount = number_in(words[0], 0, 99, words[1]);
    int p = 0;
    if (words.size() > 2) {
      size_t i = 3;
      std::optional<int> seat = words[2] == "for" ? seat_words(words, i, n) : std::nullopt;
      if (!seat || i != words.size()) throw InputError(fmt::format("'{}': after '{}' say 'for me', 'for them' or 'for p1'", line, words[1]));
      p = *seat;
    }
    players.at(u(p))[words[1] == "ether" ? "ether" : "coins"] = amount;
  } else if (words[0] == "empty") {
    // "empty WHOSE hand|cemetery": its cards go to the bottom of their owner's library.
    size_t i = 1;
    std::optional<int> seat = seat_words(words, i, n);
    std::optional<std::string> zone = i + 1 == words.size() ? zone_word(words[i]) : std::nullopt;
    if (!seat || !zone || (*zone != "hand" && *zone != "cemetery")) {
      throw InputError(fmt::format("'{}': say 'empty my hand' or 'empty their cemetery'", line));
    }
    json& list = players.at(u(*seat)).at(*zone);
    json& library = players.at(u(*seat)).at("library");
    for (const json& id : list) {
      objects.at(id.get<size_t>())["where"] = "library";
      objects.at(id.get<size_t>())["flags"] = 0;
      library.insert(library.begin(), id);
    }
    list = json::array();
  } else if (size_t i = 0; seat_words(words, i, n) && i < words.size() && (words[i] == "s1" || words[i] == "s2")) {
    // "WHOSE S1|S2 hp|level|cp N": a Summoner's numbers (Rules TCG-5.*; the state's checks
    // hold: cp at most min(level, skills)). A new level gives the CP it allows.
    size_t at = 0;
    const int p = *seat_words(words, at, n);
    json& summoner = players.at(u(p)).at("summoners").at(words[i] == "s1" ? 0 : 1);
    const std::string field = i + 1 < words.size() ? words[i + 1] : "";
    if (i + 3 != words.size() || (field != "hp" && field != "level" && field != "cp")) {
      throw InputError(fmt::format("'{}': say e.g. 'my S1 hp 12', 'my S1 level 3' or 'my S1 cp 2'", line));
    }
    const int value = number_in(words[i + 2], field == "cp" ? 0 : 1, 99, field);
    summoner[field] = value;
    if (field == "level") {
      const CardDef& card = cards_->card(cards_->db->require(summoner.at("card").get<std::string>(), ""));
      summoner["cp"] = std::min<int>(value, static_cast<int>(card.skills.size()));
    }
  } else {
    // "CARDS on|in|into WHOSE ZONE".
    const Placement place = placement(words, n, line, game());
    const int seat = place.seat;
    std::string zone_text = place.zone;
    if (zone_text == "exclusion zone") zone_text = "exclusion";
    std::optional<std::string> zone = zone_word(zone_text);
    if (!zone) {
      throw InputError(fmt::format("'{}': no zone '{}': battlefield, hand, library, cemetery or exclusion", line, zone_text));
    }
    for (const CardItem& item : card_items(split_words(text), place.cards_end, line)) {
      const int copies = item.copies;
      const std::string& phrase = item.phrase;
      const int def = sandbox_card(*cards_->db, phrase);
      const CardDef& card = cards_->card(def);
      if (*zone == "battlefield") {
        // Only what stands on its own there: an Equipment or a Disease is attached as it is
        // played, and a Level Up lies on a Summoner (Rules TCG-5.7, TCG-12.11, TCG-14.2).
        if (!card.is_constant() || (card.abilities & cardgame::kEquipment) || card.disease != cardgame::Disease::kNone) {
          throw InputError(fmt::format("'{}': {} cannot be put on the battlefield by itself ({}): put it in a hand "
                                       "and play it",
                                       line, card.name, cardgame::types_to_text(card.types)));
        }
      }
      for (int c = 0; c < copies; ++c) {
        // A copy from the owner's library when it holds one, else a new card object.
        int id = -1;
        const json& library = players.at(u(seat)).at("library");
        for (auto it = library.rbegin(); it != library.rend(); ++it) {
          if (objects.at(it->get<size_t>()).at("card") == card.id) {
            id = it->get<int>();
            break;
          }
        }
        if (id < 0) {
          if (objects.size() >= static_cast<size_t>(kMaxObjects)) {
            throw InputError(fmt::format("'{}': the game holds {} cards already (TCG-I68)", line, kMaxObjects));
          }
          id = static_cast<int>(objects.size());
          json o = objects.at(0);
          o.erase("v2");
          o["card"] = card.id;
          o["owner"] = seat;
          o["where"] = "library";
          o["attached_to"] = -1;
          o["actions_used"] = {0, 0, 0, 0};
          o["base_card"] = "";
          o["wild"] = 0;
          o["pending"] = 0;
          o["pending_player"] = seat;
          o["disease"] = {-1, 0, 0, 0, 0, -1};
          objects.push_back(std::move(o));
          players.at(u(seat)).at("library").push_back(id);
        }
        move(id, seat, *zone);
      }
    }
  }
  std::unique_ptr<State> loaded;
  try {
    loaded = TcgState::from_json(game(), j);
  } catch (const InputError& e) {
    throw InputError(fmt::format("'{}' makes no valid position: {}", line, e.what()));
  }
  *this = static_cast<const TcgState&>(*loaded);
}

}  // namespace rise::tcg
