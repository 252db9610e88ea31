// Writing the lab's text outputs (reports, plots, patches) whole or not at all.
#pragma once

#include <string>

namespace rise::lab {

// Writes `text` to `path` through a temporary file beside it renamed over `path`, so that a
// failed write never leaves half a file. Throws InputError "PATH: cannot write file" (or
// "cannot replace file").
void write_text_file(const std::string& path, const std::string& text);

}  // namespace rise::lab
