#include "rise/lab/omniscient_players.h"

#include "rise/ai/player.h"
#include "rise/core/error.h"

namespace rise::lab {
namespace {

// "greedy", "greedy and mcts", "greedy, mcts and mcts:iters=9".
std::string listed(const std::vector<std::string>& specs) {
  std::string out;
  for (size_t i = 0; i < specs.size(); ++i) {
    out += (i == 0 ? "" : i + 1 == specs.size() ? " and " : ", ") + specs[i];
  }
  return out;
}

// "greedy reads hidden information (it searches the true state, hidden cards included)".
std::string reading_clause(const std::vector<std::string>& omniscient) {
  const bool one = omniscient.size() == 1;
  return listed(omniscient) + (one ? " reads" : " read") + " hidden information (" + (one ? "it searches" : "they search") +
         " the true state, hidden cards included)";
}

}  // namespace

std::string lab_default_player(const GameInfo& info) { return ai::default_player_spec(info, kLabDefaultIterations); }

std::string lab_default_player_help() {
  return "ismcts:iters=" + std::to_string(kLabDefaultIterations) + ", with net=default where the game ships a network";
}

std::string omniscient_note(const std::vector<std::string>& omniscient) {
  if (omniscient.empty()) return "";
  return "note: " + reading_clause(omniscient) + ": " + (omniscient.size() == 1 ? "its" : "their") +
         " results overstate what a player could do; use ismcts for an honest player\n";
}

std::string omniscient_play_note(const std::vector<std::string>& omniscient) {
  if (omniscient.empty()) return "";
  return "note: " + reading_clause(omniscient) + "\n";
}

void refuse_omniscient(const std::vector<std::string>& omniscient, const std::string& game) {
  if (omniscient.empty()) return;
  throw InputError("--players: " + reading_clause(omniscient) + " in " + game +
                   ", so the lab's verdicts would overstate what a deck or a card could do; use an honest "
                   "player (ismcts, random) or give --allow-omniscient");
}

}  // namespace rise::lab
