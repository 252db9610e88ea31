// The learning interface of dark-legacy (docs/learning.md): dense action indices built from
// the places the mover sees (docs/notation.md, "dark-legacy dense action indices") and the
// observation tensor (docs/formats.md, "dark-legacy observation tensor"). A player owns at
// most kMaxDeckCards cards (Interpretation DL-I42), so every hand and deck position is below
// it, and every in-play place below kPlaces.
#include <algorithm>
#include <array>
#include <string>

#include "dark-legacy/state.h"
#include "rise/core/error.h"
#include "rise/core/observation_bounds.h"
#include "rise/core/tensor_writer.h"

namespace rise::dl {
namespace {

constexpr int kN = kMaxDeckCards;
// In-play places of one side: field f copy k at f * 3 + k, weapons 12..13, armor 14..15,
// then the Relics, the hero's Enhancements and the gear Enhancements, in that order.
constexpr int kFieldPlaces = kSpellFields * kMaxCopiesPerField;  // 12
constexpr int kFixedPlaces = kFieldPlaces + 4;                    // 16
constexpr int kPlaces = kFixedPlaces + kN;                        // 116
constexpr int kHeroAttacker = kFieldPlaces;                       // an attack by the hero
constexpr int kPlaceCount = kLastPlace + 1;                       // 7

// The first dense index of each kind of action.
constexpr int kDenseCastingPhase = 0, kDenseAttackPhase = 1, kDenseEndTurn = 2, kDenseAttackersDone = 3,
              kDenseBlocksDone = 4, kDensePass = 5;
constexpr int kDenseHeroAttacks = 6;                               // + weapon slot
constexpr int kDenseDefend = 8;                                    // + weapon slot
constexpr int kDenseCastCharged = 10;                              // + Place
constexpr int kDensePreEquip = kDenseCastCharged + kPlaceCount;    // + deck position; + kN: none
constexpr int kDenseCast = kDensePreEquip + kN + 1;                // + hand position * 7 + Place
constexpr int kDenseCharge = kDenseCast + kN * kPlaceCount;        // + hand position
constexpr int kDenseEquip = kDenseCharge + kN;                     // + hand position
constexpr int kDenseActivate = kDenseEquip + kN;                   // + own place
constexpr int kDenseTarget = kDenseActivate + kPlaces;             // + side * kPlaces + place; 2 * kPlaces + side: hero
constexpr int kDenseAttack = kDenseTarget + 2 * kPlaces + 2;       // + field place
constexpr int kDenseBlock = kDenseAttack + kFieldPlaces;           // + blocker * 13 + attacker (12: the hero)
static_assert(kDenseBlock + kFieldPlaces * (kFieldPlaces + 1) == kDenseActions);

// The observation's layout (docs/formats.md, "dark-legacy observation tensor").
constexpr int kGlobals = 28;
constexpr int kStackShown = 8, kStackFeatures = 3;
constexpr int kAttacksShown = kFieldPlaces + 1, kAttackFeatures = 4;
constexpr int kChoice = kGlobals + kStackShown * kStackFeatures + kAttacksShown * kAttackFeatures;
constexpr int kSides = kChoice + 2 * kPlaces + 2;
constexpr int kSideScalars = 21;
constexpr int kPlacesShown = kFixedPlaces + 16, kCardFeatures = 12;
constexpr int kPeekShown = 4;
constexpr int kSideSize = kSideScalars + kPlacesShown * kCardFeatures + kN + kPeekShown + kN;
static_assert(kSides + 2 * kSideSize == kObservationSize);

// The position of `id` in `zone` (below kN in every state, DL-I42).
int position(const std::vector<int16_t>& zone, int id) {
  const auto at = static_cast<int>(std::find(zone.begin(), zone.end(), static_cast<int16_t>(id)) - zone.begin());
  RISE_CHECK(at < kN, "dark-legacy: a position past the " + std::to_string(kN) + " cards a player owns");
  return at;
}

using Writer = TensorWriter;

// The in-play place of object `id` on its owner's side (see kPlaces).
int place_of(const DlState& s, int id) {
  const Obj& o = s.obj(id);
  const Player& pl = s.player(o.owner);
  const int enh = kFixedPlaces + static_cast<int>(pl.relics.size());
  switch (o.where) {
    case Where::kSpellField: return o.slot * kMaxCopiesPerField + position(pl.fields[static_cast<size_t>(o.slot)], id);
    case Where::kWeapon: return kFieldPlaces + o.slot;
    case Where::kArmor: return kFieldPlaces + 2 + o.slot;
    case Where::kRelicField: return kFixedPlaces + position(pl.relics, id);
    case Where::kHeroField: return enh + position(pl.hero_enh, id);
    case Where::kAttached: return enh + static_cast<int>(pl.hero_enh.size()) + position(pl.gear_enh, id);
    default: break;
  }
  RISE_CHECK(false, "dark-legacy: object " + std::to_string(id) + " is not in play");
  return 0;
}

// The attacker of `ref` (a creature of the active side or its hero) as a field place, 12 the hero.
int attacker_place(const DlState& s, int ref) { return ref >= kHeroRef ? kHeroAttacker : place_of(s, ref); }

}  // namespace

// The hard bounds are those the state JSON and the card loader accept (json.cpp,
// card_loader.cpp: Attack and Defense Points 0..99, boosts ±99, at most 200 cards granting
// ±99 each, so a computed Attack or Defense stays below 30,000); the typical ranges are the
// magnitudes of a real battle (a hero's Life up to 50, Attack and Defense up to 10).
ObservationBounds observation_bounds() {
  const float kCard = kNoRef - 1;  // a card index + 1 (0: none): at most kNoRef - 1 cards (game.cpp, DL-I42)
  BoundsBuilder b;
  b.open(2, 0, 30000, 0, kDefaultTurnLimit);  // turn, turn_limit
  b.flags(7 + 8);                             // phase; active, first player, mover, window, priority, resolving
  b.range(1, 0, 1);                           // defend_weapon
  b.flags(2);                                 // winner
  b.range(2, 0, 20);                          // skill rolls (Rule DL-18.1)
  b.range(2, 0, 40);                          // skill points
  b.flags(1);                                 // a seat's view
  b.open(1, 0, kMaxObjects, 0, kStackShown);  // stack items
  b.range(1, 0, kAttacksShown);               // attacks
  b.open(1, 0, 2 * kPlaces + 2, 0, 16);       // target choices
  BoundsBuilder stack;
  stack.range(1, 0, kCard).flags(2);
  b.repeat(kStackShown, stack);
  BoundsBuilder attack;
  attack.range(1, 0, kAttacksShown).range(1, 0, 1).range(1, 0, kPlaces).range(1, 0, 20);
  b.repeat(kAttacksShown, attack);
  b.flags(2 * kPlaces + 2);                   // the target mask
  BoundsBuilder side;
  side.flags(1);                              // the hero is alive
  side.open(2, 0, 9999, 0, 50);               // life, start_life
  side.range(1, 0, kHeroPoisonLimit);         // poison
  side.open(1, 0, 30000, 0, 10);              // the hero's Attack
  side.flags(1);                              // flies
  side.open(1, 0, 999, 0, 20);                // Capacity Points
  side.open(1, 0, 30000, 0, kDefaultTurnLimit);  // turns taken
  side.range(1, 0, kMaxArmorPlayed);
  side.flags(2);                              // charged this turn, set-up chosen
  side.range(1, 0, kCard);                    // the set-up choice
  side.range(5, 0, kMaxDeckCards);            // hand, library, deck, Boneyard, removed
  side.flags(1);                              // charging
  side.open(1, 0, 99, 0, 10);                 // tokens
  side.range(1, 0, kCard);                    // the charging card
  side.range(1, 0, 20);                       // its missing levels (levels 1..20)
  BoundsBuilder card;
  card.range(1, 0, kCard).flags(2);
  card.open(1, -1, 30000, -1, kDefaultTurnLimit);  // cast turn (-1: before the battle)
  card.open(2, 0, 30000, 0, 10);              // Attack, Defense
  card.open(1, 0, 9999, 0, 10);               // damage
  card.range(1, 0, 20);                       // poison
  card.open(1, -99, 99, -5, 5);               // boost
  card.flags(1);                              // flies
  card.range(1, 0, kPlaces);                  // attached to
  card.flags(1);                              // a Distance Weapon
  side.repeat(kPlacesShown, card);
  side.range(kN + kPeekShown + kN, 0, kCard);  // hand, peek, deck list
  b.repeat(2, side);
  return b.done(kObservationSize);
}

int DlState::dense_action(Action action) const {
  if (!is_legal(action)) {
    throw InputError("dark-legacy: dense_action of '" + action_to_string(action) + "', which is not legal here");
  }
  return dense_action_of_legal(action, {});
}

int DlState::dense_action_of_legal(Action action, std::span<const Action> /*legal*/) const {
  const int me = current_player();
  const Player& pl = players_[static_cast<size_t>(me)];
  const int a = action_a(action);
  const int b = action_b(action);
  switch (action_verb(action)) {
    case kActCastingPhase: return kDenseCastingPhase;
    case kActAttackPhase: return kDenseAttackPhase;
    case kActEndTurn: return kDenseEndTurn;
    case kActAttackersDone: return kDenseAttackersDone;
    case kActBlocksDone: return kDenseBlocksDone;
    case kActPass: return kDensePass;
    case kActHeroAttacks: return kDenseHeroAttacks + b;
    case kActDefend: return kDenseDefend + b;
    case kActCastCharged: return kDenseCastCharged + b;
    case kActPreEquip: {
      if (a == kNoRef) return kDensePreEquip + kN;
      const auto at = std::find(pl.deck.begin(), pl.deck.end(), static_cast<int16_t>(a)) - pl.deck.begin();
      return kDensePreEquip + static_cast<int>(at);  // the card's first place in the deck list
    }
    case kActCast: return kDenseCast + position(pl.hand, a) * kPlaceCount + b;
    case kActCharge: return kDenseCharge + position(pl.hand, a);
    case kActEquip: return kDenseEquip + position(pl.hand, a);
    case kActActivate: return kDenseActivate + place_of(*this, a);
    case kActTarget:
      if (a >= kHeroRef) return kDenseTarget + 2 * kPlaces + (a - kHeroRef == me ? 0 : 1);
      return kDenseTarget + (objs_[static_cast<size_t>(a)].owner == me ? 0 : kPlaces) + place_of(*this, a);
    case kActAttack: return kDenseAttack + place_of(*this, a);
    case kActBlock: return kDenseBlock + place_of(*this, a) * (kFieldPlaces + 1) + attacker_place(*this, b);
    default: break;
  }
  throw InputError("dark-legacy: dense_action of an unknown verb");  // is_legal refused it already
}

void DlState::observation_tensor(PlayerId player, std::span<float> out) const {
  if (out.size() != static_cast<size_t>(kObservationSize)) {
    throw InputError("dark-legacy: an observation tensor holds " + std::to_string(kObservationSize) +
                     " floats, not " + std::to_string(out.size()));
  }
  const bool seat = player == 0 || player == 1;
  const int me = seat ? player : 0;  // the side written first
  auto def_of = [&](int id) { return id < 0 ? 0.0 : objs_[static_cast<size_t>(id)].def + 1.0; };
  Writer w(out);
  // The public part (kGlobals).
  w.put(turn_);
  w.put(turn_limit_);
  for (int k = 0; k < 7; ++k) w.flag(static_cast<int>(phase_) == k);
  w.flag(active_ == me);
  w.flag(first_player_ == me);
  w.flag(first_player_ == 1 - me);
  const PlayerId mover = current_player();
  w.flag(mover == me);
  w.flag(mover == 1 - me);
  w.flag(window_open_);
  w.flag(priority_ == me);
  w.flag(resolving_);
  w.put(defend_weapon_);
  w.flag(winner_ == me);
  w.flag(winner_ == 1 - me);
  for (int p : {me, 1 - me}) w.put(players_[static_cast<size_t>(p)].skill_roll);
  for (int p : {me, 1 - me}) w.put(players_[static_cast<size_t>(p)].skill_points);
  w.flag(seat);
  w.put(static_cast<double>(stack_.size()));
  w.put(static_cast<double>(attacks_.size()));
  w.put(static_cast<double>(choice_.size()));
  // The cast stack, bottom first (its first kStackShown items).
  const size_t stack = std::min(stack_.size(), static_cast<size_t>(kStackShown));
  for (size_t k = 0; k < stack; ++k) {
    w.put(def_of(stack_[k].obj));
    w.flag(stack_[k].controller == me);
    w.flag(stack_[k].countered);
  }
  w.zeros(kStackFeatures * (static_cast<size_t>(kStackShown) - stack));
  // The declared attacks (at most one per creature and the hero).
  const size_t attacks = std::min(attacks_.size(), static_cast<size_t>(kAttacksShown));
  for (size_t k = 0; k < attacks; ++k) {
    const Attack& at = attacks_[k];
    const bool present = at.attacker >= kHeroRef || in_play(at.attacker);
    w.put(present ? attacker_place(*this, at.attacker) + 1.0 : 0.0);
    w.put(at.weapon);
    w.put(at.blocker >= 0 && in_play(at.blocker) ? place_of(*this, at.blocker) + 1.0 : 0.0);
    w.put(at.roll);
  }
  w.zeros(kAttackFeatures * (static_cast<size_t>(kAttacksShown) - attacks));
  // The pending target choice, as a mask over the target places (seen from `me`).
  RISE_CHECK(w.at() == static_cast<size_t>(kChoice), "dark-legacy: tensor layout");
  w.zeros(2 * kPlaces + 2);
  for (int16_t ref : choice_) {
    const int at = ref >= kHeroRef ? 2 * kPlaces + (ref - kHeroRef == me ? 0 : 1)
                                   : (objs_[static_cast<size_t>(ref)].owner == me ? 0 : kPlaces) + place_of(*this, ref);
    out[static_cast<size_t>(kChoice + at)] = 1.0f;
  }
  // The two sides, the viewer's first.
  for (int p : {me, 1 - me}) {
    const Player& pl = players_[static_cast<size_t>(p)];
    const bool own = p == player;
    w.flag(pl.hero.alive);
    w.put(pl.hero.life);
    w.put(pl.hero.start_life);
    w.put(pl.hero.poison);
    w.put(hero_attack(p, 0));
    w.flag(flies(kHeroRef + p));
    w.put(pl.cp);
    w.put(pl.turns_taken);
    w.put(pl.armor_played);
    w.flag(pl.charged_this_turn);
    w.flag(pl.setup_choice != -2);
    w.put(pl.setup_choice >= 0 ? pl.setup_choice + 1.0 : 0.0);
    w.put(static_cast<double>(pl.hand.size()));
    w.put(static_cast<double>(pl.library.size()));
    w.put(static_cast<double>(pl.deck.size()));
    w.put(static_cast<double>(pl.boneyard.size()));
    w.put(static_cast<double>(pl.removed.size()));
    w.flag(pl.charging >= 0);
    w.put(pl.tokens);
    const bool charging_seen = own && pl.charging >= 0;
    w.put(charging_seen ? def_of(pl.charging) : 0.0);
    w.put(charging_seen ? std::max(0, card_of(pl.charging).level -
                                          level_for(p, objs_[static_cast<size_t>(pl.charging)].def))
                        : 0);
    // The cards in play, by place: kFixedPlaces fixed ones, then the first 16 others.
    std::array<int, kPlacesShown> shown;
    shown.fill(-1);
    for (int f = 0; f < kSpellFields; ++f) {
      const auto& field = pl.fields[static_cast<size_t>(f)];
      for (size_t k = 0; k < field.size() && k < static_cast<size_t>(kMaxCopiesPerField); ++k) {
        shown[static_cast<size_t>(f * kMaxCopiesPerField) + k] = field[k];
      }
    }
    for (int k = 0; k < 2; ++k) {
      shown[static_cast<size_t>(kFieldPlaces + k)] = pl.weapon[static_cast<size_t>(k)];
      shown[static_cast<size_t>(kFieldPlaces + 2 + k)] = pl.armor[static_cast<size_t>(k)];
    }
    size_t next = kFixedPlaces;
    for (const auto* list : {&pl.relics, &pl.hero_enh, &pl.gear_enh}) {
      for (int16_t id : *list) {
        if (next < shown.size()) shown[next++] = id;
      }
    }
    for (size_t k = 0; k < shown.size(); ++k) {
      const int id = shown[k];
      if (id < 0) {
        w.zeros(kCardFeatures);
        continue;
      }
      const Obj& o = objs_[static_cast<size_t>(id)];
      const CardDef& c = card_of(id);
      const bool creature = c.kind == Kind::kCreature;
      const bool weapon = o.where == Where::kWeapon, armor = o.where == Where::kArmor;
      w.put(def_of(id));
      w.flag(o.on_stack);
      w.flag(o.activated);
      w.put(o.cast_turn);
      w.put(creature ? attack_of(id) : weapon ? hero_attack(p, o.slot) : 0);
      w.put(creature ? defense_of(id) : armor ? armor_defense(id) : 0);
      w.put(creature || armor ? o.damage : 0);
      w.put(creature ? o.poison : 0);
      w.put(creature ? o.boost : 0);
      w.flag(creature && flies(id));
      w.put(o.where == Where::kAttached && o.attached_to >= 0 ? place_of(*this, o.attached_to) + 1.0 : 0.0);
      w.flag(weapon && c.range == Range::kDistance);
    }
    // Seen by the side's own seat only: its hand, the next cards it looked at, its deck list.
    const size_t hand = own ? std::min(pl.hand.size(), static_cast<size_t>(kN)) : 0;
    for (size_t k = 0; k < hand; ++k) w.put(def_of(pl.hand[k]));
    w.zeros(static_cast<size_t>(kN) - hand);
    const size_t peek = own ? std::min<size_t>({static_cast<size_t>(std::max<int>(0, pl.peek_known)),
                                                pl.library.size(), static_cast<size_t>(kPeekShown)})
                            : 0;
    for (size_t k = 0; k < peek; ++k) w.put(def_of(pl.library[pl.library.size() - 1 - k]));
    w.zeros(static_cast<size_t>(kPeekShown) - peek);
    const size_t deck = own ? std::min(pl.deck.size(), static_cast<size_t>(kN)) : 0;
    for (size_t k = 0; k < deck; ++k) w.put(pl.deck[k] + 1.0);
    w.zeros(static_cast<size_t>(kN) - deck);
  }
  RISE_CHECK(w.at() == out.size(), "dark-legacy: tensor layout");
}

}  // namespace rise::dl
