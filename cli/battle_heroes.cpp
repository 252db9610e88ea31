#include "battle_heroes.h"

#include <sstream>

#include "rise/core/error.h"

namespace rise::cli {

std::string hero_option_value(const Game& game, const store::Hero& hero) {
  std::string out = hero.faction + ":" + std::to_string(game.hero_standing(hero.points).level);
  if (hero.second_faction) {
    out += ":" + *hero.second_faction + ":" + std::to_string(game.hero_standing(hero.second_points).level);
  }
  return out;
}

std::vector<std::optional<store::Hero>> apply_stored_heroes(const Game& game, store::HeroStore& store,
                                                            const std::vector<std::string>& names,
                                                            Options& options) {
  std::vector<std::optional<store::Hero>> heroes;
  for (size_t s = 0; s < names.size(); ++s) {
    if (names[s].empty()) {
      heroes.emplace_back();
      continue;
    }
    store::Hero hero = store.hero(names[s]);
    options["hero" + std::to_string(s)] = hero_option_value(game, hero);
    options["name" + std::to_string(s)] = hero.name;  // shown at the table
    heroes.emplace_back(std::move(hero));
  }
  return heroes;
}

store::BattleRecord battle_record(const State& final_state, uint64_t seed,
                                  const std::vector<std::optional<store::Hero>>& heroes,
                                  const std::vector<std::string>& decks, const std::string& replay_json) {
  if (!final_state.is_terminal()) throw InputError("the battle is not over: nothing to record");
  const nlohmann::json j = final_state.to_json();
  const std::vector<double> returns = final_state.returns();
  store::BattleRecord record;
  record.game = final_state.game().info().id;
  record.seed = seed;
  record.turns = final_state.turn_number();
  record.replay = replay_json;
  for (int s = 0; s < final_state.num_players(); ++s) {
    const size_t u = static_cast<size_t>(s);
    store::SeatRecord seat;
    seat.seat = s;
    seat.deck = u < decks.size() ? decks[u] : "";
    seat.result = returns[u] > 0 ? store::SeatResult::kWin
                  : returns[u] < 0 ? store::SeatResult::kLoss
                                   : store::SeatResult::kDraw;
    seat.roll = j.at("skill_rolls").at(u).get<int>();
    seat.points = j.at("skill_points").at(u).get<int>();
    if (u < heroes.size() && heroes[u]) {
      seat.hero = heroes[u]->name;
      const Game& game = final_state.game();
      seat.level_before = game.hero_standing(heroes[u]->points).level;
      seat.level_after = game.hero_standing(heroes[u]->points + seat.points).level;
    }
    record.seats.push_back(std::move(seat));
  }
  return record;
}

std::vector<std::string> split_hero_names(const std::string& text, int seats) {
  std::vector<std::string> names;
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, ',')) names.push_back(item);
  if (static_cast<int>(names.size()) > seats) {
    throw InputError("--heroes '" + text + "' names " + std::to_string(names.size()) + " heroes for " +
                     std::to_string(seats) + " seats");
  }
  names.resize(static_cast<size_t>(seats));
  return names;
}

}  // namespace rise::cli
