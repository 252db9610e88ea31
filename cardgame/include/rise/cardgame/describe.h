// Text forms of the effect language, in the YAML spelling of docs/cards.md (flow style):
// what `rise cards` shows and what game logs may print. Reading the text back with the
// loader gives the same AST (tested).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "rise/cardgame/card.h"
#include "rise/cardgame/effect.h"

namespace rise::cardgame {

// "Creature Imminent" (names of the set bits, in enum order, separated by `sep`).
std::string types_to_text(uint32_t types, const std::string& sep = " ");
std::string abilities_to_text(uint64_t abilities, const std::string& sep = ", ");
// "Common", "Uncommon", "Rare", "Legendary".
const std::string& rarity_name(Rarity rarity);
// "3" or "infinite".
std::string rank_to_text(int rank);
// The names of the set Ability bits, in enum order: {"Flight", "Pierce"}.
std::vector<std::string> ability_list(uint64_t abilities);
// What a card shows as its numbers: "2/1" (Creature/Door attack/defense, "*" for a star
// value), "hp 18" (Summoner), "" for any other card.
std::string stats_to_text(const CardDef& card);
// The cost of an Action: "2 coins", "1 coin, 1 ether", "free".
std::string action_cost_to_text(const ActionDef& action);
// How an Action is resolved and how often: "coin toss; 1 coin; once per turn",
// "dice roll, success on 5+; free; unlimited".
std::string action_terms_to_text(const ActionDef& action);

// "{whose: opponent, types: [Creature]}"; "{}" for a filter that accepts anything.
std::string filter_to_text(const Filter& filter);
// "2" or "{count: {...}, times: 2, plus: 1}" / "{coins: yes}".
std::string value_to_text(const Value& value);
// "{self: open, count: {...}, at least: 2}": a condition (`if:`) as a flow map.
std::string condition_to_text(const Condition& condition);
// "dies" for a card's own trigger, "{whenever: dies, filter: {...}}" for a global one.
std::string trigger_to_text(const TriggeredEffect& effect);
// "self", "event", "equipped", "{choose: FILTER}", "{all: ...}", "{random: ...}".
std::string target_to_text(const Target& target);
// One step as a flow map: "{damage: 1, target: {choose: {types: [Creature]}}}".
std::string step_to_text(const Step& step);
// A step list as a flow sequence: "[{draw: 1}, {gain: 2}]".
std::string steps_to_text(const std::vector<Step>& steps);

}  // namespace rise::cardgame
