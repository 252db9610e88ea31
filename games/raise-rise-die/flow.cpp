// The Passe d'Armes: set-up, Préparation, the Affrontement's end, Consolidation and the end
// of the duel (Rules RRD-1.*, RRD-3.6, RRD-4.*, RRD-5.8, RRD-5.9, RRD-6.*).
#include <algorithm>

#include "raise-rise-die/state.h"
#include "rise/core/error.h"

namespace rise::rrd {

namespace {

void erase_id(std::vector<int16_t>& zone, int id) {
  auto it = std::find(zone.begin(), zone.end(), static_cast<int16_t>(id));
  RISE_CHECK(it != zone.end(), "raise-rise-die: object not in its zone");
  zone.erase(it);
}

}  // namespace

RrdState::RrdState(const Game& game, std::shared_ptr<const CardDb> cards, uint64_t seed,
                   const std::vector<std::vector<int>>& decks, const std::vector<int>& characters,
                   const std::vector<std::vector<int>>& weapons, std::vector<std::string> deck_names, int pass_limit,
                   std::string options_text)
    : State(game),
      cards_(std::move(cards)),
      rng_(seed),
      deck_names_(std::move(deck_names)),
      options_text_(std::move(options_text)),
      pass_limit_(pass_limit) {
  RISE_CHECK(decks.size() == 2 && characters.size() == 2 && weapons.size() == 2 && deck_names_.size() == 2,
             "raise-rise-die: two seats");
  for (int p = 0; p < 2; ++p) {
    Player& pl = players_[static_cast<size_t>(p)];
    const CharacterDef& ch = cards_->characters()[static_cast<size_t>(characters[static_cast<size_t>(p)])];
    pl.character = static_cast<int16_t>(characters[static_cast<size_t>(p)]);
    for (int w : weapons[static_cast<size_t>(p)]) pl.weapons.push_back(static_cast<int16_t>(w));
    pl.pv = static_cast<int16_t>(ch.pv);
    pl.pv_start = pl.pv;
    // Deck order: object ids in order, the first id at the bottom. start_duel() deals the
    // cards to the objects at random, so an id says nothing about a hidden card.
    for (int def : decks[static_cast<size_t>(p)]) {
      pl.deck.push_back(static_cast<int16_t>(create_object(def, p, Where::kDeck)));
    }
  }
  phase_ = Phase::kPreparation;
}

int RrdState::create_object(int def, int owner, Where where) {
  RISE_CHECK(static_cast<int>(objs_.size()) < kMaxObjects, "raise-rise-die: too many objects");
  Obj obj;
  obj.def = static_cast<int16_t>(def);
  obj.owner = static_cast<uint8_t>(owner);
  obj.where = where;
  objs_.push_back(obj);
  return static_cast<int>(objs_.size()) - 1;
}

void RrdState::log(EventKind kind, int player, int a, int b, int c) {
  Event event;
  event.kind = kind;
  event.player = static_cast<int8_t>(player);
  event.a = static_cast<int16_t>(a);
  event.b = static_cast<int16_t>(b);
  event.c = static_cast<int16_t>(c);
  events_.push_back(event);
}

// Rules RRD-4.7 and RRD-4.1: both decks are shuffled (the cards are dealt to the deck's
// objects at random), the first player is drawn, and the first pass begins.
void RrdState::start_duel() {
  RISE_CHECK(pass_ == 0, "raise-rise-die: start_duel twice");
  std::vector<int16_t> defs;
  for (int p = 0; p < 2; ++p) {
    Player& pl = players_[static_cast<size_t>(p)];
    defs.clear();
    for (int16_t id : pl.deck) defs.push_back(objs_[static_cast<size_t>(id)].def);
    rng_.shuffle(defs, [&](int16_t def) -> const std::string& { return (*cards_)[def].id; }, true);
    // Interpretation RRD-12.3: the objects take their places in the deck in an order drawn
    // apart from the shuffle, so that an id says nothing about where its card lay.
    rng_.permute(pl.deck);
    for (size_t i = 0; i < pl.deck.size(); ++i) objs_[static_cast<size_t>(pl.deck[i])].def = defs[i];
    log(kEvShuffle, p);
  }
  first_of_duel_ = static_cast<int>(rng_.below(2));
  log(kEvFirstPlayer, first_of_duel_);
  start_pass();
  continue_flow();
}

std::vector<double> RrdState::returns() const {
  std::vector<double> out(2, 0.0);
  if (phase_ != Phase::kOver || winner_ < 0) return out;
  out[static_cast<size_t>(winner_)] = 1.0;
  out[static_cast<size_t>(1 - winner_)] = -1.0;
  return out;
}

// Takes `id` out of the zone it is in and appends it to `to` (top of a deck or discard
// pile, end of the hand) or puts it in slot `slot` (body, infusion, object).
void RrdState::move(int id, Where to, int slot) {
  Obj& o = objs_[static_cast<size_t>(id)];
  Player& pl = players_[o.owner];
  switch (o.where) {
    case Where::kDeck:
      erase_id(pl.deck, id);
      pl.known_bottom = static_cast<int16_t>(std::min<size_t>(static_cast<size_t>(pl.known_bottom), pl.deck.size()));
      break;
    case Where::kHand: erase_id(pl.hand, id); break;
    case Where::kDiscard: erase_id(pl.discard, id); break;
    case Where::kNeant: erase_id(pl.neant, id); break;
    case Where::kBody: erase_id(pl.body[static_cast<size_t>(o.slot)], id); break;
    case Where::kInfusion: pl.infusion[static_cast<size_t>(o.slot)] = -1; break;
    case Where::kObjet: pl.objets[static_cast<size_t>(o.slot)] = -1; break;
  }
  o.where = to;
  o.slot = static_cast<int8_t>(slot);
  o.known = false;
  const auto id16 = static_cast<int16_t>(id);
  switch (to) {
    case Where::kDeck: pl.deck.push_back(id16); break;
    case Where::kHand: pl.hand.push_back(id16); break;
    case Where::kDiscard: pl.discard.push_back(id16); break;
    case Where::kNeant: pl.neant.push_back(id16); break;
    case Where::kBody: pl.body[static_cast<size_t>(slot)].push_back(id16); break;
    case Where::kInfusion: pl.infusion[static_cast<size_t>(slot)] = id16; break;
    case Where::kObjet: pl.objets[static_cast<size_t>(slot)] = id16; break;
  }
}

// Interpretation RRD-3.6: drawing takes the top card; the Top Soul and a card of the public
// bottom are drawn known. Outside the preparation's draw step the next Top Soul is turned
// up at once. Interpretation RRD-4.3: an empty deck draws nothing.
void RrdState::draw(int p, int count) {
  Player& pl = players_[static_cast<size_t>(p)];
  const bool before_top_soul_step = phase_ == Phase::kPreparation && stage_ == Stage::kPrepTopSoul;
  for (int i = 0; i < count; ++i) {
    if (pl.deck.empty()) {
      log(kEvEmptyDraw, p);
      break;
    }
    const int id = pl.deck.back();
    const bool known = pl.top_up || static_cast<int>(pl.deck.size()) <= pl.known_bottom;
    pl.top_up = false;
    pl.top_mark = 0;
    move(id, Where::kHand);
    objs_[static_cast<size_t>(id)].known = known;
    log(kEvDraw, p, id, known ? 1 : 0);
    if (!before_top_soul_step) reveal_top_soul(p);
  }
}

// Rules RRD-3.6, RRD-4.5: the top card of a deck with no face-up card is turned up.
void RrdState::reveal_top_soul(int p) {
  Player& pl = players_[static_cast<size_t>(p)];
  if (pl.top_up || pl.deck.empty()) return;
  pl.top_up = true;
  pl.top_mark = 0;
  log(kEvTopSoul, p, pl.deck.back());
}

// Rules RRD-4.1..RRD-4.4 (and Interpretation RRD-1.4, the pass limit): a new Passe d'Armes
// up to the hand-limit discards; the rest of the preparation is Stage::kPrepTopSoul.
void RrdState::start_pass() {
  if (pass_ >= pass_limit_) {
    finish(-1, true);
    return;
  }
  ++pass_;
  if (pass_ == 1) {
    first_player_ = first_of_duel_;
  } else if (first_passer_ >= 0) {
    first_player_ = first_passer_;  // Rule RRD-4.2
  }
  first_passer_ = -1;
  cards_played_ = 0;
  turn_player_ = first_player_;
  phase_ = Phase::kPreparation;
  stage_ = Stage::kPrepTopSoul;
  log(kEvPassStart, first_player_, pass_);
  const int order[2] = {first_player_, 1 - first_player_};
  for (int p : order) {  // Rule RRD-4.3
    const CharacterDef& ch = cards_->characters()[static_cast<size_t>(players_[static_cast<size_t>(p)].character)];
    draw(p, pass_ == 1 ? ch.potentiel_latent : ch.potentiel_actif);
  }
  for (int p : order) {  // Rule RRD-4.4
    const CharacterDef& ch = cards_->characters()[static_cast<size_t>(players_[static_cast<size_t>(p)].character)];
    const int excess = static_cast<int>(players_[static_cast<size_t>(p)].hand.size()) - ch.potentiel_latent;
    if (excess > 0)
      choices_.push_back(Choice{ChoiceKind::kHandLimit, static_cast<uint8_t>(p), static_cast<int16_t>(excess)});
  }
}

void RrdState::top_soul_step() {  // Rule RRD-4.5
  reveal_top_soul(first_player_);
  reveal_top_soul(1 - first_player_);
}

// Rule RRD-4.6, Interpretation RRD-4.8: the upkeep effects of the infused cards (first
// player's first), then Poison (first player's first); a defeat stops the rest.
void RrdState::entretien() {
  const int order[2] = {first_player_, 1 - first_player_};
  for (int p : order) {
    upkeep(p);
    if (phase_ == Phase::kOver) return;
  }
  for (int p : order) {  // Rule RRD-11.12
    Player& pl = players_[static_cast<size_t>(p)];
    if (pl.poison <= 0) continue;
    choices_.push_back(Choice{ChoiceKind::kPoison, static_cast<uint8_t>(p), static_cast<int16_t>(pl.poison)});
    --pl.poison;
  }
}

void RrdState::begin_affrontement() {
  phase_ = Phase::kAffrontement;
  stage_ = Stage::kNone;
  turn_player_ = first_player_;
  for (Player& pl : players_) pl.passed_last = false;
}

// Rules RRD-5.8, RRD-5.9, then the first steps of the consolidation: Saignement (RRD-6.1,
// RRD-11.14; both players together, Interpretation RRD-1.3) and the infusion choices
// (RRD-6.2). The rest waits for the choices (Stage::kConsolidation).
void RrdState::end_affrontement() {
  log(kEvAffrontementEnd, -1, first_passer_);
  phase_ = Phase::kConsolidation;
  const int order[2] = {first_player_, 1 - first_player_};
  for (int p : order) {
    Player& pl = players_[static_cast<size_t>(p)];
    if (pl.saignement <= 0) continue;
    lose_pv(p, pl.saignement);
    --pl.saignement;
  }
  check_over();
  if (phase_ == Phase::kOver) return;
  for (int p : order) {
    Choice c{ChoiceKind::kInfusion, static_cast<uint8_t>(p), 0};
    if (choice_possible(c)) choices_.push_back(c);
  }
  stage_ = Stage::kConsolidation;
}

// Rules RRD-6.3..RRD-6.5: the body cards to the discard pile, the pile under the deck (in
// its order, public), objects disengage, reserves and the pass's markers end; next pass.
void RrdState::consolidate() {
  for (int p = 0; p < 2; ++p) {
    Player& pl = players_[static_cast<size_t>(p)];
    // Interpretation RRD-6.3: slot by slot (tete..jambes), each slot's cards in play order.
    for (int slot = 0; slot < kBodySlots; ++slot) {
      auto& body = pl.body[static_cast<size_t>(slot)];
      while (!body.empty()) move(body.front(), Where::kDiscard);
    }
    const int n = static_cast<int>(pl.discard.size());
    if (n > 0) {
      // Turned over: the last discarded card goes to the very bottom, the first nearest the top.
      pl.deck.insert(pl.deck.begin(), pl.discard.rbegin(), pl.discard.rend());
      for (int16_t id : pl.discard) {
        Obj& o = objs_[static_cast<size_t>(id)];
        o.where = Where::kDeck;
        o.slot = 0;
      }
      pl.discard.clear();
      pl.known_bottom = static_cast<int16_t>(pl.known_bottom + n);
      log(kEvToDeck, p, n);
    }
    if (!pl.top_up && !pl.deck.empty()) reveal_top_soul(p);  // Interpretation RRD-3.6
    for (int16_t id : pl.objets) {
      if (id >= 0) objs_[static_cast<size_t>(id)].engaged = false;  // Rule RRD-6.4
    }
    pl.reserve = 0;  // Rule RRD-6.5
    pl.bloque = {};
    pl.point_faible = {};
    pl.top_mark = 0;
  }
  for (Obj& o : objs_) {
    o.transcended = false;
    o.counter = false;
    o.countered = false;
  }
  start_pass();
}

// Drops the front choices that no longer ask anything, then runs the automatic work of the
// current stage until a player must decide or the duel is over.
void RrdState::continue_flow() {
  for (;;) {
    check_over();
    if (phase_ == Phase::kOver) return;
    while (!choices_.empty() && !choice_possible(choices_.front())) choices_.erase(choices_.begin());
    if (!choices_.empty() || window_.open) return;
    switch (stage_) {
      case Stage::kPrepTopSoul:
        top_soul_step();
        stage_ = Stage::kPrepEntretien;
        entretien();
        break;
      case Stage::kPrepEntretien: begin_affrontement(); break;
      case Stage::kConsolidation:
        stage_ = Stage::kNone;
        consolidate();
        break;
      case Stage::kNone:
        RISE_CHECK(phase_ == Phase::kAffrontement, "raise-rise-die: no decision outside the Affrontement");
        return;
    }
  }
}

// Rules RRD-1.1, RRD-1.2, Interpretations RRD-1.3, RRD-1.5: a player at 0 PV or less, or
// hit with an empty deck, loses; both at once is a draw.
void RrdState::check_over() {
  if (phase_ == Phase::kOver) return;
  bool lost[2];
  for (int p = 0; p < 2; ++p) {
    const Player& pl = players_[static_cast<size_t>(p)];
    lost[p] = pl.pv <= 0 || pl.decked;
  }
  if (!lost[0] && !lost[1]) return;
  for (int p = 0; p < 2; ++p) {
    if (lost[p]) log(kEvDefeated, p, players_[static_cast<size_t>(p)].pv <= 0 ? 1 : 2);
  }
  finish(lost[0] && lost[1] ? -1 : (lost[0] ? 1 : 0), false);
}

GameEnd RrdState::game_end() const {
  if (phase_ != Phase::kOver) return {};
  if (pass_limit_hit_) return {"pass limit", "RRD-1.4", {}};
  if (winner_ < 0) return {"both defeated at once", "RRD-1.3", {}};
  if (players_[static_cast<size_t>(1 - winner_)].pv <= 0) return {"PV reached 0", "RRD-1.1", {}};
  return {"damage with an empty deck", "RRD-1.2", {}};
}

void RrdState::finish(int winner, bool pass_limit) {
  phase_ = Phase::kOver;
  stage_ = Stage::kNone;
  winner_ = winner;
  pass_limit_hit_ = pass_limit;
  choices_.clear();
  window_ = Window{};
  log(kEvDuelOver, -1, winner, pass_limit ? 1 : 0);
}

}  // namespace rise::rrd
