// Where a card game's data (cards/ and decks/ folders) is found, and deck files by name.
#pragma once

#include <string>
#include <vector>

namespace rise::cardgame {

// The data directory of a game, holding cards/*.yaml and decks/*.yaml:
// $RISE_DATA_DIR/GAME if the environment variable RISE_DATA_DIR is set and not empty,
// else DATA/GAME where DATA is the data/ folder of the source tree the engine was built
// from. Does not check that the directory exists.
std::string default_data_dir(const std::string& game_id);

// The ids (file names without .yaml) of the deck files in data_dir/decks, sorted; empty if
// the folder does not exist.
std::vector<std::string> deck_ids(const std::string& data_dir);

// The deck file for `name_or_path` in the data directory `data_dir`: an existing file path
// is used as is; otherwise data_dir/decks/NAME.yaml. Throws InputError naming the available
// deck ids if neither exists.
std::string find_deck_file(const std::string& data_dir, const std::string& name_or_path);

// find_deck_file(default_data_dir(game_id), name_or_path).
std::string resolve_deck_path(const std::string& game_id, const std::string& name_or_path);

}  // namespace rise::cardgame
