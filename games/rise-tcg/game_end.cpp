// How a rise-tcg game ended (State::game_end, issue 36), read back from the public event
// log and the turn count: the last player to go out says why the game ended.
#include <vector>

#include "rise-tcg/dungeon.h"
#include "rise-tcg/state.h"

namespace rise::tcg {

GameEnd TcgState::game_end() const {
  if (phase_ != Phase::kGameOver) return {};
  if (turn_ > turn_limit_) {  // Interpretation TCG-I12; Rule TCG-17.7 in a Dungeon
    return dungeon_ ? GameEnd{"turn limit: the Dungeon holds", "TCG-17.7", {}} : GameEnd{"turn limit", "TCG-I12", {}};
  }
  for (size_t i = events_.size(); i-- > 0;) {
    const Event& e = events_[i];
    if (e.kind == kEvEffectLoop) {  // Interpretation TCG-I67: the event names the looping cards
      GameEnd end{"effect loop", "TCG-I67", {}};
      for (int def : {e.b - 1, e.c - 1}) {
        if (def >= 0 && def < static_cast<int>(cards_->db->size())) end.cards.push_back(cards_->card(def).name);
      }
      return end;
    }
    if (e.kind == kEvConcede) return {"concession", "TCG-3.3", {}};
    if (e.kind != kEvPlayerOut) continue;
    if (is_dungeon(e.player)) return {"Guardians defeated", "TCG-17.7", {}};
    // The player's last Summoner died: sacrificed to an empty library (Rule TCG-4.8) when a
    // sacrifice of that Summoner comes just before its death.
    for (size_t k = i; k-- > 0 && i - k <= 4;) {
      const Event& d = events_[k];
      if (d.kind != kEvSummonerDies || d.player != e.player) continue;
      for (size_t m = k; m-- > 0 && k - m <= 3;) {
        const Event& s = events_[m];
        if (s.kind == kEvSacrifice && s.player == e.player && s.a == d.a) return {"library exhausted", "TCG-4.8", {}};
      }
      break;
    }
    return {"Summoners defeated", "TCG-4.9", {}};
  }
  return {"game over", "", {}};
}

}  // namespace rise::tcg
