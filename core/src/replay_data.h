// EmbeddedData: the card data embedded in a replay (Replay::data_files), written to a
// temporary folder for run_replay (replay_data.cpp).
#pragma once

#include <string>

#include "rise/core/replay.h"
#include "rise/core/types.h"

namespace rise {

class EmbeddedData {
 public:
  // Writes `replay`'s embedded files, if any, to a new temporary folder. Throws InputError
  // for a file name it may not write (absolute, "..", not *.yaml) before writing anything.
  explicit EmbeddedData(const Replay& replay);
  ~EmbeddedData();  // removes the folder
  EmbeddedData(const EmbeddedData&) = delete;
  EmbeddedData& operator=(const EmbeddedData&) = delete;

  // The replay's options, with `data` and its decks given as files pointing into the folder
  // when it has embedded data.
  const Options& options() const { return options_; }

 private:
  Options options_;
  std::string folder_;
};

}  // namespace rise
