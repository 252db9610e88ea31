// The "hidden-high-card" test game (hidden_high_card.h).
#include "hidden_high_card.h"

#include <algorithm>
#include <charconv>
#include <cmath>

#include "rise/core/error.h"
#include "rise/core/registry.h"
#include "rise/core/rng.h"

namespace rise::testgame {

HighCardState::HighCardState(const Game& game, uint64_t seed) : State(game) {
  std::vector<int> cards;
  for (int v = 1; v <= kCards; ++v) cards.push_back(v);
  Rng rng(seed);
  rng.shuffle(cards);
  for (int i = 0; i < 2 * kHandSize; ++i) hands_[i / kHandSize] |= 1u << cards[static_cast<size_t>(i)];
  deck_.assign(cards.begin() + 2 * kHandSize, cards.end() - kSetAside);
  set_aside_.assign(cards.end() - kSetAside, cards.end());
  std::sort(set_aside_.begin(), set_aside_.end());  // a set: its order means nothing
}

int HighCardState::hand_size(int seat) const { return __builtin_popcount(hands_[seat]); }

PlayerId HighCardState::current_player() const { return is_terminal() ? kTerminalPlayer : to_move_; }

void HighCardState::legal_actions(std::vector<Action>& out) const {
  out.clear();
  if (is_terminal()) return;
  for (int v = 1; v <= kCards; ++v) {
    if (holds(to_move_, v)) out.push_back(v);
  }
}

bool HighCardState::is_terminal() const { return hands_[0] == 0 && hands_[1] == 0; }

std::vector<double> HighCardState::returns() const {
  touch();
  if (!is_terminal()) return {0.0, 0.0};
  if (points_[0] == points_[1]) return {0.0, 0.0};
  return points_[0] > points_[1] ? std::vector<double>{1.0, -1.0} : std::vector<double>{-1.0, 1.0};
}

std::unique_ptr<State> HighCardState::clone() const {
  touch();
  return std::make_unique<HighCardState>(*this);
}

void HighCardState::do_apply_action(Action card) {
  touch();
  hands_[to_move_] &= ~(1u << card);
  played_.push_back(card);
  if (table_ == 0) {
    table_ = card;
    to_move_ = 1 - to_move_;
    return;
  }
  const int winner = card > table_ ? to_move_ : 1 - to_move_;
  points_[winner] += card + table_;
  table_ = 0;
  for (int seat : {winner, 1 - winner}) {
    if (deck_.empty()) break;
    hands_[seat] |= 1u << deck_.front();
    deck_.erase(deck_.begin());
  }
  to_move_ = winner;
}

std::string HighCardState::action_to_string(Action action) const { return "play " + std::to_string(action); }

Action HighCardState::string_to_action(std::string_view text) const {
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
  const std::string original(text);
  if (text.substr(0, 5) != "play ") throw InputError("'" + original + "' is not 'play N'");
  text.remove_prefix(5);
  int value = 0;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || ptr != text.data() + text.size() || value < 1 || value > kCards) {
    throw InputError("'" + original + "': the card must be 1.." + std::to_string(kCards));
  }
  return value;
}

namespace {

std::vector<int> cards_of(uint32_t mask) {
  std::vector<int> out;
  for (int v = 1; v <= kCards; ++v) {
    if ((mask >> v) & 1u) out.push_back(v);
  }
  return out;
}

}  // namespace

nlohmann::json HighCardState::to_json() const {
  touch();
  return {{"game", game().info().id},       {"hands", {cards_of(hands_[0]), cards_of(hands_[1])}},
          {"deck", deck_},                   {"set_aside", set_aside_},
          {"played", played_},
          {"table", table_},                 {"to_move", to_move_},
          {"points", {points_[0], points_[1]}}};
}

nlohmann::json HighCardState::observation_json(PlayerId player) const {
  touch();
  return {{"game", game().info().id},
          {"observer", player},
          {"hand", cards_of(hands_[player])},
          {"hand_sizes", {hand_size(0), hand_size(1)}},
          {"deck_size", deck_.size()},
          {"played", played_},
          {"table", table_},
          {"to_move", to_move_},
          {"points", {points_[0], points_[1]}}};
}

std::string HighCardState::render_text(PlayerId viewer, bool /*color*/) const {
  touch();
  std::string out = "points " + std::to_string(points_[0]) + "-" + std::to_string(points_[1]);
  if (table_ != 0) out += ", on the table: " + std::to_string(table_);
  if (viewer == 0 || viewer == 1) {
    out += ", your hand:";
    for (int v : cards_of(hands_[viewer])) out += " " + std::to_string(v);
  }
  return out + "\n";
}

