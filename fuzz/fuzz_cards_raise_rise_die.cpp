// Fuzz target: a raise-rise-die file of cards, weapons or characters
// (games/raise-rise-die/cards.h, load_file). Input: YAML text. Bad input may only be
// refused with an InputError naming the file.
#include <cstdint>

#include "fuzz_support.h"
#include "raise-rise-die/cards.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string& path = rise::fuzz::write_input_file(rise::fuzz::as_text(data, size), ".yaml");
  rise::rrd::CardDb db;
  try {
    rise::rrd::load_file(path, db);
  } catch (const rise::InputError&) {
  }
  return 0;
}
