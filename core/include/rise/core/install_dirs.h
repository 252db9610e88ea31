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

}  // namespace rise
