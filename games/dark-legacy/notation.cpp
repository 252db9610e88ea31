// dark-legacy action notation (docs/notation.md, section dark-legacy).
#include <cctype>
#include <sstream>

#include <fmt/format.h>

#include "dark-legacy/state.h"
#include "rise/core/error.h"

namespace rise::dl {

namespace {

const char* place_suffix(int place) {
  switch (place) {
    case kPlaceRelic: return " to relic field";
    case kPlaceHero: return " on hero";
    case kPlaceWeapon1: return " on weapon 1";
    case kPlaceWeapon2: return " on weapon 2";
    case kPlaceArmor1: return " on armor 1";
    case kPlaceArmor2: return " on armor 2";
    default: return "";
  }
}

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

}  // namespace

// "#12 (Ash Ghoul)"; "hero p1". A card in a zone `viewer` cannot see: "#12" in notation
// (`notation`: what action_to_string writes and string_to_action reads back), "a card" in
// a seat's text (Interpretation DL-I45: neither its name nor its id, which a card that was
// public once would be recognised by).
std::string DlState::ref_text(int ref, int viewer, bool notation) const {
  // fmt rather than "literal" + std::to_string: GCC 12 gives a false -Wrestrict warning there.
  if (ref >= kHeroRef) return fmt::format("hero p{}", ref - kHeroRef);
  if (ref < num_objects()) {
    const Obj& o = objs_[static_cast<size_t>(ref)];
    bool hidden = (o.where == Where::kLibrary || o.where == Where::kHand || o.where == Where::kCharging) && viewer != o.owner;
    if (hidden) return notation ? fmt::format("#{}", ref) : "a card";
    return fmt::format("#{} ({})", ref, card_of(ref).name);
  }
  return fmt::format("#{}", ref);
}

std::string DlState::action_to_string(Action action) const {
  // Card names are added only where they are public or belong to the acting seat.
  return action_text(action, current_player(), true);
}

std::string DlState::describe_action(Action action, PlayerId viewer) const { return action_text(action, viewer, false); }

std::string DlState::action_text(Action action, PlayerId viewer, bool notation) const {
  const int a = action_a(action);
  const int b = action_b(action);
  switch (action_verb(action)) {
    case kActPreEquip:
      if (a == kNoRef) return "equip none";
      if (a >= cards_->size()) return "equip card" + std::to_string(a);
      // Issue 38: a seat's text names the card too ("equip drone (Drone)"), and `show drone`
      // shows it; the notation stays the card id.
      return "equip " + (*cards_)[a].id + (notation ? "" : " (" + (*cards_)[a].name + ")");
    case kActCastingPhase: return "casting phase";
    case kActAttackPhase: return "attack phase";
    case kActCast: return "cast " + ref_text(a, viewer, notation) + place_suffix(b);
    case kActCastCharged: return std::string("cast charged") + place_suffix(b);
    case kActCharge: return "charge " + ref_text(a, viewer, notation);
    case kActEquip: return "equip " + ref_text(a, viewer, notation);
    case kActActivate: return "activate " + ref_text(a, viewer, notation);
    case kActEndTurn: return "end turn";
    case kActTarget: return "target " + ref_text(a, viewer, notation);
    case kActAttack: return "attack " + ref_text(a, viewer, notation);
    case kActHeroAttacks: return b == 1 ? "hero attacks secondary" : "hero attacks";
    case kActAttackersDone: return "attackers done";
    case kActBlock: return "block " + ref_text(a, viewer, notation) + " " + ref_text(b, viewer, notation);
    case kActBlocksDone: return "blocks done";
    case kActDefend: return b == 1 ? "defend secondary" : "defend primary";
    case kActPass: return "pass";
    default: return "action?" + std::to_string(action);
  }
}

Action DlState::string_to_action(std::string_view text) const {
  const std::vector<std::string> t = tokens_of(text);
  auto fail = [&](const std::string& why) {
    return InputError("dark-legacy action '" + std::string(text) + "': " + why + " (see docs/notation.md, dark-legacy)");
  };
  auto object = [&](const std::string& token) {
    if (token.size() < 2 || token[0] != '#' || token.size() > 5) throw fail("'" + token + "' is not a card (#12)");
    int id = 0;
    for (size_t i = 1; i < token.size(); ++i) {
      if (!std::isdigit(static_cast<unsigned char>(token[i]))) throw fail("'" + token + "' is not a card (#12)");
      id = id * 10 + (token[i] - '0');
    }
    if (id >= kMaxObjects) throw fail("card ids are below 1000");
    return id;
  };
  auto hero = [&](size_t at) {  // "hero p0" / "hero p1" at t[at], t[at + 1]
    if (at + 2 != t.size() || t[at] != "hero" || (t[at + 1] != "p0" && t[at + 1] != "p1")) {
      throw fail("expected 'hero p0' or 'hero p1'");
    }
    return kHeroRef + (t[at + 1] == "p1" ? 1 : 0);
  };
  // " to relic field", " on hero", " on weapon 1", ... from t[at] on.
  auto place = [&](size_t at) {
    if (at == t.size()) return static_cast<int>(kPlaceField);
    const size_t rest = t.size() - at;
    if (rest == 3 && t[at] == "to" && t[at + 1] == "relic" && t[at + 2] == "field") return static_cast<int>(kPlaceRelic);
    if (rest == 2 && t[at] == "on" && t[at + 1] == "hero") return static_cast<int>(kPlaceHero);
    if (rest == 3 && t[at] == "on" && (t[at + 1] == "weapon" || t[at + 1] == "armor") && (t[at + 2] == "1" || t[at + 2] == "2")) {
      int slot = t[at + 2] == "2" ? 1 : 0;
      return (t[at + 1] == "weapon" ? static_cast<int>(kPlaceWeapon1) : static_cast<int>(kPlaceArmor1)) + slot;
    }
    throw fail("expected nothing, 'to relic field', 'on hero', 'on weapon 1|2' or 'on armor 1|2' after the card");
  };
  if (t.empty()) throw fail("empty");
  const std::string& verb = t[0];
  auto need = [&](size_t n) {
    if (t.size() != n) throw fail("expected " + std::to_string(n - 1) + " word(s) after '" + verb + "'");
  };
  if (verb == "equip") {
    need(2);
    if (t[1] == "none") return make_action(kActPreEquip, kNoRef);
    if (!t[1].empty() && t[1][0] == '#') return make_action(kActEquip, object(t[1]));
    int def = cards_->find(t[1]);
    if (def < 0) throw fail("unknown card '" + t[1] + "' (pre-battle: `equip CARD-ID` or `equip none`; else `equip #n`)");
    if (def >= kNoRef) throw fail("card index too large");
    return make_action(kActPreEquip, def);
  }
  if (verb == "casting") { need(2); if (t[1] == "phase") return make_action(kActCastingPhase); throw fail("casting phase"); }
  if (verb == "attack") {
    need(2);
    if (t[1] == "phase") return make_action(kActAttackPhase);
    return make_action(kActAttack, object(t[1]));
  }
  if (verb == "cast") {
    if (t.size() < 2) throw fail("expected 'cast #n' or 'cast charged'");
    if (t[1] == "charged") return make_action(kActCastCharged, 0, place(2));
    return make_action(kActCast, object(t[1]), place(2));
  }
  if (verb == "charge") { need(2); return make_action(kActCharge, object(t[1])); }
  if (verb == "activate") { need(2); return make_action(kActActivate, object(t[1])); }
  if (verb == "end") { need(2); if (t[1] == "turn") return make_action(kActEndTurn); throw fail("end turn"); }
  if (verb == "target") {
    if (t.size() == 2) return make_action(kActTarget, object(t[1]));
    return make_action(kActTarget, hero(1));
  }
  if (verb == "hero") {
    if (t.size() == 2 && t[1] == "attacks") return make_action(kActHeroAttacks, 0, 0);
    if (t.size() == 3 && t[1] == "attacks" && t[2] == "secondary") return make_action(kActHeroAttacks, 0, 1);
    throw fail("expected 'hero attacks' or 'hero attacks secondary'");
  }
  if (verb == "attackers") { need(2); if (t[1] == "done") return make_action(kActAttackersDone); throw fail("attackers done"); }
  if (verb == "blocks") { need(2); if (t[1] == "done") return make_action(kActBlocksDone); throw fail("blocks done"); }
  if (verb == "block") {
    if (t.size() == 3) return make_action(kActBlock, object(t[1]), object(t[2]));
    if (t.size() < 3) throw fail("expected 'block #BLOCKER #ATTACKER' or 'block #BLOCKER hero p0'");
    return make_action(kActBlock, object(t[1]), hero(2));
  }
  if (verb == "defend") {
    need(2);
    if (t[1] == "primary") return make_action(kActDefend, 0, 0);
    if (t[1] == "secondary") return make_action(kActDefend, 0, 1);
    throw fail("expected 'defend primary' or 'defend secondary'");
  }
  if (verb == "pass") { need(1); return make_action(kActPass); }
  throw fail("unknown verb '" + verb + "'");
}

}  // namespace rise::dl
