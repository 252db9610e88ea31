// The catalog of raise-rise-die, from the text forms of cards.h.
#include "raise-rise-die/catalog.h"

#include <algorithm>

#include "rise/core/error.h"

namespace rise::rrd {

using nlohmann::json;

json catalog_entry(const CardDb& db, const CardDef& c) {
  std::string text;
  auto line = [&](const std::string& l) { text += (text.empty() ? "" : "\n") + l; };
  line("effet: " + effect_text(c.effet));
  if (c.has_infusion()) line("infusion: " + effect_text(c.infusion));
  if (!c.transcendance.empty()) line("transcendance: " + effect_text(c.transcendance));
  if (const std::string slots = slot_list(c); !slots.empty()) line("emplacements: " + slots);
  if (!c.archetype.empty()) line("archétype: " + c.archetype);
  if (const int w = db.find_weapon(c.weapon); w >= 0) line("arme: " + db.weapons()[static_cast<size_t>(w)].name);
  if (!c.text.empty()) line(c.text);
  std::vector<std::string> keywords;
  for (const Effect* e : {&c.effet, &c.infusion, &c.transcendance}) {
    for (const KwValue& k : *e) {
      const std::string name = kw_name(k.kw);
      if (k.kw != Kw::kDegats && std::find(keywords.begin(), keywords.end(), name) == keywords.end()) {
        keywords.push_back(name);
      }
    }
  }
  return {{"id", c.id},
          {"name", c.name},
          {"type", kind_label(c)},
          {"cost", std::to_string(c.cost)},
          {"stats", "VA " + std::to_string(c.va)},
          {"text", text},
          {"keywords", keywords}};
}

json catalog_entry(const CharacterDef& ch) {
  return {{"id", ch.id},
          {"name", ch.name},
          {"type", "personnage"},
          {"cost", nullptr},
          {"stats", std::to_string(ch.pv) + " PV"},
          {"text", "potentiel latent " + std::to_string(ch.potentiel_latent) + ", potentiel actif " +
                       std::to_string(ch.potentiel_actif) + ", armes " + std::to_string(ch.armes)},
          {"keywords", json::array()}};
}

json catalog_entry(const WeaponDef& w) {
  return {{"id", w.id},          {"name", w.name}, {"type", "arme"},
          {"cost", nullptr},     {"stats", nullptr}, {"text", "archétype " + w.archetype},
          {"keywords", json::array()}};
}

json catalog_json(const CardDb& db) {
  json out = json::object();  // CardDb::add keeps one id for one card, character or weapon
  for (int i = 0; i < db.size(); ++i) out[db[i].id] = catalog_entry(db, db[i]);
  for (const CharacterDef& ch : db.characters()) out[ch.id] = catalog_entry(ch);
  for (const WeaponDef& w : db.weapons()) out[w.id] = catalog_entry(w);
  return out;
}

}  // namespace rise::rrd
