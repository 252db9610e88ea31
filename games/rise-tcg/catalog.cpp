// The card catalog of rise-tcg, from the text forms of cardgame/describe.h.
#include "rise-tcg/catalog.h"

#include "rise/cardgame/describe.h"

namespace rise::tcg {

using nlohmann::json;

json catalog_entry(const cardgame::CardDef& c) {
  std::string type = cardgame::types_to_text(c.types);
  for (size_t i = 0; i < c.subtypes.size(); ++i) type += (i == 0 ? " — " : " ") + c.subtypes[i];
  std::string text = c.text;
  auto line = [&](const std::string& l) { text += (text.empty() ? "" : "\n") + l; };
  for (size_t i = 0; i < c.actions.size(); ++i) {
    const cardgame::ActionDef& a = c.actions[i];
    // The printed text already says what an Action does: its line then only numbers and
    // names it, with its terms (the numbers notation and logs use, e.g. "action #12 1").
    const bool own_text = c.text.empty() && !a.text.empty();
    line("Action " + std::to_string(i + 1) + " — " + a.name + " (" + cardgame::action_terms_to_text(a) + ")" +
         (own_text ? ": " + a.text : ""));
  }
  for (const cardgame::SkillDef& s : c.skills) {
    line("Skill " + std::to_string(s.level) + " — " + s.name + (s.text.empty() ? "" : ": " + s.text));
  }
  const std::string stats = cardgame::stats_to_text(c);
  return {{"id", c.id},
          {"name", c.name},
          {"type", type},
          {"cost", c.is(cardgame::kSummoner) ? json(nullptr) : json(std::to_string(c.capacity_cost))},
          {"stats", stats.empty() ? json(nullptr) : json(stats)},
          {"text", text},
          {"keywords", cardgame::ability_list(c.abilities)}};
}

json catalog_json(const cardgame::CardDatabase& db) {
  json out = json::object();
  for (const cardgame::CardDef& c : db.cards()) out[c.id] = catalog_entry(c);
  return out;
}

}  // namespace rise::tcg
