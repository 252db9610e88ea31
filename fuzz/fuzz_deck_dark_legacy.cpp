// Fuzz target: a dark-legacy deck file (games/dark-legacy/cards.h, load_deck_file) checked
// against the starter cards by validate_deck (Rules DL-2.*) for a hero whose spec is the
// input's first line ("FACTION:LEVEL[:FACTION2:LEVEL2]", parse_hero_spec). Input: text.
// Bad input may only be refused with an InputError or listed as violations.
#include <cstdint>

#include "dark-legacy/cards.h"
#include "fuzz_support.h"
#include "rise/cardgame/data_dir.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const auto db = rise::dl::load_cards(rise::cardgame::default_data_dir("dark-legacy"));
  const std::string_view text = rise::fuzz::as_text(data, size);
  const size_t newline = text.find('\n');
  const std::string hero(text.substr(0, newline == std::string_view::npos ? text.size() : newline));
  const std::string& path = rise::fuzz::write_input_file(
      newline == std::string_view::npos ? std::string_view{} : text.substr(newline + 1), ".yaml");
  try {
    const rise::dl::HeroSpec spec = rise::dl::parse_hero_spec(hero, "hero");
    if (rise::dl::parse_hero_spec(rise::dl::hero_spec_string(spec), "hero").levels[0] != spec.levels[0]) {
      rise::fuzz::fail("hero_spec_string does not parse back to the same hero");
    }
    (void)rise::dl::validate_deck(*db, rise::dl::load_deck_file(path), spec);
  } catch (const rise::InputError&) {
  }
  return 0;
}
