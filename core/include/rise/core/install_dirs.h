// Where an installed `rise` finds its shared files (data/, web/): relative to its own
// executable, so that an installed or moved copy works wherever it lives (README.md,
// "Installing").
#pragma once

#include <string>

namespace rise {

// The folder of the shared files of an installed engine: EXE_DIR/RISE_SHARE_FROM_BIN (by
// default EXE_DIR/../share/rise-engine, where `cmake --install` puts them) when it is a
// directory, else "" (a binary in the build tree, which uses the source tree's folders).
// EXE_DIR is the folder of /proc/self/exe.
std::string installed_share_dir();

// The folder holding every game's data folder (cards, decks, networks: DATA/GAME/...):
// $RISE_DATA_DIR if that environment variable is set and not empty; else SHARE/data for an
// installed binary (installed_share_dir()); else the data/ folder of the source tree the
// engine was built from. Does not check that it exists.
std::string data_root();

}  // namespace rise
