#include "rise/lab/round_robin.h"

#include "rise/core/text_file.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <exception>
#include <filesystem>
#include <fstream>
#include <ostream>

#include <fmt/format.h>

#include "rise/lab/distributed_run.h"
#include "rise/lab/csv.h"
#include "rise/lab/end_table.h"
#include "rise/ai/player.h"
#include "rise/cardgame/yaml_fields.h"
#include "rise/core/error.h"
#include "rise/core/game.h"
#include "rise/core/json_io.h"
#include "rise/core/registry.h"
#include "rise/core/replay.h"
#include "rise/core/text.h"

namespace rise::lab {
namespace {

namespace fs = std::filesystem;

// The seed of game `index` of a round robin with master seed `seed` (splitmix64 finaliser).
uint64_t game_seed(uint64_t seed, uint64_t index) {
  uint64_t z = seed * 0x9e3779b97f4a7c15ULL + index + 0xd1b54a32d192ed03ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

std::string padded_percent(const ai::Interval& i) {
  return fmt::format("{:5.1f}% [{:5.1f}, {:5.1f}]", 100 * i.rate, 100 * i.low, 100 * i.high);
}

}  // namespace

ai::Interval score_interval(int wins, int draws, int games) { return ai::wilson_interval(wins + 0.5 * draws, games); }

namespace {

// Red (0) .. near white (0.5) .. blue (1), as "#rrggbb".
std::string heat_colour(double rate) {
  struct Rgb {
    double r, g, b;
  };
  const Rgb low{215, 48, 39}, mid{247, 247, 247}, high{69, 117, 180};
  const double t = std::clamp(rate, 0.0, 1.0);
  const Rgb& a = t < 0.5 ? low : mid;
  const Rgb& b = t < 0.5 ? mid : high;
  const double u = t < 0.5 ? t * 2 : (t - 0.5) * 2;
  auto mix = [u](double x, double y) { return static_cast<int>(x + (y - x) * u + 0.5); };
  return fmt::format("#{:02x}{:02x}{:02x}", mix(a.r, b.r), mix(a.g, b.g), mix(a.b, b.b));
}

}  // namespace

std::vector<RoundRobinDeck> round_robin_decks(const RoundRobinConfig& config) {
  const Game& game = find_game(config.game);
  const auto& specs = game.info().options;
  if (std::none_of(specs.begin(), specs.end(), [](const OptionSpec& o) { return o.name == "decks"; })) {
    throw InputError("--round-robin needs a card game with decks; " + config.game + " has no decks");
  }
  if (config.options.count("decks") != 0) {
    throw InputError("--round-robin takes its decks from the directory; do not also give --decks or --option decks=...");
  }
  std::error_code ec;
  if (!fs::is_directory(config.deck_dir, ec)) {
    throw InputError("--round-robin " + config.deck_dir + ": no such directory");
  }
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(config.deck_dir, ec)) {
    if (entry.is_regular_file(ec) && entry.path().extension() == ".yaml") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  if (files.size() < 2) {
    throw InputError(fmt::format("--round-robin {}: {} deck file{} (*.yaml) there; a round robin needs at least 2",
                                 config.deck_dir, files.size(), files.size() == 1 ? "" : "s"));
  }
  // Each deck is checked by the game itself (its own card format and deck-building rules, e.g.
  // a dark-legacy deck against its seat's hero): a battle of the deck against itself is set up.
  for (const fs::path& file : files) {
    const std::string path = file.string();
    if (path.find(',') != std::string::npos) {
      throw InputError("deck " + path + ": a deck file path must not contain ',' (the decks option is comma-separated)");
    }
  }
  std::vector<RoundRobinDeck> decks;
  for (const fs::path& file : files) {
    const std::string path = file.string();
    Options options = config.options;
    options["decks"] = path + "," + path;
    game.new_initial_state(1, game.resolve_options(options), 2);
    const std::string name = cardgame::yaml::read_document(path, [](const YAML::Node& document) {
      if (document.IsMap() && document["name"] && document["name"].IsScalar()) return document["name"].as<std::string>();
      return std::string();
    });
    const std::string id = ai::deck_id(path);
    decks.push_back({id, name.empty() ? id : name, path});
  }
  return decks;
}

RoundRobinResult run_round_robin(const RoundRobinConfig& config, const std::function<void(int, int)>& on_game) {
  RoundRobinResult result;
  result.config = config;
  result.decks = round_robin_decks(config);
  if (config.games_per_pair < 1) throw InputError("the number of games per pair must be at least 1");
  if (config.threads < 1) throw InputError("the number of threads must be at least 1");
  std::vector<std::string> players = config.players;
  if (players.size() == 1) players.push_back(players[0]);
  if (players.size() != 2) {
    throw InputError(fmt::format("--round-robin seats two players, one per deck: give one or two player specs, got {}",
                                 config.players.size()));
  }
  result.config.players = players;
  const Game& game = find_game(config.game);
  if (game.info().min_players > 2 || game.info().max_players < 2) {
    throw InputError(config.game + " is not played by 2 players; --round-robin plays decks two by two");
  }
  (void)game.resolve_options(config.options);                     // unknown options, bad values
  for (const std::string& spec : players) ai::make_player(spec, 0);  // bad player specs
  if (!config.replay_dir.empty()) {
    std::error_code ec;
    fs::create_directories(config.replay_dir, ec);
    if (ec) throw InputError(config.replay_dir + ": cannot create directory: " + ec.message());
  }

  // The schedule, pair by pair.
  const int n = static_cast<int>(result.decks.size());
  const int per_pair = config.games_per_pair;
  const int first_half = (per_pair + 1) / 2;
  for (int a = 0; a < n; ++a) {
    for (int b = a + 1; b < n; ++b) {
      for (int k = 0; k < per_pair; ++k) {
        RoundRobinGame g;
        g.index = static_cast<int>(result.games.size());
        const bool a_first = k < first_half;
        const int h = a_first ? k : k - first_half;
        g.deck[0] = a_first ? a : b;
        g.deck[1] = a_first ? b : a;
        for (int s = 0; s < 2; ++s) g.player[s] = players[static_cast<size_t>((s + h) % 2)];
        result.games.push_back(std::move(g));
      }
    }
  }

  const int total = static_cast<int>(result.games.size());
  DistributedRun run;
  run.total = total;
  run.threads = config.threads;
  run.checkpoint = config.checkpoint;
  nlohmann::json deck_files = nlohmann::json::array();
  for (const RoundRobinDeck& d : result.decks) deck_files.push_back(d.file);
  run.settings = {{"command", "round-robin"},
                  {"game", config.game},
                  {"options", game.resolve_options(config.options)},
                  {"decks", deck_files},
                  {"players", players},
                  {"games_per_pair", per_pair},
                  {"seed", config.seed}};
  run.play = [&](int i) {
    const RoundRobinGame& g = result.games[static_cast<size_t>(i)];
    ai::MatchConfig match;
    match.game = config.game;
    match.options = config.options;
    match.options["decks"] = result.decks[static_cast<size_t>(g.deck[0])].file + "," +
                             result.decks[static_cast<size_t>(g.deck[1])].file;
    match.players = {g.player[0], g.player[1]};
    match.games = 1;
    match.seed = game_seed(config.seed, static_cast<uint64_t>(i));
    match.keep_replays = !config.replay_dir.empty();
    match.keep_card_uses = config.keep_card_uses;
    ai::GameRecord rec = ai::play_match_game(match, 0);
    rec.index = i;
    if (!config.replay_dir.empty()) {
      if (config.embed_data) embed_card_data(rec.replay);
      write_json_file(fmt::format("{}/game-{:05}-{}-vs-{}.replay.json", config.replay_dir, i,
                                  result.decks[static_cast<size_t>(g.deck[0])].id,
                                  result.decks[static_cast<size_t>(g.deck[1])].id),
                      replay_to_json(rec.replay));
    }
    rec.replay = {};
    return rec;
  };
  run.progress = on_game;
  const auto start = std::chrono::steady_clock::now();
  std::vector<ai::GameRecord> records = run_distributed(run);
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (records.empty()) return result;  // another MPI rank than 0: rank 0 reports
  for (ai::GameRecord& rec : records) {
    RoundRobinGame& g = result.games[static_cast<size_t>(rec.index)];
    g.seed = rec.seed;
    g.returns[0] = rec.returns.at(0);
    g.returns[1] = rec.returns.at(1);
    g.winner = g.returns[0] > g.returns[1] ? 0 : g.returns[1] > g.returns[0] ? 1 : -1;
    g.starting_player = rec.starting_player;
    g.turns = rec.turns;
    g.actions = rec.actions;
    g.seconds = rec.seconds;
    g.end = rec.end;
    g.card_uses = std::move(rec.card_uses);
  }
  result.ends = ai::tally_ends(records);

  // Tallies.
  result.matrix.assign(static_cast<size_t>(n), std::vector<Matchup>(static_cast<size_t>(n)));
  result.totals.assign(static_cast<size_t>(n), DeckTotals{});
  for (const RoundRobinGame& g : result.games) {
    for (int s = 0; s < 2; ++s) {
      Matchup& m = result.matrix[static_cast<size_t>(g.deck[s])][static_cast<size_t>(g.deck[1 - s])];
      DeckTotals& t = result.totals[static_cast<size_t>(g.deck[s])];
      ++m.games;
      ++t.games;
      if (g.winner < 0) {
        ++m.draws;
        ++t.draws;
      } else if (g.winner == s) {
        ++m.wins;
        ++t.wins;
      } else {
        ++m.losses;
        ++t.losses;
      }
    }
    if (g.winner < 0) ++result.draws;
    if (g.winner >= 0 && g.winner == g.starting_player) ++result.first_player_wins;
    if (g.winner == 0) ++result.first_seat_wins;
  }
  for (auto& row : result.matrix) {
    for (Matchup& m : row) m.win = ai::wilson_interval(m.wins, m.games);
  }
  for (DeckTotals& t : result.totals) {
    t.win = ai::wilson_interval(t.wins, t.games);
    t.score = score_interval(t.wins, t.draws, t.games);
  }
  result.first_player_win = ai::wilson_interval(result.first_player_wins, total);
  result.first_seat_win = ai::wilson_interval(result.first_seat_wins, total);
  return result;
}

void print_round_robin(std::ostream& out, const RoundRobinResult& r) {
  const RoundRobinConfig& c = r.config;
  const size_t n = r.decks.size();
  const int total = static_cast<int>(r.games.size());
  const int threads = std::max(1, std::min(c.threads, total));
  const int first_half = (c.games_per_pair + 1) / 2;
  out << fmt::format("Round robin of {}: {} decks from {}, {} game{} per pair ({} with the first deck in seat 0, {} "
                     "with the second)\n",
                     c.game, n, c.deck_dir, c.games_per_pair, c.games_per_pair == 1 ? "" : "s", first_half,
                     c.games_per_pair - first_half);
  const std::string players = c.players[0] == c.players[1]
                                  ? c.players[0] + " in both seats"
                                  : c.players[0] + " and " + c.players[1] + ", seats swapped every game";
  out << fmt::format("players {}; seed {}; {} game{} on {} thread{} in {:.1f} s\n\n", players, c.seed, total,
                     total == 1 ? "" : "s", threads, threads == 1 ? "" : "s", r.seconds);

  size_t width = 4;
  for (const RoundRobinDeck& d : r.decks) width = std::max(width, d.id.size());
  const size_t label = width + 4;  // "NN " + id + " "
  out << "Win rate (%) of the row deck against the column deck (draws are not wins):\n";
  out << fmt::format("{:<{}}", "", label);
  for (size_t j = 0; j < n; ++j) out << fmt::format("{:>5}", j + 1);
  out << "\n";
  for (size_t i = 0; i < n; ++i) {
    out << fmt::format("{:>2} {:<{}} ", i + 1, r.decks[i].id, width);
    for (size_t j = 0; j < n; ++j) {
      if (i == j) out << fmt::format("{:>5}", "-");
      else out << fmt::format("{:>5.0f}", 100 * r.matrix[i][j].win.rate);
    }
    out << "\n";
  }

  out << "\nEach deck against all the others:\n";
  out << fmt::format("{:<{}} {:>6} {:>5} {:>5} {:>5}   {:<23}  {}\n", "deck", width, "games", "win", "draw", "loss",
                     "win rate (95% CI)", "score (95% CI)");
  for (size_t i = 0; i < n; ++i) {
    const DeckTotals& t = r.totals[i];
    out << fmt::format("{:<{}} {:>6} {:>5} {:>5} {:>5}   {:<23}  {}\n", r.decks[i].id, width, t.games, t.wins,
                       t.draws, t.losses, padded_percent(t.win), padded_percent(t.score));
  }
  out << "(score: (wins + draws/2) / games, a draw half a win; Wilson 95% interval of that fraction)\n";

  out << "\nEvery pair, from the first deck's side:\n";
  out << fmt::format("{:<{}} {:<{}} {:>6} {:>5} {:>5} {:>5}   {}\n", "deck", width, "opponent", width, "games", "win",
                     "draw", "loss", "win rate (95% CI)");
  for (size_t i = 0; i < n; ++i) {
    for (size_t j = i + 1; j < n; ++j) {
      const Matchup& m = r.matrix[i][j];
      out << fmt::format("{:<{}} {:<{}} {:>6} {:>5} {:>5} {:>5}   {}\n", r.decks[i].id, width, r.decks[j].id, width,
                         m.games, m.wins, m.draws, m.losses, padded_percent(m.win));
    }
  }
  out << fmt::format("\nfirst player wins {}  (the seat that took the first turn)\n", padded_percent(r.first_player_win));
  out << fmt::format("first seat wins   {}\n", padded_percent(r.first_seat_win));
  out << fmt::format("draws {} of {} game{} ({:.1f}%)\n", r.draws, total, total == 1 ? "" : "s",
                     total > 0 ? 100.0 * r.draws / total : 0.0);
  out << lab::end_table(r.ends);
}

nlohmann::json round_robin_to_json(const RoundRobinResult& r) {
  const RoundRobinConfig& c = r.config;
  nlohmann::json j;
  j["game"] = c.game;
  j["deck_dir"] = c.deck_dir;
  j["options"] = find_game(c.game).resolve_options(c.options);
  j["options"].erase("decks");
  j["players"] = c.players;
  j["omniscient_players"] = ai::omniscient_players(find_game(c.game).info(), c.players);
  j["seed"] = c.seed;
  j["games_per_pair"] = c.games_per_pair;
  j["games"] = r.games.size();
  j["draws"] = r.draws;
  j["first_player_wins"] = r.first_player_wins;
  j["first_player_win"] = ai::interval_to_json(r.first_player_win);
  j["first_seat_wins"] = r.first_seat_wins;
  j["first_seat_win"] = ai::interval_to_json(r.first_seat_win);
  j["ends"] = ai::ends_to_json(r.ends);
  j["decks"] = nlohmann::json::array();
  for (size_t i = 0; i < r.decks.size(); ++i) {
    const DeckTotals& t = r.totals[i];
    j["decks"].push_back({{"id", r.decks[i].id},
                          {"name", r.decks[i].name},
                          {"file", r.decks[i].file},
                          {"games", t.games},
                          {"wins", t.wins},
                          {"draws", t.draws},
                          {"losses", t.losses},
                          {"win", ai::interval_to_json(t.win)},
                          {"score", ai::interval_to_json(t.score)}});
  }
  j["matrix"] = nlohmann::json::array();
  for (size_t a = 0; a < r.decks.size(); ++a) {
    nlohmann::json row = nlohmann::json::array();
    for (size_t b = 0; b < r.decks.size(); ++b) {
      if (a == b) {
        row.push_back(nullptr);
        continue;
      }
      const Matchup& m = r.matrix[a][b];
      row.push_back({{"games", m.games},
                     {"wins", m.wins},
                     {"draws", m.draws},
                     {"losses", m.losses},
                     {"win", ai::interval_to_json(m.win)}});
    }
    j["matrix"].push_back(std::move(row));
  }
  j["records"] = nlohmann::json::array();
  for (const RoundRobinGame& g : r.games) {
    j["records"].push_back({{"index", g.index},
                            {"seed", g.seed},
                            {"decks", {r.decks[static_cast<size_t>(g.deck[0])].id, r.decks[static_cast<size_t>(g.deck[1])].id}},
                            {"players", {g.player[0], g.player[1]}},
                            {"returns", {g.returns[0], g.returns[1]}},
                            {"first_player", g.starting_player},
                            {"turns", g.turns},
                            {"actions", g.actions},
                            {"end", ai::game_end_to_json(g.end)}});
  }
  return j;
}

void write_round_robin_csv(const std::string& path, const RoundRobinResult& r) {
  std::ofstream csv(path);
  if (!csv) throw InputError(path + ": cannot write file");
  csv << "deck,opponent,games,wins,draws,losses,win_rate,win_low95,win_high95\n";
  auto row = [&](const std::string& deck, const std::string& opponent, int games, int wins, int draws, int losses,
                 const ai::Interval& win) {
    csv << fmt::format("{},{},{},{},{},{},{:.4f},{:.4f},{:.4f}\n", csv_field(deck), csv_field(opponent), games, wins, draws, losses, win.rate,
                       win.low, win.high);
  };
  for (size_t a = 0; a < r.decks.size(); ++a) {
    for (size_t b = 0; b < r.decks.size(); ++b) {
      if (a == b) continue;
      const Matchup& m = r.matrix[a][b];
      row(r.decks[a].id, r.decks[b].id, m.games, m.wins, m.draws, m.losses, m.win);
    }
  }
  for (size_t a = 0; a < r.decks.size(); ++a) {
    const DeckTotals& t = r.totals[a];
    row(r.decks[a].id, "*", t.games, t.wins, t.draws, t.losses, t.win);
  }
  if (!csv) throw InputError(path + ": cannot write file");
}

std::string round_robin_svg(const RoundRobinResult& r) {
  const int n = static_cast<int>(r.decks.size());
  size_t longest = 4;
  for (const RoundRobinDeck& d : r.decks) longest = std::max(longest, d.name.size());
  const int cell_w = 64, cell_h = 40;
  const int char_w = 7;                                      // approximate width of a 12px character
  const int left = 20 + char_w * static_cast<int>(longest);  // row names, right-aligned
  const int slant = static_cast<int>(char_w * static_cast<int>(longest) * 0.71);  // column names at -45 degrees
  const int top = 84 + slant;
  const int legend_x = left + n * cell_w + 30;
  const int legend_h = std::max(120, n * cell_h);
  const int width = std::max({legend_x + 90, left + n * cell_w + slant + 10, 480});
  const int height = top + std::max(n * cell_h, legend_h) + 50;
  std::string s;
  s += fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" viewBox=\"0 0 {} {}\" "
      "font-family=\"sans-serif\">\n",
      width, height, width, height);
  s += fmt::format("<rect x=\"0\" y=\"0\" width=\"{}\" height=\"{}\" fill=\"#ffffff\"/>\n", width, height);
  s += fmt::format(
      "<text x=\"10\" y=\"22\" font-size=\"15\" font-weight=\"bold\">{}: win rate of the row deck against the column "
      "deck</text>\n",
      xml_escaped(r.config.game));
  s += fmt::format(
      "<text x=\"10\" y=\"40\" font-size=\"11\" fill=\"#444444\">{} games per pair, players {}, seed {}</text>\n"
      "<text x=\"10\" y=\"54\" font-size=\"11\" fill=\"#444444\">cell: win rate and its 95% interval (draws are "
      "not wins)</text>\n",
      r.config.games_per_pair,
      xml_escaped(r.config.players[0] == r.config.players[1] ? r.config.players[0]
                                                             : r.config.players[0] + " / " + r.config.players[1]),
      r.config.seed);
  for (int j = 0; j < n; ++j) {
    const int x = left + j * cell_w + cell_w / 2;
    s += fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"12\" transform=\"rotate(-45 {} {})\">{}</text>\n", x,
                     top - 8, x, top - 8, xml_escaped(r.decks[static_cast<size_t>(j)].name));
  }
  for (int i = 0; i < n; ++i) {
    const int y = top + i * cell_h;
    s += fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"12\" text-anchor=\"end\">{}</text>\n", left - 8,
                     y + cell_h / 2 + 4, xml_escaped(r.decks[static_cast<size_t>(i)].name));
    for (int j = 0; j < n; ++j) {
      const int x = left + j * cell_w;
      if (i == j) {
        s += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#bbbbbb\" stroke=\"#ffffff\"/>\n", x,
                         y, cell_w, cell_h);
        continue;
      }
      const Matchup& m = r.matrix[static_cast<size_t>(i)][static_cast<size_t>(j)];
      const bool dark = std::abs(m.win.rate - 0.5) > 0.32;
      const char* ink = dark ? "#ffffff" : "#111111";
      s += fmt::format(
          "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\" stroke=\"#ffffff\"><title>{} vs {}: {} wins, "
          "{} draws, {} losses of {}</title></rect>\n",
          x, y, cell_w, cell_h, heat_colour(m.win.rate), xml_escaped(r.decks[static_cast<size_t>(i)].name),
          xml_escaped(r.decks[static_cast<size_t>(j)].name), m.wins, m.draws, m.losses, m.games);
      s += fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"13\" text-anchor=\"middle\" fill=\"{}\">{:.0f}%</text>\n",
                       x + cell_w / 2, y + 18, ink, 100 * m.win.rate);
      s += fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"9\" text-anchor=\"middle\" fill=\"{}\">{:.0f}-{:.0f}</text>\n",
                       x + cell_w / 2, y + 32, ink, 100 * m.win.low, 100 * m.win.high);
    }
  }
  // Legend: a vertical gradient from 100% (top) to 0% (bottom).
  s += "<defs><linearGradient id=\"heat\" x1=\"0\" y1=\"0\" x2=\"0\" y2=\"1\">\n";
  for (int k = 0; k <= 10; ++k) {
    s += fmt::format("<stop offset=\"{:.1f}\" stop-color=\"{}\"/>\n", k / 10.0, heat_colour(1.0 - k / 10.0));
  }
  s += "</linearGradient></defs>\n";
  s += fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"12\">win rate</text>\n", legend_x, top - 10);
  s += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"20\" height=\"{}\" fill=\"url(#heat)\" stroke=\"#888888\"/>\n",
                   legend_x, top, legend_h);
  for (int k = 0; k <= 4; ++k) {
    const int y = top + legend_h * k / 4;
    s += fmt::format("<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#888888\"/>\n", legend_x + 20, y,
                     legend_x + 25, y);
    s += fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"11\">{}%</text>\n", legend_x + 28, y + 4, 100 - 25 * k);
  }
  s += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"20\" height=\"14\" fill=\"#bbbbbb\"/>\n", legend_x,
                   top + legend_h + 14);
  s += fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"11\">same deck</text>\n", legend_x + 26, top + legend_h + 25);
  s += fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"11\" fill=\"#444444\">first player wins {:.1f}% [{:.1f}, "
                   "{:.1f}]; draws {} of {}</text>\n",
                   10, top + std::max(n * cell_h, legend_h) + 40, 100 * r.first_player_win.rate,
                   100 * r.first_player_win.low, 100 * r.first_player_win.high, r.draws, r.games.size());
  s += "</svg>\n";
  return s;
}

void write_round_robin_svg(const std::string& path, const RoundRobinResult& r) {
  write_text_file(path, round_robin_svg(r));
}

}  // namespace rise::lab