double HighCardState::evaluate(PlayerId player) const {
  touch();
  return (points_[player] - points_[1 - player]) / 210.0;
}

std::unique_ptr<State> HighCardState::resample_hidden(PlayerId observer, Rng& rng) const {
  if (observer != 0 && observer != 1) throw InputError("hidden-high-card: observer must be seat 0 or 1");
  auto out = std::make_unique<HighCardState>(game());
  out->played_ = played_;
  out->table_ = table_;
  out->to_move_ = to_move_;
  out->points_[0] = points_[0];
  out->points_[1] = points_[1];
  out->hands_[observer] = hands_[observer];
  // The cards the observer has not seen, in a canonical order, then shuffled: the result
  // depends only on what the observer sees and on `rng`.
  std::vector<int> unseen;
  for (int v = 1; v <= kCards; ++v) {
    if (!holds(observer, v) && std::find(played_.begin(), played_.end(), v) == played_.end()) unseen.push_back(v);
  }
  rng.shuffle(unseen);
  const int other = 1 - observer;
  const size_t other_size = static_cast<size_t>(hand_size(other));
  for (size_t i = 0; i < other_size; ++i) out->hands_[other] |= 1u << unseen[i];
  const auto deck_begin = unseen.begin() + static_cast<std::ptrdiff_t>(other_size);
  const auto deck_end = deck_begin + static_cast<std::ptrdiff_t>(deck_.size());
  out->deck_.assign(deck_begin, deck_end);
  out->set_aside_.assign(deck_end, unseen.end());
  std::sort(out->set_aside_.begin(), out->set_aside_.end());
  return out;
}

std::unique_ptr<HighCardState> HighCardState::from_json(const Game& game, const nlohmann::json& json) {
  auto out = std::make_unique<HighCardState>(game);
  try {
    uint32_t seen = 0;
    auto take = [&](int v, const char* field) {
      if (v < 1 || v > kCards || ((seen >> v) & 1u)) {
        throw InputError(std::string("hidden-high-card state: field '") + field + "' has a bad or repeated card " +
                         std::to_string(v));
      }
      seen |= 1u << v;
    };
    for (int seat = 0; seat < 2; ++seat) {
      for (int v : json.at("hands").at(static_cast<size_t>(seat)).get<std::vector<int>>()) {
        take(v, "hands");
        out->hands_[seat] |= 1u << v;
      }
    }
    out->deck_ = json.at("deck").get<std::vector<int>>();
    for (int v : out->deck_) take(v, "deck");
    out->set_aside_ = json.at("set_aside").get<std::vector<int>>();
    for (int v : out->set_aside_) take(v, "set_aside");
    std::sort(out->set_aside_.begin(), out->set_aside_.end());
    out->played_ = json.at("played").get<std::vector<int>>();
    for (int v : out->played_) take(v, "played");
    if (seen != ((1u << (kCards + 1)) - 2)) throw InputError("hidden-high-card state: not every card is present");
    out->table_ = json.at("table").get<int>();
    out->to_move_ = json.at("to_move").get<int>();
    out->points_[0] = json.at("points").at(0).get<int>();
    out->points_[1] = json.at("points").at(1).get<int>();
    if (out->to_move_ != 0 && out->to_move_ != 1) throw InputError("hidden-high-card state: 'to_move' must be 0 or 1");
  } catch (const nlohmann::json::exception& e) {
    throw InputError(std::string("hidden-high-card state: ") + e.what());
  }
  return out;
}

namespace {

template <bool kEvaluation>
class HighCardGame final : public Game {
 public:
  HighCardGame() {
    info_.id = kEvaluation ? "hidden-high-card-eval" : "hidden-high-card";
    info_.name = "Hidden high card (test game)";
    info_.rulebook = "ai/tests/hidden_high_card.h";
    info_.perfect_information = false;
    info_.deterministic = true;
    info_.has_evaluation = kEvaluation;
  }
  const GameInfo& info() const override { return info_; }
  std::unique_ptr<State> new_initial_state(uint64_t seed, const Options& options, int num_players) const override {
    resolve_options(options);
    if (num_players != 2) throw InputError("hidden-high-card is played by exactly 2 players");
    return std::make_unique<HighCardState>(*this, seed);
  }
  std::unique_ptr<State> state_from_json(const nlohmann::json& json) const override {
    return HighCardState::from_json(*this, json);
  }

 private:
  GameInfo info_;
};

using HiddenHighCardGame = HighCardGame<false>;
using HiddenHighCardEvalGame = HighCardGame<true>;

}  // namespace

RISE_REGISTER_GAME(HiddenHighCardGame);
RISE_REGISTER_GAME(HiddenHighCardEvalGame);

}  // namespace rise::testgame
