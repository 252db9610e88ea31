// `rise hero create|list|show|second-faction|apply`: the Dark Legacy heroes of the hero store.
// The store keeps skill points; levels and what they unlock come from the game, through the
// Game contract (Game::hero_standing, Game::hero_points_needed; Rules DL-18.*).
#include <algorithm>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>

#include <cstdio>

#include "commands.h"
#include "keep_battles.h"
#include "rise/core/error.h"
#include "rise/core/json_io.h"
#include "rise/core/registry.h"
#include "rise/store/battle_file.h"
#include "rise/store/hero_store.h"

namespace rise::cli {
namespace {

using store::Hero;
using store::HeroStore;

struct HeroArgs {
  std::string db;  // --db; empty: store::default_database_path()
  std::string name;
  std::string faction;
  std::string file;      // apply: the pending battles file
  double db_wait = 30;   // apply: --db-wait
};

// The game whose heroes the store keeps (the hero store's battles are Dark Legacy battles).
const Game& hero_game() { return find_game("dark-legacy"); }

// The skill level of `points` skill points.
int level_for_points(int points) { return hero_game().hero_standing(points).level; }

// The database of --db (or the default one); only `rise hero create` may create it.
HeroStore open_store(const HeroArgs& args, store::OpenMode mode = store::OpenMode::kExistingOnly) {
  return HeroStore::open(args.db.empty() ? store::default_database_path() : args.db, mode);
}

// "level 3, 45 skill points, 15 to level 4" (or "level 20 (the highest)").
std::string level_line(int points) {
  const HeroStanding standing = hero_game().hero_standing(points);
  const int level = standing.level;
  std::string out = fmt::format("level {}, {} skill point{}", level, points, points == 1 ? "" : "s");
  if (const std::optional<int> missing = standing.points_to_next_level) {
    out += fmt::format(", {} to level {}", *missing, level + 1);
  } else {
    out += " (the highest level)";
  }
  return out;
}

// The special effects of the Skill Level Advancement Table, from the level that unlocks them.
struct SpecialEffect {
  int level;
  std::string text;
};

std::vector<SpecialEffect> special_effects(const Hero& h) {
  std::string second = "may choose a second faction, whose own level starts at 1 (Rule DL-18.5)";
  if (h.second_faction) {
    second += ": chose " + store::faction_name(*h.second_faction);
  } else if (hero_game().hero_standing(h.points).may_choose_second_faction) {
    second += ": not chosen yet ('rise hero second-faction " + h.name + " FACTION')";
  }
  return {
      {1, "casts cards of skill level 5 and lower of every faction, until level 6 (Rule DL-18.3)"},
      {6, fmt::format("starts each battle with {} Life Points and casts only cards of its faction(s) (Rule DL-18.4)",
                      hero_game().hero_standing(hero_game().hero_points_needed(6)).starting_life)},
      {10, second},
      {15, "looks at the next two cards of its deck at the end of its turn (Rule DL-18.6)"},
      {20, "generates 1 Casting Point at the beginning of each of its turns (Rule DL-18.7)"},
  };
}

void run_create(const HeroArgs& args) {
  // A bad name or faction is refused before a missing database is created for it.
  store::check_hero_name(args.name);
  store::parse_faction(args.faction);
  HeroStore db = open_store(args, store::OpenMode::kCreate);
  const Hero h = db.create_hero(args.name, args.faction);
  std::cout << fmt::format("created hero {}: {}, {} (in {})\n", h.name, store::faction_name(h.faction),
                           level_line(h.points), db.path());
}

void run_list(const HeroArgs& args) {
  HeroStore db = open_store(args);
  const std::vector<Hero> heroes = db.list_heroes();
  if (heroes.empty()) {
    std::cout << "no heroes in " << db.path() << "; create one with 'rise hero create NAME --faction FACTION'\n";
    return;
  }
  size_t name_w = 4;
  for (const Hero& h : heroes) name_w = std::max(name_w, h.name.size());
  const std::string format = "{:<{}}  {:<10}  {:>5}  {:>6}  {:<14}  {:>5}  {:>6}  {:>7}\n";
  std::cout << fmt::format(fmt::runtime(format), "name", name_w, "faction", "level", "points", "second faction",
                           "level", "points", "battles");
  for (const Hero& h : heroes) {
    const bool two = h.second_faction.has_value();
    std::cout << fmt::format(fmt::runtime(format), h.name, name_w, store::faction_name(h.faction),
                             level_for_points(h.points), h.points, two ? store::faction_name(*h.second_faction) : "-",
                             two ? std::to_string(level_for_points(h.second_points)) : "-",
                             two ? std::to_string(h.second_points) : "-", h.battles);
  }
}

std::string optional_level(const std::optional<int>& level) { return level ? std::to_string(*level) : "?"; }

void run_show(const HeroArgs& args) {
  HeroStore db = open_store(args);
  const Hero h = db.hero(args.name);
  const HeroStanding standing = hero_game().hero_standing(h.points);
  const int level = standing.level;
  std::cout << fmt::format("{} (created {})\n", h.name, h.created_at);
  std::cout << fmt::format("  {} (primary): {}\n", store::faction_name(h.faction), level_line(h.points));
  if (h.second_faction) {
    std::cout << fmt::format("  {} (second): {}\n", store::faction_name(*h.second_faction), level_line(h.second_points));
  } else {
    std::cout << "  no second faction (from level 10)\n";
  }
  std::cout << fmt::format("  starting Life Points: {}\n", standing.starting_life);
  std::cout << "special effects unlocked:\n";
  const std::vector<SpecialEffect> effects = special_effects(h);
  for (const SpecialEffect& e : effects) {
    const bool active = e.level <= level && !(e.level == 1 && standing.only_faction_cards);
    if (active) std::cout << fmt::format("  level {:>2}: {}\n", e.level, e.text);
  }
  for (const SpecialEffect& e : effects) {
    if (e.level > level) {
      std::cout << fmt::format("next: level {} at {} skill points: {}\n", e.level,
                               hero_game().hero_points_needed(e.level), e.text);
      break;
    }
  }

  const std::vector<store::Battle> battles = db.history(h.name, /*with_replays=*/false);
  if (battles.empty()) {
    std::cout << "no battles yet\n";
    return;
  }
  std::cout << fmt::format("battles ({}):\n", battles.size());
  std::cout << fmt::format("  {:>5}  {:<20}  {:<12}  {:>4}  {:<16}  {:<6}  {:>4}  {:>6}  {:<8}  {}\n", "id", "played at",
                           "game", "seat", "deck", "result", "roll", "points", "level", "opponents");
  for (const store::Battle& b : battles) {
    const store::SeatRecord* mine = nullptr;
    std::string opponents;
    for (const store::SeatRecord& s : b.record.seats) {
      if (s.hero && s.hero == h.name) {
        mine = &s;
        continue;
      }
      opponents += fmt::format("{}{} ({}, {})", opponents.empty() ? "" : "; ", s.hero ? *s.hero : "no hero",
                               s.deck, store::to_string(s.result));
    }
    RISE_CHECK(mine != nullptr, "history returned a battle without the hero");
    std::cout << fmt::format("  {:>5}  {:<20}  {:<12}  {:>4}  {:<16}  {:<6}  {:>4}  {:>6}  {:<8}  {}\n", b.id,
                             b.record.played_at, b.record.game, mine->seat, mine->deck, store::to_string(mine->result),
                             mine->roll, mine->points,
                             optional_level(mine->level_before) + " -> " + optional_level(mine->level_after),
                             opponents.empty() ? "-" : opponents);
  }
}

// Rule DL-18.5: from level 10 in its primary faction a hero may choose a second faction, once
// (the store refuses a second choice and the primary faction).
void run_second_faction(const HeroArgs& args) {
  HeroStore db = open_store(args);
  const Hero h = db.hero(args.name);
  const HeroStanding standing = hero_game().hero_standing(h.points);
  const int level = standing.level;
  if (!h.second_faction && !standing.may_choose_second_faction) {
    throw InputError(fmt::format("hero '{}' is level {} in {} ({} skill points); a second faction needs level 10 "
                                 "({} points) (Rule DL-18.5)",
                                 h.name, level, store::faction_name(h.faction), h.points,
                                 hero_game().hero_points_needed(10)));
  }
  const Hero updated = db.set_second_faction(h.name, args.faction);
  std::cout << fmt::format("{} chose {} as second faction: {}\n", updated.name,
                           store::faction_name(*updated.second_faction), level_line(updated.second_points));
}

// `rise hero apply FILE`: the battles of a pending battles file (keep_battles.h), recorded in
// order into the database they were meant for (or --db). A battle already recorded is
// skipped, so applying a file twice never counts its points twice; once all are in, the file
// is removed.
void run_apply(const HeroArgs& args) {
  const store::PendingBattles pending = store::pending_battles_from_json(read_json_file(args.file), args.file);
  const std::string path = !args.db.empty() ? args.db : !pending.database.empty() ? pending.database
                                                                                   : store::default_database_path();
  HeroStore db = HeroStore::open(path, store::OpenMode::kExistingOnly);
  set_db_wait(db, args.db_wait);
  int recorded = 0, skipped = 0;
  for (const store::BattleRecord& battle : pending.battles) {
    if (db.has_battle(battle)) {
      ++skipped;
      std::cout << fmt::format("battle of {} (seed {}) is already recorded: skipped\n", battle.played_at, battle.seed);
      continue;
    }
    db.record_battle(battle);
    ++recorded;
    for (const store::SeatRecord& seat : battle.seats) {
      if (seat.hero) {
        std::cout << fmt::format("{}: +{} skill points (battle of {}, seed {})\n", *seat.hero, seat.points,
                                 battle.played_at, battle.seed);
      }
    }
  }
  std::remove(args.file.c_str());
  std::cout << fmt::format("applied {} battle{} to {} ({} already there); removed {}\n", recorded,
                           recorded == 1 ? "" : "s", db.path(), skipped, args.file);
}

}  // namespace

void add_hero_command(CLI::App& app) {
  auto* hero = app.add_subcommand("hero", "Dark Legacy heroes: create, list, show, choose a second faction, apply kept battles");
  hero->require_subcommand(1);
  auto args = std::make_shared<HeroArgs>();
  const std::string db_help = "the hero database (default $XDG_DATA_HOME/rise/rise.db, else ~/.local/share/rise/rise.db)";
  std::string factions;
  for (const std::string& id : store::faction_ids()) factions += (factions.empty() ? "" : ", ") + id;

  auto* create = hero->add_subcommand("create", "Create a hero at level 1 in a faction");
  create->add_option("name", args->name, "the hero's name: 1-40 letters, digits, spaces, '-' or '_'")->required();
  create->add_option("--faction", args->faction, "its faction: " + factions)->required();
  create->add_option("--db", args->db, db_help);
  create->callback([args]() { run_create(*args); });

  auto* list = hero->add_subcommand("list", "List the heroes with their factions, levels and points");
  list->add_option("--db", args->db, db_help);
  list->callback([args]() { run_list(*args); });

  auto* show = hero->add_subcommand("show", "Show a hero: levels, points, special effects, battles");
  show->add_option("name", args->name, "the hero's name")->required();
  show->add_option("--db", args->db, db_help);
  show->callback([args]() { run_show(*args); });

  auto* second = hero->add_subcommand("second-faction", "Choose a hero's second faction (level 10, once)");
  second->add_option("name", args->name, "the hero's name")->required();
  second->add_option("faction", args->faction, "the second faction: " + factions)->required();
  second->add_option("--db", args->db, db_help);
  second->callback([args]() { run_second_faction(*args); });

  auto* apply = hero->add_subcommand(
      "apply", "Record the battles that 'rise play' or 'rise sim --record' kept in a file when the database was busy");
  apply->add_option("file", args->file, "the pending battles file named by the error message")->required();
  apply->add_option("--db", args->db, "the hero database (default: the one named in the file)");
  apply->add_option("--db-wait", args->db_wait, "seconds to wait for a busy database, 0-3600 (default 30)");
  apply->callback([args]() { run_apply(*args); });
}

}  // namespace rise::cli
