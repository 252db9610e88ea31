// LoadErrors: every mistake of a data folder at once (issue 36), for the card loaders of the
// card games (rise-tcg's card_loader.cpp, games/dark-legacy and games/raise-rise-die): a
// loader keeps going after a card it cannot read, and reports all it found in one error.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "rise/core/error.h"

namespace rise::cardgame {

class LoadErrors {
 public:
  // At most this many mistakes are written out; the rest are counted.
  static constexpr size_t kShown = 20;

  // Runs `load()`; an InputError it throws is kept (add) and loading goes on. Returns whether
  // `load` finished without one. Other exceptions pass through.
  template <class Load>
  bool attempt(Load&& load) {
    try {
      load();
      return true;
    } catch (const InputError& e) {
      add(e.what());
      return false;
    }
  }

  // Keeps one mistake's message (a message already kept is not kept twice).
  void add(std::string message);

  bool empty() const { return messages_.empty(); }
  size_t size() const { return messages_.size(); }

  // Throws InputError when a mistake was kept: one alone is thrown as it is; several as
  // "N mistakes in WHAT (each on its own line below):" then one per line, in the order found,
  // the first kShown of them, then "... and K more (fix these and load again)". E.g. WHAT
  // "the cards of data/rise-tcg/cards".
  void throw_if_any(const std::string& what) const;

 private:
  std::vector<std::string> messages_;
};

}  // namespace rise::cardgame
