// The card catalog of dark-legacy, from the text forms of cards.h.
#include "dark-legacy/catalog.h"

namespace rise::dl {

using nlohmann::json;

json catalog_entry(const CardDef& c) {
  std::string type = std::string(kind_name(c.kind)) + " · " + faction_name(c.affiliation) + " · Skill Level " +
                     std::to_string(c.level);
  if (const std::string traits = traits_text(c); !traits.empty()) type += " · " + traits;
  const std::string stats = stats_text(c);
  return {{"id", c.id},
          {"name", c.name},
          {"type", type},
          {"cost", std::to_string(c.cost)},
          {"stats", stats.empty() ? json(nullptr) : json(stats)},
          {"text", c.text},
          {"keywords", keyword_names(c.keywords)}};
}

json catalog_json(const CardDb& db) {
  json out = json::object();
  for (int i = 0; i < db.size(); ++i) out[db[i].id] = catalog_entry(db[i]);
  return out;
}

}  // namespace rise::dl
