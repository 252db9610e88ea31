#include "rise/core/game.h"

#include <algorithm>

#include "rise/core/error.h"

namespace rise {

Options Game::resolve_options(const Options& given) const {
  const GameInfo& gi = info();
  Options resolved;
  for (const OptionSpec& spec : gi.options) resolved[spec.name] = spec.default_value;
  for (const auto& [name, value] : given) {
    auto spec = std::find_if(gi.options.begin(), gi.options.end(),
                             [&name = name](const OptionSpec& s) { return s.name == name; });
    if (spec == gi.options.end()) {
      std::string known;
      for (const OptionSpec& s : gi.options) known += (known.empty() ? "" : ", ") + s.name;
      throw InputError("unknown option '" + name + "' for " + gi.id +
                       " (options: " + (known.empty() ? "none" : known) + ")");
    }
    if (!spec->allowed_values.empty() &&
        std::find(spec->allowed_values.begin(), spec->allowed_values.end(), value) ==
            spec->allowed_values.end()) {
      std::string allowed;
      for (const auto& v : spec->allowed_values) allowed += (allowed.empty() ? "" : ", ") + v;
      throw InputError("option " + name + "=" + value + " is not allowed for " + gi.id +
                       " (allowed: " + allowed + ")");
    }
    resolved[name] = value;
  }
  return resolved;
}

nlohmann::json Game::catalog_json(const Options& /*options*/) const {
  return nlohmann::json::object();
}

}  // namespace rise
