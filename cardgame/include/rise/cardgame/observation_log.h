// The log in a card game's observation: the latest events as sentences, not the whole game.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace rise::cardgame {

// How many of the latest events an observation shows as its `log` (docs/formats.md,
// "The log in an observation"). The whole game's log stays in the state (to_json's
// `events`) and in its replay; an observation shows a bounded window so that it stays
// small however long the game (a 6-player rise-tcg game logs about 2,000 events, which
// made every observation 80 KB and a fully checked game quadratic in its length).
inline constexpr size_t kObservationLogEvents = 256;

// Sets j["log"] to the sentences describe(e) of the last kObservationLogEvents of
// `events` (oldest first) and j["log_from"] to the index in the whole log of the first
// one shown (0 while the game has logged no more than the window).
template <class Event, class Describe>
void put_observation_log(nlohmann::json& j, const std::vector<Event>& events, Describe&& describe) {
  const size_t from = events.size() > kObservationLogEvents ? events.size() - kObservationLogEvents : 0;
  nlohmann::json log = nlohmann::json::array();
  for (size_t i = from; i < events.size(); ++i) log.push_back(describe(events[i]));
  j["log"] = std::move(log);
  j["log_from"] = from;
}

}  // namespace rise::cardgame
