#include "rise-tcg/card_set.h"

#include <algorithm>
#include <map>
#include <mutex>

#include "rise/cardgame/card_loader.h"
#include "rise/cardgame/data_dir.h"
#include "rise/core/error.h"

namespace rise::tcg {
namespace {

int add_list(CardSet& set, const std::vector<Step>& steps) {
  int id = static_cast<int>(set.lists.size());
  set.lists.push_back(&steps);
  set.branches.emplace_back(steps.size(), std::pair<int, int>{-1, -1});
  for (size_t i = 0; i < steps.size(); ++i) {
    int success = steps[i].success.empty() ? -1 : add_list(set, steps[i].success);
    int fail = steps[i].fail.empty() ? -1 : add_list(set, steps[i].fail);
    set.branches[static_cast<size_t>(id)][i] = {success, fail};
  }
  return id;
}

}  // namespace

std::shared_ptr<const CardSet> load_card_set(const std::string& data_dir) {
  static std::mutex mutex;
  static std::map<std::string, std::shared_ptr<const CardSet>> cache;
  std::lock_guard<std::mutex> lock(mutex);
  auto it = cache.find(data_dir);
  if (it != cache.end()) return it->second;
  auto set = std::make_shared<CardSet>();
  set->data_dir = data_dir;
  set->db = cardgame::load_card_directory(data_dir + "/cards");
  for (const CardDef& card : set->db->cards()) {
    CardSet::CardLists lists;
    for (const auto& effect : card.effects) lists.effects.push_back(add_list(*set, effect.steps));
    for (const auto& action : card.actions) {
      lists.action_success.push_back(add_list(*set, action.success));
      lists.action_fail.push_back(add_list(*set, action.fail));
    }
    for (const auto& skill : card.skills) lists.skills.push_back(add_list(*set, skill.steps));
    set->by_card.push_back(std::move(lists));
    set->types.push_back(card.types);
    set->action_counts.push_back(static_cast<uint8_t>(std::min<size_t>(card.actions.size(), 255)));
    uint8_t kinds = 0;
    for (const auto& effect : card.effects) {
      if (effect.whenever != cardgame::Whenever::kNone) kinds |= static_cast<uint8_t>(1u << static_cast<unsigned>(effect.whenever));
    }
    set->global_kinds.push_back(kinds);
    set->any_global = set->any_global || kinds != 0;
    set->any_cost_static = set->any_cost_static || (card.statics & cardgame::kCreaturesCostLess) != 0;
  }
  // A state names a card and a step list by a 16-bit number (Obj::def, Frame::list).
  if (set->db->size() > 32767 || set->lists.size() > 32767) {
    throw InputError(data_dir + "/cards: " + std::to_string(set->db->size()) + " cards with " +
                     std::to_string(set->lists.size()) + " step lists; rise-tcg reads at most 32767 of each");
  }
  cache[data_dir] = set;
  return set;
}

std::string data_dir_option(const std::map<std::string, std::string>& options) {
  auto it = options.find("data");
  if (it == options.end() || it->second.empty()) return cardgame::default_data_dir("rise-tcg");
  return it->second;
}

}  // namespace rise::tcg
