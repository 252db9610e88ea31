// The card catalog of dark-legacy (Game::catalog_json): how each card reads to people.
#pragma once

#include <nlohmann/json.hpp>

#include "dark-legacy/cards.h"

namespace rise::dl {

// {id, name, type, cost, stats, text, keywords} of one card (docs/formats.md, "Card
// catalog"): type "Creature · Tech · Skill Level 1" (+ " · distance", " · lasting",
// " · attach weapon", traits_text); cost the Casting Cost as text; stats stats_text ("1/2",
// "AP 5", "DP 4"; null for other kinds); text the printed ability text; keywords
// keyword_names ("flying", "hits-flying").
nlohmann::json catalog_entry(const CardDef& card);

// Every card of `db`, keyed by id.
nlohmann::json catalog_json(const CardDb& db);

}  // namespace rise::dl
