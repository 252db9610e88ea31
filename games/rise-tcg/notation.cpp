// rise-tcg action notation (docs/notation.md, section rise-tcg).
#include <cctype>
#include <sstream>

#include "rise/core/error.h"
#include "rise-tcg/state.h"

namespace rise::tcg {

namespace {

std::string slot_name(int slot) { return slot == kBothSummoners ? "both" : 'S' + std::to_string(slot + 1); }

}  // namespace

// A ref in notation: "#17 (Crow)" (a card), "p1.S2" (a Summoner), "p1" (a player),
// "chain 2". A card in a library or hand `viewer` cannot see: "#17" in notation
// (`notation`: what action_to_string writes and string_to_action reads back), "a card" in a
// seat's text (Interpretation TCG-I78: neither its name nor its id, which a card that was
// public once is known by); a hand card every player saw go back to the hand (`known`,
// TCG-13.1) is named.
std::string TcgState::ref_name(int ref, int viewer, bool notation) const {
  if (ref < kSummonerRef) {
    if (ref >= num_objects()) return '#' + std::to_string(ref);
    const Obj& o = objs_[static_cast<size_t>(ref)];
    const bool hidden = o.where == Where::kLibrary || (o.where == Where::kHand && !o.known);
    if (hidden && viewer != o.owner) return notation ? '#' + std::to_string(ref) : "a card";
    return '#' + std::to_string(ref) + " (" + cards_->card(o.def).name + ")";
  }
  if (ref < kPlayerRef) {
    int p = (ref - kSummonerRef) / 2;
    return 'p' + std::to_string(p) + ".S" + std::to_string((ref - kSummonerRef) % 2 + 1);
  }
  if (ref < kChainRef) return 'p' + std::to_string(ref - kPlayerRef);
  // Issue 38: a seat's text names the item ("chain 2 (Ember Gate's Action 1)"), numbered
  // from the bottom as the notation and the browser's list number it.
  std::string text = "chain " + std::to_string(ref - kChainRef + 1);
  const int index = ref - kChainRef;
  if (!notation && index < static_cast<int>(chain_.size())) {
    const ChainItem& item = chain_[static_cast<size_t>(index)];
    text += " (" + chain_item_words(*cards_, static_cast<int>(item.kind), chain_item_def(item), item.index) + ")";
  }
  return text;
}

int TcgState::chain_item_def(const ChainItem& item) const {
  if (item.source >= kSummonerRef) {
    const int p = (item.source - kSummonerRef) / 2, slot = (item.source - kSummonerRef) % 2;
    if (p >= sides()) return -1;
    return players_[static_cast<size_t>(p)].summoners[static_cast<size_t>(slot)].def;
  }
  if (item.left || item.source < 0 || item.source >= num_objects()) return -1;
  return objs_[static_cast<size_t>(item.source)].def;
}

std::string chain_item_words(const CardSet& cards, int kind, int def, int index) {
  const bool known = def >= 0 && def < cards.db->size();
  const std::string name = known ? cards.card(def).name : "";
  switch (static_cast<ChainKind>(kind)) {
    case ChainKind::kImminent: return known ? "the Imminent " + name : "an Imminent";
    case ChainKind::kAction:
      return known ? name + "'s Action " + std::to_string(index + 1) : "an Action of a card that has left the battlefield";
    case ChainKind::kSkill: return (known ? name : "a Summoner") + "'s skill " + std::to_string(index + 1);
  }
  return "a chain item";
}


std::string TcgState::action_to_string(Action action) const {
  // Names of cards are added only where they are public or belong to the acting seat.
  return action_text(action, current_player(), true);
}

std::string TcgState::describe_action(Action action, PlayerId viewer) const { return action_text(action, viewer, false); }

std::string TcgState::action_warning(Action action) const {
  const PlayerId p = current_player();
  if (action_kind(action) == kActConcede) return "concede ends the game: you lose (Rule TCG-3.3)";
  if (action_kind(action) == kActChoose && choice_.kind == ChoiceKind::kSacrifice && p >= 0) {
    const int ref = action_a(action);
    if (ref >= kSummonerRef + 2 * p && ref < kSummonerRef + 2 * p + 2) {
      const Summoner& sm = players_[static_cast<size_t>(p)].summoners[static_cast<size_t>(ref - kSummonerRef - 2 * p)];
      return describe_action(action, p) + " sacrifices " + cards_->card(sm.def).name +
             ": it dies (Rule TCG-4.8)";
    }
  }
  return "";
}

std::string TcgState::action_text(Action action, PlayerId viewer, bool notation) const {
  int a = action_a(action);
  int b = action_b(action);
  switch (action_kind(action)) {
    case kActKeep: return "keep";
    case kActMulligan: return "mulligan";
    case kActConcede: return "concede";
    case kActDraw0: return "draw 0";
    case kActDraw1: return "draw 1";
    case kActDraw2: return "draw 2";
    case kActInvoke: return "invoke " + ref_name(a, viewer, notation) + " by " + slot_name(b);
    case kActLevelUp: return "levelup " + ref_name(a, viewer, notation) + " on " + slot_name(b);
    case kActSkill: {
      std::string text = "skill " + slot_name(a) + " " + std::to_string(b + 1);
      int p = current_player();
      if (p >= 0 && a < 2) {
        const CardDef& card = cards_->card(players_[static_cast<size_t>(p)].summoners[static_cast<size_t>(a)].def);
        if (b < card.max_level()) text += " (" + card.skills[static_cast<size_t>(b)].name + ")";
      }
      return text;
    }
    case kActUseAction: return "action " + ref_name(a, viewer, notation) + " " + std::to_string(b + 1);
    case kActAttack: return "attack";
    case kActPass: return "pass";
    case kActAttacker: return "attacker " + ref_name(a, viewer, notation) + " at p" + std::to_string(b);
    case kActAttackersDone: return "attackers done";
    case kActBlock: return "block " + ref_name(a, viewer, notation) + " " + ref_name(b, viewer, notation);
    case kActBlocksDone: return "blocks done";
    case kActChoose: return "choose " + ref_name(a, viewer, notation);
    case kActRelaunch: return "relaunch " + ref_name(a, viewer, notation) + " " + std::to_string(b + 1);
    case kActExplode: return "explode " + ref_name(a, viewer, notation) + " " + ref_name(b, viewer, notation);
    case kActDivert: return "divert " + ref_name(a, viewer, notation);
    case kActRage: return "rage " + ref_name(a, viewer, notation);
    case kActAssimilate: return "assimilate " + ref_name(a, viewer, notation) + " onto " + ref_name(b, viewer, notation);
    default: return "action?" + std::to_string(action);
  }
}

namespace {

// Tokens of the notation without parenthesised card names.
std::vector<std::string> tokens_of(std::string_view text) {
  std::string clean;
  int depth = 0;
  for (char c : text) {
    if (c == '(') ++depth;
    else if (c == ')') depth = std::max(0, depth - 1);
    else if (depth == 0) clean += c;
  }
  std::istringstream in(clean);
  std::vector<std::string> out;
  std::string word;
  while (in >> word) out.push_back(word);
  return out;
}

int parse_int(const std::string& text, std::string_view whole) {
  if (text.empty() || text.size() > 5) throw InputError("rise-tcg action '" + std::string(whole) + "': expected a number, got '" + text + "'");
  for (char c : text) {
    if (!std::isdigit(static_cast<unsigned char>(c))) {
      throw InputError("rise-tcg action '" + std::string(whole) + "': expected a number, got '" + text + "'");
    }
  }
  return std::stoi(text);
}

int parse_ref(const std::string& t, std::string_view whole) {
  auto bad = [&]() {
    return InputError("rise-tcg action '" + std::string(whole) + "': '" + t +
                      "' is not a card (#17), a Summoner (p1.S2), a player (p1) or a chain item");
  };
  if (t.size() >= 2 && t[0] == '#') {
    int id = parse_int(t.substr(1), whole);
    if (id >= kSummonerRef) throw bad();
    return id;
  }
  if (t.size() >= 2 && t[0] == 'p') {
    auto dot = t.find('.');
    int p = parse_int(t.substr(1, dot == std::string::npos ? std::string::npos : dot - 1), whole);
    if (p >= kMaxPlayers) throw bad();
    if (dot == std::string::npos) return kPlayerRef + p;
    std::string s = t.substr(dot + 1);
    if (s != "S1" && s != "S2") throw bad();
    return kSummonerRef + 2 * p + (s == "S2" ? 1 : 0);
  }
  throw bad();
}

int parse_slot(const std::string& t, std::string_view whole) {
  if (t == "S1") return 0;
  if (t == "S2") return 1;
  if (t == "both") return kBothSummoners;
  throw InputError("rise-tcg action '" + std::string(whole) + "': expected S1, S2 or both, got '" + t + "'");
}

}  // namespace

Action TcgState::string_to_action(std::string_view text) const {
  std::vector<std::string> t = tokens_of(text);
  auto fail = [&](const std::string& why) {
    return InputError("rise-tcg action '" + std::string(text) + "': " + why +
                      " (see docs/notation.md, rise-tcg)");
  };
  if (t.empty()) throw fail("empty");
  const std::string& verb = t[0];
  auto need = [&](size_t n) {
    if (t.size() != n) throw fail("expected " + std::to_string(n - 1) + " argument(s) after '" + verb + "'");
  };
  if (verb == "keep") { need(1); return make_action(kActKeep); }
  if (verb == "mulligan") { need(1); return make_action(kActMulligan); }
  if (verb == "concede") { need(1); return make_action(kActConcede); }
  if (verb == "attack") { need(1); return make_action(kActAttack); }
  if (verb == "pass") { need(1); return make_action(kActPass); }
  if (verb == "draw") {
    need(2);
    if (t[1] == "0") return make_action(kActDraw0);
    if (t[1] == "1") return make_action(kActDraw1);
    if (t[1] == "2") return make_action(kActDraw2);
    throw fail("draw 0, draw 1 or draw 2");
  }
  if (verb == "invoke") {
    need(4);
    if (t[2] != "by") throw fail("expected 'invoke #ID by S1|S2|both'");
    return make_action(kActInvoke, parse_ref(t[1], text), parse_slot(t[3], text));
  }
  if (verb == "levelup") {
    need(4);
    if (t[2] != "on") throw fail("expected 'levelup #ID on S1|S2'");
    int slot = parse_slot(t[3], text);
    if (slot == kBothSummoners) throw fail("a Level Up goes on one Summoner");
    return make_action(kActLevelUp, parse_ref(t[1], text), slot);
  }
  if (verb == "skill") {
    need(3);
    int slot = parse_slot(t[1], text);
    int k = parse_int(t[2], text);
    if (slot == kBothSummoners || k < 1 || k > 4) throw fail("expected 'skill S1|S2 1..4'");
    return make_action(kActSkill, slot, k - 1);
  }
  if (verb == "action") {
    need(3);
    int k = parse_int(t[2], text);
    if (k < 1 || k > 4) throw fail("an Action number is 1..4");
    return make_action(kActUseAction, parse_ref(t[1], text), k - 1);
  }
  if (verb == "attacker") {
    need(4);
    int p = parse_ref(t[3], text) - kPlayerRef;
    if (t[2] != "at" || p < 0 || p >= kMaxPlayers) throw fail("expected 'attacker #ID at pN'");
    return make_action(kActAttacker, parse_ref(t[1], text), p);
  }
  if (verb == "attackers") { need(2); if (t[1] == "done") return make_action(kActAttackersDone); throw fail("attackers done"); }
  if (verb == "blocks") { need(2); if (t[1] == "done") return make_action(kActBlocksDone); throw fail("blocks done"); }
  if (verb == "block") {
    need(3);
    return make_action(kActBlock, parse_ref(t[1], text), parse_ref(t[2], text));
  }
  // Abilities of issue 4 (Rules TCG-12.22, 12.24, 12.28, 12.31, 12.33).
  if (verb == "relaunch") {
    need(3);
    int k = parse_int(t[2], text);
    if (k < 1 || k > 4) throw fail("an Action number is 1..4");
    return make_action(kActRelaunch, parse_ref(t[1], text), k - 1);
  }
  if (verb == "explode") { need(3); return make_action(kActExplode, parse_ref(t[1], text), parse_ref(t[2], text)); }
  if (verb == "divert") { need(2); return make_action(kActDivert, parse_ref(t[1], text)); }
  if (verb == "rage") { need(2); return make_action(kActRage, parse_ref(t[1], text)); }
  if (verb == "assimilate") {
    need(4);
    if (t[2] != "onto") throw fail("expected 'assimilate #TOP onto #BOTTOM'");
    return make_action(kActAssimilate, parse_ref(t[1], text), parse_ref(t[3], text));
  }
  if (verb == "choose") {
    if (t.size() == 3 && t[1] == "chain") {
      int k = parse_int(t[2], text);
      if (k < 1 || k > 100) throw fail("chain items are numbered from 1");
      return make_action(kActChoose, kChainRef + k - 1);
    }
    need(2);
    return make_action(kActChoose, parse_ref(t[1], text));
  }
  throw fail("unknown verb '" + verb + "'");
}

}  // namespace rise::tcg
