// The cards of a rise-tcg game: the loaded database plus a table of every step list
// (effects, actions, skills and their coin/dice branches), so that a state refers to
// "what is being resolved" by a small integer that survives cloning and JSON.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "rise/cardgame/card.h"

namespace rise::tcg {

using cardgame::CardDef;
using cardgame::Step;

struct CardSet {
  std::shared_ptr<const cardgame::CardDatabase> db;
  std::string data_dir;
  // Every step list of every card, by id (nested success/fail lists included).
  std::vector<const std::vector<Step>*> lists;
  // Per card: list id of each base effect (same order as CardDef::effects), of each
  // action's success and fail lists, of each skill.
  struct CardLists {
    std::vector<int> effects;
    std::vector<int> action_success;
    std::vector<int> action_fail;
    std::vector<int> skills;
  };
  std::vector<CardLists> by_card;
  // CardDef::types of every card, by id: read in tight loops (a hand's cards at every
  // priority pass) without touching the larger CardDef.
  std::vector<uint32_t> types;
  // CardDef::actions.size() of every card, by id (at most 255), for the same loops.
  std::vector<uint8_t> action_counts;
  // Card language v2: per card, bit w set when one of its effects is a global trigger of
  // cardgame::Whenever w; any_global when some card of the set has one (else none is looked for).
  std::vector<uint8_t> global_kinds;
  bool any_global = false;
  // Some card of the set has the static effect `creatures cost 1 less` (else none is looked for).
  bool any_cost_static = false;
  // Per list id: for each step index, the list ids of its success and fail branches (-1 none).
  std::vector<std::vector<std::pair<int, int>>> branches;

  const CardDef& card(int def) const { return (*db)[def]; }
};

// Loads (once per directory; thread-safe cache) the cards of `data_dir`/cards.
// Throws InputError naming the file, card and field of the first bad card.
std::shared_ptr<const CardSet> load_card_set(const std::string& data_dir);

// The data directory named by the game option `data` ("" = the default data directory of
// rise-tcg, see cardgame/data_dir.h).
std::string data_dir_option(const std::map<std::string, std::string>& options);

}  // namespace rise::tcg
