// The JSON the server sends: a seat's view of a table, the spectators' view, the game list,
// a table's public summary. Shapes: docs/server.md.
//
// Nothing here reads State::to_json(), the Rng or another seat's key: a seat's view is
// built from observation_json(seat) and describe_action(action, seat) only, so it holds
// exactly what that seat may see.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "rise/core/state.h"
#include "rise/server/table.h"

namespace rise::server {

// What seat `seat` may see of `state` at `version`, with `log` (that seat's log):
// {version, seat, current_player (-1 once over), terminal, returns, observation:
// observation_json(seat), legal: [{id, text: describe_action(id, seat)}] (empty unless it
// is that seat's decision), log}. Pure: the leak test compares it on re-dealt states.
nlohmann::json state_view(const State& state, PlayerId seat, int version, const nlohmann::json& log);

// state_view of a table for one of its seats, plus {table, game, seats: [{seat, kind}],
// undo_requested: [human seats that asked for an undo at this version]}.
// Requires the table's lock.
nlohmann::json seat_view(const Table& table, PlayerId seat);

// The view of a spectator (no key), seat -1: for a perfect-information game everything is
// public, so observation_json(0) with the full log, and never a legal list. Throws ApiError
// 501 "spectators_unavailable" for a hidden-information game: no observation of it is
// public yet. Requires the table's lock.
nlohmann::json spectator_view(const Table& table);

// {id, game, options, seats: [{seat, kind}], version, status, created_at, current_player}:
// what the lobby lists, without keys. Requires the table's lock.
nlohmann::json table_summary(const Table& table);

// Every registered game: [{id, name, min_players, max_players, perfect_information,
// options: [{name, default, description, allowed}]}].
nlohmann::json games_json();

}  // namespace rise::server
