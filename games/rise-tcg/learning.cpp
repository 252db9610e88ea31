// The learning interface of rise-tcg (docs/learning.md): dense action indices (docs/notation.md
// "rise-tcg dense action indices") and the observation tensor (docs/formats.md "rise-tcg
// observation tensor"). Both name what the deciding seat or the viewer sees — hand slots,
// battlefield positions, seat offsets, chain positions — never object ids.
#include <algorithm>
#include <array>
#include <vector>

#include "rise/core/error.h"
#include "rise/core/observation_bounds.h"
#include "rise/core/tensor_writer.h"
#include "rise-tcg/state.h"

namespace rise::tcg {

namespace {

// --- dense actions ---

// The categories of dense indices, in index order; each is a grid x * dims.y + y.
enum Category : int {
  kCatFixed,           // keep, mulligan, concede, draw 0/1/2, attack, pass, attackers done, blocks done
  kCatInvoke,          // hand slot x, by S1 / S2 / both (y)
  kCatLevelUp,         // hand slot x, on S1 / S2 (y)
  kCatSkill,           // Summoner slot x, skill y (from 0)
  kCatAction,          // battlefield position x, Action y (from 0)
  kCatRelaunch,        // battlefield position x, Action y (from 0)
  kCatAttacker,        // battlefield position x, at seat offset y + 1
  kCatBlock,           // blocker's battlefield position x, attacker's combat entry y
  kCatExplode,         // Explosive ordinal x, target's battlefield position y
  kCatDivert,          // battlefield position x
  kCatRage,            // battlefield position x
  kCatAssimilate,      // top's Assimilation ordinal x, bottom's y
  kCatChooseSummoner,  // seat offset x, slot y
  kCatChoosePlayer,    // seat offset x
  kCatChooseChain,     // chain item x (from the bottom)
  kCatChooseField,     // battlefield position x
  kCatChooseHand,      // the chooser's hand slot x
  kCatChooseOther,     // rank x among the other cards offered (library, Cemetery, ...)
  kCatCount,
};

struct Dims {
  int x;
  int y;
};
constexpr std::array<Dims, kCatCount> kDims = {{
    {10, 1}, {kHandSlots, 3}, {kHandSlots, 2}, {2, 4}, {kFieldSlots, 4}, {kFieldSlots, 4},
    {kFieldSlots, kMaxPlayers - 1}, {kFieldSlots, kCombatSlots}, {kOrdinalSlots, kFieldSlots},
    {kFieldSlots, 1}, {kFieldSlots, 1}, {kOrdinalSlots, kOrdinalSlots}, {kMaxPlayers, 2},
    {kMaxPlayers, 1}, {kChainSlots, 1}, {kFieldSlots, 1}, {kHandSlots, 1}, {kOtherSlots, 1},
}};
constexpr std::array<int, kCatCount + 1> kBase = [] {
  std::array<int, kCatCount + 1> base{};
  for (int c = 0; c < kCatCount; ++c) base[c + 1] = base[c] + kDims[c].x * kDims[c].y;
  return base;
}();
static_assert(kBase[kCatCount] == kDenseActions, "kDenseActions in state.h must match the layout");

// Where an action falls: its category and unbounded grid coordinates.
struct Slot {
  int cat = kCatFixed;
  int x = 0;
  int y = 0;
  bool fits() const { return x >= 0 && y >= 0 && x < kDims[cat].x && y < kDims[cat].y; }
  int index() const { return kBase[cat] + x * kDims[cat].y + y; }
  bool operator<(const Slot& o) const { return cat != o.cat ? cat < o.cat : x != o.x ? x < o.x : y < o.y; }
};

int position(const std::vector<int16_t>& zone, int id) {
  auto it = std::find(zone.begin(), zone.end(), id);
  return it == zone.end() ? -1 : static_cast<int>(it - zone.begin());
}

// Seat p as seen from seat `from`: the offset (0 = itself, 1 = the next seat...); from a
// non-seat (a spectator), p itself.
int relative(int p, int from, int n) { return from >= 0 && from < n ? (p - from + n) % n : p; }

// `id`'s rank among the battlefield objects controlled by p with `ability`.
int ordinal(const TcgState& s, int id, int p, uint64_t ability) {
  int rank = 0;
  for (int16_t other : s.battlefield()) {
    if (other == id) return rank;
    if (s.obj(other).controller == p && (s.abilities_of(other) & ability)) ++rank;
  }
  return -1;
}

// Whether a choice option is an "other" card (not a battlefield card nor one of the
// chooser's hand): Slot kCatChooseOther.
bool other_card(const TcgState& s, int ref, int me) {
  if (ref >= kSummonerRef) return false;
  const Obj& o = s.obj(ref);
  return o.where != Where::kBattlefield && !(o.where == Where::kHand && position(s.player(me).hand, ref) >= 0);
}

// The slot of `ref` offered by the pending choice to chooser `me`.
Slot choose_slot(const TcgState& s, int ref, int me) {
  const int n = s.sides();
  if (ref >= kChainRef) return {kCatChooseChain, ref - kChainRef, 0};
  if (ref >= kPlayerRef) return {kCatChoosePlayer, relative(ref - kPlayerRef, me, n), 0};
  if (ref >= kSummonerRef) return {kCatChooseSummoner, relative((ref - kSummonerRef) / 2, me, n), (ref - kSummonerRef) % 2};
  if (s.obj(ref).where == Where::kBattlefield) return {kCatChooseField, position(s.battlefield(), ref), 0};
  if (!other_card(s, ref, me)) return {kCatChooseHand, position(s.player(me).hand, ref), 0};
  int rank = 0;
  for (int16_t option : s.choice().options) {
    if (option < ref && other_card(s, option, me)) ++rank;
  }
  return {kCatChooseOther, rank, 0};
}

// The slot of a legal action of the mover `me`.
Slot slot_of(const TcgState& s, Action action, int me) {
  const int a = action_a(action);
  const int b = action_b(action);
  const std::vector<int16_t>& field = s.battlefield();
  const std::vector<int16_t>& hand = s.player(me).hand;
  switch (action_kind(action)) {
    case kActKeep: return {kCatFixed, 0, 0};
    case kActMulligan: return {kCatFixed, 1, 0};
    case kActConcede: return {kCatFixed, 2, 0};
    case kActDraw0: return {kCatFixed, 3, 0};
    case kActDraw1: return {kCatFixed, 4, 0};
    case kActDraw2: return {kCatFixed, 5, 0};
    case kActAttack: return {kCatFixed, 6, 0};
    case kActPass: return {kCatFixed, 7, 0};
    case kActAttackersDone: return {kCatFixed, 8, 0};
    case kActBlocksDone: return {kCatFixed, 9, 0};
    case kActInvoke: return {kCatInvoke, position(hand, a), b};
    case kActLevelUp: return {kCatLevelUp, position(hand, a), b};
    case kActSkill: return {kCatSkill, a, b};
    case kActUseAction: return {kCatAction, position(field, a), b};
    case kActRelaunch: return {kCatRelaunch, position(field, a), b};
    case kActAttacker: return {kCatAttacker, position(field, a), relative(b, me, s.sides()) - 1};
    case kActBlock: {
      int entry = -1;
      for (size_t i = 0; i < s.combat().size(); ++i) {
        if (s.combat()[i].attacker == b) entry = static_cast<int>(i);
      }
      return {kCatBlock, position(field, a), entry};
    }
    case kActExplode: return {kCatExplode, ordinal(s, a, me, cardgame::kExplosive), position(field, b)};
    case kActDivert: return {kCatDivert, position(field, a), 0};
    case kActRage: return {kCatRage, position(field, a), 0};
    case kActAssimilate:
      return {kCatAssimilate, ordinal(s, a, me, cardgame::kAssimilation), ordinal(s, b, me, cardgame::kAssimilation)};
    case kActChoose: return choose_slot(s, a, me);
    default: RISE_CHECK(false, "rise-tcg: a legal action of unknown kind");
  }
  return {};
}

// The index of legal action `action` whose slot does not fit its category (a hand or a
// battlefield longer than its slots): the legal actions that do not fit take, in slot
// order, the first index that no fitting legal action has — in their own category if one
// is left, else anywhere. Distinct legal actions keep distinct indices while the state has
// at most kDenseActions legal actions (docs/limits.md).
int overflow_index(const TcgState& s, std::span<const Action> legal, Action action, int me) {
  std::vector<char> used(static_cast<size_t>(kDenseActions), 0);
  std::vector<std::pair<Slot, Action>> over;
  for (Action a : legal) {
    const Slot slot = slot_of(s, a, me);
    if (slot.fits()) {
      used[static_cast<size_t>(slot.index())] = 1;
    } else {
      over.emplace_back(slot, a);
    }
  }
  std::sort(over.begin(), over.end(), [](const auto& l, const auto& r) { return l.first < r.first; });
  for (const auto& [slot, a] : over) {
    auto free_in = [&](int from, int to) {
      auto it = std::find(used.begin() + from, used.begin() + to, 0);
      return it == used.begin() + to ? -1 : static_cast<int>(it - used.begin());
    };
    int index = free_in(kBase[slot.cat], kBase[slot.cat + 1]);
    if (index < 0) index = free_in(0, kDenseActions);
    if (index < 0) {
      throw InputError("rise-tcg: " + std::to_string(legal.size()) + " legal actions, more than the " +
                       std::to_string(kDenseActions) + " dense indices (docs/limits.md)");
    }
    used[static_cast<size_t>(index)] = 1;
    if (a == action) return index;
  }
  RISE_CHECK(false, "rise-tcg: overflow_index of an action that fits");
  return -1;
}

}  // namespace

int TcgState::dense_action(Action action) const {
  thread_local std::vector<Action> legal;  // no allocation per call
  legal_actions(legal);
  if (!std::binary_search(legal.begin(), legal.end(), action)) {
    throw InputError("rise-tcg: dense_action of an action that is not legal here (" + action_to_string(action) +
                     "): " + explain_illegal(action));
  }
  return dense_action_of_legal(action, legal);
}

int TcgState::dense_action_of_legal(Action action, std::span<const Action> legal) const {
  const int me = current_player();
  const Slot slot = slot_of(*this, action, me);
  return slot.fits() ? slot.index() : overflow_index(*this, legal, action, me);
}

// --- the observation tensor ---

namespace {

// Sizes of the tensor's parts (docs/formats.md "rise-tcg observation tensor").
constexpr int kRefSize = 6;       // a reference: kind one-hot (5) + value
constexpr int kGlobalSize = 84;
constexpr int kSummonerSize = 12;
constexpr int kKnownSlots = 8;    // known cards of another hand
constexpr int kCemeterySlots = 8; // last cards of a Cemetery
constexpr int kExclusionSlots = 4;
constexpr int kPlayerSize = 1 + 2 * kSummonerSize + 13 + 1 + kKnownSlots + kCemeterySlots + kExclusionSlots;
constexpr int kFieldRow = 49;
constexpr int kChainRow = 18;
constexpr int kCombatRow = 31;
constexpr int kOptionsSize = kFieldSlots + 2 * kMaxPlayers + kMaxPlayers + kChainSlots + kHandSlots + 1;
constexpr int kPlayersAt = kGlobalSize;
constexpr int kHandAt = kPlayersAt + kMaxPlayers * kPlayerSize;
constexpr int kFieldAt = kHandAt + kHandSlots;
constexpr int kChainAt = kFieldAt + kFieldSlots * kFieldRow;
constexpr int kCombatAt = kChainAt + kChainSlots * kChainRow;
constexpr int kOptionsAt = kCombatAt + kCombatSlots * kCombatRow;
static_assert(kOptionsAt + kOptionsSize == kObservationSize, "kObservationSize in state.h must match the layout");

// Writes values one after the other from a start offset; a card as its index + 1.
class Writer : public TensorWriter {
 public:
  Writer(std::span<float> out, int at) : TensorWriter(out, static_cast<size_t>(at)) {}
  void card(int def) { put(def + 1); }  // 0 = no card
};

}  // namespace

// The hard bounds are those the state JSON accepts (json.cpp) and the card database's size;
// a few values have no bound in the engine (a Creature's computed Attack and Defense, the
// lengths of the chain, combat and choice lists): for them the bound is kOpen, far beyond
// any game (the conformance suite checks every value over thousands of random games).
// The typical ranges are those of a real game (a zone of a 40-card deck, a few counters).
ObservationBounds observation_bounds() {
  constexpr float kOpen = 1e6f;
  constexpr float kCard = cardgame::kMaxCardDefs;  // a card index + 1 (0: none)
  BoundsBuilder ref;  // a reference: kind one-hot, then a position, seat offset or chain index
  ref.flags(5).open(1, 0, kOpen, 0, kFieldSlots);
  BoundsBuilder b;
  b.flags(1 + 6 + 1);                          // a seat, phase, end of turn
  b.open(1, 0, 30001 / 100.0f, 0, 1);          // turn / 100
  b.flags(1 + kWindowKinds);                   // window
  b.range(1, 0, kMaxPlayers);                  // passes
  b.flags(6 * kMaxPlayers + 13 + kMaxPlayers);  // seat one-hots, choice kind and chooser
  b.repeat(1, ref);                            // choice subject
  b.open(1, 0, 99, 0, 10);                     // remaining
  b.flags(1);                                  // options shown
  b.open(1, 0, kOpen, 0, 16);                  // options
  b.open(1, 0, kOpen, 0, kChainSlots);         // chain items
  b.open(1, 0, kOpen, 0, kCombatSlots);        // combat entries
  b.open(1, 0, kMaxObjects, 0, kFieldSlots);   // battlefield cards
  BoundsBuilder summoner;
  summoner.range(1, 0, kCard);                 // card
  summoner.range(1, 0, 1);                     // hp / 30 (Rule TCG-5.6)
  summoner.open(2, 0, 99, 0, 10);              // level, level_ups
  summoner.range(1, 0, 4);                     // cp
  summoner.open(1, 0, 99, 0, 4);               // max_cp
  summoner.flags(2 + 4);                       // tilted, alive, skills used
  BoundsBuilder player;
  player.flags(1);
  player.repeat(2, summoner);
  player.range(2, 0, 1);                       // coins / 30, ether / 30 (Rule TCG-2.1)
  player.open(4, 0, kMaxObjects / 10.0f, 0, 6);  // hand, library, Cemetery, Exclusion / 10
  player.open(1, 0, 99, 0, 5);                 // empty draws
  player.range(1, 0, 3);                       // mulligans
  player.flags(4);                             // kept, out, started, level_up_played
  player.open(1, 0, 30, 0, 5);                 // discount
  player.open(1, 0, kMaxObjects, 0, kKnownSlots);  // known cards of the hand
  player.range(kKnownSlots + kCemeterySlots + kExclusionSlots, 0, kCard);
  b.repeat(kMaxPlayers, player);
  b.range(kHandSlots, 0, kCard);               // the viewer's hand
  BoundsBuilder field;
  field.flags(1).range(1, 0, kCard);           // present, card
  field.flags(2 * kMaxPlayers + 5);            // owner, controller, tilted .. token
  field.open(4, -99, 99, -5, 5);               // counters
  field.open(1, 0, 999, 0, 10);                // damage
  field.repeat(1, ref);                        // attached_to
  field.range(1, 0, 10);                       // disease (Rules TCG-14.*)
  field.range(1, 0, kMaxPlayers);              // caster
  field.range(1, 0, 3);                        // disease turns
  field.flags(2);                              // disabled, double damage
  field.range(1, 0, kMaxPlayers);              // actions_by
  field.flags(1);                              // fights
  field.open(1, 0, kOpen, 0, 10);              // Attack
  field.open(1, -kOpen, kOpen, 0, 10);         // Defense (not floored at 0)
  field.range(1, 0, kCard);                    // base card
  field.flags(8);                              // wild bits
  field.open(1, 0, kMaxObjects, 0, 4);         // cards under it
  b.repeat(kFieldSlots, field);
  BoundsBuilder chain;
  chain.flags(1 + 3 + kMaxPlayers).repeat(1, ref).range(1, 0, 3).range(1, 0, kCard);
  b.repeat(kChainSlots, chain);
  BoundsBuilder combat;
  combat.flags(1).repeat(1, ref).flags(kMaxPlayers).repeat(1, ref).flags(2 + 1).repeat(1, ref);
  combat.range(1, 0, 2).range(2, 0, kMaxPlayers);  // dodge, possess_a, possess_b
  b.repeat(kCombatSlots, combat);
  b.flags(kOptionsSize - 1);                   // the options offered
  b.open(1, 0, kOpen, 0, 16);                  // other cards offered
  return b.done(kObservationSize);
}

void TcgState::observation_tensor(PlayerId viewer, std::span<float> out) const {
  if (out.size() != static_cast<size_t>(kObservationSize)) {
    throw InputError("rise-tcg observation_tensor: the output holds " + std::to_string(out.size()) +
                     " floats, the tensor " + std::to_string(kObservationSize));
  }
  std::fill(out.begin(), out.end(), 0.0f);
  const int n = sides();
  const bool seat = viewer >= 0 && viewer < n;
  auto rel = [&](int p) { return p >= 0 && p < n ? relative(p, viewer, n) : -1; };
  // A reference (docs/formats.md): kind one-hot {battlefield card, Summoner, player, chain
  // item, other card}, then the battlefield position, the seat offset * 2 + slot, the seat
  // offset or the chain index.
  auto ref = [&](Writer& w, int r) {
    int kind = -1;  // none: every value 0
    int value = 0;
    if (r >= kChainRef && r < kChainRef + static_cast<int>(chain_.size())) {
      kind = 3;
      value = r - kChainRef;
    } else if (r >= kPlayerRef && r < kPlayerRef + n) {
      kind = 2;
      value = rel(r - kPlayerRef);
    } else if (r >= kSummonerRef && r < kSummonerRef + 2 * n) {
      kind = 1;
      value = 2 * rel((r - kSummonerRef) / 2) + (r - kSummonerRef) % 2;
    } else if (r >= 0 && r < num_objects()) {
      const int at = objs_[static_cast<size_t>(r)].where == Where::kBattlefield ? position(battlefield_, r) : -1;
      kind = at >= 0 ? 0 : 4;
      value = std::max(at, 0);
    }
    w.one_hot(kind, 5);
    w.put(static_cast<float>(value));
  };

  // Global part.
  const bool private_options = choice_.kind == ChoiceKind::kDiscard || choice_.kind == ChoiceKind::kSearch;
  const bool options_shown = !private_options || choice_.chooser == viewer;
  {
    Writer w(out, 0);
    w.flag(seat);
    w.one_hot(static_cast<int>(phase_), 6);
    w.flag(main_step_ == 2);
    w.put(static_cast<float>(turn_) / 100.0f);
    w.flag(window_open_);
    w.one_hot(window_kind_, kWindowKinds);
    w.put(static_cast<float>(passes_));
    for (int p : {static_cast<int>(active_), static_cast<int>(first_player_), current_player(),
                  static_cast<int>(defender_), static_cast<int>(priority_), static_cast<int>(winner_)}) {
      w.one_hot(rel(p), kMaxPlayers);
    }
    w.one_hot(static_cast<int>(choice_.kind), 13);
    w.one_hot(rel(choice_.chooser), kMaxPlayers);
    ref(w, choice_.subject);
    w.put(static_cast<float>(choice_.remaining));
    w.flag(options_shown && choice_.kind != ChoiceKind::kNone);
    w.put(static_cast<float>(options_shown || choice_.kind == ChoiceKind::kDiscard ? choice_.options.size() : 0));
    w.put(static_cast<float>(chain_.size()));
    w.put(static_cast<float>(combat_.size()));
    w.put(static_cast<float>(battlefield_.size()));
    RISE_CHECK(w.at() == static_cast<size_t>(kGlobalSize), "rise-tcg tensor: global part");
  }

  // Players, by seat offset from the viewer.
  for (int p = 0; p < n; ++p) {
    const Player& pl = players_[static_cast<size_t>(p)];
    Writer w(out, kPlayersAt + rel(p) * kPlayerSize);
    w.flag(true);
    for (int slot = 0; slot < 2; ++slot) {
      const Summoner& sm = pl.summoners[static_cast<size_t>(slot)];
      w.card(sm.def);
      w.put(static_cast<float>(sm.hp) / 30.0f);
      w.put(static_cast<float>(sm.level));
      w.put(static_cast<float>(sm.level_ups));
      w.put(static_cast<float>(sm.cp));
      w.put(static_cast<float>(max_cp(p, slot)));
      w.flag(sm.tilted);
      w.flag(sm.alive);
      for (int k = 0; k < 4; ++k) w.flag((sm.skills_used >> k) & 1u);
    }
    w.put(static_cast<float>(pl.coins) / 30.0f);
    w.put(static_cast<float>(pl.ether) / 30.0f);
    w.put(static_cast<float>(pl.hand.size()) / 10.0f);
    w.put(static_cast<float>(pl.library.size()) / 10.0f);
    w.put(static_cast<float>(pl.cemetery.size()) / 10.0f);
    w.put(static_cast<float>(pl.exclusion.size()) / 10.0f);
    w.put(static_cast<float>(pl.empty_draws));
    w.put(static_cast<float>(pl.mulligans));
    w.flag(pl.kept);
    w.flag(pl.out);
    w.flag(pl.started);
    w.flag(pl.level_up_played);
    w.put(static_cast<float>(pl.discount));
    // Known cards of another player's hand (the viewer's own hand is the hand part).
    int known = 0;
    std::array<float, kKnownSlots> known_cards{};
    if (p != viewer) {
      for (int16_t id : pl.hand) {
        const Obj& o = objs_[static_cast<size_t>(id)];
        if (!o.known) continue;
        if (known < kKnownSlots) known_cards[static_cast<size_t>(known)] = static_cast<float>(o.def + 1);
        ++known;
      }
    }
    w.put(static_cast<float>(known));
    for (float c : known_cards) w.put(c);
    // The last cards of the Cemetery and Exclusion Zone, the latest first.
    for (int k = 0; k < kCemeterySlots; ++k) {
      const int at = static_cast<int>(pl.cemetery.size()) - 1 - k;
      w.put(at >= 0 ? static_cast<float>(objs_[static_cast<size_t>(pl.cemetery[static_cast<size_t>(at)])].def + 1) : 0.0f);
    }
    for (int k = 0; k < kExclusionSlots; ++k) {
      const int at = static_cast<int>(pl.exclusion.size()) - 1 - k;
      w.put(at >= 0 ? static_cast<float>(objs_[static_cast<size_t>(pl.exclusion[static_cast<size_t>(at)])].def + 1) : 0.0f);
    }
    RISE_CHECK(w.at() == static_cast<size_t>(kPlayersAt + (rel(p) + 1) * kPlayerSize), "rise-tcg tensor: a player");
  }

  // The viewer's hand, in its order.
  if (seat) {
    const std::vector<int16_t>& hand = players_[static_cast<size_t>(viewer)].hand;
    Writer w(out, kHandAt);
    for (size_t k = 0; k < hand.size() && k < static_cast<size_t>(kHandSlots); ++k) {
      w.card(objs_[static_cast<size_t>(hand[k])].def);
    }
  }

  // The battlefield, in its order.
  for (size_t k = 0; k < battlefield_.size() && k < static_cast<size_t>(kFieldSlots); ++k) {
    const int id = battlefield_[k];
    const Obj& o = objs_[static_cast<size_t>(id)];
    const CardDef& card = cards_->card(o.def);
    Writer w(out, kFieldAt + static_cast<int>(k) * kFieldRow);
    w.flag(true);
    w.card(o.def);
    w.one_hot(rel(o.owner), kMaxPlayers);
    w.one_hot(rel(o.controller), kMaxPlayers);
    w.flag(o.tilted);
    w.flag(o.sick);
    w.flag(o.open);
    w.flag(o.unlocked);
    w.flag(o.token);
    for (int c : {o.counter_attack, o.counter_defense, o.temp_attack, o.temp_defense}) w.put(static_cast<float>(c));
    w.put(static_cast<float>(o.damage));
    ref(w, o.attached_to);
    const bool disease = is_disease(id);
    w.put(disease ? static_cast<float>(card.disease) : 0.0f);
    w.put(disease ? static_cast<float>(rel(o.caster) + 1) : 0.0f);
    w.put(disease ? static_cast<float>(o.disease_turns) : 0.0f);
    w.flag(o.disabled);
    w.flag(o.double_damage);
    w.put(static_cast<float>(rel(o.actions_by) + 1));
    const bool fights = card.is(cardgame::kCreature | cardgame::kDoor);
    w.flag(fights);
    w.put(fights ? static_cast<float>(attack_of(id)) : 0.0f);
    w.put(fights ? static_cast<float>(defense_of(id)) : 0.0f);
    w.put(o.base_def >= 0 ? static_cast<float>(o.base_def + 1) : 0.0f);
    for (int bit : {0, 1, 2, 3, 4, 5, 7, 8}) w.flag((o.wild >> bit) & 1u);
    int stacked = 0;
    if (o.wild & kWildStackTop) {
      for (const Obj& under : objs_) stacked += under.where == Where::kStacked && under.attached_to == id ? 1 : 0;
    }
    w.put(static_cast<float>(stacked));
    RISE_CHECK(w.at() == static_cast<size_t>(kFieldAt) + (k + 1) * kFieldRow, "rise-tcg tensor: a battlefield row");
  }

  // The chain, from the bottom.
  for (size_t k = 0; k < chain_.size() && k < static_cast<size_t>(kChainSlots); ++k) {
    const ChainItem& c = chain_[k];
    Writer w(out, kChainAt + static_cast<int>(k) * kChainRow);
    w.flag(true);
    w.one_hot(static_cast<int>(c.kind), 3);
    w.one_hot(rel(c.controller), kMaxPlayers);
    ref(w, c.source);
    w.put(static_cast<float>(c.index));
    float shown = 0.0f;  // as observation_json: an Action's card back in a hidden zone is not shown
    if (c.source < kSummonerRef) {
      const Obj& o = objs_[static_cast<size_t>(c.source)];
      const bool hidden = (o.where == Where::kHand || o.where == Where::kLibrary) && o.owner != viewer;
      if (!hidden) shown = static_cast<float>(o.def + 1);
    }
    w.put(shown);
    RISE_CHECK(w.at() == static_cast<size_t>(kChainAt) + (k + 1) * kChainRow, "rise-tcg tensor: a chain row");
  }

  // Combat entries, in order.
  for (size_t k = 0; k < combat_.size() && k < static_cast<size_t>(kCombatSlots); ++k) {
    const CombatEntry& e = combat_[k];
    Writer w(out, kCombatAt + static_cast<int>(k) * kCombatRow);
    w.flag(true);
    ref(w, e.attacker);
    w.one_hot(rel(e.defender), kMaxPlayers);
    ref(w, e.blocker);
    w.one_hot(e.summoner, 2);
    w.flag(e.resolved);
    ref(w, e.splash);
    w.put(static_cast<float>(e.dodge));
    w.put(static_cast<float>(rel(e.possess_a) + 1));
    w.put(static_cast<float>(rel(e.possess_b) + 1));
    RISE_CHECK(w.at() == static_cast<size_t>(kCombatAt) + (k + 1) * kCombatRow, "rise-tcg tensor: a combat row");
  }

  // The options of the pending choice, where observation_json shows them: a mask over
  // battlefield positions, Summoners, players, chain items and the viewer's hand slots,
  // and the number of other cards offered.
  if (choice_.kind != ChoiceKind::kNone && options_shown) {
    constexpr int kSummonersAt = kOptionsAt + kFieldSlots;
    constexpr int kPlayersOptAt = kSummonersAt + 2 * kMaxPlayers;
    constexpr int kChainOptAt = kPlayersOptAt + kMaxPlayers;
    constexpr int kHandOptAt = kChainOptAt + kChainSlots;
    constexpr int kOtherOptAt = kHandOptAt + kHandSlots;
    auto mark = [&](int at, int k, int size) {
      if (k >= 0 && k < size) out[static_cast<size_t>(at + k)] = 1.0f;
    };
    for (int16_t r : choice_.options) {
      if (r >= kChainRef) {
        mark(kChainOptAt, r - kChainRef, kChainSlots);
      } else if (r >= kPlayerRef) {
        mark(kPlayersOptAt, rel(r - kPlayerRef), kMaxPlayers);
      } else if (r >= kSummonerRef) {
        mark(kSummonersAt, 2 * rel((r - kSummonerRef) / 2) + (r - kSummonerRef) % 2, 2 * kMaxPlayers);
      } else if (objs_[static_cast<size_t>(r)].where == Where::kBattlefield) {
        mark(kOptionsAt, position(battlefield_, r), kFieldSlots);
      } else if (seat && objs_[static_cast<size_t>(r)].where == Where::kHand &&
                 position(players_[static_cast<size_t>(viewer)].hand, r) >= 0) {
        mark(kHandOptAt, position(players_[static_cast<size_t>(viewer)].hand, r), kHandSlots);
      } else {
        out[static_cast<size_t>(kOtherOptAt)] += 1.0f;
      }
    }
  }
}

}  // namespace rise::tcg
