// `rise deck validate GAME FILE...`, `rise cards GAME` and `rise cards explain GAME ID`: the
// card games' data files, read and described by each game (Game::cards_listing,
// Game::card_text, Game::card_explanation, Game::check_decks).
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <memory>
#include <regex>

#include "commands.h"
#include "battle_heroes.h"
#include "rise/cardgame/data_dir.h"
#include "rise/core/error.h"
#include "rise/core/registry.h"

namespace rise::cli {
namespace {

namespace fs = std::filesystem;
using cardgame::default_data_dir;

// `path` relative to the working directory when it lies inside it (shorter messages).
std::string relative_to_cwd(const std::string& path) {
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
  if (fs::is_directory(fs::path(dir) / "cards", ec)) return data_option.empty() ? relative_to_cwd(dir) : dir;
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

struct DeckArgs {
  std::string game;
  std::vector<std::string> files;
  std::string data;
  std::string hero;  // a game with heroes (dark-legacy): a hero spec (FACTION:LEVEL...), or a stored hero's name
  std::string db;    // hero database for --hero NAME
};

// Prints one deck's verdict; returns 0 (legal), 1 (violations) or 2 (malformed, on stderr).
int report_deck(const DeckCheck& check) {
  if (!check.error.empty()) {
    std::cout << std::flush;
    std::cerr << "rise: error: " << check.error << "\n";
    return 2;
  }
  if (check.problems.empty()) {
    std::cout << check.source << ": ok (" << check.summary << ")\n";
    return 0;
  }
  // A problem that names its line ("line N: ...", cardgame::DeckLines) reads FILE:N: ...,
  // as a compiler's message, so that an editor opens the deck at the line to fix.
  static const std::regex located("^line ([0-9]+): ");
  for (const std::string& p : check.problems) {
    std::smatch m;
    if (std::regex_search(p, m, located)) std::cout << check.source << ":" << m[1] << ": " << m.suffix() << "\n";
    else std::cout << check.source << ": " << p << "\n";
  }
  return 1;
}

// The games whose decks are checked against a hero, "a, b".
std::string hero_games() {
  std::string out;
  for (const Game* g : all_games()) {
    if (g->info().deck_heroes) out += (out.empty() ? "" : ", ") + g->info().id;
  }
  return out;
}

// Each deck against its game's deck-building rules (Game::check_decks), and --hero: a spec
// is passed on as is; a stored hero's name is read from the hero store (its levels come from
// its points).
void run_deck_validate(const DeckArgs& args) {
  const std::string dir = game_data_dir(args.game, args.data);
  const Game& game = find_game(args.game);
  std::string hero_spec = args.hero;
  std::string hero_where = "--hero";
  if (!args.hero.empty()) {
    if (!game.info().deck_heroes) throw InputError("--hero is only for " + hero_games() + " decks");
    if (args.hero.find(':') == std::string::npos) {
      store::HeroStore heroes = store::HeroStore::open(args.db.empty() ? store::default_database_path() : args.db,
                                                       store::OpenMode::kExistingOnly);
      hero_spec = hero_option_value(game, heroes.hero(args.hero));
      hero_where = "--hero " + args.hero;
    }
  }
  int status = 0;
  for (const DeckCheck& check : game.check_decks(dir, args.files, hero_spec, hero_where)) {
    status = std::max(status, report_deck(check));
  }
  std::cout << std::flush;
  if (status != 0) throw ExitStatus{status};
}

struct CardsArgs {
  std::string game;
  std::string data;
  std::string id;
};

void run_cards(const CardsArgs& args) {
  const std::string dir = game_data_dir(args.game, args.data);
  const Game& game = find_game(args.game);
  std::cout << (args.id.empty() ? game.cards_listing(dir) : game.card_text(dir, args.id));
  if (args.id.empty()) {  // issue 36: cards that load but may loop
    std::cout << std::flush;
    for (const std::string& w : game.card_warnings(dir)) std::cerr << "rise: warning: " << w << "\n";
  }
}

// `rise cards explain GAME ID`: how the engine reads one card (Game::card_explanation).
void run_explain(const CardsArgs& args) {
  if (args.id.empty()) throw InputError("the card id is empty ('rise cards " + args.game + "' lists them)");
  const std::string dir = game_data_dir(args.game, args.data);
  std::cout << find_game(args.game).card_explanation(dir, args.id);
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
  auto* cmd = app.add_subcommand("cards", "List a card game's cards, or show one, or explain one");
  // Not ->required(): `rise cards explain GAME ID` gives its game to the subcommand.
  cmd->add_option("game", args->game, "game id, e.g. rise-tcg");
  cmd->add_option("--data", args->data, "the game's data directory, holding cards/ and decks/");
  auto* id = cmd->add_option("--id", args->id,
                             "show this card: text, effects, actions, skills (raise-rise-die: also a weapon or a character)");
  auto explain_args = std::make_shared<CardsArgs>();
  auto* explain = cmd->add_subcommand("explain", "Explain how the engine reads one card: kind, cost, stats, "
                                                 "triggers, targets and steps in plain words");
  explain->add_option("game", explain_args->game, "game id, e.g. rise-tcg")->required();
  explain->add_option("id", explain_args->id, "the card id ('rise cards GAME' lists them)")->required();
  explain->add_option("--data", explain_args->data, "the game's data directory, holding cards/");
  explain->callback([args, id, explain_args]() {
    if (!args->game.empty() || id->count() > 0) {
      throw InputError("give 'rise cards GAME [--id ID]' or 'rise cards explain GAME ID', not both");
    }
    run_explain(*explain_args);
  });
  cmd->callback([args, id, explain]() {
    if (explain->parsed()) return;  // its own callback ran
    if (args->game.empty()) throw InputError("rise cards: the game is missing (e.g. 'rise cards rise-tcg')");
    if (id->count() > 0 && args->id.empty()) {
      throw InputError("--id is empty; give a card id ('rise cards GAME' lists them)");
    }
    run_cards(*args);
  });
}

}  // namespace rise::cli
