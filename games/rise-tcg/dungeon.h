// Rise's Dungeon mode (docs/rules/rise-tcg.md section 17, Rules TCG-17.*): one player
// against the Dungeon, a side of the table the engine runs. A dungeon file
// (data/rise-tcg/dungeons/ID.yaml, docs/cards.md "Dungeon files") names its two Guardians
// and its rooms; the state keeps the loaded definition behind a shared pointer (clones share
// it) and the number of rooms opened.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "rise-tcg/card_set.h"

namespace rise::tcg {

// The side index of the Dungeon in a Dungeon-mode state (seat 0 is the player). Rule TCG-17.1.
inline constexpr int kDungeonSide = 1;
// Rooms a dungeon may hold, and cards a room may hold (each card is an object when it opens).
inline constexpr int kMaxRooms = 20;
inline constexpr int kMaxRoomCards = 12;

// One dungeon: its id (the file name), its name, the Guardians (Summoner cards, with their
// HP in the dungeon, 1..30), the rooms in order (card indices of Constants), and the turn
// limit (turns as the game counts them, the player's and the Dungeon's). Rule TCG-17.2.
struct DungeonDef {
  std::string id;
  std::string name;
  int guardians[2] = {-1, -1};
  int guardian_hp[2] = {0, 0};
  std::vector<std::vector<int>> rooms;
  int turn_limit = 40;
};

// Whether `card` may be in a room: a Creature, Door or Incantation that stands alone on the
// battlefield (no Equipment, Level Up or Summoner). Rule TCG-17.2.
bool room_card_allowed(const CardDef& card);

// Reads and checks the dungeon file `path` against the cards `cards`. Throws InputError
// "FILE:LINE: field 'PATH': REASON" for a malformed file, an unknown card (with a
// suggestion), a Guardian that is not a Summoner, a room card that is not a Creature, Door
// or Incantation without Equipment (it must be able to stand on the battlefield alone), an
// empty room, more than kMaxRooms rooms or kMaxRoomCards cards in a room.
DungeonDef load_dungeon_file(const std::string& path, const CardSet& cards);

// The dungeon file for `id_or_path` in `data_dir`/dungeons (an existing path is used as
// is). Throws InputError naming the dungeons there when there is no such file.
std::string find_dungeon_file(const std::string& data_dir, const std::string& id_or_path);

// The ids of the dungeon files of `data_dir`/dungeons, sorted (empty when none).
std::vector<std::string> dungeon_ids(const std::string& data_dir);

}  // namespace rise::tcg
