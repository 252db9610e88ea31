// The heuristic of rise-tcg for greedy play and search leaves (docs/ai.md): material and
// life of each side, squashed to [-1, 1].
#include <algorithm>
#include <array>
#include <cmath>

#include "rise-tcg/state.h"
#include "rise/core/score_parts.h"

namespace rise::tcg {

namespace eval_parts {
namespace {

// The parts of a seat's score (TcgState::evaluation_terms), in words.
enum Part : size_t { kOut, kSummoners, kLevels, kCreatures, kConstants, kHand, kStock, kEther, kParts };
constexpr std::array<const char*, kParts> kPartNames = {
    "out of the game", "Summoners' HP", "Summoner levels", "Creatures and Doors",
    "other Constants", "hand", "Stock", "Ether"};

// Score of one seat: Summoner HP (x1, +8 per living Summoner), board (attack + defense of
// its Creatures/Doors, 1.5 per other Constant), hand (1.2 per card), levels (2 each),
// Stock (0.25 per Coin) and Ether (0.5). The evaluation is the seat's score minus the best
// opponent's, through tanh(diff / 25).
double side_score(const TcgState& s, int p, ScoreParts<kParts> score = {}) {
  const Player& pl = s.player(p);
  if (pl.out) {
    score.add(kOut, -100.0);
    return score.total;
  }
  for (int slot = 0; slot < 2; ++slot) {
    const Summoner& sm = pl.summoners[static_cast<size_t>(slot)];
    if (!sm.alive) continue;
    score.total += 8.0 + sm.hp + 2.0 * (sm.level - 1);
    score.note(kSummoners, 8.0 + sm.hp);
    score.note(kLevels, 2.0 * (sm.level - 1));
  }
  for (int16_t id : s.battlefield()) {
    const Obj& o = s.obj(id);
    if (o.controller != p) continue;
    const CardDef& card = s.cards().card(o.def);
    if (card.is(cardgame::kCreature | cardgame::kDoor)) {
      score.add(kCreatures, 1.0 + s.attack_of(id) + 0.7 * std::max(0, s.defense_of(id) - o.damage));
    } else {
      score.add(kConstants, 1.5);
    }
  }
  score.add(kHand, 1.2 * static_cast<double>(pl.hand.size()));
  score.total += 0.25 * pl.coins + 0.5 * pl.ether;
  score.note(kStock, 0.25 * pl.coins);
  score.note(kEther, 0.5 * pl.ether);
  return score.total;
}

// The other seat with the best score (the lowest seat among equals), -1 alone.
int best_other(const TcgState& s, int player) {
  int best = -1;
  double best_score = -1e9;
  for (int p = 0; p < s.sides(); ++p) {
    if (p == player) continue;
    const double score = side_score(s, p);
    if (best < 0 || score > best_score) best = p, best_score = score;
  }
  return best;
}

}  // namespace
}  // namespace eval_parts

double TcgState::evaluate(PlayerId player) const {
  using namespace eval_parts;
  if (phase_ == Phase::kGameOver) return returns()[static_cast<size_t>(player)];  // -1/(n-1) for a loser
  double mine = side_score(*this, player);
  double best_other = -1e9;
  for (int p = 0; p < sides(); ++p) {
    if (p != player) best_other = std::max(best_other, side_score(*this, p));
  }
  return std::tanh((mine - best_other) / 25.0);
}

std::vector<EvaluationTerm> TcgState::evaluation_terms(PlayerId player) const {
  using namespace eval_parts;
  if (phase_ == Phase::kGameOver) return {};
  return term_differences(kPartNames, [&](int p, ScoreParts<kParts> parts) { return side_score(*this, p, parts); },
                          player, best_other(*this, player));
}

}  // namespace rise::tcg
