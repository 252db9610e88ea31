// Fuzz target: a dark-legacy card file (games/dark-legacy/cards.h, load_card_file). Input:
// YAML text. Bad input may only be refused with an InputError naming the file.
#include <cstdint>

#include "dark-legacy/cards.h"
#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string& path = rise::fuzz::write_input_file(rise::fuzz::as_text(data, size), ".yaml");
  rise::dl::CardDb db;
  try {
    rise::dl::load_card_file(path, db);
  } catch (const rise::InputError&) {
  }
  return 0;
}
