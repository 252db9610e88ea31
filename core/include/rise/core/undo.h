// The one rule of undo, for the terminal (`rise play`) and the server (POST .../undo): an
// action may be taken back only if it showed no human seat anything it could not know before
// it — no card drawn, looked at or played from a hidden zone, no coin, die or shuffle — so
// that taking it back never lets a player decide again with more than it had (issue 38;
// docs/play.md and docs/server.md, "Undo").
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "rise/core/state.h"

namespace rise {

// Whether applying `action` to `before` shows `seat` something it could not predict: judged
// by difference, as the leak tests judge a view. `before` is re-dealt for `seat`
// (resample_hidden from fixed seeds: the hidden cards, the library orders and the Rng state),
// the action is applied to each re-deal, and `seat`'s observation_json afterwards must be
// byte-equal to the true one's. An action illegal in a re-deal (a card of another seat's hand
// that is another card there) reveals by definition. Always false in a game of perfect
// information without chance (rise-hex: resample_hidden is a clone). `action` must be legal
// in `before`; `seat` a seat of the game. Re-deals from kUndoSamples seeds: a draw from a
// library of two or more cards different is missed with probability at most 2^-kUndoSamples.
bool action_reveals(const State& before, Action action, PlayerId seat);
inline constexpr int kUndoSamples = 12;

// Why taking back `actions` (applied in order from `from`) is refused, or nullopt when none
// of them reveals anything to any of `humans`: "'<describe_action for `asker`>' showed you
// (or: seat N) what could not be seen before it (a card or a chance outcome), and an undo
// never takes that back", naming the first such action, and `asker` when it saw something
// itself. The text depends only on what `asker` may see.
std::optional<std::string> undo_refusal(const State& from, const std::vector<Action>& actions,
                                        const std::vector<PlayerId>& humans, PlayerId asker);

}  // namespace rise
