// `rise sim` across threads, MPI ranks and restarts (issue 17, docs/scale.md): for a seed and
// a game count the summary files are byte-identical however the games were played — on 1
// or 3 threads, on 1, 2 or 4 MPI ranks (real `mpirun` of Debian's Open MPI, on loopback
// with --oversubscribe), or in two runs of which the first was killed midway and the
// second continued from its --checkpoint.
#include <signal.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <thread>

#include "cli_run.h"

namespace rise::testing_cli {
namespace {

using testing_files::read_text;
using testing_files::write_text;

// mpirun as this machine's tests run it: as root if need be, N ranks on loopback, ranks
// beyond the cores allowed, no single-copy shared memory (containers forbid ptrace). The
// sanitizer tree's leak report is off: Open MPI keeps memory until exit on purpose.
std::string mpirun(int ranks) {
  return "OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_btl_vader_single_copy_mechanism=none "
         "OMPI_MCA_rmaps_base_oversubscribe=1 ASAN_OPTIONS=detect_leaks=0 mpirun --oversubscribe -n " +
         std::to_string(ranks);
}

// The number of lines of a file.
size_t lines_of(const fs::path& path) {
  const std::string text = read_text(path);
  return static_cast<size_t>(std::count(text.begin(), text.end(), '\n'));
}

class CliScale : public CliRun {
 protected:
  // `rise sim` of raise-rise-die, 24 games, writing OUT.json and OUT.csv; `prefix` runs it
  // under mpirun, `extra` adds flags.
  Outcome sim(const std::string& out, const std::string& prefix = "", const std::string& extra = "") const {
    return run("sim raise-rise-die --players greedy,random --games 24 --seed 5 --quiet --json " +
                   shell_quoted(file(out + ".json").string()) + " --csv " + shell_quoted(file(out + ".csv").string()) +
                   " " + extra,
               "/dev/null", prefix);
  }
};

TEST_F(CliScale, MpirunIsInstalled) {
  const Outcome o = run("--version", "/dev/null", "", "mpirun");
  ASSERT_EQ(o.exit_code, 0) << "mpirun (Open MPI, Debian's openmpi-bin) is missing: run scripts/install-deps.sh\n"
                            << o.err;
  EXPECT_NE(o.out.find("Open MPI"), std::string::npos) << o.out;
}

TEST_F(CliScale, SimSummaryIsByteIdenticalOnThreadsAndRanks) {
  const Outcome one = sim("one");
  ASSERT_EQ(one.exit_code, 0) << one.err;
  const std::string json = read_text(file("one.json"));
  const std::string csv = read_text(file("one.csv"));
  ASSERT_NE(json.find("\"games\": 24"), std::string::npos) << json;
  EXPECT_EQ(lines_of(file("one.csv")), 25u);

  const Outcome threads = sim("threads", "", "--threads 3");
  ASSERT_EQ(threads.exit_code, 0) << threads.err;
  EXPECT_EQ(read_text(file("threads.json")), json);
  EXPECT_EQ(read_text(file("threads.csv")), csv);

  for (int ranks : {1, 2, 4}) {
    const std::string name = "ranks" + std::to_string(ranks);
    const Outcome o = sim(name, mpirun(ranks));
    ASSERT_EQ(o.exit_code, 0) << ranks << " ranks: " << o.err;
    EXPECT_EQ(read_text(file(name + ".json")), json) << ranks << " ranks";
    EXPECT_EQ(read_text(file(name + ".csv")), csv) << ranks << " ranks";
    // Rank 0 alone prints the summary, naming the ranks, under the one note on greedy (it
    // reads hidden cards, docs/ai.md).
    EXPECT_EQ(o.out.find("24 games of raise-rise-die"), o.out.rfind("24 games of raise-rise-die")) << o.out;
    EXPECT_EQ(o.out.rfind("note: greedy reads hidden information", 0), 0u) << o.out;
    EXPECT_EQ(o.out.find("hidden information"), o.out.rfind("hidden information")) << o.out;
    if (ranks > 1) EXPECT_NE(o.out.find("on each of " + std::to_string(ranks) + " MPI ranks"), std::string::npos);
  }
}

TEST_F(CliScale, RoundRobinIsByteIdenticalOnRanks) {
  const std::string decks = shell_quoted(RISE_SOURCE_DIR "/data/raise-rise-die/decks");
  auto round_robin = [&](const std::string& out, const std::string& prefix) {
    return run("sim raise-rise-die --round-robin " + decks + " --players greedy --games 4 --seed 9 --quiet --json " +
                   shell_quoted(file(out + ".json").string()) + " --csv " + shell_quoted(file(out + ".csv").string()),
               "/dev/null", prefix);
  };
  const Outcome one = round_robin("one", "");
  ASSERT_EQ(one.exit_code, 0) << one.err;
  const Outcome two = round_robin("two", mpirun(2));
  ASSERT_EQ(two.exit_code, 0) << two.err;
  const Outcome four = round_robin("four", mpirun(4));
  ASSERT_EQ(four.exit_code, 0) << four.err;
  const std::string json = read_text(file("one.json"));
  ASSERT_NE(json.find("\"games\": 12"), std::string::npos) << json;  // 3 pairs of 4
  EXPECT_EQ(read_text(file("two.json")), json);
  EXPECT_EQ(read_text(file("four.json")), json);
  EXPECT_EQ(read_text(file("four.csv")), read_text(file("one.csv")));
}

// A run killed midway (SIGKILL, as a lost machine) and started again with the same
// arguments and checkpoint continues where it stopped and gives the uninterrupted run's
// summary; so does a continuation on 2 MPI ranks.
TEST_F(CliScale, AKilledRunContinuesFromItsCheckpoint) {
  const std::string args = "sim dark-legacy --players greedy,greedy --games 30 --seed 3 --quiet";
  const Outcome whole = run(args + " --json " + shell_quoted(file("whole.json").string()));
  ASSERT_EQ(whole.exit_code, 0) << whole.err;

  const fs::path checkpoint = file("run.checkpoint");
  const std::string resumable = args + " --checkpoint " + shell_quoted(checkpoint.string());
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    const std::string command = "exec " + shell_quoted(kRise) + " " + resumable + " >/dev/null 2>&1";
    execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  // Killed once a few games are recorded (header + 3 lines), well before the 30th.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
  while (lines_of(checkpoint) < 4 && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  kill(child, SIGKILL);
  int status = 0;
  waitpid(child, &status, 0);
  const size_t recorded = lines_of(checkpoint);
  ASSERT_GE(recorded, 4u) << "no game was recorded in time";
  ASSERT_LT(recorded, 31u) << "the run ended before it was killed: make it longer";

  const Outcome resumed = run(resumable + " --json " + shell_quoted(file("resumed.json").string()));
  ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
  EXPECT_EQ(read_text(file("resumed.json")), read_text(file("whole.json")));
  EXPECT_EQ(lines_of(checkpoint), 31u) << "header and the 30 games, none twice";

  // The finished checkpoint again, now on 2 ranks: nothing left to play, same summary.
  const Outcome again = run(resumable + " --json " + shell_quoted(file("again.json").string()), "/dev/null", mpirun(2));
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(read_text(file("again.json")), read_text(file("whole.json")));
}

TEST_F(CliScale, ACheckpointOfAnotherRunOrABrokenLineIsRefused) {
  const fs::path checkpoint = file("c.checkpoint");
  const std::string quoted = shell_quoted(checkpoint.string());
  ASSERT_EQ(rise("sim raise-rise-die --players random,random --games 4 --quiet --checkpoint " + quoted).exit_code, 0);
  // Another seed is another run.
  refused("sim raise-rise-die --players random,random --games 4 --seed 2 --quiet --checkpoint " + quoted,
          "c.checkpoint:1: a checkpoint of another run");
  // A line in the middle that is not a game record.
  std::string text = read_text(checkpoint);
  text.insert(text.find('\n') + 1, "{\"index\": \"x\"}\n");
  write_text(checkpoint, text);
  refused("sim raise-rise-die --players random,random --games 4 --quiet --checkpoint " + quoted,
          "c.checkpoint:2: not a game record");
  refused("sim dark-legacy --players random,random --games 2 --heroes A,B --record --checkpoint " + quoted,
          "--record cannot be combined with --checkpoint");
}

}  // namespace
}  // namespace rise::testing_cli
