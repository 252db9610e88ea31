#include "rise/lab/distributed_run.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <iostream>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

#include "rise/lab/checkpoint.h"
#include "rise/lab/mpi_world.h"
#include "rise/ai/parallel.h"
#include "rise/core/error.h"
#include "rise/core/json_io.h"

namespace rise::lab {
namespace {

// How often the main thread reports progress (to rank 0, or on the terminal).
constexpr auto kProgressEvery = std::chrono::milliseconds(200);

// This rank's games to play: those of index i with i mod size == rank, not already done.
std::vector<int> games_of_this_rank(int total, const std::vector<ai::GameRecord>& done) {
  std::vector<char> finished(static_cast<size_t>(total), 0);
  for (const ai::GameRecord& r : done) finished[static_cast<size_t>(r.index)] = 1;
  std::vector<int> out;
  for (int i = mpi::rank(); i < total; i += mpi::size()) {
    if (!finished[static_cast<size_t>(i)]) out.push_back(i);
  }
  return out;
}

// Rank 0's view of every rank's progress: games done by each, and which have finished.
struct Tally {
  std::vector<int> done;
  std::vector<char> last;
  int sum() const {
    int s = 0;
    for (int d : done) s += d;
    return s;
  }
  bool all_last() const { return std::all_of(last.begin() + 1, last.end(), [](char c) { return c != 0; }); }
  void add(const std::vector<mpi::Progress>& reports) {
    for (const mpi::Progress& p : reports) {
      done[static_cast<size_t>(p.rank)] = p.done;
      if (p.last) last[static_cast<size_t>(p.rank)] = 1;
    }
  }
};

}  // namespace

std::vector<ai::GameRecord> run_distributed(const DistributedRun& run) {
  std::vector<ai::GameRecord> earlier;
  std::optional<CheckpointWriter> writer;
  std::string failure;  // the checkpoint is read and opened by every rank: all go on, or none
  try {
    if (!run.checkpoint.empty()) {
      earlier = read_checkpoint(run.checkpoint, run.settings, run.total);
      writer.emplace(checkpoint_file(run.checkpoint, mpi::rank(), mpi::size()), run.settings);
    }
  } catch (const InputError& e) {
    failure = e.what();
  }
  if (!mpi::all_agree(failure.empty())) {
    if (!failure.empty()) throw InputError(failure);
    throw OtherRankFailed{};  // another rank says why
  }
  const std::vector<int> mine = games_of_this_rank(run.total, earlier);

  // Worker threads play this rank's games; the main thread reports progress.
  std::vector<ai::GameRecord> played(mine.size());
  std::atomic<int> local_done{0};
  std::mutex mutex;
  std::condition_variable finished_cv;
  bool finished = false;
  std::exception_ptr error;
  std::thread pool_owner([&]() {
    try {
      ai::parallel_for(static_cast<int>(mine.size()), run.threads, [&](int k) {
        ai::GameRecord& record = played[static_cast<size_t>(k)];
        record = run.play(mine[static_cast<size_t>(k)]);
        if (writer) writer->append(record);
        std::lock_guard<std::mutex> lock(mutex);
        if (run.on_game) run.on_game(record);
        ++local_done;
      });
    } catch (...) {
      error = std::current_exception();
    }
    std::lock_guard<std::mutex> lock(mutex);
    finished = true;
    finished_cv.notify_all();
  });

  const int ranks = mpi::size();
  Tally tally{std::vector<int>(static_cast<size_t>(ranks), 0), std::vector<char>(static_cast<size_t>(ranks), 0)};
  const int earlier_count = static_cast<int>(earlier.size());
  int reported = -1;
  auto report = [&]() {
    const int now = local_done.load();
    if (mpi::rank() != 0) {
      if (now != reported) mpi::send_progress(now, false);
    } else {
      tally.done[0] = now;
      tally.add(mpi::receive_progress());
      if (run.progress && tally.sum() != reported) run.progress(earlier_count + tally.sum(), run.total);
    }
    reported = mpi::rank() != 0 ? now : tally.sum();
  };
  {
    std::unique_lock<std::mutex> lock(mutex);
    while (!finished_cv.wait_for(lock, kProgressEvery, [&] { return finished; })) {
      lock.unlock();
      report();
      lock.lock();
    }
  }
  pool_owner.join();
  if (error) {
    if (ranks > 1) {
      try {
        std::rethrow_exception(error);
      } catch (const std::exception& e) {
        std::cerr << "rise: error: rank " << mpi::rank() << ": " << e.what() << "\n";
      }
      mpi::abort_all(2);
    }
    std::rethrow_exception(error);
  }
  report();
  if (mpi::rank() != 0) {
    mpi::send_progress(local_done.load(), true);
  } else {
    while (ranks > 1 && !tally.all_last()) {  // every rank's final report, before gathering
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
      tally.add(mpi::receive_progress());
      if (run.progress) run.progress(earlier_count + tally.sum(), run.total);
    }
  }

  // Rank 0 gathers every rank's records (JSON lines) and merges them with the checkpoint's.
  std::string lines;
  if (ranks > 1) {
    for (const ai::GameRecord& r : played) lines += record_to_json(r).dump() + '\n';
  }
  const std::vector<std::string> all = mpi::gather(lines);
  if (mpi::rank() != 0) return {};
  std::vector<ai::GameRecord> records(static_cast<size_t>(run.total));
  std::vector<char> have(static_cast<size_t>(run.total), 0);
  auto place = [&](ai::GameRecord r) {
    if (r.index < 0 || r.index >= run.total || have[static_cast<size_t>(r.index)]) {
      throw InputError("game " + std::to_string(r.index) + " was reported twice or is out of range (a checkpoint of "
                       "this run was changed while it ran?)");
    }
    have[static_cast<size_t>(r.index)] = 1;
    records[static_cast<size_t>(r.index)] = std::move(r);
  };
  for (ai::GameRecord& r : earlier) place(std::move(r));
  if (ranks == 1) {
    for (ai::GameRecord& r : played) place(std::move(r));  // with their replays, if any
  } else {
    for (size_t rank = 0; rank < all.size(); ++rank) {
      size_t pos = 0;
      while (pos < all[rank].size()) {
        const size_t end = all[rank].find('\n', pos);
        const std::string where = "records of rank " + std::to_string(rank);
        place(record_from_json(parse_json(all[rank].substr(pos, end - pos), where), where));
        pos = end + 1;
      }
    }
  }
  for (int i = 0; i < run.total; ++i) {
    if (!have[static_cast<size_t>(i)]) throw InputError("game " + std::to_string(i) + " was not played");
  }
  return records;
}

}  // namespace rise::lab
