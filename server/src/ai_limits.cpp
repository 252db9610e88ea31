// The operator's caps on AI budgets (docs/server.md, "Limits").
#include "rise/server/ai_limits.h"

#include <algorithm>

#include "rise/ai/player.h"
#include "rise/core/error.h"
#include "rise/core/text.h"

namespace rise::server {

namespace {

// The spec as the player reads it: every setting explicit (make_player's defaults filled in).
ai::PlayerSpec effective_spec(const std::string& spec) {
  return ai::parse_player_spec(ai::make_player(spec, 0)->spec());
}

// The integer value of setting `key`, or -1 when the spec has none.
int64_t setting_of(const ai::PlayerSpec& spec, const std::string& key) {
  const auto it = spec.settings.find(key);
  return it == spec.settings.end() ? -1 : parse_integer(it->second).value_or(-1);
}

std::string text_of(const ai::PlayerSpec& spec) {
  std::string text = spec.kind;
  char separator = ':';
  for (const auto& [key, value] : spec.settings) {
    text += separator + key + "=" + value;
    separator = ',';
  }
  return text;
}

}  // namespace

void check_ai_budget(const std::string& spec, const AiLimits& limits) {
  // Before the player is made: making it would read the file a net= setting names, and the
  // answer (cannot read, not a weights file, a header error quoting it) would tell a client
  // what the server's files hold. Only the shipped networks (net=default) are offered.
  const ai::PlayerSpec asked = ai::parse_player_spec(spec);
  if (const auto net = asked.settings.find("net"); net != asked.settings.end() && net->second != "default") {
    throw InputError("AI '" + spec + "': this server plays only its shipped networks (net=default), not a file");
  }
  const ai::PlayerSpec player = effective_spec(spec);
  const int64_t iterations = setting_of(player, "iters");
  if (iterations > limits.max_iterations) {
    throw InputError("AI '" + spec + "': " + std::to_string(iterations) + " iterations a move is above this server's limit of " +
                     std::to_string(limits.max_iterations) + " (rise serve --max-ai-iterations)");
  }
  const int64_t milliseconds = setting_of(player, "ms");
  if (milliseconds > limits.max_milliseconds) {
    throw InputError("AI '" + spec + "': " + std::to_string(milliseconds) + " ms a move is above this server's limit of " +
                     std::to_string(limits.max_milliseconds) + " ms (rise serve --max-ai-ms)");
  }
}

std::string capped_ai_spec(const std::string& spec, const AiLimits& limits) {
  ai::PlayerSpec player = effective_spec(spec);
  const int64_t iterations = setting_of(player, "iters");
  const int64_t milliseconds = setting_of(player, "ms");
  if (iterations <= limits.max_iterations && milliseconds <= limits.max_milliseconds) return spec;
  if (iterations > limits.max_iterations) player.settings["iters"] = std::to_string(limits.max_iterations);
  if (milliseconds > limits.max_milliseconds) player.settings["ms"] = std::to_string(limits.max_milliseconds);
  return text_of(player);
}

}  // namespace rise::server
