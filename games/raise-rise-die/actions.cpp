// Decisions: who decides, the legal actions, why an action is illegal, and applying one
// (Rules RRD-4.4, RRD-5.*, RRD-6.2, RRD-7.1, RRD-7.2, RRD-9.2, RRD-9.4, RRD-11.6, RRD-11.9,
// RRD-11.12, RRD-11.13; Interpretations RRD-5.11, RRD-5.12).
//
// One check (check_action) decides legality for is_legal, explain_illegal and
// legal_actions, which only proposes candidates to it; reasons are built only when asked.
#include <algorithm>
#include <string>

#include "raise-rise-die/state.h"
#include "rise/core/error.h"

namespace rise::rrd {

namespace {

// Returns false, writing the reason `text()` to `why` when it is wanted.
template <typename Text>
bool refuse(std::string* why, Text&& text) {
  if (why != nullptr) *why = text();
  return false;
}

std::string card_ref(int id) { return '#' + std::to_string(id); }

bool contains(const std::vector<int16_t>& zone, int id) {
  return std::find(zone.begin(), zone.end(), static_cast<int16_t>(id)) != zone.end();
}

// Rng::shuffle of deck[0, n) (the cards under the Top Soul; its top is deck[n - 1]): a
// forced shuffle names the cards that come out on top of it, under the Top Soul.
template <typename NameOf>
void shuffle_prefix(Rng& rng, std::vector<int16_t>& deck, size_t n, NameOf name_of) {
  std::vector<int16_t> under(deck.begin(), deck.begin() + static_cast<std::ptrdiff_t>(n));
  rng.shuffle(under, name_of, true);
  std::copy(under.begin(), under.end(), deck.begin());
}

const char* choice_rule(ChoiceKind kind) {
  switch (kind) {
    case ChoiceKind::kHandLimit: return "a hand-limit discard (RRD-4.4)";
    case ChoiceKind::kPoison: return "a Poison discard (RRD-11.12)";
    case ChoiceKind::kOubli: return "an Oubli discard (RRD-11.9)";
    case ChoiceKind::kEchange: return "an Échangez swap (RRD-11.6)";
    case ChoiceKind::kRecherche: return "a Recherche (RRD-11.13)";
    case ChoiceKind::kInfusion: return "the infusions (RRD-6.2)";
  }
  return "a choice";
}

}  // namespace

// The front choice's player, else the counter window's (the opponent of the card's player),
// else the player whose Affrontement turn it is (Rules RRD-5.1, RRD-5.6; Interpretation RRD-5.11).
PlayerId RrdState::current_player() const {
  if (phase_ == Phase::kOver) return kTerminalPlayer;
  if (!choices_.empty()) return choices_.front().player;
  if (window_.open) return 1 - window_.player;
  return turn_player_;
}

// Interpretation RRD-5.11: a choice asks only its own actions.
bool RrdState::choice_possible(const Choice& c) const {
  const Player& pl = players_[c.player];
  switch (c.kind) {
    case ChoiceKind::kHandLimit:
    case ChoiceKind::kPoison:
    case ChoiceKind::kOubli: return c.amount > 0 && !pl.hand.empty();
    case ChoiceKind::kEchange: return !pl.hand.empty() && !pl.discard.empty();
    case ChoiceKind::kRecherche: return pl.deck.size() > (pl.top_up ? 1u : 0u);
    case ChoiceKind::kInfusion:
      for (const auto& body : pl.body) {
        for (int16_t id : body) {
          if (qualifies(id)) return true;
        }
      }
      return false;
  }
  return false;
}

bool RrdState::can_play(int p, int id, Slot slot, bool transcend, std::string* why) const {
  if (id < 0 || id >= num_objects()) return refuse(why, [&] { return "there is no card " + card_ref(id); });
  const Obj& o = objs_[static_cast<size_t>(id)];
  if (o.owner != p || o.where != Where::kHand) {
    return refuse(why, [&] {
      return "card " + card_ref(id) + " is not in the player's hand: cards are played from the hand (RRD-5.4)";
    });
  }
  const CardDef& c = card_of(id);
  if (transcend && c.kind == Kind::kInstantanee) {
    return refuse(why, [&] { return c.name + " is an instantanée: it cannot be transcended (RRD-7.1)"; });
  }
  if (!transcend && !c.optimal(slot)) {
    return refuse(why, [&] {
      return std::string(slot_key(slot)) + " is not an optimal slot of " + c.name +
             ": only a transcended card goes elsewhere (RRD-5.4, RRD-7.3)";
    });
  }
  // Interpretation RRD-7.8: a transcended objet is played on a body slot, so it needs no
  // free object slot.
  if (c.kind == Kind::kObjet && !transcend) {
    const auto& slots = players_[static_cast<size_t>(p)].objets;
    if (std::find(slots.begin(), slots.end(), static_cast<int16_t>(-1)) == slots.end()) {
      return refuse(why, [&] { return c.name + " is an objet and both object slots are taken (RRD-9.2)"; });
    }
  }
  const Player& pl = players_[static_cast<size_t>(p)];
  const int cost = cost_now(p, id);
  if (cost > pl.reserve) {
    return refuse(why, [&] {
      return c.name + " costs " + std::to_string(cost) + " VA and the reserve holds " + std::to_string(pl.reserve) +
             " (RRD-5.3" + (pl.sonne > 0 ? ", Sonné RRD-11.15" : "") + ")";
    });
  }
  if (transcend && c.cost > 0 && pl.pv - c.cost <= 0) {
    return refuse(why, [&] {
      return "transcending " + c.name + " costs " + std::to_string(c.cost) + " PV and would leave " +
             std::to_string(pl.pv - c.cost) + " PV (RRD-7.2)";
    });
  }
  return true;
}

bool RrdState::check_action(Action action, std::string* why) const {
  if (phase_ == Phase::kOver) return refuse(why, [] { return std::string("the duel is over (RRD-1.1, RRD-1.2)"); });
  const int verb = action_verb(action);
  const int a = action_a(action);
  const int b = action_b(action);
  if (action < 0 || verb < kActPasse || verb > kLastVerb) {
    return refuse(why, [&] {
      return "action " + std::to_string(action) + " is not an action of raise-rise-die (verbs 1.." +
             std::to_string(kLastVerb) + ", docs/notation.md)";
    });
  }
  const int p = current_player();
  const Player& pl = players_[static_cast<size_t>(p)];
  auto in_hand = [&](int id) {
    return id < num_objects() && objs_[static_cast<size_t>(id)].owner == p &&
           objs_[static_cast<size_t>(id)].where == Where::kHand;
  };
  auto no_args = [&](const char* what) {
    if (a == 0 && b == 0) return true;
    return refuse(why, [&] { return std::string(what) + " takes no card or slot (RRD-5.1)"; });
  };
  auto hand_card = [&](const char* what) {
    if (b != 0) return refuse(why, [&] { return std::string(what) + " takes a card and no slot (RRD-5.2)"; });
    if (!in_hand(a)) {
      return refuse(why,
                    [&] { return "card " + card_ref(a) + " is not in the player's hand (" + what + ", RRD-5.2)"; });
    }
    return true;
  };
  // Rule RRD-9.4: a disengaged objet of p's object slots, on one of its optimal slots.
  auto can_activate = [&]() {
    if (b >= kBodySlots)
      return refuse(
          why, [&] { return "slot " + std::to_string(b) + " does not exist: tete, torse, bras, jambes (RRD-3.4)"; });
    if (a >= num_objects() || objs_[static_cast<size_t>(a)].owner != p ||
        objs_[static_cast<size_t>(a)].where != Where::kObjet) {
      return refuse(why,
                    [&] { return "card " + card_ref(a) + " is not in one of the player's object slots (RRD-9.4)"; });
    }
    if (objs_[static_cast<size_t>(a)].engaged) {
      return refuse(why, [&] { return card_of(a).name + " is engagé until the consolidation (RRD-9.3, RRD-9.4)"; });
    }
    if (!card_of(a).optimal(static_cast<Slot>(b))) {
      return refuse(why, [&] {
        return std::string(slot_key(static_cast<Slot>(b))) + " is not an optimal slot of " + card_of(a).name +
               " (RRD-9.4)";
      });
    }
    return true;
  };

  // Interpretation RRD-5.11: a pending choice is answered first, by its own actions only.
  if (!choices_.empty()) {
    const Choice& ch = choices_.front();
    switch (ch.kind) {
      case ChoiceKind::kHandLimit:
      case ChoiceKind::kPoison:
      case ChoiceKind::kOubli:
        if (verb != kActDefausse) {
          return refuse(
              why, [&] { return std::string("the player must first make ") + choice_rule(ch.kind) + ": defausse #n"; });
        }
        return hand_card("defausse");
      case ChoiceKind::kEchange:
        if (verb == kActFin) return no_args("fin");
        if (verb != kActEchange) {
          return refuse(why, [&] {
            return std::string("the player must first make ") + choice_rule(ch.kind) + ": echange #n #m or fin";
          });
        }
        if (!in_hand(a))
          return refuse(why, [&] { return "card " + card_ref(a) + " is not in the player's hand (RRD-11.6)"; });
        if (card_of(a).va != ch.amount) {
          return refuse(why, [&] {
            return card_of(a).name + " has VA " + std::to_string(card_of(a).va) + ", Échangez asks VA " +
                   std::to_string(ch.amount) + " (RRD-11.6)";
          });
        }
        if (!contains(pl.discard, b)) {
          return refuse(why, [&] { return "card " + card_ref(b) + " is not in the player's discard pile (RRD-11.6)"; });
        }
        return true;
      case ChoiceKind::kRecherche: {
        if (verb == kActFin) return no_args("fin");
        if (verb != kActCherche) {
          return refuse(why, [&] {
            return std::string("the player must first make ") + choice_rule(ch.kind) + ": cherche CARD or fin";
          });
        }
        if (b != 0 || a >= cards_->size())
          return refuse(why, [&] { return std::string("cherche names no card of the game (RRD-11.13)"); });
        if ((*cards_)[a].va != ch.amount) {
          return refuse(why, [&] {
            return (*cards_)[a].name + " has VA " + std::to_string((*cards_)[a].va) + ", Recherche asks VA " +
                   std::to_string(ch.amount) + " (RRD-11.13)";
          });
        }
        const size_t below = pl.deck.size() - (pl.top_up ? 1 : 0);
        for (size_t i = 0; i < below; ++i) {
          if (objs_[static_cast<size_t>(pl.deck[i])].def == a) return true;
        }
        return refuse(why, [&] { return "no " + (*cards_)[a].name + " under the Top Soul of the deck (RRD-11.13)"; });
      }
      case ChoiceKind::kInfusion:
        if (verb == kActFin) return no_args("fin");
        if (verb != kActInfuse) {
          return refuse(why, [&] {
            return std::string("the player must first make ") + choice_rule(ch.kind) + ": infuse #n or fin";
          });
        }
        if (b != 0 || a >= num_objects() || objs_[static_cast<size_t>(a)].owner != p || !qualifies(a)) {
          return refuse(why, [&] {
            return "card " + card_ref(a) +
                   " cannot infuse: it must be the player's, played successfully this pass, not transcended nor a "
                   "counter, with an effet d'infusion, and a free infusion slot (RRD-8.3)";
          });
        }
        return true;
    }
  }

  const bool in_window = window_.open;
  switch (verb) {
    case kActSacrifie: return hand_card("sacrifie");  // Rule RRD-5.2
    case kActActive: return can_activate();
    case kActJoue:
    case kActTranscende: {
      if (b >= kBodySlots)
        return refuse(
            why, [&] { return "slot " + std::to_string(b) + " does not exist: tete, torse, bras, jambes (RRD-3.4)"; });
      const bool transcend = verb == kActTranscende;
      const auto slot = static_cast<Slot>(b);
      if (in_window && b != window_.slot) {  // Rule RRD-5.6: only instantanées elsewhere
        if (!in_hand(a))
          return refuse(why, [&] { return "card " + card_ref(a) + " is not in the player's hand (RRD-5.4)"; });
        if (transcend || card_of(a).kind != Kind::kInstantanee) {
          return refuse(why, [&] {
            return std::string("in the counter window of ") + card_ref(window_.card) + " on " +
                   slot_key(static_cast<Slot>(window_.slot)) +
                   " a card other than an instantanée can only counter, on " +
                   slot_key(static_cast<Slot>(window_.slot)) + " (RRD-5.5, RRD-5.6)";
          });
        }
      }
      return can_play(p, a, slot, transcend, why);
    }
    case kActPasse:
      if (in_window) {
        return refuse(why, [] {
          return std::string("in a counter window the player counters or lets through: laisse (RRD-5.6)");
        });
      }
      return no_args("passe");
    case kActLaisse:
      if (!in_window)
        return refuse(why, [] { return std::string("there is no counter window to let through (RRD-5.6)"); });
      return no_args("laisse");
    default:
      return refuse(why, [] {
        return std::string(
            "defausse, infuse, echange, cherche and fin answer a pending choice (RRD-4.4, RRD-6.2, "
            "RRD-11.6, RRD-11.9, RRD-11.12, RRD-11.13) and none is pending");
      });
  }
}

bool RrdState::is_legal(Action action) const { return check_action(action, nullptr); }

std::string RrdState::explain_illegal(Action action) const {
  std::string why;
  if (check_action(action, &why)) return "the action is legal";
  return why;
}

// Sacrifices, activations and instantanées: what p may do at any of its own decisions
// (Rules RRD-5.2, RRD-5.5, RRD-9.4). In a counter window an instantanée on the window's slot
// is a counter; elsewhere it is played beside the window.
void RrdState::add_free_actions(int p, std::vector<Action>& out) const {
  const Player& pl = players_[static_cast<size_t>(p)];
  for (int16_t id : pl.hand) {
    out.push_back(make_action(kActSacrifie, id));
    if (card_of(id).kind != Kind::kInstantanee) continue;
    for (int s = 0; s < kBodySlots; ++s) {
      if (can_play(p, id, static_cast<Slot>(s), false)) out.push_back(make_action(kActJoue, id, s));
    }
  }
  for (int16_t id : pl.objets) {
    if (id < 0 || objs_[static_cast<size_t>(id)].engaged) continue;
    for (int s = 0; s < kBodySlots; ++s) {
      if (card_of(id).optimal(static_cast<Slot>(s))) out.push_back(make_action(kActActive, id, s));
    }
  }
}

void RrdState::add_choice_actions(const Choice& c, std::vector<Action>& out) const {
  const Player& pl = players_[c.player];
  switch (c.kind) {
    case ChoiceKind::kHandLimit:
    case ChoiceKind::kPoison:
    case ChoiceKind::kOubli:
      for (int16_t id : pl.hand) out.push_back(make_action(kActDefausse, id));
      break;
    case ChoiceKind::kEchange:
      for (int16_t id : pl.hand) {
        if (card_of(id).va != c.amount) continue;
        for (int16_t d : pl.discard) out.push_back(make_action(kActEchange, id, d));
      }
      out.push_back(make_action(kActFin));
      break;
    case ChoiceKind::kRecherche: {
      const size_t below = pl.deck.size() - (pl.top_up ? 1 : 0);
      for (size_t i = 0; i < below; ++i) {
        const int def = objs_[static_cast<size_t>(pl.deck[i])].def;
        if ((*cards_)[def].va == c.amount) out.push_back(make_action(kActCherche, def));
      }
      out.push_back(make_action(kActFin));
      break;
    }
    case ChoiceKind::kInfusion:
      for (const auto& body : pl.body) {
        for (int16_t id : body) {
          if (qualifies(id)) out.push_back(make_action(kActInfuse, id));
        }
      }
      out.push_back(make_action(kActFin));
      break;
  }
}

void RrdState::legal_actions(std::vector<Action>& out) const {
  out.clear();
  if (phase_ == Phase::kOver) return;
  if (!choices_.empty()) {
    add_choice_actions(choices_.front(), out);
  } else {
    const int p = current_player();
    add_free_actions(p, out);
    const Player& pl = players_[static_cast<size_t>(p)];
    for (int16_t id : pl.hand) {
      if (card_of(id).kind == Kind::kInstantanee) continue;  // added by add_free_actions
      for (int s = 0; s < kBodySlots; ++s) {
        if (window_.open && s != window_.slot) continue;  // Rule RRD-5.6: counters only
        const auto slot = static_cast<Slot>(s);
        if (can_play(p, id, slot, false)) out.push_back(make_action(kActJoue, id, s));
        if (can_play(p, id, slot, true)) out.push_back(make_action(kActTranscende, id, s));
      }
    }
    out.push_back(make_action(window_.open ? kActLaisse : kActPasse));
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
}

void RrdState::do_apply_action(Action action) {
  const int verb = action_verb(action);
  const int a = action_a(action);
  const int b = action_b(action);
  const int p = current_player();
  Player& pl = players_[static_cast<size_t>(p)];
  auto name_of_object = [&](int16_t id) -> const std::string& { return card_of(id).id; };
  switch (verb) {
    case kActPasse: {  // Rules RRD-5.1, RRD-5.8, RRD-5.9
      log(kEvPass, p);
      if (first_passer_ < 0) first_passer_ = p;
      const bool ends = pl.passed_last || players_[static_cast<size_t>(1 - p)].passed_last;
      pl.passed_last = true;
      if (ends) {
        end_affrontement();
      } else {
        turn_player_ = 1 - p;
      }
      break;
    }
    case kActSacrifie: {  // Rule RRD-5.2
      const int va = card_of(a).va;
      move(a, Where::kDiscard);
      pl.reserve = static_cast<int16_t>(std::min(9999, pl.reserve + va));
      log(kEvSacrifice, p, a, va, pl.reserve);
      break;
    }
    case kActJoue:
    case kActTranscende:
      play(p, a, static_cast<Slot>(b), verb == kActTranscende, window_.open && b == window_.slot);
      break;
    case kActActive: activate(p, a, static_cast<Slot>(b)); break;
    case kActLaisse: {  // Rule RRD-5.6
      const Window w = window_;
      window_ = Window{};
      log(kEvLetThrough, p, w.card);
      resolve(w.card);
      after_turn_card(w.player, w.card);
      break;
    }
    case kActDefausse: {  // Rules RRD-4.4, RRD-11.9, RRD-11.12
      Choice& ch = choices_.front();
      const int va = card_of(a).va;
      move(a, Where::kDiscard);
      log(kEvDiscard, p, a, static_cast<int>(ch.kind));
      ch.amount = static_cast<int16_t>(ch.amount - (ch.kind == ChoiceKind::kHandLimit ? 1 : va));
      break;
    }
    case kActInfuse: {  // Rule RRD-6.2
      const auto& slots = pl.infusion;
      const int k = static_cast<int>(std::find(slots.begin(), slots.end(), static_cast<int16_t>(-1)) - slots.begin());
      move(a, Where::kInfusion, k);
      log(kEvInfuse, p, a, k);
      break;
    }
    case kActEchange:  // Rule RRD-11.6
      move(b, Where::kHand);
      objs_[static_cast<size_t>(b)].known = true;
      move(a, Where::kDiscard);
      log(kEvEchange, p, a, b);
      choices_.erase(choices_.begin());
      break;
    case kActCherche: {  // Rule RRD-11.13
      // The copy nearest the top: the least likely to be one the opponent saw go under.
      int found = -1;
      for (size_t i = pl.deck.size() - (pl.top_up ? 1 : 0); i > 0 && found < 0; --i) {
        if (objs_[static_cast<size_t>(pl.deck[i - 1])].def == a) found = pl.deck[i - 1];
      }
      move(found, Where::kHand);
      log(kEvRecherche, p, found, card_of(found).va);
      shuffle_prefix(rng_, pl.deck, pl.deck.size() - (pl.top_up ? 1 : 0), name_of_object);
      pl.known_bottom = 0;
      log(kEvShuffle, p);
      choices_.erase(choices_.begin());
      break;
    }
    case kActFin:
      if (choices_.front().kind == ChoiceKind::kRecherche) {  // Interpretation RRD-11.19
        shuffle_prefix(rng_, pl.deck, pl.deck.size() - (pl.top_up ? 1 : 0), name_of_object);
        pl.known_bottom = 0;
        log(kEvShuffle, p);
      }
      choices_.erase(choices_.begin());
      break;
    default: RISE_CHECK(false, "raise-rise-die: unknown verb");
  }
  continue_flow();
}

}  // namespace rise::rrd
