// The rise-hex state: the board, whose turn it is, how many actions remain, and an
// action half-way through its choices (the two sacrificed workers).
#pragma once

#include <array>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "rise/core/observation_bounds.h"
#include "rise/core/state.h"
#include "rise-hex/actions.h"
#include "rise-hex/board.h"

namespace rise::hex {

// Option turn_limit's default: after this many turns without a winner the game is a draw
// (Interpretation HEX-I5).
inline constexpr int kDefaultTurnLimit = 200;

// The learning interface's sizes (docs/learning.md): 6 tile slots x 60 for tile, move and
// jump, 60 for worker, eliminate, free, sacrifice and remove-tier, 1 for pass; the
// observation is kObservationPlanes planes over the 60 tile slots.
inline constexpr int kDenseActions = 3 * kMaxTiles * kDirections + 5 * kMaxTiles + 1;  // 1381
inline constexpr int kObservationPlanes = 28;

// The range of every value of the observation tensor, plane by plane (docs/formats.md,
// "rise-hex observation tensor"): coordinates in the cell keys' [-64, 63], tiers 0..3,
// actions left 0..2, turn and turn limit up to 60,000 (normalised over the default 200).
ObservationBounds observation_bounds();

class HexState final : public State {
 public:
  // The start of a game: the 12-tile formation, red on tile 2, blue on tile 7, red to
  // act with one action (Rules HEX-2.1..2.3, HEX-3.0).
  HexState(const Game& game, int turn_limit);

  // JSON (docs/formats.md) back to a state. Throws InputError naming the field.
  static std::unique_ptr<HexState> from_json(const Game& game, const nlohmann::json& json);

  int num_players() const override { return 2; }
  PlayerId current_player() const override;
  void legal_actions(std::vector<Action>& out) const override;
  bool is_legal(Action action) const override;
  std::string explain_illegal(Action action) const override;
  bool is_terminal() const override { return result_ != Result::kOngoing; }
  std::vector<double> returns() const override;
  std::unique_ptr<State> clone() const override { return std::make_unique<HexState>(*this); }
  std::string action_to_string(Action action) const override;
  // Removing the last tier of one's own tower (Rule HEX-3.7) takes the tower off the board:
  // "remove-tier 3,0 takes the last tier off your tower on 3,0: the tower is gone".
  std::string action_warning(Action action) const override;
  Action string_to_action(std::string_view text) const override;
  nlohmann::json to_json() const override;
  nlohmann::json observation_json(PlayerId player) const override;
  std::string render_text(PlayerId viewer, bool color) const override;
  // Under the classic board's width: half cells of 4 columns instead of 5, then cut.
  std::string render_text_at_width(PlayerId viewer, bool color, size_t width) const override;
  // The action of the colour to act, or the sacrifices a declared eliminate/free awaits
  // (render.cpp): e.g. "choose two of red's workers to sacrifice for 'eliminate 1,0'".
  std::string describe_decision() const override;
  int turn_number() const override { return turn_; }
  GameEnd game_end() const override;  // Rules HEX-7.1, HEX-7.2, Interpretation HEX-I5
  double evaluate(PlayerId player) const override;
  std::vector<EvaluationTerm> evaluation_terms(PlayerId player) const override;  // evaluation.cpp

  // Learning interface (learning.cpp; docs/notation.md "rise-hex dense action indices",
  // docs/formats.md "rise-hex observation tensor"). Tiles are named by their slot: the
  // tile's index in the board's ascending cell order, 0..59.
  // The dense index of legal `action`, in [0, kDenseActions): kind base + slot (* 6 +
  // direction for tile, move and jump; a new tile by its lowest-slot neighbour and the
  // direction from it). Throws InputError when `action` is not legal.
  int dense_action(Action action) const override;

 protected:
  int dense_action_of_legal(Action action, std::span<const Action> legal) const override;

 public:
  // kObservationPlanes planes of kMaxTiles floats, one value per tile slot (0 past the
  // board); `player` only sets the viewer planes (kSpectator or a non-seat: none). Throws
  // InputError when out.size() != kObservationPlanes * kMaxTiles.
  void observation_tensor(PlayerId player, std::span<float> out) const override;

  // Read access for tests, AIs of this game and rendering.
  const Board& board() const { return board_; }
  Color to_move() const { return to_move_; }
  int actions_left() const { return actions_left_; }
  int turn_limit() const { return turn_limit_; }
  int workers(Color c) const { return board_.worker_count(c); }
  int towers(Color c) const { return board_.tower_count(c); }
  int complete_towers(Color c) const;
  // The declared eliminate/free action awaiting its sacrifices, if any.
  Kind pending_kind() const { return pending_kind_; }
  bool has_pending() const { return pending_kind_ != Kind::kPass; }
  // kOngoing, or the winner, or a draw.
  enum class Result : uint8_t { kOngoing, kRedWins, kBlueWins, kDraw };
  Result result() const { return result_; }

 protected:
  void do_apply_action(Action action) override;
  void self_check() const override;

 private:
  // The board with `half_cell` screen columns per half hex (5: the classic view).
  std::string render_board(bool color, int half_cell) const;
  HexState(const Game& game);
  // nullptr if legal, otherwise why not (names the rule).
  const char* illegal_reason(Action action) const;
  int index_of(CellKey key) const { return board_.find(key); }
  // `opened`: the tiles the action just placed or emptied (Interpretation HEX-I6).
  void finish_action(std::span<const int> opened = {});
  void start_turn();
  void tower_check();
  void found_opponent_bases(std::span<const int> opened);
  void check_winner();

  Board board_;
  uint16_t turn_ = 1;
  uint16_t turn_limit_ = kDefaultTurnLimit;
  Color to_move_ = Color::kRed;
  uint8_t actions_left_ = 1;
  Kind pending_kind_ = Kind::kPass;  // kPass: nothing pending
  CellKey pending_target_ = 0;
  int16_t pending_first_ = -1;       // key of the first sacrificed worker, -1 if none yet
  Result result_ = Result::kOngoing;
};

}  // namespace rise::hex
