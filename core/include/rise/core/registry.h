// The registry of games. Each game registers itself from its own source file with
// RISE_REGISTER_GAME, so adding a game touches only its folder.
#pragma once

#include <memory>
#include <string_view>
#include <vector>

#include "rise/core/game.h"

namespace rise {

// The registered game with this id. Throws InputError listing the known ids if none.
const Game& find_game(std::string_view id);

// Every registered game, sorted by id.
std::vector<const Game*> all_games();

// Adds a game; called at static initialisation by RISE_REGISTER_GAME. Aborts on a
// duplicate id (a build error, not a user error).
void register_game(std::unique_ptr<Game> game);

struct GameRegistrar {
  explicit GameRegistrar(std::unique_ptr<Game> game) { register_game(std::move(game)); }
};

}  // namespace rise

#define RISE_REGISTER_GAME(GameClass) \
  static const ::rise::GameRegistrar rise_registrar_##GameClass{std::make_unique<GameClass>()}
