// Fuzz target: a rise-tcg deck file (cardgame/card_loader.h, load_deck_file) checked
// against the starter cards by validate_deck (Rules TCG-1.*). Input: YAML text. Bad input
// may only be refused with an InputError or listed as deck-building violations.
#include <cstdint>

#include "fuzz_support.h"
#include "rise/cardgame/card_loader.h"
#include "rise/cardgame/data_dir.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const auto db = rise::cardgame::load_card_directory(rise::cardgame::default_data_dir("rise-tcg") + "/cards");
  const std::string& path = rise::fuzz::write_input_file(rise::fuzz::as_text(data, size), ".yaml");
  try {
    (void)rise::cardgame::validate_deck(*db, rise::cardgame::load_deck_file(path));
  } catch (const rise::InputError&) {
  }
  return 0;
}
