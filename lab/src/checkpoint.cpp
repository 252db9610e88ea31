#include "rise/lab/checkpoint.h"

#include <algorithm>
#include <filesystem>
#include <set>

#include "rise/core/error.h"
#include "rise/core/files.h"
#include "rise/core/json_io.h"

namespace rise::lab {
namespace {

namespace fs = std::filesystem;

const char* const kFormat = "rise-sim-checkpoint";

// The largest checkpoint read: about 8 million games of lines near 130 bytes.
constexpr size_t kCheckpointFileLimit = size_t{1} << 30;  // 1 GiB

nlohmann::json header_of(const nlohmann::json& run) { return {{"format", kFormat}, {"version", 1}, {"run", run}}; }

// path and every path.rank<K> beside it that exists, sorted.
std::vector<std::string> checkpoint_files(const std::string& path) {
  std::vector<std::string> files;
  std::error_code ec;
  if (fs::is_regular_file(path, ec)) files.push_back(path);
  const fs::path p(path);
  const fs::path dir = p.parent_path().empty() ? fs::path(".") : p.parent_path();
  const std::string prefix = p.filename().string() + ".rank";
  std::vector<std::string> ranks;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    const std::string name = entry.path().filename().string();
    if (name.size() > prefix.size() && name.compare(0, prefix.size(), prefix) == 0 &&
        std::all_of(name.begin() + static_cast<long>(prefix.size()), name.end(), [](char c) { return c >= '0' && c <= '9'; })) {
      ranks.push_back((p.parent_path() / name).string());
    }
  }
  std::sort(ranks.begin(), ranks.end());
  files.insert(files.end(), ranks.begin(), ranks.end());
  return files;
}

}  // namespace

nlohmann::json record_to_json(const ai::GameRecord& r) {
  return {{"index", r.index},   {"seed", r.seed},       {"seat_player", r.seat_player},
          {"returns", r.returns}, {"turns", r.turns},   {"starting_player", r.starting_player},
          {"actions", r.actions}, {"seconds", r.seconds},   {"end", ai::game_end_to_json(r.end)}};
}

ai::GameRecord record_from_json(const nlohmann::json& j, const std::string& where) {
  ai::GameRecord r;
  try {
    r.index = j.at("index").get<int>();
    r.seed = j.at("seed").get<uint64_t>();
    r.seat_player = j.at("seat_player").get<std::vector<int>>();
    r.returns = j.at("returns").get<std::vector<double>>();
    r.turns = j.at("turns").get<int>();
    r.starting_player = j.at("starting_player").get<int>();
    r.actions = j.at("actions").get<int>();
    r.seconds = j.at("seconds").get<double>();
    if (j.contains("end")) r.end = ai::game_end_from_json(j.at("end"));  // absent before 2026-12-07
  } catch (const nlohmann::json::exception& e) {
    throw InputError(where + ": not a game record (" + e.what() + ")");
  }
  if (r.seat_player.size() != r.returns.size()) {
    throw InputError(where + ": not a game record (seat_player and returns differ in length)");
  }
  return r;
}

std::string checkpoint_file(const std::string& path, int rank, int size) {
  return size <= 1 ? path : path + ".rank" + std::to_string(rank);
}

std::vector<ai::GameRecord> read_checkpoint(const std::string& path, const nlohmann::json& run, int total) {
  std::vector<ai::GameRecord> out;
  std::set<int> seen;
  const nlohmann::json header = header_of(run);
  for (const std::string& file : checkpoint_files(path)) {
    const std::string text = read_file(file, kCheckpointFileLimit, "checkpoint");
    size_t pos = 0;
    int line = 0;
    while (pos < text.size()) {
      const size_t end = text.find('\n', pos);
      ++line;
      if (end == std::string::npos) break;  // cut short by a kill: that game is played again
      const std::string where = file + ":" + std::to_string(line);
      const nlohmann::json j = parse_json(text.substr(pos, end - pos), where);
      pos = end + 1;
      if (line == 1) {
        if (j != header) {
          throw InputError(where + ": a checkpoint of another run (its game, options, players, seed or game count "
                           "differ); give another --checkpoint file, or delete this one to start over");
        }
        continue;
      }
      ai::GameRecord r = record_from_json(j, where);
      if (r.index < 0 || r.index >= total) {
        throw InputError(where + ": game index " + std::to_string(r.index) + " is outside the run's " +
                         std::to_string(total) + " games");
      }
      if (!seen.insert(r.index).second) throw InputError(where + ": game " + std::to_string(r.index) + " is recorded twice");
      out.push_back(std::move(r));
    }
  }
  return out;
}

CheckpointWriter::CheckpointWriter(const std::string& file, const nlohmann::json& run) : file_(file) {
  std::error_code ec;
  const bool fresh = !fs::exists(file, ec) || fs::file_size(file, ec) == 0;
  if (!fresh) {  // a last line cut short by a kill is dropped, so that the file stays whole
    const std::string text = read_file(file, kCheckpointFileLimit, "checkpoint");
    if (!text.empty() && text.back() != '\n') {
      fs::resize_file(file, text.rfind('\n') == std::string::npos ? 0 : text.rfind('\n') + 1, ec);
      if (ec) throw InputError(file + ": cannot repair the checkpoint: " + ec.message());
    }
  }
  out_.open(file, std::ios::app | std::ios::binary);
  if (!out_) throw InputError(file + ": cannot write the checkpoint file");
  if (fresh || fs::file_size(file, ec) == 0) {
    out_ << header_of(run).dump() << '\n' << std::flush;
    if (!out_) throw InputError(file + ": cannot write the checkpoint file");
  }
}

void CheckpointWriter::append(const ai::GameRecord& record) {
  const std::string line = record_to_json(record).dump() + '\n';
  std::lock_guard<std::mutex> lock(mutex_);
  out_ << line << std::flush;
  if (!out_) throw InputError(file_ + ": writing the checkpoint failed (disk full?)");
}

}  // namespace rise::lab
