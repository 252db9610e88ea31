// Plays the games of a long run (`rise sim`, `rise sim --round-robin`) by index on threads
// and, under mpirun, across MPI ranks (lab/mpi_world.h), with an optional checkpoint
// (lab/checkpoint.h). Game i is played by rank i mod size; rank 0 reports progress and
// gathers every record, so the result depends only on the games, never on how many
// threads, ranks or restarts played them (docs/scale.md).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "rise/ai/match.h"

namespace rise::lab {

struct DistributedRun {
  int total = 0;                 // games 0..total-1
  int threads = 1;               // worker threads per rank
  std::string checkpoint;        // --checkpoint FILE, empty for none
  nlohmann::json settings;       // what identifies the run in its checkpoint
  // Plays game `index` (from worker threads, in parallel); an exception stops the run.
  std::function<ai::GameRecord(int index)> play;
  // After each game played by this rank, from worker threads one at a time (e.g. to write
  // its replay); may be empty.
  std::function<void(const ai::GameRecord&)> on_game;
  // At rank 0, from the main thread: games finished so far on every rank (checkpointed
  // games included) out of `total`; may be empty.
  std::function<void(int done, int total)> progress;
};

// Thrown on a rank whose checkpoint was fine when another rank's was not: that rank says
// why, this one should end with exit status 2 without a word (the CLI's main does).
struct OtherRankFailed {};

// Plays every game of `run` not already in its checkpoint. At rank 0 returns the record of
// every game, by index (played here, on another rank, or read from the checkpoint); at the
// other ranks, an empty list. Throws InputError for a bad checkpoint file, and what `play`
// throws, and OtherRankFailed; under MPI with more than one rank, an error on one rank is printed there
// ("rise: error: rank K: ...") and ends every rank with exit status 2.
std::vector<ai::GameRecord> run_distributed(const DistributedRun& run);

}  // namespace rise::lab
