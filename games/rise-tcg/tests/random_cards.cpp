// Random but valid rise-tcg cards (random_cards.h). Names come from the loader's own
// tables (cardgame/effect.h), so a new ability, trigger or operation is drawn too.
#include "random_cards.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "rise/cardgame/effect.h"
#include "rise/core/rng.h"

namespace tcgtest {
namespace {

using rise::Rng;

const std::vector<std::string> kSubtypes = {"Zombie", "Clone", "Beast"};

class Generator {
 public:
  explicit Generator(uint64_t seed) : rng_(seed) {}

  RandomCardSet make(int num_cards, int num_decks);

 private:
  // Card kinds of the library cards.
  enum Kind { kCreature, kDoor, kIncantation, kImminent, kCreatureImminent, kCreatureDoor, kEquipment, kDisease };

  int below(int n) { return static_cast<int>(rng_.below(static_cast<uint64_t>(n))); }
  bool chance(int percent) { return below(100) < percent; }
  int range(int low, int high) { return low + below(high - low + 1); }
  template <typename T>
  const T& pick(const std::vector<T>& items) { return items[static_cast<size_t>(below(static_cast<int>(items.size())))]; }

  std::string list(const std::vector<std::string>& items) {
    std::string out = "[";
    for (size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + items[i];
    return out + "]";
  }
  std::string filter(bool any_zone);
  std::string value();
  // A value that may read a card's attack or defense (`of_target`: the step has a target).
  std::string stat_value(bool in_effect, bool of_target);
  // A condition (`if:`) of card language v2.
  std::string condition(bool in_effect);
  std::string target(bool in_effect, bool equipment);
  std::string step(bool in_effect, bool equipment, int depth);
  std::string plain_step(bool in_effect, bool equipment, int depth);
  std::string steps(bool in_effect, bool equipment, int depth);
  std::string action(bool equipment);
  std::string card(int index, Kind kind);
  std::string summoner(int index);

  Rng rng_;
  std::vector<std::string> all_ids_;       // every card (filters may name any)
  std::vector<std::string> constant_ids_;  // tokens must be Constants
  std::string self_constant_;              // the card being written, if a Constant
};

std::string Generator::filter(bool any_zone) {
  std::vector<std::string> fields;
  if (chance(40)) fields.push_back("whose: " + pick(std::vector<std::string>{"any", "you", "opponent"}));
  if (chance(50)) {
    std::vector<std::string> types;
    for (const std::string& t : rise::cardgame::card_type_names()) {
      if (chance(30)) types.push_back(t);
    }
    if (!types.empty()) fields.push_back("types: " + list(types));
  }
  if (chance(15)) fields.push_back("plane: " + pick(std::vector<std::string>{"any", "ground", "air"}));
  if (any_zone && chance(25)) {
    fields.push_back("zone: " + pick(std::vector<std::string>{"battlefield", "hand", "library", "cemetery", "exclusion"}));
  }
  if (chance(15)) fields.push_back(std::string("another: ") + (chance(50) ? "yes" : "no"));
  if (chance(10)) fields.push_back("abilities: [" + pick(rise::cardgame::ability_names()) + "]");
  if (chance(8)) fields.push_back("card: " + pick(all_ids_));
  if (chance(10)) fields.push_back(std::string("tilted: ") + (chance(50) ? "yes" : "no"));
  if (chance(8)) fields.push_back("subtype: " + pick(kSubtypes));
  if (fields.empty()) fields.push_back("whose: any");
  std::string out = "{";
  for (size_t i = 0; i < fields.size(); ++i) out += (i ? ", " : "") + fields[i];
  return out + "}";
}

std::string Generator::value() {
  if (chance(75)) return std::to_string(range(0, 3));
  int times = range(1, 3) * (chance(20) ? -1 : 1);
  std::string extra = ", times: " + std::to_string(times) + (chance(50) ? ", plus: " + std::to_string(range(-2, 2)) : "");
  switch (below(5)) {
    case 0: return "{count: " + filter(true) + extra + "}";
    case 1: return "{coins: yes" + extra + "}";
    case 2: return "{hp: yes" + extra + "}";
    case 3: return "{level: yes" + extra + "}";
    default: return "{ether: yes" + extra + "}";
  }
}

std::string Generator::stat_value(bool in_effect, bool of_target) {
  if (chance(70)) return value();
  std::vector<std::string> of = {"self"};
  if (in_effect) of.push_back("event");
  if (of_target) of.push_back("target");
  return std::string("{") + (chance(50) ? "attack of: " : "defense of: ") + pick(of) +
         (chance(40) ? ", times: " + std::to_string(range(1, 2)) : "") + "}";
}

std::string Generator::condition(bool in_effect) {
  std::vector<std::string> parts;
  if (chance(40)) parts.push_back("self: " + pick(std::vector<std::string>{"open", "closed", "tilted", "untilted",
                                                                          "damaged", "undamaged"}));
  if (chance(40)) parts.push_back(std::string("turn: ") + (chance(50) ? "yours" : "not yours"));
  if (parts.empty() || chance(50)) {
    std::string v = stat_value(in_effect, false);
    if (v.front() != '{') v = "{coins: yes}";
    parts.push_back(v.substr(1, v.size() - 2));
    parts.push_back((chance(50) ? "at least: " : "at most: ") + std::to_string(range(0, 5)));
  }
  std::string out = "{";
  for (size_t i = 0; i < parts.size(); ++i) out += (i ? ", " : "") + parts[i];
  return out + "}";
}

std::string Generator::target(bool in_effect, bool equipment) {
  for (;;) {
    switch (below(6)) {
      case 0: return "self";
      case 1:
        if (in_effect) return "event";
        break;
      case 2:
        if (equipment) return "equipped";
        break;
      case 3: return "{choose: " + filter(true) + "}";
      case 4: return "{all: " + filter(true) + "}";
      default: return "{random: " + filter(true) + "}";
    }
  }
}

// One step, as a YAML flow map; sometimes with a condition (card language v2).
std::string Generator::step(bool in_effect, bool equipment, int depth) {
  std::string s = plain_step(in_effect, equipment, depth);
  if (chance(12)) s.insert(s.size() - 1, ", if: " + condition(in_effect));
  return s;
}

std::string Generator::plain_step(bool in_effect, bool equipment, int depth) {
  const std::vector<std::string>& ops = rise::cardgame::op_names();
  std::string op = pick(ops);
  while (depth >= 2 && (op == "coin toss" || op == "dice roll")) op = pick(ops);
  auto with_target = [&](const std::string& head) { return "{" + head + ", target: " + target(in_effect, equipment) + "}"; };
  if (op == "damage" || op == "heal" || op == "prevent") return with_target(op + ": " + stat_value(in_effect, true));
  if (op == "mill") {
    return "{mill: " + value() + (chance(60) ? ", who: " + pick(std::vector<std::string>{"you", "opponent", "each opponent",
                                                                                        "each player"}) : "") + "}";
  }
  if (op == "grant") {
    std::vector<std::string> granted = {pick(rise::cardgame::ability_names())};
    if (chance(30)) {
      const std::string& a = pick(rise::cardgame::ability_names());
      if (a != granted[0]) granted.push_back(a);
    }
    return with_target("grant: " + list(granted));
  }
  if (op == "lose abilities") return with_target("lose abilities: yes");
  if (op == "shuffle in") {
    if (chance(50)) return "{shuffle in: yes, target: {choose: {zone: cemetery}}}";
    return with_target("shuffle in: yes");
  }
  if (op == "gain" || op == "lose" || op == "steal" || op == "draw" || op == "discard") {
    std::string out = "{" + op + ": " + value();
    if (op == "gain" || op == "lose" || op == "steal") out += std::string(", resource: ") + (chance(60) ? "coins" : "ether");
    if (op == "discard" && chance(40)) out += ", random: yes";
    std::vector<std::string> who = {"you", "opponent", "each opponent", "each player", "target controller"};
    if (op == "steal") who.erase(who.begin());
    if (chance(70)) {
      const std::string w = pick(who);
      out += ", who: " + w;
      if (w == "target controller") out += ", target: " + target(in_effect, equipment);
    }
    return out + "}";
  }
  if (op == "search") return "{search: " + filter(false) + "}";
  if (op == "counter") {
    int attack = range(-2, 2), defense = range(-2, 2);
    if (attack == 0 && defense == 0) defense = 1;
    std::string until = chance(40) ? ", until: end of turn" : "";
    std::string attack_text = std::to_string(attack);
    if (chance(15)) {
      attack_text = "{attack of: target}";  // card language v2: "+X/+0 where X is its attack"
      if (defense == 0) defense = 1;
    }
    return with_target("counter: {attack: " + attack_text + ", defense: " + std::to_string(defense) + until + "}");
  }
  if (op == "control") return with_target(chance(50) ? "control: yes" : "control: {until: end of turn}");
  if (op == "token") {
    // Often the card itself: self-replicating cards are what an engine must survive.
    if (!self_constant_.empty() && chance(25)) return "{token: " + self_constant_ + "}";
    return "{token: " + pick(constant_ids_) + "}";
  }
  if (op == "cancel") {
    if (chance(50)) return "{cancel: any}";
    std::vector<std::string> kinds;
    for (const char* k : {"Imminent", "Action", "Skill"}) {
      if (chance(50)) kinds.push_back(k);
    }
    if (kinds.empty()) kinds.push_back("Skill");
    return "{cancel: " + list(kinds) + "}";
  }
  if (op == "discount") return "{discount: " + value() + "}";
  if (op == "coin toss" || op == "dice roll") {
    std::string out = "{" + op + ": yes";
    if (op == "dice roll" && chance(50)) out += ", at least: " + std::to_string(range(1, 6));
    int branches = range(1, 3);  // 1 success, 2 fail, 3 both
    if (branches & 1) out += ", success: " + steps(in_effect, equipment, depth + 1);
    if (branches & 2) out += ", fail: " + steps(in_effect, equipment, depth + 1);
    return out + "}";
  }
  // return, destroy, exclude, open, close, tilt, untilt, copy, regress, restore, attach,
  // unlock, cure: `yes` and a target.
  return with_target(op + ": yes");
}

std::string Generator::steps(bool in_effect, bool equipment, int depth) {
  std::vector<std::string> out;
  int n = range(1, depth == 0 ? 3 : 2);
  for (int i = 0; i < n; ++i) out.push_back(step(in_effect, equipment, depth));
  return list(out);
}

std::string Generator::action(bool equipment) {
  std::string out = "      - name: Act\n";
  int kind = below(3);
  const char* kinds[] = {"direct purchase", "coin toss", "dice roll"};
  out += std::string("        kind: ") + kinds[kind] + "\n";
  if (chance(70)) out += "        cost: {coins: " + std::to_string(range(0, 3)) + ", ether: " + std::to_string(range(0, 1)) + "}\n";
  if (chance(60)) out += "        per_turn: " + std::to_string(range(0, 3)) + "\n";
  out += "        do: " + steps(false, equipment, 0) + "\n";
  if (kind != 0 && chance(60)) out += "        fail: " + steps(false, equipment, 0) + "\n";
  if (kind == 2 && chance(60)) out += "        at least: " + std::to_string(range(1, 6)) + "\n";
  return out;
}

std::string Generator::card(int index, Kind kind) {
  const std::string id = all_ids_[static_cast<size_t>(index)];
  self_constant_ = kind == kImminent ? "" : id;
  std::vector<std::string> types;
  switch (kind) {
    case kCreature: types = {"Creature"}; break;
    case kDoor: types = {"Door"}; break;
    case kIncantation: types = {"Incantation"}; break;
    case kImminent: types = {"Imminent"}; break;
    case kCreatureImminent: types = {"Creature", "Imminent"}; break;
    case kCreatureDoor: types = {"Creature", "Door"}; break;
    case kEquipment: types = chance(50) ? std::vector<std::string>{"Incantation"} : std::vector<std::string>{"Incantation", "Imminent"}; break;
    case kDisease: types = chance(70) ? std::vector<std::string>{"Incantation"} : std::vector<std::string>{"Incantation", "Imminent"}; break;
  }
  std::string out = "  - id: " + id + "\n    name: Random " + std::to_string(index) + "\n    types: " + list(types) + "\n";
  out += "    rank: " + (chance(15) ? std::string("infinite") : std::to_string(range(1, 50))) + "\n";
  out += "    rarity: " + pick(std::vector<std::string>{"Common", "Uncommon", "Rare", "Legendary"}) + "\n";
  if (chance(60)) out += "    cost: " + std::to_string(chance(80) ? range(0, 1) : range(2, 3)) + "\n";
  const bool fighter = kind == kCreature || kind == kDoor || kind == kCreatureImminent || kind == kCreatureDoor;
  if (fighter) {
    if (chance(10)) {
      out += "    attack: '*'\n    star attack: " + value() + "\n";
    } else {
      out += "    attack: " + std::to_string(range(0, 4)) + "\n";
    }
    if (chance(10)) {
      out += "    defense: '*'\n    star defense: " + value() + "\n";
    } else {
      out += "    defense: " + std::to_string(range(0, 4)) + "\n";
    }
  }
  // Abilities: any but Equipment, Disease and Bomb, which come with their kinds.
  std::vector<std::string> abilities;
  const bool equipment = kind == kEquipment;
  if (equipment) {
    abilities.push_back("Equipment");
    if (chance(30)) abilities.push_back("Bomb");
  }
  if (kind == kDisease) abilities.push_back("Disease");
  int extra = chance(50) ? range(1, 3) : 0;
  for (int k = 0; k < extra; ++k) {
    const std::string& a = pick(rise::cardgame::ability_names());
    if (a == "Equipment" || a == "Disease" || a == "Bomb") continue;
    if (std::find(abilities.begin(), abilities.end(), a) == abilities.end()) abilities.push_back(a);
  }
  if (!abilities.empty()) out += "    abilities: " + list(abilities) + "\n";
  if (kind != kImminent && chance(15)) {  // static effects (card language v2)
    std::vector<std::string> statics = {pick(std::vector<std::string>{"no untilt", "cannot attack", "cannot block", "creatures cost 1 less"})};
    if ((kind == kDoor || kind == kCreatureDoor) && statics[0] != "cannot attack" && chance(50)) {
      statics.push_back("may attack");
    }
    out += "    static: " + list(statics) + "\n";
  }
  const bool lock = std::find(abilities.begin(), abilities.end(), "Lock") != abilities.end() ||
                    std::find(abilities.begin(), abilities.end(), "Chained") != abilities.end();
  if (index < static_cast<int>(kSubtypes.size())) {
    out += "    subtypes: [" + kSubtypes[static_cast<size_t>(index)] + "]\n";  // every subtype exists
  } else if (chance(15)) {
    out += "    subtypes: " + pick(kSubtypes) + "\n";
  }
  if (kind == kDisease) out += "    disease: " + pick(rise::cardgame::disease_names()) + "\n";
  if (equipment) {
    std::string grants = "{attack: " + std::to_string(range(-1, 2)) + ", defense: " + std::to_string(range(-1, 2));
    if (chance(40)) grants += ", abilities: [" + pick(rise::cardgame::ability_names()) + "]";
    out += "    grants: " + grants + "}\n";
    if (chance(50)) out += "    attach: " + filter(false) + "\n";
  }
  out += "    text: \"Random.\"\n";
  int effects = chance(70) || lock ? range(1, 2) : 0;
  if (effects > 0) {
    out += "    effects:\n";
    for (int k = 0; k < effects; ++k) {
      std::vector<std::string> triggers;
      for (const std::string& t : rise::cardgame::trigger_names()) {
        if (t == "opened" && !(kind == kDoor || kind == kCreatureDoor)) continue;
        if (t == "unlocked" && !lock) continue;
        triggers.push_back(t);
      }
      std::string on = lock && k == 0 ? std::string("unlocked") : pick(triggers);  // else rare
      const bool constant = kind != kImminent;
      if (constant && !(lock && k == 0) && chance(25)) {  // a global trigger (card language v2)
        const std::string& w = pick(rise::cardgame::whenever_names());
        on = "{whenever: " + w + (w != "turn start" && chance(70) ? ", filter: " + filter(false) : "") + "}";
      }
      out += "      - on: " + on + "\n";
      if (constant && chance(20)) {
        out += chance(50) ? "        limit: once per turn\n" : "        limit: first time each turn\n";
      }
      if (chance(15)) out += "        if: " + condition(true) + "\n";
      out += "        do: " + steps(true, equipment, 0) + "\n";
    }
  }
  int actions = chance(30) ? range(1, 2) : 0;
  if (actions > 0) {
    out += "    actions:\n";
    for (int k = 0; k < actions; ++k) out += action(equipment);
  }
  return out;
}

std::string Generator::summoner(int index) {
  self_constant_.clear();
  std::string out = "  - id: rc-summoner-" + std::to_string(index) + "\n    name: Random Summoner " +
                    std::to_string(index) + "\n    types: [Summoner]\n    rank: 1\n    rarity: Rare\n";
  out += "    hp: " + std::to_string(range(5, 30)) + "\n    skills:\n";
  int skills = range(1, 4);
  for (int k = 0; k < skills; ++k) out += "      - name: Skill\n        do: " + steps(false, false, 0) + "\n";
  return out;
}

RandomCardSet Generator::make(int num_cards, int num_decks) {
  // Kinds first, so that filters and tokens may name any card.
  std::vector<Kind> kinds;
  for (int i = 0; i < num_cards; ++i) {
    int r = below(16);
    kinds.push_back(r < 6 ? kCreature : r < 7 ? kDoor : r < 8 ? kIncantation : r < 10 ? kImminent
                    : r < 11 ? kCreatureImminent : r < 12 ? kCreatureDoor : r < 14 ? kEquipment : kDisease);
    kinds.back() = i < 3 ? kCreature : kinds.back();  // the subtypes' bearers
  }
  for (int i = 0; i < num_cards; ++i) all_ids_.push_back("rc-" + std::to_string(i));
  for (int i = 0; i < num_cards; ++i) {
    if (kinds[static_cast<size_t>(i)] != kImminent) constant_ids_.push_back(all_ids_[static_cast<size_t>(i)]);
  }
  for (int i = 0; i < 4; ++i) all_ids_.push_back("rc-summoner-" + std::to_string(i));
  all_ids_.push_back("rc-levelup");
  all_ids_.push_back("rc-filler");
  constant_ids_.push_back("rc-filler");

  RandomCardSet set;
  set.cards_yaml = "cards:\n";
  std::vector<std::string> ranks;  // YAML rank of each library card, read back for decks
  for (int i = 0; i < num_cards; ++i) set.cards_yaml += card(i, kinds[static_cast<size_t>(i)]);
  for (int i = 0; i < 4; ++i) set.cards_yaml += summoner(i);
  set.cards_yaml +=
      "  - id: rc-levelup\n    name: Random Level Up\n    types: [Level Up]\n    rank: infinite\n    rarity: Common\n"
      "  - id: rc-filler\n    name: Random Filler\n    types: [Creature]\n    rank: 50\n    rarity: Common\n"
      "    attack: 1\n    defense: 1\n";
  // Ranks of the library cards, from the text (the generator wrote them).
  std::vector<int> rank_of;
  {
    size_t pos = 0;
    while ((pos = set.cards_yaml.find("    rank: ", pos)) != std::string::npos) {
      pos += 10;
      const std::string word = set.cards_yaml.substr(pos, set.cards_yaml.find('\n', pos) - pos);
      rank_of.push_back(word == "infinite" ? 50 : std::stoi(word));
    }
  }
  for (int d = 0; d < num_decks; ++d) {
    int a = below(4), b = (a + 1 + below(3)) % 4;
    std::string yaml = "name: Random Deck " + std::to_string(d) + "\nsummoners: [rc-summoner-" + std::to_string(a) +
                       ", rc-summoner-" + std::to_string(b) + "]\nlibrary:\n";
    int left = 50;
    int level_ups = range(0, 8);
    if (level_ups > 0) yaml += "  rc-levelup: " + std::to_string(level_ups) + "\n";
    left -= level_ups;
    std::vector<int> order(static_cast<size_t>(num_cards));
    for (int i = 0; i < num_cards; ++i) order[static_cast<size_t>(i)] = i;
    rng_.shuffle(order);
    for (int i : order) {
      if (left <= 5) break;
      int copies = std::min({left - 5, rank_of[static_cast<size_t>(i)], range(1, 4)});
      yaml += "  " + all_ids_[static_cast<size_t>(i)] + ": " + std::to_string(copies) + "\n";
      left -= copies;
    }
    yaml += "  rc-filler: " + std::to_string(left) + "\n";
    set.deck_ids.push_back("rd-" + std::to_string(d));
    set.decks_yaml.push_back(yaml);
  }
  return set;
}

}  // namespace

RandomCardSet random_card_set(uint64_t seed, int num_cards, int num_decks) {
  return Generator(seed).make(num_cards, num_decks);
}

std::string write_card_set(const RandomCardSet& set, const std::string& name) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / name;
  fs::remove_all(dir);
  fs::create_directories(dir / "cards");
  fs::create_directories(dir / "decks");
  std::ofstream(dir / "cards" / "random.yaml") << set.cards_yaml;
  for (size_t i = 0; i < set.deck_ids.size(); ++i) {
    std::ofstream(dir / "decks" / (set.deck_ids[i] + ".yaml")) << set.decks_yaml[i];
  }
  return dir.string();
}

}  // namespace tcgtest
