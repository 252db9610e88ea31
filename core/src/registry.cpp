#include "rise/core/registry.h"

#include <algorithm>
#include <map>
#include <string>

#include "rise/core/error.h"

namespace rise {
namespace {

std::map<std::string, std::unique_ptr<Game>, std::less<>>& games() {
  static std::map<std::string, std::unique_ptr<Game>, std::less<>> registry;
  return registry;
}

}  // namespace

void register_game(std::unique_ptr<Game> game) {
  const std::string id = game->info().id;
  RISE_CHECK(games().count(id) == 0, "game registered twice: " + id);
  games().emplace(id, std::move(game));
}

const Game& find_game(std::string_view id) {
  auto it = games().find(id);
  if (it == games().end()) {
    std::string known;
    for (const auto& [name, game] : games()) known += (known.empty() ? "" : ", ") + name;
    throw InputError("unknown game '" + std::string(id) + "' (known games: " + known + ")");
  }
  return *it->second;
}

std::vector<const Game*> all_games() {
  std::vector<const Game*> out;
  for (const auto& [name, game] : games()) out.push_back(game.get());
  return out;
}

}  // namespace rise
