// What the seat to move is deciding (State::describe_decision): the prompt's line at the
// terminal and the part of a refusal that says whose decision it is. Public words only:
// other seats read it, so a card is named only where every seat sees it (ref_name with
// kSpectator).
#include <string>

#include <fmt/format.h>

#include "rise-tcg/state.h"

namespace rise::tcg {

namespace {

// Rules TCG-4.6, TCG-7.3, TCG-11.2; Interpretation TCG-I75: what an empty window follows.
const char* const kWindowMoments[kWindowKinds] = {
    "after the chain", "before combat damage", "as the turn is passed", "as the Invocation phase begins",
    "after attackers are declared", "after combat damage"};

}  // namespace

std::string TcgState::describe_decision() const {
  if (phase_ == Phase::kGameOver) return "";
  const int p = current_player();
  auto name = [&](int ref) { return ref_name(ref, kSpectator); };
  if (choice_.kind != ChoiceKind::kNone) {
    const std::string subject = choice_.subject == kNoRef ? std::string() : name(choice_.subject);
    const std::string source = frames_.empty() || frames_.back().source == kNoRef ? subject : name(frames_.back().source);
    switch (choice_.kind) {
      case ChoiceKind::kStepTarget: return "choose the target of " + (source.empty() ? "an effect" : source + "'s effect");
      case ChoiceKind::kDiscard:
        return fmt::format("choose a card of p{}'s hand to discard ({} to go)", p, static_cast<int>(choice_.remaining));
      case ChoiceKind::kSearch:
        return fmt::format("choose a card of p{}'s library for {}'s search", p, source.empty() ? "an effect" : source);
      case ChoiceKind::kSacrifice: return fmt::format("choose which of p{}'s Summoners is sacrificed (Rule TCG-4.8)", p);
      case ChoiceKind::kAttach: return "choose what " + subject + " is attached to";
      case ChoiceKind::kAdvantage:
        return "choose whether the blocker or a Summoner takes the damage of " + subject + " (Advantage, Rule TCG-12.5)";
      case ChoiceKind::kDamageSummoner: return "choose which Summoner takes the damage of " + subject + " (Rule TCG-7.5)";
      case ChoiceKind::kMorph: return "choose the Creature " + subject + " becomes a copy of (Morpher, Rule TCG-12.19)";
      case ChoiceKind::kInhume: return "choose the Creature that gets the Inhume counter of " + subject + " (Rule TCG-12.26)";
      case ChoiceKind::kDiversion: return "choose the opposing Creature that cannot block this turn (Diversion, Rule TCG-12.28)";
      case ChoiceKind::kSplash: return "choose what takes a copy of the damage of " + subject + " (Splash, Rule TCG-12.29)";
      case ChoiceKind::kPassDisease: return "choose the Disease the dodging blocker passes to " + subject + " (Dodge, Rule TCG-14.7)";
      case ChoiceKind::kNone: break;
    }
  }
  if (window_open_) {
    if (!chain_.empty()) {
      const ChainItem& top = chain_.back();
      std::string what = name(top.source);
      if (top.kind == ChainKind::kSkill) what += fmt::format("'s skill {}", top.index + 1);
      if (top.kind == ChainKind::kAction) what += fmt::format("'s Action {}", top.index + 1);
      return "answer the chain (its top: " + what + ") at Imminent speed, or pass";
    }
    return std::string("play at Imminent speed ") + kWindowMoments[window_kind_] + ", or pass";
  }
  switch (phase_) {
    case Phase::kMulligan: return "keep the opening hand or take a mulligan (Rule TCG-3.3)";
    case Phase::kRestoration:
      return draw_zero_ ? "choose the Restoration: draw 1 and gain 2 Coins, draw 2 and gain 1 Coin, or draw 0 and gain 2 "
                          "Coins (Rule TCG-4.2)"
                        : "choose the Restoration: draw 1 and gain 2 Coins, or draw 2 and gain 1 Coin (Rule TCG-4.2)";
    case Phase::kMain:
      return main_step_ == 2 ? "invoke, use skills and Actions after combat, or pass to end the turn"
                             : "invoke, use skills and Actions, attack, or pass to end the turn";
    case Phase::kAttackers: return "declare attackers, or end the declaration with 'attackers done'";
    case Phase::kBlockers:
      return fmt::format("declare blockers against p{}'s attackers, or end with 'blocks done'", active_);
    case Phase::kGameOver: break;
  }
  return "";
}

}  // namespace rise::tcg
