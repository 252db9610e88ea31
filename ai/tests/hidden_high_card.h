// "hidden-high-card": a tiny hidden-information game, registered only in the ai test
// binaries (ai_test, ai_strength_test), to test information-set search before the real card
// games exist.
//
// Rules. Twenty cards valued 1..20 are shuffled (from the game's seed); each of the two
// players is dealt 4, 2 are set aside face down for the whole game, and the other 10 form
// a face-down deck. Nine tricks are played: the leader (seat 0 for the first trick, then
// the winner of the last trick) plays a card face up, the other player answers with one
// card, and the higher card wins the trick and scores the sum of both cards. Then the
// winner, then the loser, draws a card from the deck while it has any. The higher total
// wins (equal totals: a draw). Action id = card value, notation "play N".
//
// Hidden information: a seat sees its own hand, every card played, the number of cards in
// the other hand and in the deck — never the other hand, the deck order or the cards set
// aside (so the other hand stays uncertain to the end). resample_hidden(p) re-deals the
// cards p has not seen (sorted, then shuffled) into the other hand, the deck and the
// set-aside cards.
//
// Two variants are registered: "hidden-high-card" (no evaluation: searches play to the
// end) and "hidden-high-card-eval" (has_evaluation: score difference / 210).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "rise/core/game.h"
#include "rise/core/state.h"

namespace rise::testgame {

inline constexpr int kCards = 20;  // card values 1..kCards
inline constexpr int kHandSize = 4;
inline constexpr int kSetAside = 2;
inline constexpr int kActions = kCards - kSetAside;  // cards played in a whole game

class HighCardState final : public State {
 public:
  HighCardState(const Game& game, uint64_t seed);
  // An empty state, filled by from_json / resample_hidden.
  explicit HighCardState(const Game& game) : State(game) {}

  // Reads to_json(); throws InputError naming the field for anything inconsistent.
  static std::unique_ptr<HighCardState> from_json(const Game& game, const nlohmann::json& json);

  int num_players() const override { return 2; }
  PlayerId current_player() const override;
  void legal_actions(std::vector<Action>& out) const override;
  bool is_terminal() const override;
  std::vector<double> returns() const override;
  std::unique_ptr<State> clone() const override;
  std::string action_to_string(Action action) const override;
  Action string_to_action(std::string_view text) const override;
  nlohmann::json to_json() const override;
  nlohmann::json observation_json(PlayerId player) const override;
  std::string render_text(PlayerId viewer, bool color) const override;
  int turn_number() const override { return static_cast<int>(played_.size()); }
  double evaluate(PlayerId player) const override;
  std::unique_ptr<State> resample_hidden(PlayerId observer, Rng& rng) const override;

  // Test hook: while set, every method that reveals hidden information (clone, to_json,
  // observation_json, render_text, returns, evaluate, applying an action) increments
  // *spy. resample_hidden does not count and returns a state without the hook: a search
  // that only uses resample_hidden leaves *spy at 0.
  void set_spy(int* spy) { spy_ = spy; }

 protected:
  void do_apply_action(Action action) override;

 private:
  void touch() const {
    if (spy_ != nullptr) ++*spy_;
  }
  bool holds(int seat, int card) const { return (hands_[seat] >> card) & 1u; }
  int hand_size(int seat) const;

  uint32_t hands_[2] = {0, 0};  // bit v set: card v in the hand
  std::vector<int> deck_;       // top first
  std::vector<int> set_aside_;  // never played; sorted
  std::vector<int> played_;     // every card played, in order
  int table_ = 0;               // the led card waiting for an answer, 0 if none
  int to_move_ = 0;
  int points_[2] = {0, 0};
  int* spy_ = nullptr;
};

}  // namespace rise::testgame
