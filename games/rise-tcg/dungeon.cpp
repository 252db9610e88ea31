// The Dungeon's side of Dungeon mode (Rules TCG-17.3 to TCG-17.6): its rooms open at the
// start of its turns, and it decides by fixed rules so that the game stays a one-seat game
// whose only chance is the shuffles, coins and dice of the rules.
#include <algorithm>

#include "rise-tcg/dungeon.h"
#include "rise-tcg/state.h"

namespace rise::tcg {

// Rule TCG-17.3: in place of its Restoration the Dungeon opens its next room: each card of
// the room enters its battlefield in the room's order, as if invoked (with invocation
// sickness; `invoked` effects resolve, on top of its start-of-turn effects).
void TcgState::open_room() {
  if (!dungeon_ || rooms_opened_ >= static_cast<int>(dungeon_->rooms.size())) return;
  const std::vector<int>& room = dungeon_->rooms[u(rooms_opened_)];
  ++rooms_opened_;
  log(kEvRoom, kDungeonSide, rooms_opened_, static_cast<int>(dungeon_->rooms.size()));
  for (int def : room) create_in_play(def, kDungeonSide, false);
}

void TcgState::run_dungeon() {
  for (int guard = 0; guard < 100000; ++guard) {
    if (!dungeon_ || phase_ == Phase::kGameOver || current_player() != kDungeonSide) return;
    apply_decision(dungeon_action());
  }
  effect_loop_draw();  // the Dungeon's decisions never end: a loop (Interpretation TCG-I67)
}

namespace {

// How the Dungeon values a state after one of its choices (Rule TCG-17.6): the game's end,
// else the evaluation from its side.
double dungeon_value(const TcgState& s) {
  if (s.phase() == Phase::kGameOver) {
    const std::vector<double> r = s.returns();  // the player's return: +1 won, -1 lost
    return -r[0];
  }
  return s.evaluate(kDungeonSide);
}

}  // namespace

// Whether a fight of `striker` against `target` destroys `target`: its attack reaches the
// target's remaining defense (Rule TCG-7.3; abilities not counted).
bool TcgState::destroys(int striker, int target) const {
  return attack_of(striker) >= defense_of(target) - objs_[u(target)].damage;
}

// Rule TCG-17.5: whether the Dungeon's Creature `id` attacks: no untilted Creature or Door
// of the player could block it, survive and destroy it (planes and abilities not counted).
bool TcgState::dungeon_attack_is_safe(int id) const {
  for (int16_t b : battlefield_) {
    const Obj& o = objs_[u(b)];
    if (o.controller == kDungeonSide || o.tilted || !cards_->card(o.def).is(cardgame::kCreature | cardgame::kDoor)) {
      continue;
    }
    if (destroys(b, id) && !destroys(id, b)) return false;
  }
  return true;
}

// Rules TCG-17.5 and TCG-17.6: the Dungeon's decision in the current state.
Action TcgState::dungeon_action() const {
  std::vector<Action> legal;
  collect_legal(legal, -1);
  RISE_CHECK(!legal.empty(), "the Dungeon has no legal action");
  auto first_of = [&](int kind) -> Action {
    for (Action a : legal) {
      if (action_kind(a) == kind) return a;
    }
    return -1;
  };
  if (choice_.kind != ChoiceKind::kNone) {
    // Rule TCG-17.6: a choice (a target, a Guardian to take damage...) takes the option
    // whose result its evaluation values most, the first listed on a tie.
    Action best = legal[0];
    double best_value = -1e300;
    for (Action a : legal) {
      TcgState next(*this);
      next.apply_decision(a);
      const double v = dungeon_value(next);
      if (v > best_value) {
        best_value = v;
        best = a;
      }
    }
    return best;
  }
  if (window_open_) {  // Rule TCG-17.5: the Dungeon never answers: it passes every window
    const Action pass = first_of(kActPass);
    return pass >= 0 ? pass : legal[0];
  }
  switch (phase_) {
    case Phase::kMulligan: {
      const Action keep = first_of(kActKeep);
      return keep >= 0 ? keep : legal[0];
    }
    case Phase::kMain: {
      // Rule TCG-17.5: it attacks when one of its Creatures attacks safely, then ends its turn.
      bool safe = false;
      for (int16_t id : battlefield_) safe = safe || (can_attack_with(*this, id) && dungeon_attack_is_safe(id));
      const Action attack = main_step_ == 1 && safe ? first_of(kActAttack) : -1;
      if (attack >= 0) return attack;
      const Action pass = first_of(kActPass);
      return pass >= 0 ? pass : legal[0];
    }
    case Phase::kAttackers: {
      // Every card that can attack safely does, in battlefield order (the list's order).
      for (Action a : legal) {
        if (action_kind(a) == kActAttacker && dungeon_attack_is_safe(action_a(a))) return a;
      }
      const Action done = first_of(kActAttackersDone);
      return done >= 0 ? done : legal[0];
    }
    case Phase::kBlockers: {
      // Rule TCG-17.5: a block that survives and destroys the attacker, else one that
      // survives, else one that destroys it; never a block that only dies. Ties: the first
      // listed (lowest blocker id, then attacker id).
      Action best = -1;
      int best_score = 0;
      for (Action a : legal) {
        if (action_kind(a) != kActBlock) continue;
        const int blocker = action_a(a), attacker = action_b(a);
        const bool survives = !destroys(attacker, blocker);
        const bool kills = destroys(blocker, attacker);
        const int score = survives && kills ? 3 : survives ? 2 : kills ? 1 : 0;
        if (score > best_score) {
          best_score = score;
          best = a;
        }
      }
      if (best >= 0) return best;
      const Action done = first_of(kActBlocksDone);
      return done >= 0 ? done : legal[0];
    }
    default: {
      const Action draw = first_of(kActDraw1);  // never asked: the Dungeon has no Restoration
      return draw >= 0 ? draw : legal[0];
    }
  }
}

}  // namespace rise::tcg
