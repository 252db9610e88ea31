// Forced chance outcomes (issue 19; docs/formats.md, "Forced chance"): a scenario or a test
// lists the outcomes of the state's next chance events in order — coin tosses, die rolls,
// random picks, shuffles — and the state's Rng gives those instead of drawing them. This is
// the strict mode of card-engine test suites: an outcome of the wrong kind for the event
// that comes, or one left unused at the end, is an error naming the outcome.
//
// Forced outcomes belong to one state object, not to the game: they are not in to_json(),
// and clone() or resample_hidden() copies draw from their Rng as usual (a search or a hint
// never sees or uses them up).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "rise/core/error.h"

namespace rise {

// A forced outcome that does not fit the chance event the game draws, or one left unused:
// an InputError whose message starts "forced chance N {...}".
class ForcedChanceError : public InputError {
 public:
  using InputError::InputError;
};

// One listed outcome. JSON (one key): {"coin": "success"|"fail"}, {"d6": 1..6} (any "dN",
// N in [2, 100]), {"pick": K} (the K-th, from 0, of a random choice among n, K < n), or
// {"shuffle": ["card", ...]} (after the shuffle these cards are on top, the first named
// the topmost). The value "random" in any of them lets the Rng draw that event.
struct ForcedOutcome {
  enum class Kind : uint8_t { kCoin, kDie, kPick, kShuffle };
  Kind kind = Kind::kCoin;
  bool random = false;            // "random": the Rng draws it
  int sides = 0;                  // kDie: the die's faces
  int value = 0;                  // kCoin: 1 success, 0 fail; kDie: the face; kPick: the index
  std::vector<std::string> top;   // kShuffle: card names from the top down
  std::string text;               // as written (compact JSON), for messages
};

// The list of outcomes a state consumes in order. Not thread-safe: one state's.
class ForcedChance {
 public:
  // Reads a JSON array of outcomes (above). Throws InputError naming `where`, the entry's
  // index and why (unknown kind, a face outside the die, a negative pick, ...).
  static std::shared_ptr<ForcedChance> parse(const nlohmann::json& list, const std::string& where);

  explicit ForcedChance(std::vector<ForcedOutcome> outcomes) : outcomes_(std::move(outcomes)) {}

  // The next outcome if one is left, checked against the event the game draws (`kind`,
  // with `sides` for a die and `bound` for a pick): nullptr when none is left (the Rng
  // draws). Throws ForcedChanceError "forced chance N {…}: the game ..." when the outcome is of
  // another kind, another die, or a pick at or beyond `bound`. A "random" outcome is
  // consumed and returned (the caller draws).
  const ForcedOutcome* take(ForcedOutcome::Kind kind, int sides = 0, uint64_t bound = 0);

  // How many outcomes were listed, and how many are used up.
  size_t size() const { return outcomes_.size(); }
  size_t used() const { return next_; }

  // Throws ForcedChanceError "forced chance N {…} was not used: ..." when outcomes are left.
  void check_all_used() const;

  // The error for a shuffle whose forced top card `name` is not among the shuffled ones.
  [[noreturn]] void missing_card(const std::string& name) const;

  // While a Scope lives, every Rng seeded on this thread takes `chance` (for the opening
  // shuffles and rolls that a state's constructor draws: Game::new_initial_state inside it).
  class Scope {
   public:
    explicit Scope(std::shared_ptr<ForcedChance> chance);
    ~Scope();
    Scope(const Scope&) = delete;
    Scope& operator=(const Scope&) = delete;

   private:
    std::shared_ptr<ForcedChance> previous_;
  };
  // The chance of the innermost live Scope of this thread, or null.
  static const std::shared_ptr<ForcedChance>& current();

 private:
  std::string label(size_t index) const;
  std::vector<ForcedOutcome> outcomes_;
  size_t next_ = 0;
};

}  // namespace rise
