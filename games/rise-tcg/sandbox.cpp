// The sandbox's position language of rise-tcg (State::set_up, issue 36; docs/formats.md,
// "Sandbox position"): "Blood Herald on my battlefield", "two Thralls in their hand", "5 Coins",
// "my S1 hp 12", "empty their hand". A line edits the state's JSON, which is then loaded
// back: the result passes every check a loaded state passes.
#include <algorithm>
#include <cctype>
#include <optional>
#include <sstream>

#include <fmt/format.h>

#include "rise/cardgame/yaml_fields.h"
#include "rise/core/error.h"
#include "rise-tcg/state.h"

namespace rise::tcg {
namespace position {
namespace {

using nlohmann::json;

std::string lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
  return text;
}

// Whether `word` is all ASCII digits (bytes of UTF-8 text are never passed to isdigit signed).
bool all_digits(const std::string& word) {
  return std::all_of(word.begin(), word.end(), [](unsigned char c) { return std::isdigit(c) != 0; });
}

std::vector<std::string> split_words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  std::string word;
  while (in >> word) out.push_back(word);
  return out;
}

std::string joined(const std::vector<std::string>& words, size_t from, size_t to) {
  std::string out;
  for (size_t i = from; i < to && i < words.size(); ++i) out += (out.empty() ? "" : " ") + words[i];
  return out;
}

// "3", "a", "an", "two": a count from 1 to 40; nullopt when `word` is none.
std::optional<int> count_word(const std::string& word) {
  static const std::vector<std::string> kNumbers = {"a", "one", "two", "three", "four", "five",
                                                    "six", "seven", "eight", "nine", "ten"};
  if (word == "an") return 1;
  for (size_t i = 0; i < kNumbers.size(); ++i) {
    if (word == kNumbers[i]) return std::max<int>(1, static_cast<int>(i));
  }
  if (!word.empty() && word.size() <= 3 && all_digits(word)) return std::stoi(word);
  return std::nullopt;
}

// A number the line gives for `what`, within [low, high].
int number_in(const std::string& word, int low, int high, const std::string& what) {
  if (word.empty() || word.size() > 6 || !all_digits(word)) {
    throw InputError(fmt::format("{}: expected a number, got '{}'", what, word));
  }
  const int n = std::stoi(word);
  if (n < low || n > high) throw InputError(fmt::format("{}: {} is not in {}..{}", what, n, low, high));
  return n;
}

// The seat named by `words[i]` (and maybe the next word): "my"/"me" seat 0, "their"/"them"
// seat 1 (2 players only), "p2", "p2's", "seat 2", "seat 2's". Advances `i` past it.
std::optional<int> seat_words(const std::vector<std::string>& words, size_t& i, int sides) {
  if (i >= words.size()) return std::nullopt;
  std::string w = words[i];
  if (w.size() > 2 && w.compare(w.size() - 2, 2, "'s") == 0) w.resize(w.size() - 2);
  auto check = [&](int seat) {
    if (seat >= sides) throw InputError(fmt::format("there is no p{} in a game of {} players", seat, sides));
    return seat;
  };
  if (w == "my" || w == "me") return ++i, 0;
  if (w == "their" || w == "them" || w == "opponent" || w == "opponent's") {
    if (sides != 2) {
      throw InputError(fmt::format("'{}' names no one seat in a game of {} players: say p1, p2, ...", words[i], sides));
    }
    return ++i, 1;
  }
  if (w.size() == 2 && w[0] == 'p' && std::isdigit(static_cast<unsigned char>(w[1]))) return ++i, check(w[1] - '0');
  if (w == "seat" && i + 1 < words.size()) {
    std::string n = words[i + 1];
    if (n.size() > 2 && n.compare(n.size() - 2, 2, "'s") == 0) n.resize(n.size() - 2);
    if (n.size() == 1 && std::isdigit(static_cast<unsigned char>(n[0]))) return i += 2, check(n[0] - '0');
  }
  return std::nullopt;
}

// Zones a card may be put in, as the state JSON names them.
std::optional<std::string> zone_word(const std::string& word) {
  if (word == "battlefield" || word == "play") return "battlefield";
  if (word == "hand") return "hand";
  if (word == "library" || word == "deck") return "library";
  if (word == "cemetery" || word == "graveyard") return "cemetery";
  if (word == "exclusion" || word == "excluded") return "exclusion";
  return std::nullopt;
}

constexpr const char* kForms =
    "write e.g. 'Blood Herald on my battlefield', 'two Thralls in their hand', '5 Coins', '2 Ether for them', "
    "'my S1 hp 12', 'their S2 level 3', 'empty my hand' (docs/formats.md, \"Sandbox position\")";

}  // namespace

