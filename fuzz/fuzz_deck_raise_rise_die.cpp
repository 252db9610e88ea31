// Fuzz target: a raise-rise-die deck file (games/raise-rise-die/cards.h, load_deck_file)
// checked against the starter cards by validate_deck (Rules RRD-2.*). Input: YAML text.
// Bad input may only be refused with an InputError or listed as violations.
#include <cstdint>

#include "fuzz_support.h"
#include "raise-rise-die/cards.h"
#include "rise/cardgame/data_dir.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const auto db = rise::rrd::load_cards(rise::cardgame::default_data_dir("raise-rise-die"));
  const std::string& path = rise::fuzz::write_input_file(rise::fuzz::as_text(data, size), ".yaml");
  try {
    (void)rise::rrd::validate_deck(*db, rise::rrd::load_deck_file(path));
  } catch (const rise::InputError&) {
  }
  return 0;
}
