// `rise lab` run as a user runs it (docs/lab.md): an A/B test decides a planted change (a
// card made clearly stronger, tests/lab/) for B and a null change against it, the same with
// a card patch, whatever the threads; card statistics and deck ratings as CSV and an HTML
// report; bad input refused on one line before any game; a player that reads hidden cards
// refused unless --allow-omniscient, and then named in a note. Most tests play greedy
// (allowed): it is fast, and what they test does not depend on the player.
#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <string>

#include <nlohmann/json.hpp>

#include "cli_run.h"

namespace rise::testing_cli {
namespace {

const std::string kLab = RISE_SOURCE_DIR "/tests/lab";
const std::string kLabDecks = "--decks " + kLab + "/rise-tcg/decks/champions.yaml," + kLab + "/rise-tcg/decks/grunts.yaml";
// The note above the results of a lab run with greedy (--allow-omniscient).
const std::string kGreedyNote =
    "note: greedy reads hidden information (it searches the true state, hidden cards included): its results "
    "overstate what a player could do; use ismcts for an honest player\n";

class CliLab : public CliRun {
 protected:
  // `rise lab ab rise-tcg` of the lab decks with `extra` arguments; its --json result.
  nlohmann::json ab(const std::string& extra, const std::string& name = "ab.json") {
    const std::string json = file(name).string();
    const Outcome o = rise("lab ab rise-tcg " + kLabDecks + " --data-a " + kLab +
                           "/rise-tcg --players greedy --allow-omniscient --quiet --json " + json + " " + extra);
    EXPECT_EQ(o.exit_code, 0) << o.err;
    EXPECT_NE(o.out.find("decision: "), std::string::npos) << o.out;
    EXPECT_EQ(o.out.rfind(kGreedyNote + "A/B of rise-tcg", 0), 0u) << o.out;
    last_out_ = o.out;
    return nlohmann::json::parse(testing_files::read_text(json));
  }
  std::string last_out_;
};

// Issue 36: a deck-list A/B (a deck id whose file differs between the data folders) prints
// the lists it compares, in the terminal, the JSON and the report; decks given as files, the
// same on both sides, have none.
TEST_F(CliLab, ADeckListAbSaysWhatItCompares) {
  const Outcome o = rise("lab ab rise-tcg --decks champions,grunts --data-a " + kLab + "/rise-tcg --data-b " + kLab +
                         "/rise-tcg-grunts-in-champions --players greedy --allow-omniscient --max-games 4 --quiet --json " +
                         file("deck.json").string() + " --report " + file("deck-report").string());
  ASSERT_EQ(o.exit_code, 0) << o.err;
  EXPECT_NE(o.out.find("deck change: champions: lab-champion 40 -> 36\ndeck change: champions: lab-grunt 0 -> 4\n"),
            std::string::npos) << o.out;
  const nlohmann::json j = nlohmann::json::parse(testing_files::read_text(file("deck.json")));
  EXPECT_EQ(j["deck_changes"], nlohmann::json::parse(R"([{"deck": "champions", "card": "lab-champion", "before": 40, "after": 36},
                                                         {"deck": "champions", "card": "lab-grunt", "before": 0, "after": 4}])"));
  const std::string html = testing_files::read_text(file("deck-report") / "index.html");
  EXPECT_NE(html.find("id=\"deck-changes\""), std::string::npos);
  // The cards whose copies changed are watched: were they drawn and played?
  ASSERT_EQ(j["changed_cards"].size(), 2u) << j["changed_cards"];
  EXPECT_EQ(j["changed_cards"][1]["card"], "lab-grunt");

  const nlohmann::json files = ab("--data-b " + kLab + "/rise-tcg-stronger --max-games 2", "files.json");
  EXPECT_EQ(files["deck_changes"], nlohmann::json::array());
  EXPECT_EQ(last_out_.find("deck change:"), std::string::npos) << last_out_;
}

TEST_F(CliLab, AbDecidesAPlantedChangeForB) {
  const nlohmann::json j = ab("--data-b " + kLab + "/rise-tcg-stronger --seed 3 --max-games 400");
  EXPECT_EQ(j["decision"], "H1") << last_out_;
  EXPECT_EQ(j["omniscient_players"], nlohmann::json({"greedy"}));
  EXPECT_LT(j["games"].get<int>(), 400) << last_out_;
  EXPECT_GT(j["elo"]["low95"].get<double>(), 0) << last_out_;
  EXPECT_GT(j["win_b"]["rate"].get<double>(), j["win_a"]["rate"].get<double>()) << last_out_;
  EXPECT_NE(last_out_.find("decision: H1: B is better (at least +20 Elo)"), std::string::npos) << last_out_;
  // The same with two threads, and with the change given as a card patch.
  const nlohmann::json threads = ab("--data-b " + kLab + "/rise-tcg-stronger --seed 3 --max-games 400 --threads 2", "t.json");
  EXPECT_EQ(threads, j);
  nlohmann::json patched = ab("--patch " + kLab + "/stronger-champion.patch.yaml --seed 3 --max-games 400", "p.json");
  EXPECT_EQ(patched["decision"], "H1");
  EXPECT_EQ(patched["games"], j["games"]);
  EXPECT_EQ(patched["pentanomial"], j["pentanomial"]);
  ASSERT_EQ(patched["changes"].size(), 2u);
  EXPECT_EQ(patched["changes"][0], (nlohmann::json{{"card", "lab-champion"}, {"field", "attack"}, {"before", "2"}, {"after", "5"}}));
  EXPECT_NE(last_out_.find("change: lab-champion attack: 2 -> 5"), std::string::npos) << last_out_;
  // Issue 36: the A/B says whether the changed card took part, on each side.
  ASSERT_EQ(j["changed_cards"].size(), 1u) << j["changed_cards"];
  const nlohmann::json& champion = j["changed_cards"][0];
  EXPECT_EQ(champion["card"], "lab-champion");
  const int side_games = j["games"].get<int>() / 2;
  for (const char* side : {"a", "b"}) {
    const int drawn = champion[std::string("drawn_") + side].get<int>();
    const int played = champion[std::string("played_") + side].get<int>();
    EXPECT_GE(played, 20) << side;  // the Champion deck plays it in most games
    EXPECT_LE(played, drawn) << side;
    EXPECT_LE(drawn, side_games) << side;
  }
  EXPECT_EQ(champion["too_few"], false);
  EXPECT_EQ(patched["changed_cards"], j["changed_cards"]);  // the patch makes the same change
  EXPECT_NE(last_out_.find("changed card lab-champion: drawn in " + std::to_string(champion["drawn_a"].get<int>()) +
                           " and played in " + std::to_string(champion["played_a"].get<int>()) + " of the " +
                           std::to_string(side_games) + " games with A"),
            std::string::npos)
      << last_out_;
  EXPECT_EQ(last_out_.find("warning: "), std::string::npos) << last_out_;
  // Four pairs cannot show it played in 20 games: the A/B warns.
  const nlohmann::json few = ab("--patch " + kLab + "/stronger-champion.patch.yaml --seed 3 --max-games 8", "few.json");
  EXPECT_EQ(few["changed_cards"][0]["too_few"], true);
  EXPECT_NE(last_out_.find("warning: lab-champion was played in only "), std::string::npos) << last_out_;
}

// Issue 36: a B clearly worse than A was headlined only "H0: B is no better than +0 Elo". The
// planted change the other way round (A has the stronger champion): H0, and "B is worse" with
// its estimate, whose whole interval is below 0.
TEST_F(CliLab, AbSaysWorseWhenBIsClearlyWorse) {
  const std::string json = file("worse.json").string();
  const Outcome o = rise("lab ab rise-tcg " + kLabDecks + " --data-a " + kLab + "/rise-tcg-stronger --data-b " + kLab +
                         "/rise-tcg --players greedy --allow-omniscient --quiet --seed 3 --max-games 400 --json " + json);
  ASSERT_EQ(o.exit_code, 0) << o.err;
  const nlohmann::json j = nlohmann::json::parse(testing_files::read_text(json));
  EXPECT_EQ(j["decision"], "H0") << o.out;
  ASSERT_LT(j["elo"]["high95"].get<double>(), 0) << o.out;
  EXPECT_NE(o.out.find("decision: H0: B is worse ("), std::string::npos) << o.out;
}

TEST_F(CliLab, AbDecidesANullChangeAgainstB) {
  const nlohmann::json j = ab("--data-b " + kLab + "/rise-tcg --seed 3 --max-games 400 --report " + file("report").string());
  EXPECT_EQ(j["decision"], "H0") << last_out_;
  const int pairs = j["games"].get<int>() / 2;
  EXPECT_EQ(j["identical_pairs"], pairs);  // the same cards: the same games
  EXPECT_EQ(j["pentanomial"], (nlohmann::json{0, 0, pairs, 0, 0}));
  EXPECT_DOUBLE_EQ(j["elo"]["value"].get<double>(), 0.0);
  EXPECT_NE(last_out_.find("decision: H0: B is no better than +0 Elo"), std::string::npos) << last_out_;
  const std::string html = testing_files::read_text(file("report") / "index.html");
  EXPECT_NE(html.find("H0: B is no better than +0 Elo"), std::string::npos);
  EXPECT_NE(html.find("<dt>seed</dt><dd>3</dd>"), std::string::npos);
  EXPECT_EQ(j["changed_cards"], nlohmann::json::array());
  EXPECT_NE(last_out_.find("changed cards: none (A and B define every card the same)"), std::string::npos) << last_out_;
  // Issue 36: how each side's games ended; the same cards end the same games the same way.
  EXPECT_EQ(j["ends_a"], j["ends_b"]);
  int ended = 0;
  for (const auto& end : j["ends_a"]) ended += end["games"].get<int>();
  EXPECT_EQ(ended, pairs);
  EXPECT_NE(last_out_.find("\nhow the games with A ended "), std::string::npos) << last_out_;
  EXPECT_NE(last_out_.find("\nhow the games with B ended "), std::string::npos) << last_out_;
  EXPECT_NE(html.find("id=\"ends-a\""), std::string::npos);
  EXPECT_NE(html.find("id=\"ends-b\""), std::string::npos);
  // With symmetric bounds the truth (no change) lies between them: inconclusive, not H1.
  const nlohmann::json sym = ab("--data-b " + kLab + "/rise-tcg --seed 3 --max-games 40 --elo -20,20", "s.json");
  EXPECT_EQ(sym["decision"], "inconclusive");
  EXPECT_EQ(sym["games"], 40);
}

TEST_F(CliLab, AbRefusesBadInputBeforeAnyGame) {
  const std::string base = "lab ab rise-tcg " + kLabDecks + " --data-a " + kLab + "/rise-tcg ";
  refused(base + "--patch " + kLab + "/bad-card.patch.yaml",
          "bad-card.patch.yaml:2: card 'lab-champoin': no such card in");
  refused(base + "--patch " + kLab + "/bad-field.patch.yaml",
          "bad-field.patch.yaml:3: card 'lab-champion': field 'atack': no card of");
  refused(base + "--patch " + kLab + "/none.yaml", "none.yaml");
  // Issue 36: a value the loader refuses is named at the patch's line, not in a temporary copy.
  refused(base + "--patch " + kLab + "/bad-value.patch.yaml",
          "bad-value.patch.yaml:4: card 'lab-champion': field 'attack' (as patched): ");
  // Never the temporary copy (TempDir: rise-lab-XXXXXX); a checkout may itself be under /tmp.
  EXPECT_EQ(rise(base + "--patch " + kLab + "/bad-value.patch.yaml").err.find("rise-lab-"), std::string::npos);
  refused(base, "give the change to test: --data-b DIR");
  refused(base + "--data-b " + kLab + "/rise-tcg --patch " + kLab + "/stronger-champion.patch.yaml", "--data-b DIR");
  refused(base + "--data-b " + kLab + "/rise-tcg --elo 20,0", "--elo '20,0': the first bound");
  refused(base + "--data-b " + kLab + "/rise-tcg --elo 5", "--elo '5': give two bounds");
  refused(base + "--data-b " + kLab + "/rise-tcg --elo 0,x", "--elo 'x': give a number");
  refused(base + "--data-b " + kLab + "/rise-tcg --elo 0,20 --win-diff 0,5", "--elo or --win-diff");
  refused(base + "--data-b " + kLab + "/rise-tcg --alpha 0.7", "--alpha 0.7: give an error rate");
  refused(base + "--data-b " + kLab + "/rise-tcg --max-games 7", "--max-games 7: give an even number");
  refused(base + "--data-b " + kLab + "/nowhere", "side B");
  refused("lab ab rise-hex --decks a,b --data-b x", "rise-hex has no card data");
  // An output that cannot be written is refused before the first game.
  std::ofstream(file("plain")) << "x";
  refused(base + "--data-b " + kLab + "/rise-tcg --report " + file("plain").string(), "--report");
  refused(base + "--data-b " + kLab + "/rise-tcg --json " + file("no/such/dir/x.json").string(), "--json");
}

// A player that reads hidden cards (greedy, mcts) would make the lab's verdicts a cheat's:
// refused before any game, naming the spec and the flag that allows it.
TEST_F(CliLab, RefusesAPlayerThatReadsHiddenInformationUnlessAllowed) {
  const std::string ab = "lab ab rise-tcg " + kLabDecks + " --data-a " + kLab + "/rise-tcg --data-b " + kLab +
                         "/rise-tcg --quiet ";
  const std::string cards = "lab cards rise-tcg --option data=" + kLab + "/rise-tcg " + kLabDecks + " --games 2 --quiet ";
  for (const std::string& command : {ab, cards}) {
    refused(command + "--players greedy",
            "--players: greedy reads hidden information (it searches the true state, hidden cards included) in "
            "rise-tcg, so the lab's verdicts would overstate what a deck or a card could do; use an honest player "
            "(ismcts, random) or give --allow-omniscient");
    refused(command + "--players random,mcts:iters=5", "mcts:iters=5 reads hidden information");
    refused(command + "--players mcts:iters=5,greedy", "mcts:iters=5 and greedy read hidden information");
  }
  refused("lab cards raise-rise-die --players greedy", "greedy reads hidden information");
  refused("lab cards dark-legacy --players mcts", "--allow-omniscient");
  // A bad spec is still refused as one.
  refused(ab + "--players nobody", "unknown computer player 'nobody'");

  // Allowed: played, with the note above the results.
  Outcome o = rise(cards + "--players greedy --allow-omniscient");
  ASSERT_EQ(o.exit_code, 0) << o.err;
  EXPECT_EQ(o.out.rfind(kGreedyNote + "2 games of rise-tcg", 0), 0u) << o.out;
  // Honest players need no flag and get no note: random, and the lab's default player.
  o = rise(cards + "--players random");
  ASSERT_EQ(o.exit_code, 0) << o.err;
  EXPECT_EQ(o.out.rfind("2 games of rise-tcg", 0), 0u) << o.out;
  o = rise(ab + "--max-games 2 --json " + file("default.json").string());
  ASSERT_EQ(o.exit_code, 0) << o.err;
  EXPECT_EQ(o.out.rfind("A/B of rise-tcg", 0), 0u) << o.out;
  const nlohmann::json j = nlohmann::json::parse(testing_files::read_text(file("default.json")));
  EXPECT_EQ(j["games"], 2);
  EXPECT_EQ(j["omniscient_players"], nlohmann::json::array());
}

// The lab's default player is the game's default player at 50 iterations: with the game's
// shipped network where it has one (raise-rise-die), plain ismcts where it has none.
TEST_F(CliLab, TheDefaultPlayerIsTheGamesOwnAtASmallBudget) {
  // The report's settings name the player.
  auto player_of = [&](const std::string& game) {
    const fs::path report = file(game + "-report");
    const Outcome o = rise("lab cards " + game + " --games 2 --quiet --report " + report.string());
    EXPECT_EQ(o.exit_code, 0) << o.err;
    const std::string html = testing_files::read_text(report / "index.html");
    const size_t at = html.find("ismcts:iters=50");
    return at == std::string::npos ? html.substr(0, 0) : html.substr(at, html.find('<', at) - at);
  };
  EXPECT_EQ(player_of("raise-rise-die"), "ismcts:iters=50,net=default");
  EXPECT_EQ(player_of("dark-legacy"), "ismcts:iters=50");
}

TEST_F(CliLab, CardsOfARoundRobinWithRatingsCsvAndReport) {
  const std::string args = "lab cards rise-tcg --option data=" + kLab + "/rise-tcg --round-robin " + kLab +
                           "/rise-tcg/decks --games 6 --players greedy --allow-omniscient --seed 4 --quiet";
  const Outcome o = rise(args + " --csv " + file("cards.csv").string() + " --report " + file("report").string() +
                         " --json " + file("cards.json").string());
  ASSERT_EQ(o.exit_code, 0) << o.err;
  EXPECT_EQ(o.out.rfind(kGreedyNote + "Round robin of rise-tcg", 0), 0u) << o.out;
  // The JSON (the lab library's card_study_to_json, as rise_engine.lab.card_stats returns it).
  const nlohmann::json j = nlohmann::json::parse(testing_files::read_text(file("cards.json")));
  EXPECT_EQ(j["games"], 6);
  ASSERT_EQ(j["cards"].size(), 3u);
  EXPECT_EQ(j["round_robin"]["matrix"].size(), 2u);
  ASSERT_EQ(j["round_robin"]["ratings"].size(), 2u);
  EXPECT_FALSE(j["round_robin"].contains("records"));
  for (const auto& c : j["cards"]) {
    if (c["card"] == "lab-champion") {
      EXPECT_EQ(c["name"], "Lab Champion");
    }
    if (c["card"] == "lab-levelup") {
      EXPECT_EQ(c["games"], 12);
    }
  }
  EXPECT_NE(o.out.find("Bradley-Terry ratings"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("Cards (3 in all"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("\nhow the games ended "), std::string::npos) << o.out;  // issue 36
  const std::string csv = testing_files::read_text(file("cards.csv"));
  EXPECT_EQ(csv.rfind("card,name,games,drawn,played,copies_played,mean_turn_played,win_drawn,", 0), 0u) << csv;
  // 6 games of the one pair: each deck in 6 seat games, every card drawn in each.
  EXPECT_NE(csv.find("\nlab-champion,Lab Champion,6,6,"), std::string::npos) << csv;
  EXPECT_NE(csv.find("\nlab-grunt,Lab Grunt,6,6,"), std::string::npos) << csv;
  EXPECT_NE(csv.find("\nlab-levelup,Lab Level Up,12,"), std::string::npos) << csv;
  const std::string html = testing_files::read_text(file("report") / "index.html");
  for (const char* part : {"<svg", "id=\"ratings\"", "id=\"cards\"", "id=\"ends\"", "<dt>seed</dt><dd>4</dd>", "Lab Champion",
                           "<dt>read hidden information (--allow-omniscient)</dt><dd>greedy</dd>"}) {
    EXPECT_NE(html.find(part), std::string::npos) << part;
  }
  // The same statistics with three threads.
  const Outcome t = rise(args + " --threads 3 --csv " + file("cards3.csv").string());
  ASSERT_EQ(t.exit_code, 0) << t.err;
  EXPECT_EQ(testing_files::read_text(file("cards3.csv")), csv);
}

// Issue 36: a self-retriggering card (the Lab Echo: whenever a Creature is damaged, it heals
// and damages it again) ended most games in an effect-loop draw, and nothing said why. The
// card listing warns about it, and the summaries name it beside the effect loop.
TEST_F(CliLab, ALoopingCardIsWarnedOfAndNamedInHowGamesEnded) {
  const std::string data = kLab + "/rise-tcg-echo";
  const Outcome cards = rise("cards rise-tcg --data " + data);
  ASSERT_EQ(cards.exit_code, 0) << cards.err;
  EXPECT_EQ(cards.err,
            "rise: warning: card lab-echo (Lab Echo): its `whenever damaged` effect deals damage: it can trigger itself "
            "again and again, and an endless loop ends the game in a draw (Interpretation TCG-I67); give it a `limit` "
            "or an `if` that stops it\n");
  EXPECT_EQ(rise("cards rise-tcg --data " + kLab + "/rise-tcg").err, "") << "no warning for the vanilla cards";

  const Outcome sim = rise("sim rise-tcg --data " + data + " --decks echoes,grunts --players greedy,greedy --games 20 "
                           "--seed 2 --quiet --json " + file("echo.json").string());
  ASSERT_EQ(sim.exit_code, 0) << sim.err;
  const nlohmann::json j = nlohmann::json::parse(testing_files::read_text(file("echo.json")));
  const nlohmann::json& loop = j["ends"][0];
  EXPECT_EQ(loop["reason"], "effect loop") << j["ends"];
  EXPECT_EQ(loop["rule"], "TCG-I67");
  EXPECT_GE(loop["games"].get<int>(), 10) << "most games end in the loop";
  EXPECT_EQ(loop["draws"], loop["games"]);
  EXPECT_EQ(loop["cards"], (nlohmann::json::array({{{"card", "Lab Echo"}, {"games", loop["games"]}}})));
  EXPECT_NE(sim.out.find("effect loop  "), std::string::npos) << sim.out;
  EXPECT_NE(sim.out.find("TCG-I67  cards: Lab Echo (" + std::to_string(loop["games"].get<int>()) + ")\n"),
            std::string::npos)
      << sim.out;

  // The lab says so above its results.
  const Outcome lab = rise("lab cards rise-tcg --data " + data + " --decks echoes,grunts --players greedy "
                           "--allow-omniscient --games 2 --quiet");
  ASSERT_EQ(lab.exit_code, 0) << lab.err;
  EXPECT_NE(lab.out.find("\nwarning: card lab-echo (Lab Echo): its `whenever damaged` effect deals damage"),
            std::string::npos)
      << lab.out;
}

// Issue 36: the card table of every deck at once mixed the decks. --by-deck gives a row per
// deck and card (the Level Up of both lab decks twice), --deck one deck's rows; a deck no seat
// plays is refused, before any game, with the decks that do.
TEST_F(CliLab, CardsByDeckAndOfOneDeck) {
  const std::string args = "lab cards rise-tcg --option data=" + kLab + "/rise-tcg --round-robin " + kLab +
                           "/rise-tcg/decks --games 4 --players greedy --allow-omniscient --seed 4 --quiet";
  const Outcome all = rise(args + " --by-deck --csv " + file("by-deck.csv").string());
  ASSERT_EQ(all.exit_code, 0) << all.err;
  EXPECT_NE(all.out.find("\ndeck      card "), std::string::npos) << all.out;
  EXPECT_TRUE(std::regex_search(all.out, std::regex("\nchampions +lab-levelup +4 "))) << all.out;
  EXPECT_TRUE(std::regex_search(all.out, std::regex("\ngrunts +lab-levelup +4 "))) << all.out;
  EXPECT_TRUE(std::regex_search(all.out, std::regex("\nchampions +lab-champion +4 "))) << all.out;
  // Four seat games are too few to say anything: every row says so.
  EXPECT_NE(all.out.find("few games (under 10 drawn or not drawn)"), std::string::npos) << all.out;
  const std::string csv = testing_files::read_text(file("by-deck.csv"));
  EXPECT_NE(csv.find(",sort_key,few_games,rarely_played,deck,opening,win_opening,win_opening_low95,win_opening_high95,"
                     "drawn_later,win_drawn_later,win_drawn_later_low95,win_drawn_later_high95\n"),
            std::string::npos)
      << csv;
  EXPECT_TRUE(std::regex_search(csv, std::regex(",1,0,grunts,[0-9]+,"))) << csv;
  // 17lands' OH and GD: every drawn seat game is one or the other.
  EXPECT_NE(all.out.find("OH win of     GD win of"), std::string::npos) << all.out;
  const Outcome one = rise(args + " --deck grunts");
  ASSERT_EQ(one.exit_code, 0) << one.err;
  EXPECT_NE(one.out.find("Cards (2 in all, deck grunts;"), std::string::npos) << one.out;
  EXPECT_FALSE(std::regex_search(one.out, std::regex("\nchampions +lab-"))) << one.out;
  EXPECT_TRUE(std::regex_search(one.out, std::regex("\ngrunts +lab-grunt +4 "))) << one.out;
  const Outcome none = rise(args + " --deck nosuch");
  EXPECT_EQ(none.exit_code, 2);
  EXPECT_EQ(none.out, "") << "refused before the first game";
  EXPECT_NE(none.err.find("--deck nosuch: no seat plays that deck in these games (their decks: champions, grunts)"),
            std::string::npos)
      << none.err;
}

// The score column of "Each deck against all the others": (wins + draws/2) / games with the
// Wilson 95% interval of that fraction (docs/lab.md). With a turn limit of 10 every game of
// the lab decks is drawn: no win, a score of one half.
TEST_F(CliLab, ARoundRobinScoresADrawAsHalfAWin) {
  const Outcome o = rise("lab cards rise-tcg --option data=" + kLab + "/rise-tcg --option turn_limit=10 --round-robin " +
                         kLab + "/rise-tcg/decks --games 6 --players greedy --allow-omniscient --seed 4 --quiet");
  ASSERT_EQ(o.exit_code, 0) << o.err;
  EXPECT_NE(o.out.find("deck       games   win  draw  loss   win rate (95% CI)        score (95% CI)\n"),
            std::string::npos) << o.out;
  EXPECT_NE(o.out.find("champions      6     0     6     0     0.0% [  0.0,  39.0]     50.0% [ 18.8,  81.2]\n"),
            std::string::npos) << o.out;
  EXPECT_NE(o.out.find("grunts         6     0     6     0     0.0% [  0.0,  39.0]     50.0% [ 18.8,  81.2]\n"),
            std::string::npos) << o.out;
  // Without the limit the games are decided: the score is the win rate.
  const Outcome d = rise("lab cards rise-tcg --option data=" + kLab + "/rise-tcg --round-robin " + kLab +
                         "/rise-tcg/decks --games 6 --players greedy --allow-omniscient --seed 4 --quiet");
  ASSERT_EQ(d.exit_code, 0) << d.err;
  EXPECT_NE(d.out.find("champions      6     4     0     2    66.7% [ 30.0,  90.3]     66.7% [ 30.0,  90.3]\n"),
            std::string::npos) << d.out;
}

TEST_F(CliLab, CardsOfAMatchAndBadInput) {
  const Outcome o = rise("lab cards raise-rise-die --games 4 --players random --seed 2 --quiet --top 0 --csv " +
                         file("c.csv").string());
  ASSERT_EQ(o.exit_code, 0) << o.err;
  EXPECT_NE(o.out.find("4 games of raise-rise-die"), std::string::npos) << o.out;
  EXPECT_GT(testing_files::read_text(file("c.csv")).size(), 200u);
  refused("lab cards rise-hex", "rise-hex has no decks");
  refused("lab cards rise-tcg --decks a,b --round-robin x", "do not also give --decks");
  refused("lab cards rise-tcg --csv " + file("no/dir/c.csv").string(), "--csv");
  refused("lab cards rise-tcg --resamples 0", "--resamples '0'");
}

}  // namespace
}  // namespace rise::testing_cli

namespace rise::testing_cli {
namespace {

// Issue 36: one name for the data folder across commands, --data; the old spellings
// (--option data=DIR, lab ab's --data-a) stay aliases and give the same games.
TEST_F(CliLab, DataIsTheOneNameOfTheDataFolderAndTheOldSpellingsAreAliases) {
  // The outputs without their timings ("0.006 s per game", "in 1.2 s").
  const auto untimed = [](const std::string& text) {
    return std::regex_replace(text, std::regex(R"([0-9.]+ s\b)"), "T s");
  };
  const std::string data = kLab + "/rise-tcg";
  const std::string sim = "sim rise-tcg " + kLabDecks + " --players random,random --games 4 --seed 2 ";
  const Outcome by_data = rise(sim + "--data " + data);
  ASSERT_EQ(by_data.exit_code, 0) << by_data.err;
  EXPECT_NE(by_data.out.find("champions"), std::string::npos) << by_data.out;
  EXPECT_EQ(untimed(rise(sim + "--option data=" + data).out), untimed(by_data.out));
  refused(sim + "--data " + data + " --option data=" + data, "--option data is given twice");

  const std::string cards = "lab cards rise-tcg " + kLabDecks + " --players random --games 2 --quiet --seed 2 ";
  const Outcome cards_by_data = rise(cards + "--data " + data);
  ASSERT_EQ(cards_by_data.exit_code, 0) << cards_by_data.err;
  EXPECT_EQ(untimed(rise(cards + "--option data=" + data).out), untimed(cards_by_data.out));

  const std::string ab = "lab ab rise-tcg " + kLabDecks + " --data-b " + data +
                         " --players random --max-games 4 --quiet --seed 2 ";
  const Outcome ab_by_data = rise(ab + "--data " + data);
  ASSERT_EQ(ab_by_data.exit_code, 0) << ab_by_data.err;
  EXPECT_EQ(untimed(rise(ab + "--data-a " + data).out), untimed(ab_by_data.out));

  const Outcome play = rise("play rise-tcg --players random,random --seed 1 --data " + data + " " + kLabDecks +
                            " --option turn_limit=2");
  EXPECT_EQ(play.exit_code, 0) << play.err;
}

// `rise lab tune` as a user runs it: a short search of the unbalanced cards writes the
// proposal as a patch that `rise lab ab --patch` accepts, the plot and the JSON; a bad tune
// file is refused naming its line, before any game.
TEST_F(CliLab, TuneWritesAPatchThatLabAbAccepts) {
  const std::string patch = file("proposal.patch.yaml").string();
  const Outcome o = rise("lab tune rise-tcg --data " + kLab + "/rise-tcg-unbalanced --tune " + kLab +
                         "/unbalanced.tune.yaml --players random --budget 4 --games 4 --confirm-games 12 --seed 2 --quiet"
                         " --out " + patch + " --plot " + file("search.svg").string() + " --json " + file("tune.json").string());
  ASSERT_EQ(o.exit_code, 0) << o.err;
  EXPECT_EQ(o.out.rfind("tune 2 numbers of rise-tcg by " + kLab + "/unbalanced.tune.yaml: target every deck's score against "
                        "the field in [30, 70]%\nsearch: 5 evaluations", 0), 0u) << o.out;
  EXPECT_NE(o.out.find("\ndeck       before (search seeds)"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("\nconfirmation on fresh seeds: "), std::string::npos) << o.out;
  // The A/B it suggests names the same cards.
  EXPECT_NE(o.out.find("patch written to " + patch + " (rise lab ab rise-tcg --data " + kLab + "/rise-tcg-unbalanced --patch " +
                       patch + ")\n"),
            std::string::npos)
      << o.out;
  const nlohmann::json j = nlohmann::json::parse(testing_files::read_text(file("tune.json")));
  EXPECT_EQ(j["evaluations"].size(), 5u);
  EXPECT_EQ(j["patch"], testing_files::read_text(patch));
  EXPECT_NE(testing_files::read_text(file("search.svg")).find("<svg"), std::string::npos);
  ASSERT_FALSE(j["changes"].empty()) << o.out;  // seed 2 proposes a change
  const Outcome ab = rise("lab ab rise-tcg --decks champions,scouts --data " + kLab + "/rise-tcg-unbalanced --patch " + patch +
                          " --players random --max-games 2 --quiet");
  EXPECT_EQ(ab.exit_code, 0) << ab.err;
  EXPECT_NE(ab.out.find("change: " + j["changes"][0]["card"].get<std::string>() + " "), std::string::npos) << ab.out;

  testing_files::write_text(file("bad.tune.yaml"), "parameters:\n  - {card: lab-champion, field: atack, min: 1, max: 6}\n"
                                                    "target: {field: [30, 70]}\n");
  const Outcome bad = rise("lab tune rise-tcg --data " + kLab + "/rise-tcg-unbalanced --tune " + file("bad.tune.yaml").string() +
                           " --players random --quiet");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_EQ(bad.err, "rise: error: " + file("bad.tune.yaml").string() +
                         ":2: field 'parameters[1].field': card 'lab-champion': the card has no field 'atack'\n");
  const Outcome greedy = rise("lab tune rise-tcg --data " + kLab + "/rise-tcg-unbalanced --tune " + kLab +
                              "/unbalanced.tune.yaml --players greedy --quiet");
  EXPECT_EQ(greedy.exit_code, 2);
  EXPECT_NE(greedy.err.find("--allow-omniscient"), std::string::npos) << greedy.err;
}

}  // namespace
}  // namespace rise::testing_cli
