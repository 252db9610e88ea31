// The MPI world of a `rise` process (docs/scale.md): started by an MPI launcher (Open MPI's
// mpirun or mpiexec, Slurm's srun), `rise sim` splits its games across the ranks; started
// any other way, the world is this one process (rank 0 of 1) and MPI is never initialised.
// Only the main thread calls these functions (MPI_THREAD_FUNNELED).
#pragma once

#include <string>
#include <vector>

namespace rise::lab::mpi {

// Initialises MPI when the environment shows an MPI launcher started this process
// (OMPI_COMM_WORLD_SIZE, PMI_SIZE or PMIX_RANK set) and MPI support was built in
// (RISE_WITH_MPI); otherwise does nothing. Call once, first thing in main().
void init(int* argc, char*** argv);

// Ends MPI if init() started it. Call once before main() returns.
void finalize();

// This process's rank in [0, size()); 0 without MPI.
int rank();

// The number of ranks; 1 without MPI.
int size();

// Every rank's `text`, in rank order, at rank 0; an empty list at the other ranks.
// Collective: every rank must call it.
std::vector<std::string> gather(const std::string& text);

// Whether `ok` holds on every rank (a logical AND over the ranks, known to all of them):
// a check that fails on one rank (an unwritable file) stops them all, not just that one,
// which would leave the others waiting for it. Collective: every rank must call it.
bool all_agree(bool ok);

// Rank `from` -> rank 0: this rank has finished `done` of its games; `last` marks its
// final report. Never blocks for long (a small message).
void send_progress(int done, bool last);

// At rank 0: the progress reports that have arrived, as (rank, done, last) triples,
// without waiting.
struct Progress {
  int rank = 0;
  int done = 0;
  bool last = false;
};
std::vector<Progress> receive_progress();

// Ends every rank with `code` (MPI_Abort) after an error on this one; without MPI, does
// nothing (the caller returns normally).
void abort_all(int code);

}  // namespace rise::lab::mpi
