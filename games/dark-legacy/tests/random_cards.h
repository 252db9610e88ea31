// Random but valid Dark Legacy cards and decks, for the RandomCards* tests (issue 15).
//
// write_random_data(dir, seed) writes a data directory (dir/cards/random.yaml and
// dir/decks/r0.yaml, r1.yaml) that the real YAML loader (card_loader.cpp) reads: cards drawn
// from the whole card language of docs/cards-dark-legacy.md — every type, affiliation,
// keyword, range, attach, grant, trigger, operation and target, in random combinations that
// the loader accepts — and two decks legal for the heroes it returns (Rules DL-2.1..DL-2.5,
// Interpretation DL-I26). Same seed, same files. Test-side only: no engine code uses it.
#pragma once

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "dark-legacy/cards.h"
#include "rise/core/rng.h"

namespace dltest {

namespace random_cards {

inline const std::vector<std::string> kFactions = {"chaos", "tech", "darkness", "holy-order", "wind", "earth"};
inline const std::vector<std::string> kKinds = {"creature", "magic", "instant", "weapon", "armor", "enhancement",
                                                "relic"};

// One operation of a step: its YAML key, amount range (0: `true`) and allowed targets
// (docs/cards-dark-legacy.md, "Steps"; card_loader.cpp op_shape).
struct OpSpec {
  const char* key;
  int low, high;
  std::vector<const char*> targets;
};
inline const std::vector<OpSpec>& ops() {
  static const std::vector<OpSpec> list = {
      {"damage", 1, 99,
       {"target", "target-creature", "target-hero", "your-hero", "your-creatures", "opposing-hero",
        "opposing-creatures"}},
      {"heal", 1, 99, {"target", "target-creature", "target-hero", "your-hero", "your-creatures"}},
      {"poison", 1, 20, {"target", "target-creature", "target-hero", "opposing-hero", "opposing-creatures"}},
      {"draw", 1, 10, {"none"}},
      {"casting-points", 1, 20, {"none"}},
      {"destroy", 0, 0, {"target-creature", "opposing-creatures", "your-creatures"}},
      {"dispel", 0, 0, {"target-spell"}},
      {"counter", 0, 0, {"none"}},
      {"repair-armor", 1, 99, {"none"}},
      {"remove", 0, 0, {"target-creature", "opposing-creatures"}},
      {"discard", 1, 10, {"target-hero", "opposing-hero", "your-hero"}},
      {"boost", 1, 20, {"target-creature", "your-creatures"}},
  };
  return list;
}

// A small amount, sometimes a large one (the extremes are in the language too).
inline int amount(rise::Rng& rng, int low, int high) {
  if (rng.roll(8) == 1) return high;
  return low + rng.roll(std::min(high - low + 1, 6)) - 1;
}

template <typename T>
const T& pick(rise::Rng& rng, const std::vector<T>& v) {
  return v[static_cast<size_t>(rng.roll(static_cast<int>(v.size())) - 1)];
}

// One step, as a YAML flow map. `instant_cast`: counter is allowed.
inline std::string step(rise::Rng& rng, bool instant_cast) {
  for (;;) {
    const OpSpec& op = pick(rng, ops());
    if (std::string(op.key) == "counter" && !instant_cast) continue;
    std::string out = std::string("{") + op.key + ": " + (op.high == 0 ? "true" : std::to_string(amount(rng, op.low, op.high)));
    const std::string target = pick(rng, op.targets);
    if (target != "none" || rng.roll(2) == 1) out += ", target: " + target;
    return out + "}";
  }
}

inline std::string effect(rise::Rng& rng, const std::string& when, bool instant_cast) {
  std::string out = "      - when: " + when + "\n        do:\n";
  const int steps = rng.roll(10) == 1 ? 8 : rng.roll(3);
  for (int i = 0; i < steps; ++i) out += "          - " + step(rng, instant_cast) + "\n";
  return out;
}

// A grants map for `allowed` keys ("attack", "defense", "life", "keywords"); never empty.
inline std::string grants(rise::Rng& rng, const std::vector<std::string>& allowed, bool weapon_keywords) {
  std::string out;
  for (;;) {
    out.clear();
    bool any = false;
    for (const std::string& key : allowed) {
      if (rng.roll(2) == 1) continue;
      std::string value;
      if (key == "attack" || key == "defense") {
        int v = amount(rng, 1, 20) * (rng.roll(4) == 1 ? -1 : 1);
        value = std::to_string(v);
        any = true;
      } else if (key == "life") {
        value = std::to_string(amount(rng, 1, 50));
        any = true;
      } else {
        value = weapon_keywords ? "[hits-flying]" : (rng.roll(2) == 1 ? "[flying]" : "[flying, hits-flying]");
        any = true;
      }
      out += (out.empty() ? "" : ", ") + key + ": " + value;
    }
    if (any) return "    grants: {" + out + "}\n";
  }
}

// One random card of `kind` and `affiliation`, as a YAML list item.
inline std::string card(rise::Rng& rng, const std::string& id, const std::string& kind, const std::string& affiliation,
                        int cost, int level) {
  std::string out = "  - id: " + id + "\n    name: Random " + id + "\n    text: \"generated\"\n";
  out += "    affiliation: " + affiliation + "\n    type: " + kind + "\n";
  out += "    cost: " + std::to_string(cost) + "\n    level: " + std::to_string(level) + "\n";
  bool lasting = false;
  std::vector<std::string> triggers;  // the triggers this card may have
  bool needs_cast = false, needs_something = false;
  if (kind == "creature") {
    out += "    attack: " + std::to_string(amount(rng, 0, 99)) + "\n    defense: " + std::to_string(amount(rng, 1, 99)) + "\n";
    if (rng.roll(3) == 1) out += std::string("    keywords: ") + (rng.roll(2) == 1 ? "[flying]" : "[hits-flying]") + "\n";
    triggers = {"cast", "turn-start", "activated"};
  } else if (kind == "weapon") {
    out += "    attack: " + std::to_string(amount(rng, 1, 99)) + "\n";
    const bool distance = rng.roll(3) == 1;
    if (distance) out += "    range: distance\n";
    else if (rng.roll(2) == 1) out += "    range: melee\n";
    if (!distance && rng.roll(3) == 1) out += "    keywords: [hits-flying]\n";
    triggers = {"cast", "turn-start", "activated"};
  } else if (kind == "armor") {
    out += "    defense: " + std::to_string(amount(rng, 1, 99)) + "\n";
    triggers = {"cast", "turn-start", "activated"};
    if (rng.roll(3) == 1) out += grants(rng, {"attack", "keywords"}, false);  // Interpretation DL-I44
  } else if (kind == "magic") {
    lasting = rng.roll(2) == 1;
    if (lasting) {
      out += "    lasting: true\n";
      triggers = {"cast", "turn-start", "activated"};
      if (rng.roll(2) == 1) out += grants(rng, {"attack", "defense", "keywords"}, false);
      else needs_something = true;
    } else {
      if (rng.roll(3) == 1) out += "    lasting: false\n";
      triggers = {"cast"};
      needs_cast = true;
    }
  } else if (kind == "instant") {
    triggers = {"cast"};
    needs_cast = true;
  } else if (kind == "enhancement") {
    static const std::vector<std::string> attach = {"hero", "weapon", "armor"};
    const std::string& a = pick(rng, attach);
    out += "    attach: " + a + "\n";
    triggers = {"cast", "turn-start"};
    if (rng.roll(3) != 1) {
      if (a == "hero") out += grants(rng, {"attack", "life", "keywords"}, false);
      if (a == "weapon") out += grants(rng, {"attack", "keywords"}, true);
      if (a == "armor") out += grants(rng, {"defense"}, false);
    } else {
      needs_something = true;
    }
  } else {  // relic
    triggers = {"cast", "turn-start", "activated"};
    if (rng.roll(2) == 1) out += grants(rng, {"attack", "keywords"}, false);
    else needs_something = true;
  }
  std::vector<std::string> chosen;
  for (const std::string& t : triggers) {
    if (rng.roll(2) == 1 || (needs_cast && t == "cast")) chosen.push_back(t);
  }
  if (needs_something) {
    // A lasting Magic card without grants needs a turn-start or activated effect; an
    // Enhancement or a Relic without grants needs any effect.
    const bool magic = kind == "magic";
    bool ok = false;
    for (const std::string& t : chosen) ok = ok || !magic || t != "cast";
    if (!ok) chosen.push_back(magic ? (rng.roll(2) == 1 ? "turn-start" : "activated") : pick(rng, triggers));
  }
  std::string effects;
  for (const std::string& t : chosen) effects += effect(rng, t, kind == "instant" && t == "cast");
  if (!effects.empty()) out += "    effects:\n" + effects;
  return out;
}

// The data written and the heroes the decks are legal for.
struct RandomData {
  std::string dir;
  std::string hero0, hero1;  // hero options (FACTION:LEVEL[:FACTION2:LEVEL2])
  int num_cards = 0;
};

// A random hero spec: mostly low levels, sometimes level 6+ or a second faction.
inline std::string hero(rise::Rng& rng, const std::string& faction) {
  switch (rng.roll(4)) {
    case 1: return faction + ":" + std::to_string(5 + rng.roll(5));  // 6..10
    case 2: {
      std::string second;
      do second = pick(rng, kFactions);
      while (second == faction);
      return faction + ":" + std::to_string(9 + rng.roll(11)) + ":" + second + ":" + std::to_string(rng.roll(20));
    }
    default: return faction + ":" + std::to_string(rng.roll(5));
  }
}

// Writes `num_cards` random cards (more if a deck needs them) and two decks legal for the returned heroes into `dir`
// (created; its old content replaced).
inline RandomData write_random_data(const std::string& dir, uint64_t seed, int num_cards = 60) {
  namespace fs = std::filesystem;
  rise::Rng rng(seed);
  fs::remove_all(dir);
  fs::create_directories(fs::path(dir) / "cards");
  fs::create_directories(fs::path(dir) / "decks");
  RandomData data;
  data.dir = dir;
  const std::string f0 = pick(rng, kFactions), f1 = pick(rng, kFactions);
  data.hero0 = hero(rng, f0);
  data.hero1 = hero(rng, f1);
  struct Made {
    std::string id, affiliation;
    int level;
  };
  std::vector<Made> made;
  std::string yaml = "cards:\n";
  // Card k: random type, affiliation among the heroes' and others, cost and level; the first
  // cards per faction of the heroes are 0-cost level-1 Equipment (Rule DL-5.1).
  for (int k = 0; k < num_cards; ++k) {
    const std::string id = "r" + std::to_string(seed % 1000) + "-" + std::to_string(k);
    std::string kind, affiliation;
    int cost, level;
    if (k < 6) {
      static const std::vector<std::string> equipment = {"weapon", "armor", "relic"};
      kind = equipment[static_cast<size_t>(k % 3)];
      affiliation = k < 3 ? f0 : f1;
      cost = 0;
      level = 1;
    } else {
      kind = pick(rng, kKinds);
      affiliation = rng.roll(3) == 1 ? pick(rng, kFactions) : (rng.roll(2) == 1 ? f0 : f1);
      cost = rng.roll(10) == 1 ? 20 : rng.roll(6) - 1;
      level = rng.roll(4) == 1 ? rng.roll(20) : rng.roll(3);
    }
    yaml += card(rng, id, kind, affiliation, cost, level);
    made.push_back({id, affiliation, level});
  }
  // Decks: 3 copies of each card the hero may use (Rules DL-2.4, DL-2.5), until 51+ cards.
  for (int p = 0; p < 2; ++p) {
    const rise::dl::HeroSpec spec = rise::dl::parse_hero_spec(p == 0 ? data.hero0 : data.hero1, "random hero");
    std::string deck = "name: Random " + std::to_string(p) + "\nfaction: " + (p == 0 ? f0 : f1) + "\ncards:\n";
    int size = 0;
    std::vector<bool> added(made.size(), false);
    for (int round = 0; size < 51 && round < 2; ++round) {
      for (size_t i = 0; i < made.size(); ++i) {
        const Made& m = made[i];
        if (added[i]) continue;
        rise::dl::CardDef c;
        c.id = m.id;
        c.level = m.level;
        c.affiliation = rise::dl::parse_faction(m.affiliation, "random card");
        if (!rise::dl::faction_allows(spec, c)) continue;
        // A different mix per deck; the 0-cost Equipment (cards 0..5) always goes in (Rule DL-5.1).
        if (round == 0 && i >= 6 && rng.roll(3) == 1) continue;
        added[i] = true;
        deck += "  " + m.id + ": 3\n";
        size += 3;
        if (size >= 51) break;
      }
    }
    // Too few cards the hero may use (a level-6+ hero uses only its factions'): more cards of
    // its primary faction, level 1, until the deck holds 51 (Rule DL-2.1).
    while (size < 51) {
      const std::string id = "r" + std::to_string(seed % 1000) + "-" + std::to_string(made.size());
      const std::string affiliation = p == 0 ? f0 : f1;
      yaml += card(rng, id, pick(rng, kKinds), affiliation, rng.roll(6) - 1, 1);
      made.push_back({id, affiliation, 1});
      deck += "  " + id + ": 3\n";
      size += 3;
    }
    std::ofstream(fs::path(dir) / "decks" / ("r" + std::to_string(p) + ".yaml")) << deck;
  }
  std::ofstream(fs::path(dir) / "cards" / "random.yaml") << yaml;
  data.num_cards = static_cast<int>(made.size());
  return data;
}

}  // namespace random_cards
}  // namespace dltest
