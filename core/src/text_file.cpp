#include "rise/core/text_file.h"

#include <cstdio>
#include <fstream>

#include "rise/core/error.h"

namespace rise {

void write_text_file(const std::string& path, const std::string& text) {
  const std::string temporary = path + ".tmp";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    if (!out) throw InputError(path + ": cannot write file");
    out << text;
    out.flush();
    if (!out) {
      std::remove(temporary.c_str());
      throw InputError(path + ": cannot write file");
    }
  }
  if (std::rename(temporary.c_str(), path.c_str()) != 0) {
    std::remove(temporary.c_str());
    throw InputError(path + ": cannot replace file");
  }
}

}  // namespace rise