// The card `phrase` names: its id, its name, the name without a plural 's'/'es', or the one
// card whose name holds it as whole words ("Herald" for "Blood Herald"). Summoners are not
// cards of a zone. Throws InputError with "did you mean" or the candidates.
int sandbox_card(const cardgame::CardDatabase& db, const std::string& phrase) {
  const std::string want = lower(phrase);
  std::vector<std::string> names;
  auto find_exact = [&](const std::string& w) -> int {
    for (int d = 0; d < db.size(); ++d) {
      const CardDef& c = db[d];
      if (c.is(cardgame::kSummoner)) continue;
      if (lower(c.id) == w || lower(c.name) == w) return d;
    }
    return -1;
  };
  for (const std::string& w : {want, want.size() > 1 && want.back() == 's' ? want.substr(0, want.size() - 1) : "",
                               want.size() > 2 && want.ends_with("es") ? want.substr(0, want.size() - 2) : ""}) {
    if (w.empty()) continue;
    if (int d = find_exact(w); d >= 0) return d;
  }
  // Whole words of a longer name: " crow " in " carrion crow ".
  std::vector<int> found;
  for (const std::string& w : {want, want.size() > 1 && want.back() == 's' ? want.substr(0, want.size() - 1) : ""}) {
    if (w.empty() || !found.empty()) continue;
    for (int d = 0; d < db.size(); ++d) {
      const CardDef& c = db[d];
      if (c.is(cardgame::kSummoner)) continue;
      if ((" " + lower(c.name) + " ").find(" " + w + " ") != std::string::npos) found.push_back(d);
    }
  }
  if (found.size() == 1) return found.front();
  if (found.size() > 1) {
    std::string list;
    for (size_t k = 0; k < found.size() && k < 6; ++k) list += (k ? ", " : "") + db[found[k]].name;
    throw InputError(fmt::format("'{}' may be {}: name one", phrase, list));
  }
  for (const CardDef& c : db.cards()) {
    if (!c.is(cardgame::kSummoner)) names.push_back(c.name);
  }
  for (const CardDef& c : db.cards()) {
    if (c.is(cardgame::kSummoner) && (lower(c.id) == want || (" " + lower(c.name) + " ").find(" " + want + " ") !=
                                                                   std::string::npos ||
                                      lower(c.name).rfind(want + ",", 0) == 0)) {
      throw InputError(fmt::format("'{}' is a Summoner: set a Summoner with e.g. 'my S1 hp 12'", phrase));
    }
  }
  throw InputError(fmt::format("no card is named '{}'{}", phrase, cardgame::yaml::did_you_mean(phrase, names)));
}

}  // namespace position

void TcgState::set_up(std::string_view line_view) {
  using namespace position;
  using nlohmann::json;
  const std::string line(line_view);
  std::string text = line;
  while (!text.empty() && (text.back() == '.' || std::isspace(static_cast<unsigned char>(text.back())))) text.pop_back();
  const std::vector<std::string> words = split_words(lower(text));
  if (words.empty()) throw InputError(std::string("an empty set-up line: ") + kForms);
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
    size_t at = words.size();
    for (size_t w = words.size(); w-- > 1;) {
      if (words[w] == "on" || words[w] == "in" || words[w] == "into" || words[w] == "to") {
        at = w;
        break;
      }
    }
    if (at == words.size()) throw InputError(fmt::format("'{}' is not a set-up line: {}", line, kForms));
    size_t z = at + 1;
    std::optional<int> seat = seat_words(words, z, n);
    if (!seat) throw InputError(fmt::format("'{}': whose? say 'my', 'their' or 'p1's' before the zone", line));
    std::string zone_text = joined(words, z, words.size());
    if (zone_text == "exclusion zone") zone_text = "exclusion";
    std::optional<std::string> zone = zone_word(zone_text);
    if (!zone) {
      throw InputError(fmt::format("'{}': no zone '{}': battlefield, hand, library, cemetery or exclusion", line, zone_text));
    }
    // The items: "Herald", "two Thralls", "a Herald and 2 Thralls", "Herald, Thrall".
    std::vector<std::string> original = split_words(text);
    std::vector<std::vector<std::string>> items(1);
    for (size_t w = 0; w < at; ++w) {
      std::string word = original[w];
      const bool comma = word.back() == ',';
      if (comma) word.pop_back();
      if (lower(word) == "and") {
        items.emplace_back();
        continue;
      }
      if (!word.empty()) items.back().push_back(word);
      if (comma) items.emplace_back();
    }
    for (const std::vector<std::string>& item : items) {
      if (item.empty()) throw InputError(fmt::format("'{}': a card is missing before 'and' or ','", line));
      std::optional<int> count = count_word(lower(item.front()));
      const size_t name_from = count && item.size() > 1 ? 1 : 0;
      const int copies = name_from ? *count : 1;
      if (copies < 1 || copies > 40) throw InputError(fmt::format("'{}': {} copies: at most 40 at once", line, copies));
      const std::string phrase = joined(item, name_from, item.size());
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
        const json& library = players.at(u(*seat)).at("library");
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
          o["owner"] = *seat;
          o["where"] = "library";
          o["attached_to"] = -1;
          o["actions_used"] = {0, 0, 0, 0};
          o["base_card"] = "";
          o["wild"] = 0;
          o["pending"] = 0;
          o["pending_player"] = *seat;
          o["disease"] = {-1, 0, 0, 0, 0, -1};
          objects.push_back(std::move(o));
          players.at(u(*seat)).at("library").push_back(id);
        }
        move(id, *seat, *zone);
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
