// `rise sim --checkpoint FILE` (docs/scale.md): every finished game's record, so that a long
// run that stops (a crash, a kill, a lost machine) can start again without playing those
// games again. The file holds a header line naming the run, then one JSON line per game;
// under MPI each rank writes FILE.rank<K> beside it. docs/formats.md, "checkpoint".
#pragma once

#include <fstream>
#include <mutex>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "rise/ai/match.h"

namespace rise::lab {

// A game's record as a checkpoint line holds it (no replay), and back. Throws InputError
// (naming `where`) for a line that is not such a record.
nlohmann::json record_to_json(const ai::GameRecord& record);
ai::GameRecord record_from_json(const nlohmann::json& j, const std::string& where);

// The records of the run `run` (its settings, as JSON) found in the checkpoint `path` and
// in its per-rank files path.rank<K>, in file order; none if no such file exists. A last
// line cut short (the run was killed while writing it) is ignored. Throws InputError
// naming the file and line for a file of another run (a different header) or a line that
// is not a record, and for an index outside [0, total) or found twice.
std::vector<ai::GameRecord> read_checkpoint(const std::string& path, const nlohmann::json& run, int total);

// The checkpoint file this process writes: `path` alone, path.rank<K> for rank K of a
// world of more than one rank.
std::string checkpoint_file(const std::string& path, int rank, int size);

// Appends records to a checkpoint file; thread-safe. Each record is one line, flushed
// before append() returns.
class CheckpointWriter {
 public:
  // Opens `file` for appending, writing the header of `run` if it is new or empty. Throws
  // InputError if it cannot be written.
  CheckpointWriter(const std::string& file, const nlohmann::json& run);

  // Adds one game. Throws InputError if the write fails (a full disk).
  void append(const ai::GameRecord& record);

 private:
  std::string file_;
  std::ofstream out_;
  std::mutex mutex_;
};

}  // namespace rise::lab
