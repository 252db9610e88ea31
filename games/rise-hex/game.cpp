// The rise-hex game: its description, options and registration.
#include <charconv>

#include "rise/core/error.h"
#include "rise/core/game.h"
#include "rise/core/registry.h"
#include "rise-hex/state.h"

namespace rise::hex {
namespace {

class HexGame final : public Game {
 public:
  HexGame() {
    info_.id = "rise-hex";
    info_.name = "Rise!";
    info_.rulebook = "003_33f8266097be372d.txt";
    info_.min_players = 2;
    info_.max_players = 2;
    info_.perfect_information = true;
    info_.deterministic = true;
    info_.has_evaluation = true;
    info_.options.push_back({"turn_limit", std::to_string(kDefaultTurnLimit),
                             "turns (one player's two actions each) after which an unfinished game "
                             "is a draw, 1..60000 (Interpretation HEX-I5)",
                             {}});
    label_option(info_, "turn_limit", "Turn limit");
  }

  const GameInfo& info() const override { return info_; }

  std::unique_ptr<State> new_initial_state(uint64_t /*seed: rise-hex has no randomness*/,
                                           const Options& options, int num_players) const override {
    return std::make_unique<HexState>(*this, turn_limit(options, num_players));
  }

  // 1,381 dense actions and 28 planes over the 60 tile slots, whatever the options
  // (docs/learning.md); they are still checked.
  LearningSpec learning_spec(const Options& options, int num_players) const override {
    turn_limit(options, num_players);
    static const ObservationBounds bounds = observation_bounds();
    return LearningSpec{kDenseActions, {kObservationPlanes, kMaxTiles}, 1, bounds};
  }

  std::unique_ptr<State> state_from_json(const nlohmann::json& json) const override {
    return HexState::from_json(*this, json);
  }

 private:
  // The option turn_limit of `options` (Interpretation HEX-I5). Throws InputError unless
  // num_players is 2 and the options are valid.
  int turn_limit(const Options& options, int num_players) const {
    Options resolved = resolve_options(options);
    check_seats(info_, resolved, num_players);
    return int_option(resolved, "turn_limit", 1, 60000);
  }

  GameInfo info_;
};

}  // namespace

RISE_REGISTER_GAME(HexGame);

}  // namespace rise::hex
