// The JSON the server sends: a seat's view of a table, the spectators' view, the game list,
// a table's public summary. Shapes: docs/server.md.
//
// Nothing here reads State::to_json(), the Rng or another seat's key: a seat's view is
// built from observation_json(seat) and describe_action(action, seat) only, so it holds
// exactly what that seat may see; a spectator's from public_observation_json() and
// describe_action(action, kSpectator) only, so it holds what every player may see.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "rise/core/state.h"
#include "rise/server/table.h"

namespace rise::server {

// What seat `seat` may see of `state` at `version`, with `log` (that seat's log):
// {version, seat, current_player (-1 once over), terminal, returns, observation:
// observation_json(seat) (public_observation_json() for seat -1, a spectator), legal:
// [{id, text: describe_action(id, seat)}] (empty unless it is that seat's decision), log}.
// Pure: the leak test compares it on re-dealt states.
nlohmann::json state_view(const State& state, PlayerId seat, int version, nlohmann::json log);

// state_view of a table for one of its seats, plus {table, game, seats: [{seat, kind, name?
// (when given at the table), joined? (a human seat: its invite claimed)}],
// undo_requested: [human seats that asked for an undo at this version], fair:
// fairness_json}; once the table is over, ended: "rules" | "resigned" | "expired" (and
// resigned_seat), a resigned or expired table being terminal with Table::returns().
// Requires the table's lock.
nlohmann::json seat_view(const Table& table, PlayerId seat);

// What a spectator may see of `state` at `version`, with `log` (the public log):
// state_view for seat -1 (public_observation_json(), legal always []). Pure: the leak test
// compares it on re-dealt states.
nlohmann::json public_view(const State& state, int version, nlohmann::json log);

// The view of a spectator (no key) of a table of any game: public_view with the table's
// public log, plus what seat_view adds. Requires the table's lock.
nlohmann::json spectator_view(const Table& table);

// The spectators' view of `table` as it was after its first `at` actions, for stepping
// through the replay of a finished game (GET /api/tables/ID/view?at=N): the shape of
// spectator_view with version `at`, the state replayed by Table::state_at(at) and the
// public log cut to its first `at` entries; at = version() gives spectator_view(table).
// Requires the table's lock. Precondition: 0 <= at <= table.version().
nlohmann::json spectator_view_at(const Table& table, int at);

// {cards: game.catalog_json(options)} for the table's game and options (docs/server.md,
// GET /api/tables/ID/cards): computed once per game and options, then kept (thread-safe).
// Needs no table lock (a table's game and options never change). Throws InputError if the
// game's card files cannot be read.
nlohmann::json cards_json(const Table& table);

// {id, game, options, seats (as seat_view's), version, status, fair, created_at, current_player}:
// what the lobby lists, without keys. Requires the table's lock.
nlohmann::json table_summary(const Table& table);

// Every registered game: [{id, name, min_players, max_players, solo_option (GameInfo::solo_option,
// "" for none), perfect_information,
// options: [{name, default, description, allowed}]}].
nlohmann::json games_json();

}  // namespace rise::server
