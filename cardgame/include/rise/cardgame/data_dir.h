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

// The ids (file names without .yaml) of the *.yaml files in data_dir/FOLDER, sorted; empty
// if the folder does not exist.
std::vector<std::string> file_ids(const std::string& data_dir, const std::string& folder);

// The data file for `name_or_path` in data_dir/FOLDER: an existing file path is used as is;
// otherwise data_dir/FOLDER/NAME.yaml. Throws InputError "NOUN 'NAME': no such file, and no
// NOUN of that id in DIR (NOUNs: a, b)" if neither exists.
std::string find_data_file(const std::string& data_dir, const std::string& folder, const std::string& noun,
                           const std::string& name_or_path);

// The ids (file names without .yaml) of the deck files in data_dir/decks, sorted; empty if
// the folder does not exist.
std::vector<std::string> deck_ids(const std::string& data_dir);

// The deck file for `name_or_path` in the data directory `data_dir`: an existing file path
// is used as is; otherwise data_dir/decks/NAME.yaml. Throws InputError naming the available
// deck ids if neither exists.
std::string find_deck_file(const std::string& data_dir, const std::string& name_or_path);

// The items of a comma-separated list such as the `decks` option ("lame,ombre"), empty
// items dropped.
std::vector<std::string> split_list(const std::string& text);

// The *.yaml files of the folder `dir`, sorted by name. `noun` names the files in messages
// ("card", "data"). Throws InputError "DIR: no such NOUN directory", "FILE: NOUN files end
// in .yaml (rename it)" for a *.yml file, "DIR: no NOUN files (*.yaml)" or "DIR: cannot read
// directory: reason".
std::vector<std::string> yaml_files(const std::string& dir, const std::string& noun);

// find_deck_file(default_data_dir(game_id), name_or_path).
std::string resolve_deck_path(const std::string& game_id, const std::string& name_or_path);

}  // namespace rise::cardgame
