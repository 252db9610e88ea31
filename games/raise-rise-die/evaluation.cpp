// The heuristic of raise-rise-die for greedy play and search leaves (docs/ai.md, "The
// raise-rise-die evaluation"): each side's PV, the cards that will come back as Top Souls,
// its hand, réserve, infusions and objects, and the markers it carries, squashed to
// (-1, 1). It reads only public facts and counts (hand size, not hand contents), so the
// real state and a determinization (resample_hidden) score the same. No allocation.
#include <algorithm>
#include <array>
#include <cmath>

#include "raise-rise-die/state.h"
#include "rise/core/score_parts.h"

namespace rise::rrd {
namespace eval_parts {
namespace {

// 1 + 2 + ... + n: what n markers cost in all, one less each time (Rules RRD-11.12,
// RRD-11.14: n, then n - 1, ... until none is left).
int triangle(int n) { return n * (n + 1) / 2; }

// The damage a card deals when it resolves: (Dégâts + Dégâts bonus) on each of its Amplitude
// slots, 1 + Frénésie times (Rules RRD-11.1, RRD-11.4, RRD-11.8). An estimate: Bloque,
// Point faible and slots past `jambes` are left out.
double pending_damage(const CardDef& card, bool transcended) {
  int per_hit = kw_sum(card.effet, Kw::kDegats) + kw_sum(card.effet, Kw::kDegatsPlus);
  if (transcended) per_hit += kw_sum(card.transcendance, Kw::kDegats) + kw_sum(card.transcendance, Kw::kDegatsPlus);
  if (per_hit <= 0) return 0.0;
  const int slots = std::max(1, kw_sum(card.effet, Kw::kAmplitude));
  const int times = 1 + kw_sum(card.effet, Kw::kFrenesie);
  return static_cast<double>(per_hit * slots * times);
}

// The parts of a side's score (RrdState::evaluation_terms), in the rulebook's words.
enum Part : size_t {
  kPv, kSaignement, kDeck, kTopMark, kHand, kReserve, kInfusions, kObjets, kPoison, kSonne, kTorpeur, kWindow, kParts
};
constexpr std::array<const char*, kParts> kPartNames = {
    "PV", "Saignement", "deck and défausse", "marks on the Top Soul", "hand", "réserve", "infusions",
    "objets", "Poison", "Sonné", "Torpeur", "the card in its counter window"};

// The score of seat p, in PV-like points.
double side_score(const RrdState& s, int p, ScoreParts<kParts> score = {}) {
  const Player& pl = s.player(p);
  // PV: at 0 the player loses (Rule RRD-1.1). One point each.
  score.add(kPv, std::max<int>(0, pl.pv));
  // Saignement: n markers take n + (n-1) + ... PV over the coming consolidations, for sure
  // (Rule RRD-11.14), so they count as PV already lost.
  score.add(kSaignement, -triangle(pl.saignement));
  // The deck is long-term life: damage is absorbed by Top Souls, and a player hit with no
  // card left loses (Rule RRD-1.2). The discard pile and the cards on the body slots go
  // back under the deck at consolidation (Rule RRD-6.3), so they count too; cards lost to
  // the Néant (Brûlez, Transcendance) do not. Saturating: the first cards matter most.
  int deck = static_cast<int>(pl.deck.size() + pl.discard.size());
  for (const auto& slot : pl.body) deck += static_cast<int>(slot.size());
  score.add(kDeck, 10.0 * deck / (deck + 8.0));
  // Damage marked on the Top Soul brings its elimination (a PV loss) closer (RRD-10.3):
  // within the pass each marked point is a point of the next PV loss already dealt, so it
  // weighs as much as a PV (the marks vanish at consolidation, which a search sees).
  score.add(kTopMark, -(1.0 * pl.top_mark));
  // Cards in hand: plays, counters and VA to sacrifice (Rule RRD-5.2). Counted, not read.
  // A card is worth less than the damage it deals once played (about 2), so that one-ply
  // greedy play sacrifices and plays instead of passing every turn.
  score.add(kHand, 0.8 * static_cast<double>(pl.hand.size()));
  // The réserve pays for cards this Affrontement only: it empties at consolidation
  // (Rule RRD-6.5), so a VA in it weighs a little more than half a card, and nothing outside
  // the Affrontement.
  if (s.phase() == Phase::kAffrontement) score.add(kReserve, 0.45 * pl.reserve);
  // Infusions are passive effects for the rest of the duel (Interpretation RRD-8.1).
  for (int16_t id : pl.infusion) score.add(kInfusions, id >= 0 ? 3.0 : 0.0);
  // Objects are played once and activated every pass (Rule RRD-9.4); a disengaged one can
  // act now.
  for (int16_t id : pl.objets) {
    if (id >= 0) score.add(kObjets, s.obj(id).engaged ? 2.0 : 2.5);
  }
  // Poison: n markers make the player discard n VA, then n - 1, ... (Rule RRD-11.12); a
  // card in hand (0.8) is worth about 2 to 3 VA, so 0.3 per VA.
  score.add(kPoison, -(0.3 * triangle(pl.poison)));
  // Sonné makes the next card dearer (RRD-11.15); Torpeur makes it uncounterable (RRD-11.16).
  score.add(kSonne, -(0.4 * pl.sonne));
  if (pl.torpeur) score.add(kTorpeur, 0.5);
  // A card waiting in its counter window (Rule RRD-5.6) has been paid for but has not hit
  // yet: count the damage it will deal if it is let through, as marks on the opponent's Top
  // Soul (1 each, as above), so that playing a card does not look like a pure loss.
  const Window& w = s.window();
  if (w.open && w.player == p) score.add(kWindow, pending_damage(s.card_of(w.card), s.obj(w.card).transcended));
  return score.total;
}

}  // namespace
}  // namespace eval_parts

double RrdState::evaluate(PlayerId player) const {
  using namespace eval_parts;
  // A finished duel is exact: +1 won, -1 lost, 0 drawn (Rules RRD-1.1..RRD-1.4).
  if (phase_ == Phase::kOver) return winner_ < 0 ? 0.0 : winner_ == player ? 1.0 : -1.0;
  // The difference is scaled by the starting PV, so that losing a tenth of one's PV weighs
  // the same whatever the characters: 40% of the mean starting PV gives tanh(1) ~ 0.76.
  const double scale = std::max(4.0, 0.4 * (players_[0].pv_start + players_[1].pv_start) / 2.0);
  return std::tanh((side_score(*this, player) - side_score(*this, 1 - player)) / scale);
}

std::vector<EvaluationTerm> RrdState::evaluation_terms(PlayerId player) const {
  using namespace eval_parts;
  if (phase_ == Phase::kOver) return {};
  return term_differences(kPartNames, [&](int p, ScoreParts<kParts> parts) { return side_score(*this, p, parts); },
                          player, 1 - player);
}

}  // namespace rise::rrd
