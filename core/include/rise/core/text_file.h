// Writing a text file whole or not at all: JSON files (json_io.h), the lab's reports, plots
// and patches.
#pragma once

#include <string>

namespace rise {

// Writes `text` to `path` through a temporary file beside it renamed over `path`, so that a
// failed write never leaves half a file. Throws InputError "PATH: cannot write file" (or
// "cannot replace file").
void write_text_file(const std::string& path, const std::string& text);

}  // namespace rise
