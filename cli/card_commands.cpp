// `rise deck validate GAME FILE...` and `rise cards GAME`: the card games' data files
// (rise-tcg through cardgame/, dark-legacy through games/dark-legacy/cards.h, raise-rise-die
// through games/raise-rise-die/cards.h).
#include <algorithm>
#include <cctype>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>

#include <fmt/format.h>

#include "commands.h"
#include "battle_heroes.h"
#include "dark-legacy/cards.h"
#include "raise-rise-die/cards.h"
#include "rise/cardgame/card_loader.h"
#include "rise/cardgame/data_dir.h"
#include "rise/cardgame/describe.h"
#include "rise/cardgame/yaml_fields.h"
#include "rise/core/error.h"
#include "rise/core/registry.h"

namespace rise::cli {
namespace {

namespace fs = std::filesystem;
using namespace rise::cardgame;

// `path` relative to the working directory when it lies inside it (shorter messages).
std::string shortened(const std::string& path) {
  std::error_code ec;
  const fs::path rel = fs::relative(path, fs::current_path(ec), ec);
  if (ec || rel.empty() || *rel.begin() == "..") return path;
  return rel.string();
}

// The data directory of `game`: --data if given, else default_data_dir (RISE_DATA_DIR or the
// source tree's data/). Throws InputError when there are no cards there, saying whether the
// game is unknown or only has no card data.
std::string game_data_dir(const std::string& game, const std::string& data_option) {
  const std::string dir = data_option.empty() ? default_data_dir(game) : data_option;
  std::error_code ec;
  if (fs::is_directory(fs::path(dir) / "cards", ec)) return data_option.empty() ? shortened(dir) : dir;
  if (!data_option.empty()) throw InputError(dir + ": no cards/ directory in this data directory");
  std::string known;
  bool registered = false;
  for (const Game* g : all_games()) {
    known += (known.empty() ? "" : ", ") + g->info().id;
    registered = registered || g->info().id == game;
  }
  if (registered) {
    throw InputError("game '" + game + "' has no card data (no directory " + (fs::path(dir) / "cards").string() + ")");
  }
  throw InputError("unknown game '" + game + "' (games: " + known + "); no card data in " + dir);
}

// The deck-building rules of each card game (Rule TCG-1.* for rise-tcg).
DeckRules deck_rules(const std::string& /*game*/) { return DeckRules{}; }

struct DeckArgs {
  std::string game;
  std::vector<std::string> files;
  std::string data;
  std::string hero;  // dark-legacy: FACTION:LEVEL[:FACTION2:LEVEL2], or a stored hero's name
  std::string db;    // dark-legacy: hero database for --hero NAME
};

constexpr const char* kDarkLegacy = "dark-legacy";
constexpr const char* kRaiseRiseDie = "raise-rise-die";

// Prints one deck's verdict; returns 0 (legal) or 1 (violations).
int report_deck(const std::string& source, const std::vector<std::string>& problems, const std::string& ok) {
  if (problems.empty()) {
    std::cout << source << ": ok (" << ok << ")\n";
    return 0;
  }
  for (const std::string& p : problems) std::cout << source << ": " << p << "\n";
  return 1;
}

// Prints a malformed deck's error on stderr; returns 2.
int report_malformed(const InputError& e) {
  std::cout << std::flush;
  std::cerr << "rise: error: " << e.what() << "\n";
  return 2;
}

// Dark Legacy decks (Rules DL-2.*) against --hero, or a level-1 hero of each deck's faction.
void run_dark_legacy_deck_validate(const DeckArgs& args, const std::string& dir) {
  std::optional<dl::HeroSpec> hero;
  if (!args.hero.empty()) {
    // A spec has a ':'; anything else names a stored hero, whose levels come from its points.
    const bool spec = args.hero.find(':') != std::string::npos;
    if (!spec) {
      store::HeroStore heroes = store::HeroStore::open(args.db.empty() ? store::default_database_path() : args.db,
                                                       store::OpenMode::kExistingOnly);
      hero = dl::parse_hero_spec(hero_option_value(heroes.hero(args.hero)), "--hero " + args.hero);
      hero->name = args.hero;
    } else {
      hero = dl::parse_hero_spec(args.hero, "--hero");
    }
  }
  const auto db = dl::load_cards(dir);
  int status = 0;
  for (const std::string& name : args.files) {
    dl::Deck deck;
    try {
      deck = dl::load_deck_file(find_deck_file(dir, name));
    } catch (const InputError& e) {
      status = report_malformed(e);
      continue;
    }
    dl::HeroSpec deck_hero;
    deck_hero.factions[0] = deck.faction;
    const dl::HeroSpec& h = hero ? *hero : deck_hero;
    const std::string ok = fmt::format("{} cards, hero {}", deck.size(), dl::hero_spec_string(h));
    status = std::max(status, report_deck(deck.source, dl::validate_deck(*db, deck, h), ok));
  }
  std::cout << std::flush;
  if (status != 0) throw ExitStatus{status};
}

// Raise, Rise & Die decks (Rules RRD-2.*), each against the character it names.
void run_rrd_deck_validate(const DeckArgs& args, const std::string& dir) {
  const auto db = rrd::load_cards(dir);
  int status = 0;
  for (const std::string& name : args.files) {
    rrd::Deck deck;
    try {
      deck = rrd::load_deck_file(find_deck_file(dir, name));
    } catch (const InputError& e) {
      status = report_malformed(e);
      continue;
    }
    std::string weapons;
    for (const std::string& w : deck.weapons) weapons += (weapons.empty() ? "" : ", ") + w;
    const std::string ok = fmt::format("{} cards, character {}, weapons {}", deck.size(), deck.character, weapons);
    status = std::max(status, report_deck(deck.source, rrd::validate_deck(*db, deck), ok));
  }
  std::cout << std::flush;
  if (status != 0) throw ExitStatus{status};
}

void run_deck_validate(const DeckArgs& args) {
  const std::string dir = game_data_dir(args.game, args.data);
  if (args.game == kDarkLegacy) {
    run_dark_legacy_deck_validate(args, dir);
    return;
  }
  if (!args.hero.empty()) throw InputError("--hero is only for dark-legacy decks");
  if (args.game == kRaiseRiseDie) {
    run_rrd_deck_validate(args, dir);
    return;
  }
  const auto db = load_card_directory((fs::path(dir) / "cards").string());
  const DeckRules rules = deck_rules(args.game);
  int status = 0;
  for (const std::string& name : args.files) {
    Deck deck;
    try {
      deck = load_deck_file(find_deck_file(dir, name));
    } catch (const InputError& e) {
      status = report_malformed(e);
      continue;
    }
    std::string summoners;
    for (const std::string& s : deck.summoners) summoners += (summoners.empty() ? "" : ", ") + s;
    const std::string ok = fmt::format("{} cards, summoners {}", deck.library_size(), summoners);
    status = std::max(status, report_deck(deck.source, validate_deck(*db, deck, rules), ok));
  }
  std::cout << std::flush;
  if (status != 0) throw ExitStatus{status};
}

struct CardsArgs {
  std::string game;
  std::string data;
  std::string id;
};

// "2/1", "hp 18" or "-" (cardgame::stats_to_text, with a dash for a card without numbers).
std::string stats(const CardDef& c) {
  const std::string text = stats_to_text(c);
  return text.empty() ? "-" : text;
}

void list_cards(const CardDatabase& db) {
  size_t id_w = 2, name_w = 4, types_w = 5;
  for (const CardDef& c : db.cards()) {
    id_w = std::max(id_w, c.id.size());
    name_w = std::max(name_w, c.name.size());
    types_w = std::max(types_w, types_to_text(c.types).size());
  }
  std::cout << fmt::format("{:<{}}  {:<{}}  {:<{}}  {:>4}  {:<8}  {:<9}  {:<7}  {}\n", "id", id_w, "name", name_w, "types",
                           types_w, "cost", "rank", "rarity", "atk/def", "abilities");
  for (const CardDef& c : db.cards()) {
    std::string abilities = abilities_to_text(c.abilities);
    if (c.is(kSummoner)) abilities = fmt::format("{} skills", c.max_level()) + (abilities.empty() ? "" : "; " + abilities);
    std::cout << fmt::format("{:<{}}  {:<{}}  {:<{}}  {:>4}  {:<8}  {:<9}  {:<7}  {}\n", c.id, id_w, c.name, name_w,
                             types_to_text(c.types), types_w, c.is(kSummoner) ? "-" : std::to_string(c.capacity_cost),
                             rank_to_text(c.rank), rarity_name(c.rarity), stats(c), abilities);
  }
  std::cout << db.size() << " cards\n";
}

void show_card(const CardDef& c) {
  std::cout << fmt::format("{} ({})   {}\n", c.name, c.id, c.source);
  std::cout << fmt::format("  {} | rank {} | {}", types_to_text(c.types), rank_to_text(c.rank), rarity_name(c.rarity));
  if (!c.is(kSummoner)) std::cout << fmt::format(" | cost {}", c.capacity_cost);
  std::cout << "\n";
  if (c.is(kCreature | kDoor)) {
    std::cout << fmt::format("  attack {}, defense {}\n", c.star_attack ? "*" : std::to_string(c.attack),
                             c.star_defense ? "*" : std::to_string(c.defense));
    if (c.star_attack) std::cout << "  star attack: " << value_to_text(c.star_attack_value) << "\n";
    if (c.star_defense) std::cout << "  star defense: " << value_to_text(c.star_defense_value) << "\n";
  }
  if (c.is(kSummoner)) std::cout << fmt::format("  hp {}, maximum level {}\n", c.hp, c.max_level());
  if (c.abilities != 0) std::cout << "  abilities: " << abilities_to_text(c.abilities) << "\n";
  if (c.disease != Disease::kNone) std::cout << "  disease: " << disease_names()[static_cast<size_t>(c.disease) - 1] << "\n";
  if (c.has(kEquipment)) {
    std::cout << fmt::format("  grants: {:+}/{:+}{}; attaches to {}\n", c.grants.attack, c.grants.defense,
                             c.grants.abilities ? ", " + abilities_to_text(c.grants.abilities) : "",
                             filter_to_text(c.attach));
  }
  if (!c.text.empty()) std::cout << "  text: " << c.text << "\n";
  for (const TriggeredEffect& e : c.effects) {
    std::cout << "  on " << trigger_names()[static_cast<size_t>(e.trigger)] << ": " << steps_to_text(e.steps) << "\n";
  }
  for (const ActionDef& a : c.actions) {
    std::cout << fmt::format("  action {} ({})\n", a.name, action_terms_to_text(a));
    std::cout << "      " << (a.kind == ActionKind::kDirectPurchase ? "do: " : "success: ") << steps_to_text(a.success)
              << "\n";
    if (!a.fail.empty()) std::cout << "      fail: " << steps_to_text(a.fail) << "\n";
    if (!a.text.empty()) std::cout << "      text: " << a.text << "\n";
  }
  for (const SkillDef& s : c.skills) {
    std::cout << fmt::format("  skill {} {}: {}\n", s.level, s.name, steps_to_text(s.steps));
    if (!s.text.empty()) std::cout << "      text: " << s.text << "\n";
  }
}

// Dark Legacy: names of the YAML format (docs/cards-dark-legacy.md) for effects.
const char* const kDlTriggers[] = {"cast", "turn-start", "activated"};
const char* const kDlOps[] = {"damage",  "heal",    "poison",       "draw",   "casting-points", "destroy",
                              "dispel",  "counter", "repair-armor", "remove", "discard",        "boost"};
const char* const kDlTargets[] = {"none",           "target",        "target-creature",
                                  "target-hero",    "target-spell",  "your-hero",
                                  "your-creatures", "opposing-hero", "opposing-creatures"};

// "AP/DP" of a Creature, "AP 5" of a Weapon, "DP 4" of an Armor, "-" otherwise.
std::string dl_stats(const dl::CardDef& c) {
  const std::string text = dl::stats_text(c);
  return text.empty() ? "-" : text;
}

// "cast: damage 3 target-creature, draw 1".
std::string dl_effect(const dl::Effect& e) {
  std::string out = std::string(kDlTriggers[static_cast<int>(e.when)]) + ":";
  for (size_t i = 0; i < e.steps.size(); ++i) {
    const dl::Step& st = e.steps[i];
    out += (i == 0 ? " " : ", ") + std::string(kDlOps[static_cast<int>(st.op)]);
    if (st.amount != 0) out += " " + std::to_string(st.amount);
    if (st.target != dl::Target::kNone) out += std::string(" ") + kDlTargets[static_cast<int>(st.target)];
  }
  return out;
}

void list_dl_cards(const dl::CardDb& db) {
  size_t id_w = 2, name_w = 4;
  for (int i = 0; i < db.size(); ++i) {
    id_w = std::max(id_w, db[i].id.size());
    name_w = std::max(name_w, db[i].name.size());
  }
  const std::string row = "{:<{}}  {:<{}}  {:<11}  {:<10}  {:>5}  {:>4}  {:<6}  {}\n";
  std::cout << fmt::format(fmt::runtime(row), "id", id_w, "name", name_w, "kind", "faction", "level", "cost", "ap/dp",
                           "text");
  for (int i = 0; i < db.size(); ++i) {
    const dl::CardDef& c = db[i];
    std::cout << fmt::format(fmt::runtime(row), c.id, id_w, c.name, name_w, dl::kind_name(c.kind),
                             dl::faction_name(c.affiliation), c.level, c.cost, dl_stats(c), c.text);
  }
  std::cout << db.size() << " cards\n";
}

void show_dl_card(const dl::CardDef& c) {
  std::cout << fmt::format("{} ({})   {}\n", c.name, c.id, c.source);
  std::cout << fmt::format("  {} | {} | Skill Level {} | cost {}", dl::kind_name(c.kind),
                           dl::faction_name(c.affiliation), c.level, c.cost);
  if (const std::string traits = dl::traits_text(c); !traits.empty()) std::cout << " | " << traits;
  std::cout << "\n";
  if (dl_stats(c) != "-") std::cout << "  " << dl_stats(c) << "\n";
  if (c.keywords != 0) std::cout << "  keywords: " << dl::keywords_text(c.keywords) << "\n";
  if (c.grants.any()) {
    std::vector<std::string> parts;
    if (c.grants.attack != 0) parts.push_back(fmt::format("attack {:+}", c.grants.attack));
    if (c.grants.defense != 0) parts.push_back(fmt::format("defense {:+}", c.grants.defense));
    if (c.grants.life != 0) parts.push_back(fmt::format("life {:+}", c.grants.life));
    if (c.grants.keywords != 0) parts.push_back(dl::keywords_text(c.grants.keywords));
    std::string text;
    for (const std::string& part : parts) text += (text.empty() ? "" : ", ") + part;
    std::cout << "  grants: " << text << "\n";
  }
  std::cout << "  text: " << c.text << "\n";
  for (const dl::Effect& e : c.effects) std::cout << "  " << dl_effect(e) << "\n";
}

// Raise, Rise & Die: the columns are padded by characters (fmt counts UTF-8 code points).
size_t text_width(const std::string& text) {
  return static_cast<size_t>(std::count_if(text.begin(), text.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

// Prints `rows` as columns padded to their widest cell (the last column is not padded).
void print_columns(const std::vector<std::vector<std::string>>& rows) {
  std::vector<size_t> widths;
  for (const auto& row : rows) {
    widths.resize(std::max(widths.size(), row.size()));
    for (size_t i = 0; i < row.size(); ++i) widths[i] = std::max(widths[i], text_width(row[i]));
  }
  for (const auto& row : rows) {
    std::string line;
    for (size_t i = 0; i < row.size(); ++i) {
      line += row[i];
      if (i + 1 < row.size()) line += std::string(widths[i] - text_width(row[i]) + 2, ' ');
    }
    std::cout << line << "\n";
  }
}

void list_rrd_cards(const rrd::CardDb& db) {
  std::vector<std::vector<std::string>> rows = {
      {"id", "name", "kind", "VA", "cout", "emplacements", "archetype", "arme", "effet"}};
  for (int i = 0; i < db.size(); ++i) {
    const rrd::CardDef& c = db[i];
    rows.push_back({c.id, c.name, rrd::kind_label(c), std::to_string(c.va), std::to_string(c.cost), rrd::slot_list(c),
                    c.archetype, c.weapon.empty() ? "-" : c.weapon, rrd::effect_text(c.effet)});
  }
  print_columns(rows);
  std::cout << db.size() << " cards\n\ncharacters:\n";
  rows = {{"id", "name", "PV", "potentiel latent", "potentiel actif", "armes"}};
  for (const rrd::CharacterDef& ch : db.characters()) {
    rows.push_back({ch.id, ch.name, std::to_string(ch.pv), std::to_string(ch.potentiel_latent),
                    std::to_string(ch.potentiel_actif), std::to_string(ch.armes)});
  }
  print_columns(rows);
  std::cout << "\nweapons:\n";
  rows = {{"id", "name", "archetype"}};
  for (const rrd::WeaponDef& w : db.weapons()) rows.push_back({w.id, w.name, w.archetype});
  print_columns(rows);
}

// One card, weapon or character of Raise, Rise & Die, everything it holds.
void show_rrd(const rrd::CardDb& db, const std::string& id) {
  if (const int i = db.find(id); i >= 0) {
    const rrd::CardDef& c = db[i];
    std::cout << fmt::format("{} ({})   {}\n", c.name, c.id, c.source);
    std::cout << fmt::format("  {} | VA {} | coût {} | emplacements {} | archétype {}\n", rrd::kind_label(c), c.va, c.cost,
                             rrd::slot_list(c), c.archetype);
    if (const int w = db.find_weapon(c.weapon); w >= 0) {
      std::cout << fmt::format("  arme: {} ({})\n", db.weapons()[static_cast<size_t>(w)].name, c.weapon);
    }
    std::cout << "  effet: " << rrd::effect_text(c.effet) << "\n";
    if (c.has_infusion()) std::cout << "  infusion: " << rrd::effect_text(c.infusion) << "\n";
    if (!c.transcendance.empty()) std::cout << "  transcendance: " << rrd::effect_text(c.transcendance) << "\n";
    if (!c.text.empty()) std::cout << "  text: " << c.text << "\n";
    return;
  }
  if (const int w = db.find_weapon(id); w >= 0) {
    const rrd::WeaponDef& weapon = db.weapons()[static_cast<size_t>(w)];
    std::cout << fmt::format("{} ({})   {}\n  arme | archétype {}\n", weapon.name, weapon.id, weapon.source,
                             weapon.archetype);
    std::string dedicated;
    for (int i = 0; i < db.size(); ++i) {
      if (db[i].weapon == weapon.id) dedicated += (dedicated.empty() ? "" : ", ") + db[i].id;
    }
    if (!dedicated.empty()) std::cout << "  cartes dédiées: " << dedicated << "\n";
    return;
  }
  if (const int i = db.find_character(id); i >= 0) {
    const rrd::CharacterDef& ch = db.characters()[static_cast<size_t>(i)];
    std::cout << fmt::format("{} ({})   {}\n", ch.name, ch.id, ch.source);
    std::cout << fmt::format("  personnage | {} PV | potentiel latent {} | potentiel actif {} | armes {}\n", ch.pv,
                             ch.potentiel_latent, ch.potentiel_actif, ch.armes);
    return;
  }
  std::vector<std::string> ids;
  for (int i = 0; i < db.size(); ++i) ids.push_back(db[i].id);
  for (const rrd::WeaponDef& w : db.weapons()) ids.push_back(w.id);
  for (const rrd::CharacterDef& ch : db.characters()) ids.push_back(ch.id);
  throw InputError("unknown card, weapon or character '" + id + "'" + yaml::did_you_mean(id, ids) +
                   " in raise-rise-die ('rise cards raise-rise-die' lists them)");
}

// The index of card `id` in `db` (a rise-tcg or dark-legacy card database); an unknown id is
// refused with the closest known id, as deck validation does.
template <typename Db>
int require_card(const Db& db, const std::string& id, const std::string& game) {
  if (const int i = db.find(id); i >= 0) return i;
  std::vector<std::string> ids;
  for (int i = 0; i < db.size(); ++i) ids.push_back(db[i].id);
  throw InputError("unknown card '" + id + "'" + yaml::did_you_mean(id, ids) + " in " + game + " ('rise cards " +
                   game + "' lists them)");
}

void run_cards(const CardsArgs& args) {
  const std::string dir = game_data_dir(args.game, args.data);
  if (args.game == kRaiseRiseDie) {
    const auto db = rrd::load_cards(dir);
    if (args.id.empty()) {
      list_rrd_cards(*db);
    } else {
      show_rrd(*db, args.id);
    }
    return;
  }
  if (args.game == kDarkLegacy) {
    const auto db = dl::load_cards(dir);
    if (args.id.empty()) {
      list_dl_cards(*db);
    } else {
      show_dl_card((*db)[require_card(*db, args.id, args.game)]);
    }
    return;
  }
  const auto db = load_card_directory((fs::path(dir) / "cards").string());
  if (args.id.empty()) {
    list_cards(*db);
  } else {
    show_card((*db)[require_card(*db, args.id, args.game)]);
  }
}

}  // namespace

void add_deck_command(CLI::App& app) {
  auto* deck = app.add_subcommand("deck", "Card game decks");
  deck->require_subcommand(1);
  auto args = std::make_shared<DeckArgs>();
  auto* validate = deck->add_subcommand(
      "validate", "Check decks against the game's deck-building rules (exit code 1 if one breaks them)");
  validate->add_option("game", args->game, "game id, e.g. rise-tcg")->required();
  validate->add_option("files", args->files, "deck files or deck ids (data/GAME/decks/ID.yaml)")->required();
  validate->add_option("--data", args->data, "the game's data directory, holding cards/ and decks/");
  validate->add_option("--hero", args->hero,
                       "dark-legacy: a stored hero's name (rise hero list) or FACTION:LEVEL[:FACTION2:LEVEL2] "
                       "(default: the deck's faction, level 1)");
  validate->add_option("--db", args->db, "dark-legacy: hero database for --hero NAME (default $XDG_DATA_HOME/rise/rise.db)");
  validate->callback([args]() { run_deck_validate(*args); });
}

void add_cards_command(CLI::App& app) {
  auto args = std::make_shared<CardsArgs>();
  auto* cmd = app.add_subcommand("cards", "List a card game's cards, or show one");
  cmd->add_option("game", args->game, "game id, e.g. rise-tcg")->required();
  cmd->add_option("--data", args->data, "the game's data directory, holding cards/ and decks/");
  auto* id = cmd->add_option("--id", args->id,
                             "show this card: text, effects, actions, skills (raise-rise-die: also a weapon or a character)");
  cmd->callback([args, id]() {
    if (id->count() > 0 && args->id.empty()) throw InputError("--id is empty; give a card id ('rise cards GAME' lists them)");
    run_cards(*args);
  });
}

}  // namespace rise::cli
