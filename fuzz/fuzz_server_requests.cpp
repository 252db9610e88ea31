// Fuzz target: the bodies of the game server's POST requests (server/requests.h), the `at`
// of GET .../view?at=N, and a request's target (path and query, percent-decoded by
// http_message.h's parse_target). The first byte picks the parser; the rest is the input. A table
// spec that parses is then taken as far as a table would take it: its game, options, seat
// count and AI specs make an initial state and players. Bad input may only be refused with
// an ApiError or InputError.
#include <cstdint>

#include "fuzz_support.h"
#include "rise/ai/player.h"
#include "rise/core/registry.h"
#include "rise/server/api_error.h"
#include "rise/server/requests.h"
#include "http_message.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const std::string_view body = rise::fuzz::as_text(data + 1, size - 1);
  try {
    switch (data[0] % 6) {
      case 0: {
        const rise::server::TableSpec spec = rise::server::parse_table_spec(body);
        const rise::Game& game = rise::find_game(spec.game);
        const int seats = static_cast<int>(spec.seats.size());
        if (seats < game.info().min_players || seats > game.info().max_players) return 0;
        (void)game.new_initial_state(spec.seed.value_or(1), spec.options, seats);
        for (const std::string& seat : spec.seats) {
          if (seat != "human") (void)rise::ai::make_player(seat, 1);
        }
        break;
      }
      case 1: (void)rise::server::parse_action_request(body); break;
      case 2: (void)rise::server::parse_undo_request(body); break;
      case 3: (void)rise::server::parse_at(body); break;
      case 4: (void)rise::server::parse_secret_request(body, "invite"); break;
      default: {
        rise::server::detail::HttpRequest request;
        rise::server::detail::parse_target(std::string(body), request);
        break;
      }
    }
  } catch (const rise::server::ApiError&) {
  } catch (const rise::InputError&) {
  }
  return 0;
}
