// `rise play GAME`: a game at the terminal between humans and computer players.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <utility>

#include <fmt/format.h>

#include "action_list.h"
#include "battle_heroes.h"
#include "commands.h"
#include "keep_battles.h"
#include "rise/lab/omniscient_players.h"
#include "terminal_size.h"
#include "rise/ai/player.h"
#include "rise/core/error.h"
#include "rise/core/files.h"
#include "rise/core/json_io.h"
#include "rise/core/registry.h"
#include "rise/core/replay.h"
#include "rise/core/rng.h"
#include "rise/core/rulebook.h"
#include "rise/core/scenario.h"
#include "rise/core/text.h"
#include "rise/core/undo.h"

namespace rise::cli {
namespace {

struct PlayArgs {
  std::string game;
  std::string players;  // default: human against the strongest AI of the game
  std::string seed;  // --seed; empty: from the clock
  std::vector<std::string> options;
  std::string decks;
  std::string replay_path;
  bool no_color = false;
  std::string hero;    // dark-legacy: stored hero of the first human seat (--hero)
  std::string heroes;  // dark-legacy: stored heroes by seat (--heroes A,B)
  std::string db;      // hero database (--db); empty: store::default_database_path()
  double db_wait = 30;  // seconds to wait for a busy hero database (--db-wait)
  std::string width;   // --width: columns of the screen (terminal_size.h)
  std::string height;  // --height: lines of the screen
  bool explain = false;  // --explain: the search's explanation of every computer move
  // `rise sandbox` (issue 36): every seat human, set-up lines at the prompt, each action's log.
  bool sandbox = false;
  std::string position_file;  // a sandbox position, one set-up line each
  int seats = 0;              // sandbox seats (0: the game's default)
};

// Lines in `text` (each ended by "\n", the last maybe not).
size_t count_lines(const std::string& text) {
  size_t n = static_cast<size_t>(std::count(text.begin(), text.end(), '\n'));
  return n + (!text.empty() && text.back() != '\n' ? 1 : 0);
}

// `show` in help, with an example taken from what the mover sees: the first card object its
// observation names (a battlefield card, a hand card), e.g. "show #94"; "" for a game whose
// observation names no card object (rise-hex: it has nothing to show).
std::string show_help(const State& state) {
  const nlohmann::json view = state.observation_json(state.current_player());
  std::string example;
  bool found = false;
  // The first card object the view names (the mover's hand, a battlefield), when it has any.
  auto visit = [&](const nlohmann::json& j, const auto& self) -> void {
    if (found) return;
    if (j.is_object()) {
      if (j.contains("id") && j["id"].is_number_integer() && (j.contains("card") || j.contains("name"))) {
        example = "#" + std::to_string(j["id"].get<int64_t>());
        found = true;
        return;
      }
      for (const auto& [key, value] : j.items()) self(value, self);
    } else if (j.is_array()) {
      for (const auto& value : j) self(value, self);
    }
  };
  visit(view, visit);
  if (!found) return "";
  return "show WHAT: a card's whole text and numbers, a zone, e.g. 'show " + example + "' ('show' says what).\n";
}

// What `player`'s last search (of `searched`, for its current player) concluded, as one
// line for seat `viewer` (ai::format_search_report): the top candidates with their
// estimated win and share of the search, and the expected continuation. `fallback` when
// the player did not search (random, greedy) or had a single legal action.
std::string search_line(const ai::Player& player, const State& searched, PlayerId viewer, const std::string& fallback) {
  const ai::SearchReport* report = player.last_search_report();
  const std::string line = report ? ai::format_search_report(*report, searched, viewer) : "";
  return line.empty() ? fallback : line;
}

std::string help_text(const State& state, const std::vector<Action>& legal) {
  // Up to three different actions spread over the list (with two legal actions, both once).
  std::string examples;
  const size_t count = std::min<size_t>(3, legal.size());
  for (size_t i = 0; i < count; ++i) {
    examples += (i ? ", '" : "'") + state.action_to_string(legal[legal.size() * i / count]) + "'";
  }
  return "Type the number of an action, or the action in notation: its group word and what\n"
         "follows the number in the list (docs/notation.md), e.g. " + examples + ".\n"
         "Prefix 'seat N: ' to say who acts (at a shared table): another seat than the one\n"
         "deciding is told whose decision it is.\n"
         "Commands: help, hint (the computer's 3 best actions, its estimates and what it\n"
         "expects next), undo (take back your last action and the replies to it, unless one\n"
         "of them showed a card or a chance outcome), board (show the board again), more\n"
         "(the next page of actions), rules ID|WORDS (a rule, as refusals cite them), quit\n"
         "(save the replay and leave).\n" + show_help(state);
}

// What a sandbox adds to help: set-up lines (State::set_up; docs/formats.md).
std::string sandbox_help(const Game& game) {
  return "Sandbox: you act for every seat. A set-up line changes the position at any time, e.g. " +
         game.sandbox_examples() +
         " ('my' is p0, 'their' p1; p2's...).\n"
         "After each action, the log lines it added: every triggered effect and its result.\n"
         "quit saves the position and the actions since the last set-up as a scenario\n"
         "(rise scenario FILE plays it again).\n";
}

void run_play(const PlayArgs& args) {
  const Game& game = find_game(args.game);
  const TerminalSize screen = terminal_size(args.width, args.height);
  // Every message fits the screen's width: wrapped at spaces (wrap_lines).
  auto say = [&](const std::string& text) { std::cout << wrap_lines(text, screen.width); };
  Options options = with_decks(parse_option_flags(args.options), args.decks);
  // Default: a human against the strongest AI; alone under the game's solo option
  // (rise-tcg --option mode=dungeon: the engine runs the Dungeon, Rule TCG-17.1).
  const int table_seats = default_seats(game.info(), game.resolve_options(options));
  const bool solo = table_seats == 1;
  std::string sandbox_players;  // a sandbox: "human" for every seat
  for (int s = 0; args.sandbox && s < (args.seats ? args.seats : table_seats); ++s) {
    sandbox_players += s ? ",human" : "human";
  }
  const std::string players_text = args.sandbox                  ? sandbox_players
                                   : !args.players.empty()        ? args.players
                                   : solo                        ? "human"
                                   : "human," + ai::default_player_spec(game.info());
  const std::vector<std::string> specs = split_players(players_text);
  const int seats = static_cast<int>(specs.size());
  uint64_t seed = !args.seed.empty()
                      ? parse_seed_option("--seed", args.seed)
                      : static_cast<uint64_t>(std::chrono::system_clock::now().time_since_epoch().count());
  check_decks_option(options, seats);
  std::vector<std::unique_ptr<ai::Player>> players;
  std::vector<std::string> computer_specs;
  for (int s = 0; s < seats; ++s) {
    if (specs[static_cast<size_t>(s)] == "human") {
      players.push_back(nullptr);
    } else {
      players.push_back(ai::make_player(specs[static_cast<size_t>(s)], seed + 1000 + static_cast<uint64_t>(s)));
      computer_specs.push_back(specs[static_cast<size_t>(s)]);
    }
  }
  PlayerId human_seat = kTerminalPlayer;
  std::vector<PlayerId> human_seats;
  for (int s = 0; s < seats; ++s) {
    if (!players[static_cast<size_t>(s)]) human_seats.push_back(s);
  }
  if (!human_seats.empty()) human_seat = human_seats.front();
  // Dark Legacy heroes from the store (Rule DL-18.2): their levels become options hero<s>.
  std::optional<store::HeroStore> hero_store;
  std::vector<std::optional<store::Hero>> heroes;
  if (!args.hero.empty() || !args.heroes.empty()) {
    if (game.info().id != "dark-legacy") throw InputError("--hero and --heroes are for dark-legacy only");
    if (!args.hero.empty() && !args.heroes.empty()) throw InputError("give --hero or --heroes, not both");
    std::vector<std::string> names = split_hero_names(args.heroes, seats);
    if (!args.hero.empty()) names[static_cast<size_t>(human_seat == kTerminalPlayer ? 0 : human_seat)] = args.hero;
    hero_store.emplace(store::HeroStore::open(args.db.empty() ? store::default_database_path() : args.db,
                                             store::OpenMode::kExistingOnly));
    set_db_wait(*hero_store, args.db_wait);
    heroes = apply_stored_heroes(game, *hero_store, names, options);
  }
  options = game.resolve_options(options);
  std::unique_ptr<State> state =
      args.sandbox ? game.new_sandbox_state(seed, options, seats) : game.new_initial_state(seed, options, seats);
  if (!args.position_file.empty()) {
    set_up_position(*state, read_file(args.position_file, kJsonFileLimit, "position file"), args.position_file);
  }
  std::vector<std::unique_ptr<State>> undo_stack;
  // A sandbox saves a scenario: the position after its last set-up (a set-up loads a state,
  // whose history then starts empty) and the state's history since. Each set-up keeps the
  // start before it, with the undo step it made (its index in undo_stack).
  nlohmann::json sandbox_start = args.sandbox ? state->to_json() : nlohmann::json();
  std::vector<std::pair<size_t, nlohmann::json>> earlier_starts;
  const bool color = !args.no_color && isatty(STDOUT_FILENO);

  std::string replay_path = args.replay_path;
  if (replay_path.empty()) {
    std::time_t now = std::time(nullptr);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", std::localtime(&now));
    replay_path = fmt::format("{}-{}.{}.json", game.info().id, stamp, args.sandbox ? "sandbox" : "replay");
  }
  // Before the first move: a replay that cannot be saved is found now, not after the game.
  check_writable_file(replay_path, args.replay_path.empty() ? "the replay file" : "--replay");
  auto save = [&]() {
    if (args.sandbox) {
      // Notation is context free: the state now names every action of its history.
      std::vector<std::string> actions;
      for (Action a : state->history()) actions.push_back(state->action_to_string(a));
      write_json_file(replay_path, {{"game", game.info().id}, {"state", sandbox_start}, {"actions", actions}});
      say("Scenario saved to " + replay_path + " (play it again with: rise scenario " + replay_path + " --render)\n");
      return;
    }
    write_json_file(replay_path, replay_to_json(make_replay(*state, options, seed, specs)));
    say("Replay saved to " + replay_path + " (view it with: rise replay " + replay_path + ")\n");
  };

  std::string title = fmt::format("{} — seed {} — seats: ", game.info().name, seed);
  for (int s = 0; s < seats; ++s) title += fmt::format("{}{}={}", s ? ", " : "", s, specs[static_cast<size_t>(s)]);
  // A computer seat that reads hidden cards is named under the title (docs/ai.md).
  say(title + "\n" + lab::omniscient_play_note(ai::omniscient_players(game.info(), computer_specs)) +
      (args.sandbox ? sandbox_help(game) : "") + "Type 'help' for how to play.\n\n");

  bool show_board = true;
  std::vector<Action> legal;
  // The action list of the decision shown, paged to fit the screen's height ('more').
  std::vector<ActionLine> action_list;
  size_t page_size = 0, next_line = 0;
  // Prints the page of the action list from line `first`, and the "more" line when the
  // list has more than one page.
  auto print_page = [&](size_t first) {
    std::cout << action_page(action_list, first, page_size);
    next_line = first + page_size;
    if (action_list.size() <= page_size) return;
    if (next_line < action_list.size()) {
      size_t after = 0;  // the actions on the pages after this one
      for (size_t i = next_line; i < action_list.size(); ++i) after += action_list[i].actions;
      say(fmt::format("  more: type 'more' ({} more)\n", after));
    } else {
      say("  end of the list: 'more' shows it again from the start\n");
      next_line = 0;
    }
  };
  // One line of standard input without its surrounding spaces and tabs; false at its end.
  auto read_trimmed = [](std::string& out) {
    if (!read_line(std::cin, out, kLineLimit, "standard input")) return false;
    const size_t b = out.find_first_not_of(" \t");
    out = b == std::string::npos ? "" : out.substr(b, out.find_last_not_of(" \t") - b + 1);
    return true;
  };
  while (!state->is_terminal()) {
    const PlayerId to_move = state->current_player();
    auto& player = players[static_cast<size_t>(to_move)];
    if (player) {
      Action a = player->choose_action(*state);
      // Told as the (first) human seat may see it: no hidden card is named.
      say(fmt::format("seat {} ({}) plays: {}\n", to_move, specs[static_cast<size_t>(to_move)],
                      state->describe_action(a, human_seat)));
      if (args.explain) {
        // The computer's own search, explained before its action is applied. Its
        // continuation is what it expects, so it may hint at what it plans to play.
        const ai::SearchReport* report = player->last_search_report();
        say("  explain: " +
            search_line(*player, *state, human_seat,
                        report ? "no search (a single legal action)"
                               : "no search (" + specs[static_cast<size_t>(to_move)] + " does not search)") +
            "\n");
      }
      state->apply_action(a);
      show_board = true;
      continue;
    }
    state->legal_actions(legal);
    if (show_board) {
      const std::string board = "\n" + state->render_text_at_width(to_move, color, screen.width);
      // What the choice is for, in the game's words (State::describe_decision).
      const std::string what = state->describe_decision();
      const std::string decision = what.empty() ? "" : wrap_lines(fmt::format("seat {} to {}\n", to_move, what), screen.width);
      action_list = action_lines(*state, legal, screen.width);
      const size_t footer = count_lines(decision) + 1;  // and the prompt
      page_size = page_lines(screen.height, count_lines(board), footer);
      if (action_list.size() > page_size) page_size = page_lines(screen.height, count_lines(board), footer + 1);
      std::cout << board;
      print_page(0);
      std::cout << decision;
      show_board = false;
    }
    std::cout << fmt::format("seat {}> ", to_move) << std::flush;
    std::string line;
    if (!read_trimmed(line)) {
      std::cout << "\n";
      save();
      return;
    }
    if (line.empty()) continue;
    if (line == "help" || line == "?") {
      say(help_text(*state, legal) + (args.sandbox ? sandbox_help(game) : ""));
      continue;
    }
    if (line == "more") {
      if (action_list.size() <= page_size) {
        say(fmt::format("all {} actions are listed above ('board' shows them again)\n", legal.size()));
      } else {
        print_page(next_line);
      }
      continue;
    }
    if (line == "quit" || line == "exit") {
      save();
      return;
    }
    if (line == "board") {
      show_board = true;
      continue;
    }
    if (line == "hint") {
      // The advisor of a hidden-information game searches only what this seat can see.
      auto advisor = ai::make_player(ai::default_player_spec(game.info()), seed ^ state->history().size());
      const Action a = advisor->choose_action(*state);
      // The continuation is read on a position this seat cannot tell apart from the real
      // one (for rise-hex the position itself), so that it tells nothing hidden from it.
      Rng rng(seed ^ state->history().size());
      const std::unique_ptr<State> seen = state->resample_hidden(to_move, rng);
      say("hint: " + search_line(*advisor, *seen, to_move, state->action_to_string(a)) + "\n");
      continue;
    }
    if (line == "rules" || line.rfind("rules ", 0) == 0) {
      // The rules as this program plays them (docs/rules/GAME.md, built in: core/rulebook.h):
      // one by its id, as refusals cite them, or those that hold every word asked for.
      const std::string what = line.size() > 6 ? line.substr(6) : "";
      const Rule* rule = what.empty() ? nullptr : find_rule(game.info().id, what);
      const std::vector<const Rule*> found =
          rule ? std::vector<const Rule*>{rule} : what.empty() ? std::vector<const Rule*>{} : search_rules(game.info().id, what, 8);
      if (what.empty()) {
        say(fmt::format("rules ID shows a rule (e.g. 'rules {}'), rules WORDS the rules that hold those words; "
                        "{} rules in all\n",
                        game_rules(game.info().id).empty() ? "?" : game_rules(game.info().id).front().id,
                        game_rules(game.info().id).size()));
      } else if (found.empty()) {
        say("no rule is '" + what + "' or holds those words\n");
      } else {
        for (const Rule* r : found) std::cout << wrap_text(r->text, screen.width, r->id + " ", "  ");
      }
      continue;
    }
    if (line == "show" || line.rfind("show ", 0) == 0) {
      // Seen as the seat to move sees the table: nothing hidden from it is shown.
      try {
        say(state->show(line.size() > 5 ? line.substr(5) : "", to_move));
      } catch (const InputError& e) {
        say(std::string(e.what()) + "\n");
      }
      continue;
    }
    if (line == "undo") {
      // The one rule of undo (core/undo.h, docs/play.md): back to before the last human
      // action, the computer's replies with it, unless one of them showed a human seat a
      // card or a chance outcome.
      if (undo_stack.empty()) {
        std::cout << "nothing to undo\n";
        continue;
      }
      // A sandbox's designer sees every seat, and a set-up is no action: it undoes anything.
      if (!args.sandbox) {
        const State& from = *undo_stack.back();
        const std::vector<Action>& history = state->history();
        const std::vector<Action> taken_back(history.begin() + static_cast<std::ptrdiff_t>(from.history().size()),
                                             history.end());
        if (auto refusal = undo_refusal(from, taken_back, human_seats, to_move)) {
          say("no undo: " + *refusal + "\n");
          continue;
        }
      }
      state = std::move(undo_stack.back());
      undo_stack.pop_back();
      if (!earlier_starts.empty() && earlier_starts.back().first == undo_stack.size()) {
        sandbox_start = std::move(earlier_starts.back().second);
        earlier_starts.pop_back();
      }
      show_board = true;
      continue;
    }
    // "seat N: NOTATION" says who acts: another seat than the decider is told whose
    // decision it is instead of its action being read as the decider's.
    try {
      const ActingSeat acting = split_acting_seat(line, seats);
      if (acting.seat >= 0 && acting.seat != to_move) {
        say("refused: " + decider_refusal(*state, acting.seat) + "\n");
        continue;
      }
      line = acting.text;
    } catch (const InputError& e) {
      say(std::string("not understood: ") + e.what() + "\n");
      continue;
    }
    if (line.empty()) continue;
    Action action = -1;
    bool numeric = line.find_first_not_of("0123456789") == std::string::npos;
    if (numeric) {
      size_t n = std::stoul(line.substr(0, 9));
      if (n < 1 || n > legal.size()) {
        say(fmt::format("choose a number from 1 to {}\n", legal.size()));
        continue;
      }
      action = legal[n - 1];
    } else {
      try {
        action = state->string_to_action(line);
      } catch (const InputError& e) {
        if (!args.sandbox) {
          say(std::string("not understood: ") + e.what() + " (type 'help')\n");
          continue;
        }
        // A sandbox reads a line that is no action as a set-up line.
        std::unique_ptr<State> before = state->clone();
        try {
          state->set_up(line);
        } catch (const InputError& setup_error) {
          // A line in the shape of a set-up gets the set-up's reason alone.
          const std::string reason = setup_error.what();
          say(reason.find("is not a set-up line") == std::string::npos
                  ? "set-up refused: " + reason + "\n"
                  : std::string("not understood: as an action: ") + e.what() + "; as a set-up line: " + reason +
                        " (type 'help')\n");
          continue;
        }
        earlier_starts.emplace_back(undo_stack.size(), std::exchange(sandbox_start, state->to_json()));
        undo_stack.push_back(std::move(before));
        show_board = true;
        continue;
      }
    }
    if (!state->is_legal(action)) {
      say("illegal: " + state->explain_illegal(action) + "\n");
      continue;
    }
    // An action the seat cannot take back by playing on is done only after a yes (issue 38,
    // State::action_warning; the browser asks the same).
    if (const std::string warning = state->action_warning(action); !warning.empty()) {
      std::cout << warning << ". Do it? (yes/no) " << std::flush;
      std::string answer;
      if (!read_trimmed(answer)) {
        std::cout << "\n";
        save();
        return;
      }
      if (answer != "yes" && answer != "y") {
        say("not done: choose again\n");
        continue;
      }
    }
    undo_stack.push_back(state->clone());
    if (!args.sandbox) {
      state->apply_action(action);
      show_board = true;
      continue;
    }
    // A sandbox prints what the action logged: each triggered effect and its result.
    const size_t logged = state->log_lines(to_move).size();
    state->apply_action(action);
    const std::vector<std::string> log = state->log_lines(to_move);
    for (size_t i = logged; i < log.size(); ++i) say("  | " + log[i] + "\n");
    show_board = true;
  }
  std::cout << "\n" << state->render_text_at_width(kTerminalPlayer, color, screen.width);
  std::vector<double> r = state->returns();
  for (int s = 0; s < seats; ++s) {
    say(fmt::format("seat {} ({}): {}\n", s, specs[static_cast<size_t>(s)],
                    r[static_cast<size_t>(s)] > 0 ? "wins" : r[static_cast<size_t>(s)] < 0 ? "loses" : "draw"));
  }
  // The heroes' points first: nothing that can fail afterwards (the replay file) may lose them.
  std::vector<std::string> errors;
  if (hero_store) {
    // Rules DL-18.1, DL-18.2: the skill points rolled at the end go to the stored heroes.
    std::vector<std::string> decks;
    const nlohmann::json final_json = state->to_json();
    for (int s = 0; s < seats; ++s) decks.push_back(final_json.at("decks").at(static_cast<size_t>(s)).get<std::string>());
    store::BattleRecord record = battle_record(
        *state, seed, heroes, decks, replay_to_json(make_replay(*state, options, seed, specs)).dump());
    record.played_at = utc_now();
    const KeptBattles kept = record_or_keep(*hero_store, {record});
    for (const store::SeatRecord& seat : record.seats) {
      if (!seat.hero) continue;
      say(fmt::format("{} rolled {} and earns {} skill points: level {} -> {} ({})\n", *seat.hero, seat.roll,
                      seat.points, *seat.level_before, *seat.level_after,
                      kept.recorded == 1 ? "saved in " + hero_store->path() : "not saved yet, see below"));
    }
    if (!kept.error.empty()) errors.push_back(kept.error);
  }
  try {
    save();
  } catch (const InputError& e) {
    errors.push_back(e.what());
  }
  for (const std::string& e : errors) std::cerr << "rise: error: " << e << "\n";
  if (!errors.empty()) throw ExitStatus{2};
}

}  // namespace

void add_sandbox_command(CLI::App& app) {
  auto args = std::make_shared<PlayArgs>();
  args->sandbox = true;
  auto* cmd = app.add_subcommand(
      "sandbox", "Set up a position in words and act for every seat, seeing each triggered effect (a designer's tool)");
  cmd->add_option("game", args->game, "game id: rise-tcg, dark-legacy or raise-rise-die")->required();
  cmd->add_option("position", args->position_file,
                  "a file of set-up lines ('Blood Herald on my battlefield', one per line, # comments) applied first");
  cmd->add_option("--seats", args->seats, "seats at the table (default: the game's default)")->check(CLI::Range(1, 6));
  cmd->add_option("--seed", args->seed, "seed of the libraries' shuffles, 0 to 2^64-1 (default: the clock)");
  cmd->add_option("--option", args->options, "game option name=value (repeatable)");
  add_data_option(*cmd, args->options);
  cmd->add_option("--decks", args->decks, "one deck per seat, ids or files, e.g. cinderstorm,deepcurrent");
  cmd->add_option("--save", args->replay_path, "where to save the scenario at the end");
  cmd->add_flag("--no-color", args->no_color, "plain text even on a terminal");
  cmd->add_option("--width", args->width, "columns of the screen, 40-1000");
  cmd->add_option("--height", args->height, "lines of the screen, 10-1000");
  cmd->callback([args]() { run_play(*args); });
}

void add_play_command(CLI::App& app) {
  auto args = std::make_shared<PlayArgs>();
  auto* cmd = app.add_subcommand("play", "Play a game at the terminal");
  cmd->add_option("game", args->game, "game id (see 'rise games')")->required();
  cmd->add_option("--players", args->players,
                  "one per seat: human, random, greedy, mcts[:iters=N,...], ismcts[:...]; greedy and mcts read "
                  "hidden cards (a note says so)")
      ->default_str("human and the game's default player: mcts, ismcts for hidden-information games, with "
                    "net=default where the game ships a learned network");
  cmd->add_option("--seed", args->seed, "seed for the game and the computer players, 0 to 2^64-1 (default: the clock)");
  cmd->add_option("--option", args->options, "game option name=value (repeatable)");
  add_data_option(*cmd, args->options);
  cmd->add_option("--decks", args->decks, "card games: one deck per seat, ids or files, e.g. cinderstorm,deepcurrent (rise-tcg)");
  cmd->add_option("--replay", args->replay_path, "where to save the replay");
  cmd->add_flag("--no-color", args->no_color, "plain text even on a terminal");
  cmd->add_flag("--explain", args->explain,
                "after every computer move, its search's explanation: the 3 best candidates with their "
                "estimated chance to win and share of the search, and the continuation it expects");
  cmd->add_option("--width", args->width,
                  "columns of the screen, 40-1000 (default: the terminal's; 120 when output is not a terminal)");
  cmd->add_option("--height", args->height,
                  "lines of the screen, 10-1000 (default: the terminal's; 40 when output is not a terminal); "
                  "a longer action list is paged ('more')");
  cmd->add_option("--hero", args->hero,
                  "dark-legacy: your stored hero (rise hero list); the battle's skill points are saved to it");
  cmd->add_option("--heroes", args->heroes, "dark-legacy: stored heroes by seat, e.g. Aldra,Mordek (empty = none)");
  cmd->add_option("--db", args->db, "hero database (default $XDG_DATA_HOME/rise/rise.db)");
  cmd->add_option("--db-wait", args->db_wait,
                  "seconds to wait for a hero database another program holds locked, 0-3600 (default 30); "
                  "past that the result is kept in a file for 'rise hero apply'");
  cmd->callback([args]() { run_play(*args); });
}

}  // namespace rise::cli
