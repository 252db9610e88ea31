#include "winning_jump.h"

#include <string>

#include <nlohmann/json.hpp>

#include "rise/core/registry.h"

namespace rise::ai_test {

std::unique_ptr<State> winning_jump_position() {
  nlohmann::json tiles = nlohmann::json::array();
  for (int q = 0; q <= 6; ++q) tiles.push_back({{"at", std::to_string(q) + ",0"}});
  tiles[1]["worker"] = "red";
  tiles[2]["worker"] = "blue";
  tiles[6]["worker"] = "red";
  nlohmann::json state = {{"game", "rise-hex"}, {"turn", 5},         {"turn_limit", 200},
                          {"to_move", "red"},   {"actions_left", 1}, {"pending", nullptr},
                          {"tiles", tiles},     {"result", nullptr}};
  return find_game("rise-hex").state_from_json(state);
}

}  // namespace rise::ai_test
