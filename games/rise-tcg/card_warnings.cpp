#include "rise-tcg/card_warnings.h"

#include "rise/cardgame/effect.h"

namespace rise::tcg {
namespace {

using cardgame::CardDef;
using cardgame::Op;
using cardgame::Step;
using cardgame::TargetMode;
using cardgame::Trigger;
using cardgame::Whenever;

// The first step of `steps` (branches of tosses and rolls included) that `matches`, or null.
template <class Pred>
const Step* find_step(const std::vector<Step>& steps, Pred matches) {
  for (const Step& s : steps) {
    if (matches(s)) return &s;
    if (const Step* inner = find_step(s.success, matches)) return inner;
    if (const Step* inner = find_step(s.fail, matches)) return inner;
  }
  return nullptr;
}

// What in `e` of `card` can trigger `e` again, in words; "" when nothing can.
std::string retrigger(const CardDef& card, const cardgame::TriggeredEffect& e) {
  auto op_is = [](Op op) { return [op](const Step& s) { return s.op == op; }; };
  auto makes_itself = [&](const Step& s) {
    return (s.op == Op::kToken && s.card_id == card.id) || (s.op == Op::kCopy && s.target.mode == TargetMode::kSelf);
  };
  auto makes_any = [](const Step& s) { return s.op == Op::kToken || s.op == Op::kCopy; };
  switch (e.whenever) {
    case Whenever::kNone:
      if (e.trigger == Trigger::kOpened && find_step(e.steps, op_is(Op::kOpen))) return "`opened` effect opens a Door";
      if (e.trigger == Trigger::kUnlocked && find_step(e.steps, op_is(Op::kUnlock))) return "`unlocked` effect unlocks a card";
      if (e.trigger == Trigger::kDies && find_step(e.steps, makes_itself)) return "`dies` effect makes a token of its own card";
      if (e.trigger == Trigger::kInvoked && find_step(e.steps, makes_itself)) {
        return "`invoked` effect makes a token of its own card (a token is invoked too)";
      }
      return "";
    case Whenever::kDamaged:
      return find_step(e.steps, op_is(Op::kDamage)) ? "`whenever damaged` effect deals damage" : "";
    case Whenever::kInvoked:
      return find_step(e.steps, makes_any) ? "`whenever invoked` effect makes a token (a token is invoked too)" : "";
    default:
      return "";
  }
}

}  // namespace

std::vector<std::string> retrigger_warnings(const cardgame::CardDatabase& db) {
  std::vector<std::string> out;
  for (int i = 0; i < db.size(); ++i) {
    const CardDef& card = db[i];
    for (const cardgame::TriggeredEffect& e : card.effects) {
      if (e.limit != cardgame::Limit::kNone) continue;
      const std::string why = retrigger(card, e);
      if (why.empty()) continue;
      out.push_back("card " + card.id + " (" + card.name + "): its " + why +
                    ": it can trigger itself again and again, and an endless loop ends the game in a draw "
                    "(Interpretation TCG-I67); give it a `limit` or an `if` that stops it");
    }
  }
  return out;
}

}  // namespace rise::tcg
