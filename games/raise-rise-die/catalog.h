// The catalog of raise-rise-die (Game::catalog_json): how each card, character and weapon
// reads to people.
#pragma once

#include <nlohmann/json.hpp>

#include "raise-rise-die/cards.h"

namespace rise::rrd {

// {id, name, type, cost, stats, text, keywords} (docs/formats.md, "Card catalog") of:
// a card — type kind_label ("Normale", "Objet défensive"), cost its coût VA as text, stats
// "VA 4", text one line each for "effet: ", "infusion: ", "transcendance: " (effect_text),
// "emplacements: " (slot_list), "archétype: ", "arme: " (its dedicated weapon's name),
// then its printed text; keywords the names of the keywords of its effects but Dégâts
// ("Saignement", "Point faible"), each once;
nlohmann::json catalog_entry(const CardDb& db, const CardDef& card);
// a character — type "personnage", cost null, stats "30 PV", text "potentiel latent 5,
// potentiel actif 2, armes 1", no keywords;
nlohmann::json catalog_entry(const CharacterDef& character);
// a weapon — type "arme", cost and stats null, text "archétype lame", no keywords.
nlohmann::json catalog_entry(const WeaponDef& weapon);

// Every card, character and weapon of `db`, keyed by id (the three share one id space:
// throws InputError naming an id used twice).
nlohmann::json catalog_json(const CardDb& db);

}  // namespace rise::rrd
