// The learning interface of raise-rise-die (docs/learning.md): dense action indices built
// from the positions the mover sees (docs/notation.md, "raise-rise-die dense action
// indices") and the observation tensor (docs/formats.md, "raise-rise-die observation
// tensor"). A player owns at most kMaxPv cards (Interpretation RRD-12.4), so every hand,
// discard and body position is below kMaxPv.
#include <algorithm>
#include <string>

#include "raise-rise-die/state.h"
#include "rise/core/error.h"
#include "rise/core/observation_bounds.h"
#include "rise/core/tensor_writer.h"

namespace rise::rrd {
namespace {

constexpr int kN = kMaxPv;
// The first dense index of each kind of action.
constexpr int kDensePasse = 0, kDenseLaisse = 1, kDenseFin = 2;
constexpr int kDenseSacrifie = 3;                                    // + hand position
constexpr int kDenseJoue = kDenseSacrifie + kN;                      // + hand position * 4 + slot
constexpr int kDenseTranscende = kDenseJoue + kN * kBodySlots;       // + hand position * 4 + slot
constexpr int kDenseActive = kDenseTranscende + kN * kBodySlots;     // + object slot * 4 + slot
constexpr int kDenseDefausse = kDenseActive + kObjectSlots * kBodySlots;  // + hand position
constexpr int kDenseInfuse = kDenseDefausse + kN;                    // + body position
constexpr int kDenseEchange = kDenseInfuse + kN;                     // + T(h + d) + d
constexpr int kEchangePairs = (kN - 1) * kN / 2;                     // h + d <= kN - 2
constexpr int kDenseCherche = kDenseEchange + kEchangePairs;         // + card index
static_assert(kDenseCherche + kMaxCardDefs == kDenseActions);

// The observation's layout (docs/formats.md, "raise-rise-die observation tensor").
constexpr int kBodyShown = 8;       // the last cards of each body slot shown
constexpr int kGlobals = 33;
constexpr int kRecherche = kGlobals;                     // kN recherche options
constexpr int kSides = kRecherche + kN;                  // the viewer's side, then the other
constexpr int kSideScalars = 35;
constexpr int kSideHand = kSideScalars;                  // kN x (card, known)
constexpr int kSideDiscard = kSideHand + 2 * kN;         // kN cards, bottom first
constexpr int kSideBody = kSideDiscard + kN;             // 4 slots x kBodyShown x 4
constexpr int kSideSize = kSideBody + kBodySlots * kBodyShown * 4;
static_assert(kSides + 2 * kSideSize == kObservationSize);

// The position of `id` in `zone`; below kN in every state (RRD-12.4).
int position(const std::vector<int16_t>& zone, int id) {
  const auto at = static_cast<int>(std::find(zone.begin(), zone.end(), static_cast<int16_t>(id)) - zone.begin());
  RISE_CHECK(at < kN, "raise-rise-die: a zone position past the " + std::to_string(kN) + " cards a player owns");
  return at;
}

using Writer = TensorWriter;

}  // namespace

// The hard bounds are those the state JSON accepts (json.cpp); the typical ranges are the
// magnitudes of a real duel (PV up to kMaxPv, markers and VA amounts up to 10).
ObservationBounds observation_bounds() {
  const float kCard = kMaxCardDefs;  // a card index + 1 (0: none)
  BoundsBuilder b;
  b.open(2, 0, 30000, 0, kDefaultPassLimit);  // pass, pass_limit
  b.flags(4 + 2 + 3 + 2);                     // phase, mover, first of duel / player / turn player, first passer
  b.open(1, 0, 2 * kN, 0, 10);                // cards played this pass
  b.flags(2 + 1);                             // winner, window open
  b.range(1, 0, kCard);                       // the window's card
  b.flags(1 + kBodySlots);                    // the window's player and slot
  b.open(1, 0, kMaxChoices, 0, 4);            // pending choices
  b.flags(6 + 1);                             // the front choice's kind and player
  b.open(1, 0, 999, 0, 10);                   // its amount
  b.flags(1);                                 // a seat's view
  b.range(kN, 0, kCard);                      // Recherche options
  BoundsBuilder side;
  side.open(1, -999, 999, 0, kMaxPv);         // pv
  side.open(1, 0, 999, 0, kMaxPv);            // pv_start
  side.open(1, 0, 9999, 0, 20);               // reserve
  side.open(3, 0, 99, 0, 10);                 // poison, saignement, sonne
  side.flags(2);                              // torpeur, passed_last
  side.range(5, 0, kN);                       // deck, hand, discard, Néant, public bottom
  side.range(1, 0, kCard);                    // the Top Soul
  side.range(1, 0, kMaxVa);                   // its va
  side.open(1, 0, 999, 0, 10);                // its mark
  side.open(2 * kBodySlots, 0, 9999, 0, 10);  // bloque, point_faible
  side.range(kBodySlots, 0, kN);              // cards on each body slot
  side.range(kInfusionSlots + kObjectSlots, 0, kCard);  // infusion, objets
  side.flags(kObjectSlots);                   // engaged
  side.range(1, 0, kCard);                    // the character
  BoundsBuilder hand;
  hand.range(1, 0, kCard).flags(1);
  side.repeat(kN, hand);
  side.range(kN, 0, kCard);                   // discard
  BoundsBuilder body;
  body.range(1, 0, kCard).flags(3);
  side.repeat(kBodySlots * kBodyShown, body);
  b.repeat(2, side);
  return b.done(kObservationSize);
}

int RrdState::dense_action(Action action) const {
  if (!is_legal(action)) {
    throw InputError("raise-rise-die: dense_action of '" + action_to_string(action) + "', which is not legal here");
  }
  return dense_action_of_legal(action, {});
}

int RrdState::dense_action_of_legal(Action action, std::span<const Action> /*legal*/) const {
  const Player& pl = players_[static_cast<size_t>(current_player())];
  const int a = action_a(action);
  const int b = action_b(action);
  switch (action_verb(action)) {
    case kActPasse: return kDensePasse;
    case kActLaisse: return kDenseLaisse;
    case kActFin: return kDenseFin;
    case kActSacrifie: return kDenseSacrifie + position(pl.hand, a);
    case kActJoue: return kDenseJoue + position(pl.hand, a) * kBodySlots + b;
    case kActTranscende: return kDenseTranscende + position(pl.hand, a) * kBodySlots + b;
    case kActActive: return kDenseActive + objs_[static_cast<size_t>(a)].slot * kBodySlots + b;
    case kActDefausse: return kDenseDefausse + position(pl.hand, a);
    case kActInfuse: {
      const Obj& o = objs_[static_cast<size_t>(a)];
      int before = 0;
      for (int s = 0; s < o.slot; ++s) before += static_cast<int>(pl.body[static_cast<size_t>(s)].size());
      const int at = before + position(pl.body[static_cast<size_t>(o.slot)], a);
      RISE_CHECK(at < kN, "raise-rise-die: a body position past the cards a player owns");
      return kDenseInfuse + at;
    }
    case kActEchange: {
      // Hand and discard pile hold at most kN cards together, so h + d <= kN - 2.
      const int h = position(pl.hand, a), d = position(pl.discard, b);
      return kDenseEchange + (h + d) * (h + d + 1) / 2 + d;
    }
    case kActCherche: return kDenseCherche + a;
    default: break;
  }
  throw InputError("raise-rise-die: dense_action of an unknown verb");  // is_legal refused it already
}

void RrdState::observation_tensor(PlayerId player, std::span<float> out) const {
  if (out.size() != static_cast<size_t>(kObservationSize)) {
    throw InputError("raise-rise-die: an observation tensor holds " + std::to_string(kObservationSize) +
                     " floats, not " + std::to_string(out.size()));
  }
  const bool seat = player == 0 || player == 1;
  const int me = seat ? player : 0;  // the side written first
  auto def_of = [&](int id) { return id < 0 ? 0.0 : objs_[static_cast<size_t>(id)].def + 1.0; };
  Writer w(out);
  // The public part (kGlobals).
  w.put(pass_);
  w.put(pass_limit_);
  for (int k = 0; k < 4; ++k) w.flag(static_cast<int>(phase_) == k);
  const PlayerId mover = current_player();
  w.flag(mover == me);
  w.flag(mover == 1 - me);
  w.flag(first_of_duel_ == me);
  w.flag(first_player_ == me);
  w.flag(turn_player_ == me);
  w.flag(first_passer_ == me);
  w.flag(first_passer_ == 1 - me);
  w.put(cards_played_);
  w.flag(winner_ == me);
  w.flag(winner_ == 1 - me);
  w.flag(window_.open);
  w.put(window_.open ? def_of(window_.card) : 0.0);
  w.flag(window_.open && window_.player == me);
  for (int s = 0; s < kBodySlots; ++s) w.flag(window_.open && window_.slot == s);
  w.put(static_cast<double>(choices_.size()));
  const Choice* front = choices_.empty() ? nullptr : &choices_.front();
  for (int k = 0; k < 6; ++k) w.flag(front != nullptr && static_cast<int>(front->kind) == k);
  w.flag(front != nullptr && front->player == me);
  w.put(front != nullptr ? front->amount : 0);
  w.flag(seat);
  RISE_CHECK(w.at() == static_cast<size_t>(kRecherche), "raise-rise-die: tensor layout");
  // The Recherche options the chooser sees (Rule RRD-11.13): card indices + 1, ascending.
  if (front != nullptr && front->kind == ChoiceKind::kRecherche && front->player == player) {
    const Player& pl = players_[front->player];
    std::vector<int> found;
    const size_t end = hidden_deck_range(pl).second;
    for (size_t k = 0; k < end; ++k) {
      const int def = objs_[static_cast<size_t>(pl.deck[k])].def;
      if ((*cards_)[def].va == front->amount) found.push_back(def);
    }
    std::sort(found.begin(), found.end());
    found.erase(std::unique(found.begin(), found.end()), found.end());
    found.resize(std::min(found.size(), static_cast<size_t>(kN)));
    for (int def : found) w.put(def + 1);
    w.zeros(static_cast<size_t>(kN) - found.size());
  } else {
    w.zeros(static_cast<size_t>(kN));
  }
  // The two sides, the viewer's first.
  for (int p : {me, 1 - me}) {
    const Player& pl = players_[static_cast<size_t>(p)];
    w.put(pl.pv);
    w.put(pl.pv_start);
    w.put(pl.reserve);
    w.put(pl.poison);
    w.put(pl.saignement);
    w.put(pl.sonne);
    w.flag(pl.torpeur);
    w.flag(pl.passed_last);
    w.put(static_cast<double>(pl.deck.size()));
    w.put(static_cast<double>(pl.hand.size()));
    w.put(static_cast<double>(pl.discard.size()));
    w.put(static_cast<double>(pl.neant.size()));
    w.put(static_cast<double>(hidden_deck_range(pl).first));
    const bool top = pl.top_up && !pl.deck.empty();
    w.put(top ? def_of(pl.deck.back()) : 0.0);
    w.put(top ? card_of(pl.deck.back()).va : 0);
    w.put(top ? pl.top_mark : 0);
    for (int16_t v : pl.bloque) w.put(v);
    for (int16_t v : pl.point_faible) w.put(v);
    for (const auto& body : pl.body) w.put(static_cast<double>(body.size()));
    for (int16_t id : pl.infusion) w.put(def_of(id));
    for (int16_t id : pl.objets) w.put(def_of(id));
    for (int16_t id : pl.objets) w.flag(id >= 0 && objs_[static_cast<size_t>(id)].engaged);
    w.put(pl.character + 1.0);
    // The hand: all of the viewer's own, else the cards the viewer knows, in hand order.
    size_t shown = 0;
    for (int16_t id : pl.hand) {
      const bool known = objs_[static_cast<size_t>(id)].known;
      if ((p != player && !known) || shown == static_cast<size_t>(kN)) continue;
      w.put(def_of(id));
      w.flag(known);
      ++shown;
    }
    w.zeros(2 * (static_cast<size_t>(kN) - shown));
    const size_t discard = std::min(pl.discard.size(), static_cast<size_t>(kN));
    for (size_t k = 0; k < discard; ++k) w.put(def_of(pl.discard[k]));
    w.zeros(static_cast<size_t>(kN) - discard);
    // Each body slot's last kBodyShown cards, in the order played.
    for (const auto& body : pl.body) {
      const size_t first = body.size() > static_cast<size_t>(kBodyShown) ? body.size() - kBodyShown : 0;
      for (size_t k = first; k < body.size(); ++k) {
        const Obj& o = objs_[static_cast<size_t>(body[k])];
        w.put(def_of(body[k]));
        w.flag(o.transcended);
        w.flag(o.counter);
        w.flag(o.countered);
      }
      w.zeros(4 * (static_cast<size_t>(kBodyShown) - (body.size() - first)));
    }
  }
  RISE_CHECK(w.at() == out.size(), "raise-rise-die: tensor layout");
}

}  // namespace rise::rrd
