// How the engine reads a Raise, Rise & Die card, in plain words (explain.h; the keywords as
// docs/rules/raise-rise-die.md, RRD-11.*, and effects.cpp apply them). The switch over the
// keywords names every one and has no default, so a new keyword without a wording is a
// compiler warning (-Wswitch).
#include "raise-rise-die/explain.h"

#include <fmt/format.h>

namespace rise::rrd {
namespace {

// Where a list of keywords stands on the card: the effet as played (or activated), the
// effet d'infusion while infused, or the bonus de transcendance.
enum class Part { kEffet, kInfusion, kTranscendance };

std::string plural(int x, const std::string& noun) { return fmt::format("{} {}{}", x, noun, x == 1 ? "" : "s"); }

// One keyword in words, after its printed form.
std::string keyword_words(const KwValue& k, Part part) {
  const int x = k.x;
  const bool passive = part == Part::kInfusion;
  switch (k.kw) {
    case Kw::kDegats: return fmt::format("a hit of {} damage on the opponent's slot it applies to (RRD-10.1)", x);
    case Kw::kAmplitude:
      return fmt::format("its slot effects (Dégâts, Bloque, Point faible) apply on {}: the slot played and the "
                         "next ones in slot order (RRD-11.1)",
                         plural(x, "slot"));
    case Kw::kBloque: return fmt::format("block {} damage aimed at your slot it applies to, this pass (RRD-11.2)", x);
    case Kw::kBrulez:
      return fmt::format("{} damage to the opponent's deck, from the top; burnt cards go to the Néant (RRD-11.3)", x);
    case Kw::kDegatsPlus:
      return passive ? fmt::format("every hit of your cards and objects deals {} more damage (RRD-8.4)", x)
                     : fmt::format("each hit of this card deals {} more damage (RRD-11.4)", x);
    case Kw::kDestructeur: return fmt::format("the opponent loses {} PV directly (RRD-11.5)", x);
    case Kw::kEchangez:
      return fmt::format("you may swap a card of VA {} from your hand with one of your discard pile (RRD-11.6)", x);
    case Kw::kEnchainement:
      return fmt::format("if it is card number {} or later played this pass (both players' cards count), its cost "
                         "is not paid (RRD-11.7)",
                         x);
    case Kw::kFrenesie: return fmt::format("the effect applies 1 + {} times (RRD-11.8)", x);
    case Kw::kOubli:
      return fmt::format("the opponent discards cards of its choice until {} VA are discarded (RRD-11.9)", x);
    case Kw::kPercer:
      return passive ? fmt::format("every hit of yours ignores {} more of Bloque (RRD-8.4, RRD-11.10)",
                                   plural(x, "point"))
                     : fmt::format("each hit of this card ignores {} of Bloque, the rest of them of the first Top "
                                   "Soul's absorption (RRD-11.10)",
                                   plural(x, "point"));
    case Kw::kPioche: return fmt::format("you draw {} (RRD-11.11)", plural(x, "card"));
    case Kw::kPoison: return fmt::format("the opponent gets {} (RRD-11.12)", plural(x, "poison marker"));
    case Kw::kRecherche:
      return fmt::format("you may take a card of VA {} from your deck into your hand, then the deck under the Top "
                         "Soul is shuffled (RRD-11.13)",
                         x);
    case Kw::kSaignement: return fmt::format("the opponent gets {} (RRD-11.14)", plural(x, "bleeding marker"));
    case Kw::kSonne: return fmt::format("the opponent's next card costs {} more VA (RRD-11.15)", x);
    case Kw::kTorpeur: return "the opponent cannot counter your next card (RRD-11.16)";
    case Kw::kPointFaible:
      return fmt::format("damage received on the opponent's slot it applies to increases by {} until the end of the "
                         "pass (RRD-11.17)",
                         x);
  }
  return "";
}

// "tete, bras" as printed: "Tête, Bras".
std::string slot_names(const CardDef& c) {
  std::string out;
  for (int s = 0; s < kBodySlots; ++s) {
    const Slot slot = static_cast<Slot>(s);
    if (c.optimal(slot)) out += (out.empty() ? "" : ", ") + std::string(slot_name(slot));
  }
  return out;
}

std::string part_heading(const CardDef& c, Part part) {
  switch (part) {
    case Part::kEffet:
      return c.kind == Kind::kObjet
                 ? "effet, when it is activated from its object slot (it engages; on one of its optimal slots, "
                   "RRD-9.4)"
                 : "effet, when it is played on one of its optimal slots";
    case Part::kInfusion:
      return "effet d'infusion, while it is infused (RRD-8.4): +x Dégâts and Percer add to your hits; the other "
             "keywords resolve at each of your Entretien, as if it were played on its first optimal slot";
    case Part::kTranscendance:
      return "bonus de transcendance, when it is transcended (its cost paid again in PV, any slot; added to the "
             "effet, RRD-7.2, RRD-7.7)";
  }
  return "";
}

void add_part(std::string& out, const CardDef& c, const Effect& effect, Part part) {
  if (effect.empty()) return;
  out += "  " + part_heading(c, part) + ":\n";
  for (size_t i = 0; i < effect.size(); ++i) {
    out += fmt::format("    {}. {}: {}\n", i + 1, kw_text(effect[i]), keyword_words(effect[i], part));
  }
}

}  // namespace

std::string explain_card(const CardDef& c, const CardDb& db) {
  std::string out = fmt::format("{} ({})   {}\n", c.name, c.id, c.source);
  out += "  kind: " + kind_label(c);
  if (c.kind == Kind::kObjet) out += " (played into a free object slot, engaged; activated later, RRD-9.*)";
  if (c.kind == Kind::kInstantanee) out += " (cannot be transcended, RRD-7.1)";
  out += "\n";
  out += fmt::format("  VA {} (what a sacrifice adds to the réserve, what it absorbs as Top Soul); cost {} VA\n", c.va,
                     c.cost);
  out += "  optimal slots: " + slot_names(c) + "\n";
  out += "  archetype: " + c.archetype + " (a deck holds it only with a weapon of this archetype, RRD-2.3)\n";
  if (const int w = db.find_weapon(c.weapon); w >= 0) {
    out += fmt::format("  dedicated to the weapon {} ({}): only in a deck that equips it (RRD-2.4)\n",
                       db.weapons()[static_cast<size_t>(w)].name, c.weapon);
  }
  add_part(out, c, c.effet, Part::kEffet);
  add_part(out, c, c.infusion, Part::kInfusion);
  add_part(out, c, c.transcendance, Part::kTranscendance);
  return out;
}

std::string explain_weapon(const WeaponDef& w, const CardDb& db) {
  std::string out = fmt::format("{} ({})   {}\n", w.name, w.id, w.source);
  out += "  kind: weapon; archetype " + w.archetype + "\n";
  out += "  a deck that equips it may hold the cards of archetype " + w.archetype + " (RRD-2.3)";
  std::string dedicated;
  for (int i = 0; i < db.size(); ++i) {
    if (db[i].weapon == w.id) dedicated += (dedicated.empty() ? "" : ", ") + db[i].id;
  }
  out += dedicated.empty() ? "\n" : " and the cards dedicated to it: " + dedicated + " (RRD-2.4)\n";
  out += "  it does nothing in the duel of its own (Interpretation RRD-3.2)\n";
  return out;
}

std::string explain_character(const CharacterDef& ch) {
  std::string out = fmt::format("{} ({})   {}\n", ch.name, ch.id, ch.source);
  out += fmt::format("  kind: character; {} PV: its deck holds exactly {} cards (RRD-2.1)\n", ch.pv, ch.pv);
  out += fmt::format("  draws {} on the first pass, {} on every later pass; holds at most {} in hand (RRD-4.3, "
                     "RRD-4.4)\n",
                     plural(ch.potentiel_latent, "card"), plural(ch.potentiel_actif, "card"),
                     plural(ch.potentiel_latent, "card"));
  out += ch.armes == 1 ? "  equips 1 weapon (Interpretation RRD-2.5)\n"
                       : fmt::format("  equips 1 to {} weapons (Interpretation RRD-2.5)\n", ch.armes);
  return out;
}

}  // namespace rise::rrd
