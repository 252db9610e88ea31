// The operator's caps on AI budgets (docs/server.md, "Limits").
#include "rise/server/ai_limits.h"

#include <algorithm>
#include <vector>

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

// Every setting of a search spec that scales the work of a move, with its cap.
struct Cap {
  std::string setting;
  int64_t limit;
  std::string what;
  std::string option;
};

std::vector<Cap> caps(const AiLimits& limits) {
  return {{"iters", limits.max_iterations, "iterations a move", "--max-ai-iterations"},
          {"ms", limits.max_milliseconds, "milliseconds a move", "--max-ai-ms"},
          {"rollout", limits.max_rollout, "random actions after each leaf", "--max-ai-rollout"},
          {"nodes", limits.max_nodes, "nodes of a search tree", "--max-ai-nodes"}};
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
  for (const Cap& cap : caps(limits)) {
    const int64_t value = setting_of(player, cap.setting);
    if (value > cap.limit) {
      throw InputError("AI '" + spec + "': " + cap.setting + "=" + std::to_string(value) + " (" + cap.what +
                       ") is above this server's limit of " + std::to_string(cap.limit) + " (rise serve " +
                       cap.option + ")");
    }
  }
}

std::string capped_ai_spec(const std::string& spec, const AiLimits& limits) {
  ai::PlayerSpec player = effective_spec(spec);
  bool capped = false;
  for (const Cap& cap : caps(limits)) {
    if (setting_of(player, cap.setting) > cap.limit) {
      player.settings[cap.setting] = std::to_string(cap.limit);
      capped = true;
    }
  }
  return capped ? text_of(player) : spec;
}

}  // namespace rise::server
