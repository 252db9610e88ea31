#include "rise/lab/mpi_world.h"

#include <cstdio>
#include <cstdlib>

#ifdef RISE_WITH_MPI
#include <mpi.h>
#endif

namespace rise::lab::mpi {
namespace {

bool g_active = false;
int g_rank = 0;
int g_size = 1;

// Whether an MPI launcher started this process: Open MPI's mpirun, PMI (MPICH, Slurm's
// srun) or PMIx set these.
bool launched_by_mpi() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK"}) {
    const char* v = std::getenv(name);
    if (v != nullptr && *v != '\0') return true;
  }
  return false;
}

#ifdef RISE_WITH_MPI
constexpr int kProgressTag = 17;
#endif

}  // namespace

void init(int* argc, char*** argv) {
#ifdef RISE_WITH_MPI
  if (!launched_by_mpi()) return;
  int provided = 0;
  MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided);
  g_active = true;
  MPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
  MPI_Comm_size(MPI_COMM_WORLD, &g_size);
#else
  (void)argc;
  (void)argv;
  // Launched as one of several ranks, a build without MPI would play every game in every
  // rank and write the same files at once: refuse.
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE"}) {
    const char* v = std::getenv(name);
    if (launched_by_mpi() && v != nullptr && std::atoi(v) > 1) {
      std::fprintf(stderr, "rise: error: started as one of %s MPI ranks, but this rise was built without MPI "
                           "(install libopenmpi-dev and build again, docs/scale.md)\n", v);
      std::exit(2);
    }
  }
#endif
}

void finalize() {
#ifdef RISE_WITH_MPI
  if (g_active) MPI_Finalize();
  g_active = false;
#endif
}

int rank() { return g_rank; }
int size() { return g_size; }

std::vector<std::string> gather(const std::string& text) {
  if (!g_active) return {text};
#ifdef RISE_WITH_MPI
  int length = static_cast<int>(text.size());
  std::vector<int> lengths(g_rank == 0 ? static_cast<size_t>(g_size) : 0);
  MPI_Gather(&length, 1, MPI_INT, lengths.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
  std::vector<int> offsets(lengths.size());
  std::string all;
  if (g_rank == 0) {
    size_t total = 0;
    for (size_t r = 0; r < lengths.size(); ++r) {
      offsets[r] = static_cast<int>(total);
      total += static_cast<size_t>(lengths[r]);
    }
    all.resize(total);
  }
  MPI_Gatherv(text.data(), length, MPI_CHAR, all.data(), lengths.data(), offsets.data(), MPI_CHAR, 0,
              MPI_COMM_WORLD);
  std::vector<std::string> out;
  for (size_t r = 0; r < lengths.size(); ++r) {
    out.push_back(all.substr(static_cast<size_t>(offsets[r]), static_cast<size_t>(lengths[r])));
  }
  return out;
#else
  return {text};
#endif
}

bool all_agree(bool ok) {
#ifdef RISE_WITH_MPI
  if (!g_active) return ok;
  int mine = ok ? 1 : 0, all = 0;
  MPI_Allreduce(&mine, &all, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
  return all != 0;
#else
  return ok;
#endif
}

void send_progress(int done, bool last) {
#ifdef RISE_WITH_MPI
  if (!g_active || g_rank == 0) return;
  int message[2] = {done, last ? 1 : 0};
  MPI_Send(message, 2, MPI_INT, 0, kProgressTag, MPI_COMM_WORLD);
#else
  (void)done;
  (void)last;
#endif
}

std::vector<Progress> receive_progress() {
  std::vector<Progress> out;
#ifdef RISE_WITH_MPI
  if (!g_active || g_rank != 0) return out;
  for (;;) {
    int flag = 0;
    MPI_Status status;
    MPI_Iprobe(MPI_ANY_SOURCE, kProgressTag, MPI_COMM_WORLD, &flag, &status);
    if (!flag) break;
    int message[2] = {0, 0};
    MPI_Recv(message, 2, MPI_INT, status.MPI_SOURCE, kProgressTag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    out.push_back({status.MPI_SOURCE, message[0], message[1] != 0});
  }
#endif
  return out;
}

void abort_all(int code) {
#ifdef RISE_WITH_MPI
  if (g_active) MPI_Abort(MPI_COMM_WORLD, code);
#else
  (void)code;
#endif
}

}  // namespace rise::lab::mpi
