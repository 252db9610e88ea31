// Fuzz target: a rise-tcg card file (cardgame/card_loader.h) as a designer writes it, in a
// card folder of its own, so that the cross references of load_card_directory (token
// cards, search filters) are checked too. Input: YAML text. Bad input may only be refused
// with an InputError naming the file.
#include <cstdint>
#include <filesystem>

#include "fuzz_support.h"
#include "rise/cardgame/card_loader.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const std::string dir = [] {
    const std::string d = rise::fuzz::scratch_path("-cards");
    std::filesystem::create_directories(d);
    return d;
  }();
  rise::fuzz::write_file(dir + "/cards.yaml", rise::fuzz::as_text(data, size));
  try {
    (void)rise::cardgame::load_card_directory(dir);
  } catch (const rise::InputError&) {
  }
  return 0;
}
