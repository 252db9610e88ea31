// Playing a card, its resolution and every keyword; objets; infusions (Rules RRD-5.3..RRD-5.7,
// RRD-5.10, RRD-7.*, RRD-8.*, RRD-9.*, RRD-11.*).
#include <algorithm>

#include "raise-rise-die/state.h"
#include "rise/core/error.h"

namespace rise::rrd {

namespace {

constexpr int kMarkerCap = 99;
constexpr int kSlotValueCap = 9999;

int capped_add(int value, int x, int cap) { return std::min(cap, value + x); }

}  // namespace

// Rules RRD-5.3, RRD-11.7, RRD-11.15: cost plus Sonné, nothing under Enchaînement.
int RrdState::cost_now(int p, int id) const {
  const CardDef& c = card_of(id);
  const int chain = c.enchainement();
  if (chain > 0 && cards_played_ + 1 >= chain) return 0;
  return c.cost + players_[static_cast<size_t>(p)].sonne;
}

// Interpretation RRD-8.4: the passive +x Dégâts / Percer of p's infused cards.
int RrdState::passive(int p, Kw kw) const {
  int total = 0;
  for (int16_t id : players_[static_cast<size_t>(p)].infusion) {
    if (id >= 0) total += kw_sum(card_of(id).infusion, kw);
  }
  return total;
}

// Rule RRD-8.3: a card on a body slot, played successfully this pass, neither transcended nor
// a counter, with an effet d'infusion, whose owner has a free infusion slot.
bool RrdState::qualifies(int id) const {
  const Obj& o = objs_[static_cast<size_t>(id)];
  if (o.where != Where::kBody || o.countered || o.transcended || o.counter) return false;
  if (!card_of(id).has_infusion()) return false;
  const auto& slots = players_[o.owner].infusion;
  return std::find(slots.begin(), slots.end(), static_cast<int16_t>(-1)) != slots.end();
}

// Rules RRD-5.3..RRD-5.7, RRD-7.2, RRD-11.15, RRD-11.16: p pays and puts the card on `slot`;
// a counter resolves at once against the countered card; a card played in a counter window
// or under Torpeur resolves at once; any other card opens the opponent's counter window.
void RrdState::play(int p, int id, Slot slot, bool transcend, bool as_counter) {
  Player& pl = players_[static_cast<size_t>(p)];
  const CardDef& c = card_of(id);
  pl.reserve = static_cast<int16_t>(pl.reserve - cost_now(p, id));
  pl.sonne = 0;
  const bool protected_by_torpeur = pl.torpeur;
  pl.torpeur = false;
  ++cards_played_;
  move(id, Where::kBody, static_cast<int>(slot));
  Obj& o = objs_[static_cast<size_t>(id)];
  o.transcended = transcend;
  o.counter = as_counter;
  log(kEvPlay, p, id, static_cast<int>(slot), (transcend ? 1 : 0) | (as_counter ? 2 : 0));
  if (transcend) lose_pv(p, c.cost);  // Rule RRD-7.2, Interpretation RRD-7.6
  if (as_counter) {
    const Window w = window_;
    window_ = Window{};
    objs_[static_cast<size_t>(w.card)].countered = true;
    log(kEvCountered, w.player, w.card, id);
    if (objs_[static_cast<size_t>(w.card)].transcended) {  // Rule RRD-7.4
      move(w.card, Where::kNeant);
      log(kEvNeant, w.player, w.card);
    }
    resolve(id);
    after_turn_card(w.player, w.card);
    return;
  }
  if (window_.open) {  // Interpretation RRD-5.7: no window in a window
    resolve(id);
    return;
  }
  if (protected_by_torpeur) {  // Rule RRD-11.16
    resolve(id);
    after_turn_card(p, id);
    return;
  }
  window_ = Window{true, static_cast<int16_t>(id), static_cast<uint8_t>(p), static_cast<int8_t>(slot)};
}

// Rule RRD-5.1, Interpretation RRD-5.12: once its card is done, a normale or objet ends its
// player's turn and breaks its run of passes; an instantanée leaves the turn as it was.
void RrdState::after_turn_card(int p, int id) {
  if (card_of(id).kind == Kind::kInstantanee) return;
  players_[static_cast<size_t>(p)].passed_last = false;
  turn_player_ = 1 - p;
}

// Rules RRD-5.10, RRD-7.3..RRD-7.5, RRD-9.2: a card that was not countered takes effect: an
// objet enters a free object slot engaged; any other card (or a transcended objet) applies its
// effet (on an optimal slot) and its transcendance bonus; a transcended card then goes to the
// Néant.
void RrdState::resolve(int id) {
  Obj& o = objs_[static_cast<size_t>(id)];
  const CardDef& c = card_of(id);
  const int p = o.owner;
  const auto slot = static_cast<Slot>(o.slot);
  if (c.kind == Kind::kObjet && !o.transcended) {
    const auto& slots = players_[static_cast<size_t>(p)].objets;
    auto free = std::find(slots.begin(), slots.end(), static_cast<int16_t>(-1));
    RISE_CHECK(free != slots.end(), "raise-rise-die: an objet resolved with no free object slot");
    move(id, Where::kObjet, static_cast<int>(free - slots.begin()));
    objs_[static_cast<size_t>(id)].engaged = true;
    return;
  }
  const bool transcended = o.transcended;
  apply_effect(p, id, c.effet, slot, c.optimal(slot), transcended);
  if (transcended) {
    move(id, Where::kNeant);
    log(kEvNeant, p, id);
  }
}

// Rules RRD-11.1..RRD-11.17: `effect` (when `optimal`) and, when `transcended`, the card's
// transcendance bonus, as one effect (Interpretation RRD-7.7), applied 1 + Frénésie times:
// every automatic keyword in order, the choices queued (RRD-5.10). An infused card's own
// +x Dégâts and Percer are already among p's passives (its upkeep, RRD-8.4).
void RrdState::apply_effect(int p, int id, const Effect& effect, Slot slot, bool optimal, bool transcended) {
  const CardDef& c = card_of(id);
  const Effect* parts[2] = {optimal ? &effect : nullptr, transcended ? &c.transcendance : nullptr};
  const bool infused = objs_[static_cast<size_t>(id)].where == Where::kInfusion;
  int amplitude = 0;
  int plus = passive(p, Kw::kDegatsPlus);
  int percer = passive(p, Kw::kPercer);
  int frenesie = 0;
  for (const Effect* part : parts) {
    if (part == nullptr) continue;
    amplitude += kw_sum(*part, Kw::kAmplitude);
    frenesie += kw_sum(*part, Kw::kFrenesie);
    if (!infused) {
      plus += kw_sum(*part, Kw::kDegatsPlus);
      percer += kw_sum(*part, Kw::kPercer);
    }
  }
  // Rule RRD-11.1: the slots the slot effects reach, in order; past `jambes` a transcended
  // card's lost applications fall on the slot played.
  const int first = static_cast<int>(slot);
  const int reach = std::max(1, amplitude);
  const int last = std::min(kBodySlots - 1, first + reach - 1);
  const int extra = transcended ? first + reach - 1 - last : 0;
  auto for_each_slot = [&](auto&& fn) {
    for (int s = first; s <= last; ++s) fn(static_cast<Slot>(s));
    for (int k = 0; k < extra; ++k) fn(slot);
  };
  const int opp = 1 - p;
  Player& me = players_[static_cast<size_t>(p)];
  Player& them = players_[static_cast<size_t>(opp)];
  for (int rep = 0; rep <= frenesie; ++rep) {  // Rule RRD-11.8
    for (const Effect* part : parts) {
      if (part == nullptr) continue;
      for (const KwValue& k : *part) {
        const int x = k.x;
        switch (k.kw) {
          case Kw::kDegats:  // Rules RRD-3.3, RRD-11.4, RRD-11.10
            for_each_slot([&](Slot s) { hit(p, opp, s, x + plus, percer); });
            break;
          case Kw::kBloque:  // Rule RRD-11.2
            for_each_slot([&](Slot s) {
              auto& b = me.bloque[static_cast<size_t>(s)];
              b = static_cast<int16_t>(capped_add(b, x, kSlotValueCap));
              log(kEvBloque, p, static_cast<int>(s), x);
            });
            break;
          case Kw::kPointFaible:  // Rule RRD-11.17
            for_each_slot([&](Slot s) {
              auto& f = them.point_faible[static_cast<size_t>(s)];
              f = static_cast<int16_t>(capped_add(f, x, kSlotValueCap));
              log(kEvPointFaible, opp, static_cast<int>(s), x);
            });
            break;
          case Kw::kBrulez: burn(opp, x); break;          // Rule RRD-11.3
          case Kw::kDestructeur: lose_pv(opp, x); break;  // Rule RRD-11.5
          case Kw::kPioche: draw(p, x); break;            // Rule RRD-11.11
          case Kw::kPoison:                               // Rule RRD-11.12
            them.poison = static_cast<int8_t>(capped_add(them.poison, x, kMarkerCap));
            log(kEvPoison, opp, x, them.poison);
            break;
          case Kw::kSaignement:  // Rule RRD-11.14
            them.saignement = static_cast<int8_t>(capped_add(them.saignement, x, kMarkerCap));
            log(kEvSaignement, opp, x, them.saignement);
            break;
          case Kw::kSonne:  // Rule RRD-11.15
            them.sonne = static_cast<int8_t>(capped_add(them.sonne, x, kMarkerCap));
            log(kEvSonne, opp, x);
            break;
          case Kw::kTorpeur:  // Rule RRD-11.16
            me.torpeur = true;
            log(kEvTorpeur, p);
            break;
          case Kw::kOubli:  // Rule RRD-11.9
            choices_.push_back(Choice{ChoiceKind::kOubli, static_cast<uint8_t>(opp), static_cast<int16_t>(x)});
            break;
          case Kw::kEchangez:  // Rule RRD-11.6
            choices_.push_back(Choice{ChoiceKind::kEchange, static_cast<uint8_t>(p), static_cast<int16_t>(x)});
            break;
          case Kw::kRecherche:  // Rule RRD-11.13
            choices_.push_back(Choice{ChoiceKind::kRecherche, static_cast<uint8_t>(p), static_cast<int16_t>(x)});
            break;
          case Kw::kAmplitude:  // modifiers, read above (RRD-11.1, 11.4, 11.7, 11.8, 11.10)
          case Kw::kDegatsPlus:
          case Kw::kEnchainement:
          case Kw::kFrenesie:
          case Kw::kPercer: break;
        }
      }
    }
  }
}

// Rule RRD-9.4: the objet engages and its effet applies on `slot`; not a played card.
void RrdState::activate(int p, int id, Slot slot) {
  objs_[static_cast<size_t>(id)].engaged = true;
  log(kEvActivate, p, id, static_cast<int>(slot));
  apply_effect(p, id, card_of(id).effet, slot, true, false);
}

// Interpretation RRD-8.4: each infused card whose effet d'infusion has more than passives
// applies it as if played on its first optimal slot; a defeat stops the rest.
void RrdState::upkeep(int p) {
  for (int k = 0; k < kInfusionSlots; ++k) {
    const int id = players_[static_cast<size_t>(p)].infusion[static_cast<size_t>(k)];
    if (id < 0) continue;
    const CardDef& c = card_of(id);
    const bool active = std::any_of(c.infusion.begin(), c.infusion.end(),
                                    [](const KwValue& kv) { return kv.kw != Kw::kDegatsPlus && kv.kw != Kw::kPercer; });
    if (!active) continue;
    int first = 0;
    while (first < kBodySlots - 1 && !c.optimal(static_cast<Slot>(first))) ++first;
    log(kEvUpkeep, p, id);
    apply_effect(p, id, c.infusion, static_cast<Slot>(first), true, false);
    check_over();
    if (phase_ == Phase::kOver) return;
  }
}

}  // namespace rise::rrd
