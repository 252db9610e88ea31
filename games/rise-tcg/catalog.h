// The card catalog of rise-tcg (Game::catalog_json): how each card reads to people.
#pragma once

#include <nlohmann/json.hpp>

#include "rise/cardgame/card.h"

namespace rise::tcg {

// {id, name, type, cost, stats, text, keywords} of one card (docs/formats.md, "Card
// catalog"): type "Creature" / "Door Imminent" (+ " — Zombie" for subtypes); cost its
// Capacity Points as text (null for a Summoner); stats "2/1", "*/3" or "hp 18" (null for
// other cards); text the printed text, then one line per Action ("Action 1 — Name (coin
// toss; 1 coin; once per turn): text") and per skill ("Skill 2 — Name: text"); keywords the
// ability names ("Flight").
nlohmann::json catalog_entry(const cardgame::CardDef& card);

// Every card of `db`, keyed by id.
nlohmann::json catalog_json(const cardgame::CardDatabase& db);

}  // namespace rise::tcg
