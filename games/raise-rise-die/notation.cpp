// raise-rise-die action notation (docs/notation.md, section raise-rise-die) and the text of
// the duel log, in the rulebook's French terms. What a seat may read follows Rule RRD-12.1:
// a card in a hidden zone is named only to whoever may see it, and the log never shows the
// object id of a card drawn or searched by the other seat (an id would let a reader follow
// the card later).
#include <algorithm>
#include <cctype>
#include <sstream>

#include <fmt/format.h>

#include "raise-rise-die/state.h"
#include "rise/core/error.h"

namespace rise::rrd {

namespace {

// What follows a verb in the notation.
enum class Args : uint8_t { kNone, kObject, kObjectSlot, kTwoObjects, kCardId };

// One verb of the notation (docs/notation.md): its word, an accented alias accepted on
// input, its action verb, its arguments and its usage for error messages.
struct VerbForm {
  const char* word;
  const char* alias;
  int verb;
  Args args;
  const char* usage;
};

constexpr VerbForm kForms[] = {
    {"passe", nullptr, kActPasse, Args::kNone, "passe"},
    {"sacrifie", nullptr, kActSacrifie, Args::kObject, "sacrifie #ID"},
    {"joue", nullptr, kActJoue, Args::kObjectSlot, "joue #ID SLOT"},
    {"transcende", nullptr, kActTranscende, Args::kObjectSlot, "transcende #ID SLOT"},
    {"active", nullptr, kActActive, Args::kObjectSlot, "active #ID SLOT"},
    {"laisse", nullptr, kActLaisse, Args::kNone, "laisse"},
    {"defausse", "défausse", kActDefausse, Args::kObject, "defausse #ID"},
    {"infuse", nullptr, kActInfuse, Args::kObject, "infuse #ID"},
    {"echange", "échange", kActEchange, Args::kTwoObjects, "echange #MAIN #DEFAUSSE"},
    {"cherche", nullptr, kActCherche, Args::kCardId, "cherche CARD-ID"},
    {"fin", nullptr, kActFin, Args::kNone, "fin"},
};

const VerbForm* form_of(int verb) {
  for (const VerbForm& f : kForms) {
    if (f.verb == verb) return &f;
  }
  return nullptr;
}

// Lower-case ASCII tokens of the notation, without parenthesised card names.
std::vector<std::string> tokens_of(std::string_view text) {
  std::string clean;
  int depth = 0;
  for (char c : text) {
    if (c == '(') {
      ++depth;
    } else if (c == ')') {
      depth = std::max(0, depth - 1);
    } else if (depth == 0) {
      clean += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
  }
  std::istringstream in(clean);
  std::vector<std::string> out;
  std::string word;
  while (in >> word) out.push_back(word);
  return out;
}

// "1 marqueur", "3 marqueurs".
std::string plural(int n, const char* word) { return fmt::format("{} {}{}", n, word, n > 1 || n < -1 ? "s" : ""); }

const char* slot_name_or(int slot) {
  return slot >= 0 && slot < kBodySlots ? slot_name(static_cast<Slot>(slot)) : "?";
}

const char* discard_cause(int cause) {
  switch (static_cast<ChoiceKind>(cause)) {
    case ChoiceKind::kHandLimit: return " (limite de main)";
    case ChoiceKind::kPoison: return " (Poison)";
    case ChoiceKind::kOubli: return " (Oubli)";
    case ChoiceKind::kEchange: return " (Échangez)";
    default: return "";
  }
}

}  // namespace

bool RrdState::card_visible(int id, int viewer) const {
  if (id < 0 || id >= num_objects()) return false;
  const Obj& o = objs_[static_cast<size_t>(id)];
  switch (o.where) {
    case Where::kHand: return viewer == o.owner || o.known;
    case Where::kDeck: {
      const Player& pl = players_[o.owner];
      if (pl.top_up && !pl.deck.empty() && pl.deck.back() == id) return true;  // the Top Soul, RRD-3.6
      for (int k = 0; k < pl.known_bottom && k < static_cast<int>(pl.deck.size()); ++k) {
        if (pl.deck[static_cast<size_t>(k)] == id) return true;  // the public bottom, RRD-6.3
      }
      return false;
    }
    default: return true;  // discard piles, Néant, slots: public
  }
}

std::string RrdState::obj_text(int id, int viewer) const {
  if (!card_visible(id, viewer)) return fmt::format("#{}", id);
  return fmt::format("{} #{}", card_of(id).name, id);
}

std::string RrdState::action_to_string(Action action) const {
  // Card names are added only where they are public or belong to the acting seat.
  return describe_action(action, current_player());
}

std::string RrdState::describe_action(Action action, PlayerId viewer) const {
  const std::string invalid = fmt::format("invalid({})", action);
  const VerbForm* form = form_of(action_verb(action));
  if (action < 0 || form == nullptr) return invalid;
  const int a = action_a(action);
  const int b = action_b(action);
  // "#12 (Lame de Braise)": the name only where `viewer` may see the card.
  auto ref = [&](int id) {
    if (!card_visible(id, viewer)) return fmt::format("#{}", id);
    return fmt::format("#{} ({})", id, card_of(id).name);
  };
  switch (form->args) {
    case Args::kNone:
      return a == 0 && b == 0 ? form->word : invalid;
    case Args::kObject:
      return a < kMaxObjects && b == 0 ? fmt::format("{} {}", form->word, ref(a)) : invalid;
    case Args::kObjectSlot:
      return a < kMaxObjects && b < kBodySlots ? fmt::format("{} {} {}", form->word, ref(a), slot_key(static_cast<Slot>(b))) : invalid;
    case Args::kTwoObjects:
      return a < kMaxObjects && b < kMaxObjects ? fmt::format("{} {} {}", form->word, ref(a), ref(b)) : invalid;
    case Args::kCardId: {
      if (a >= cards_->size() || b != 0) return invalid;
      const CardDef& c = (*cards_)[a];
      // Rule RRD-12.2: the searched card is shown to nobody but its chooser (the seat to
      // play); the others learn its VA.
      if (viewer != current_player()) return fmt::format("{} une carte de VA {}", form->word, c.va);
      return fmt::format("{} {} ({})", form->word, c.id, c.name);
    }
  }
  return invalid;
}

Action RrdState::string_to_action(std::string_view text) const {
  const std::vector<std::string> t = tokens_of(text);
  auto fail = [&](const std::string& why) {
    return InputError("raise-rise-die action '" + std::string(text) + "': " + why +
                      " (see docs/notation.md, raise-rise-die)");
  };
  auto object = [&](const std::string& token) {
    if (token.size() < 2 || token[0] != '#' || token.size() > 5) throw fail("'" + token + "' is not a card (#12)");
    int id = 0;
    for (size_t i = 1; i < token.size(); ++i) {
      if (!std::isdigit(static_cast<unsigned char>(token[i]))) throw fail("'" + token + "' is not a card (#12)");
      id = id * 10 + (token[i] - '0');
    }
    if (id >= kMaxObjects) throw fail("card ids are below " + std::to_string(kMaxObjects));
    return id;
  };
  auto slot = [&](const std::string& token) {
    if (token == "tête") return static_cast<int>(Slot::kTete);
    for (int k = 0; k < kBodySlots; ++k) {
      if (token == slot_key(static_cast<Slot>(k))) return k;
    }
    throw fail("'" + token + "' is not a slot (tete, torse, bras or jambes)");
  };
  if (t.empty()) throw fail("empty");
  const VerbForm* form = nullptr;
  for (const VerbForm& f : kForms) {
    if (t[0] == f.word || (f.alias != nullptr && t[0] == f.alias)) form = &f;
  }
  if (form == nullptr) {
    throw fail("unknown verb '" + t[0] +
               "' (passe, sacrifie, joue, transcende, active, laisse, defausse, infuse, echange, cherche, fin)");
  }
  static constexpr size_t kWords[] = {1, 2, 3, 3, 2};  // by Args
  if (t.size() != kWords[static_cast<int>(form->args)]) throw fail(std::string("expected '") + form->usage + "'");
  switch (form->args) {
    case Args::kNone: return make_action(form->verb);
    case Args::kObject: return make_action(form->verb, object(t[1]));
    case Args::kObjectSlot: return make_action(form->verb, object(t[1]), slot(t[2]));
    case Args::kTwoObjects: return make_action(form->verb, object(t[1]), object(t[2]));
    case Args::kCardId: {
      const int def = cards_->find(t[1]);
      if (def < 0) throw fail("unknown card '" + t[1] + "' (cherche takes a card id, e.g. cherche lame-de-braise)");
      if (def >= kMaxObjects) throw fail("card index too large for an action id");
      return make_action(form->verb, def);
    }
  }
  throw fail("unknown verb");
}

std::string RrdState::describe_event(const Event& e, int viewer) const {
  // Events are public facts: a card named in one was seen by both players when it
  // happened, whatever zone it lies in now. Only draws and searches hide their card.
  auto name = [&](int id) -> std::string {
    if (id < 0 || id >= num_objects()) return fmt::format("#{}", id);
    return fmt::format("{} #{}", card_of(id).name, id);
  };
  const bool own = viewer == e.player;
  const std::string who = fmt::format("p{}", e.player);
  switch (e.kind) {
    case kEvPassStart: return fmt::format("— Passe d'Armes {} : {} joue en premier —", e.a, who);
    case kEvFirstPlayer: return who + " est tiré au sort pour jouer en premier";
    case kEvDraw:
      if (own || e.b == 1) return fmt::format("{} pioche {}{}", who, name(e.a), e.b == 1 ? " (carte connue)" : "");
      return who + " pioche une carte";
    case kEvEmptyDraw: return who + " ne pioche rien : sa pioche est vide";
    case kEvDiscard: return fmt::format("{} défausse {}{}", who, name(e.a), discard_cause(e.b));
    case kEvTopSoul: {
      const int va = e.a >= 0 && e.a < num_objects() ? card_of(e.a).va : 0;
      return fmt::format("{} retourne sa Top Soul : {} (VA {})", who, name(e.a), va);
    }
    case kEvUpkeep: return fmt::format("{} : Entretien de l'infusion {}", who, name(e.a));
    case kEvSacrifice: return fmt::format("{} sacrifie {} : +{} VA (réserve {})", who, name(e.a), e.b, e.c);
    case kEvPlay: {
      const bool transcended = (e.c & 1) != 0;
      const bool counter = (e.c & 2) != 0;
      std::string verb = counter ? (transcended ? "contre en transcendant" : "contre avec") : (transcended ? "transcende" : "joue");
      return fmt::format("{} {} {} sur {}", who, verb, name(e.a), slot_name_or(e.b));
    }
    case kEvLetThrough: return fmt::format("{} laisse passer {}", who, name(e.a));
    case kEvCountered: return fmt::format("{} de {} est contrée par {}", name(e.a), who, name(e.b));
    case kEvActivate: return fmt::format("{} active {} sur {}", who, name(e.a), slot_name_or(e.b));
    case kEvPass: return who + " passe";
    case kEvAffrontementEnd:
      if (e.a < 0) return "fin de l'Affrontement";
      return fmt::format("fin de l'Affrontement : p{} a passé le premier", e.a);
    case kEvHit:
      if (e.c > 0) {
        return fmt::format("{} touché ({}) : {}, {}", who, slot_name_or(e.a), plural(e.b, "dégât"), plural(e.c, "bloqué"));
      }
      return fmt::format("{} touché ({}) : {}", who, slot_name_or(e.a), plural(e.b, "dégât"));
    case kEvTopSoulDown:  // the PV loss follows as its own event (kEvPvLoss)
      return fmt::format("{} : Top Soul {} éliminée (VA {})", who, name(e.a), e.b);
    case kEvMark: return fmt::format("{} : Top Soul {} ébranlée ({} dégâts marqués)", who, name(e.a), e.b);
    case kEvPvLoss: return fmt::format("{} perd {} PV ({})", who, e.a, e.b);
    case kEvBloque: return fmt::format("{} : Bloque {} sur {}", who, e.b, slot_name_or(e.a));
    case kEvPointFaible: return fmt::format("{} : Point faible {} sur {}", who, e.b, slot_name_or(e.a));
    case kEvBurn: return fmt::format("{} : {} brûlée, au Néant (Brûlez)", who, name(e.a));
    case kEvPoison: return fmt::format("{} reçoit {} Poison ({} en tout)", who, plural(e.a, "marqueur"), e.b);
    case kEvSaignement: return fmt::format("{} reçoit {} Saignement ({} en tout)", who, plural(e.a, "marqueur"), e.b);
    case kEvSonne: return fmt::format("{} est Sonné : sa prochaine carte coûte {} VA de plus", who, e.a);
    case kEvTorpeur: return fmt::format("Torpeur : la prochaine carte de {} ne pourra pas être contrée", who);
    case kEvEchange: return fmt::format("{} échange {} (main) avec {} (défausse)", who, name(e.a), name(e.b));
    case kEvRecherche:
      // Rule RRD-12.2: the other seat learns only the VA, never the card or its id.
      if (own) return fmt::format("{} cherche {} dans sa pioche", who, name(e.a));
      return fmt::format("{} cherche une carte de VA {} dans sa pioche", who, e.b);
    case kEvShuffle: return who + " mélange sa pioche";
    case kEvInfuse: return fmt::format("{} infuse {} (emplacement d'infusion {})", who, name(e.a), e.b + 1);
    case kEvNeant: return fmt::format("{} de {} va au Néant", name(e.a), who);
    case kEvToDeck: return fmt::format("{} : défausse ({}) replacée sous la pioche", who, plural(e.a, "carte"));
    case kEvDefeated:
      return e.a == 2 ? who + " est vaincu : des dégâts sans Top Soul à révéler (pioche vide)"
                      : who + " est vaincu : 0 PV";
    case kEvDuelOver:
      if (e.a < 0) return e.b == 1 ? "fin du duel : match nul (limite de Passes d'Armes)" : "fin du duel : match nul";
      return fmt::format("fin du duel : p{} gagne", e.a);
    default: return fmt::format("événement inconnu {}", e.kind);
  }
}

}  // namespace rise::rrd
