#include "rise/ai/network.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cmath>
#include <cstring>
#include <fstream>
#include <map>
#include <mutex>

#include "rise/core/error.h"
#include "rise/core/install_dirs.h"

namespace rise::ai {

static_assert(std::endian::native == std::endian::little, "weights files are little-endian float32");

namespace {

constexpr const char* kMagic = "RISE-NET 1";
constexpr int kMaxObservation = 1'000'000;
constexpr int kMaxWidth = 4096;
constexpr int kMaxActions = 100'000;

// The header field `key` of `header` as an integer in [min, max]; else InputError.
int header_int(const nlohmann::json& header, const char* key, int min, int max, const std::string& source) {
  auto it = header.find(key);
  if (it == header.end()) throw InputError(source + ": the header has no '" + key + "'");
  if (!it->is_number_integer() || it->get<int64_t>() < min || it->get<int64_t>() > max) {
    throw InputError(source + ": header field '" + key + "' is " + it->dump() + ", not an integer in [" +
                     std::to_string(min) + ", " + std::to_string(max) + "]");
  }
  return it->get<int>();
}

NetworkInfo parse_header(const std::string& line, const std::string& source) {
  nlohmann::json header;
  try {
    header = nlohmann::json::parse(line);
  } catch (const nlohmann::json::parse_error& e) {
    throw InputError(source + ": line 2 (the header) is not JSON: " + e.what());
  }
  if (!header.is_object()) throw InputError(source + ": line 2 (the header) is not a JSON object");
  NetworkInfo info;
  auto game = header.find("game");
  if (game == header.end() || !game->is_string() || game->get<std::string>().empty()) {
    throw InputError(source + ": the header has no 'game' (the game id the network was trained for)");
  }
  info.game = game->get<std::string>();
  info.observation_size = header_int(header, "observation_size", 1, kMaxObservation, source);
  info.observation_version = header_int(header, "observation_version", 1, 1'000'000, source);
  info.num_distinct_actions =
      header.contains("num_distinct_actions") ? header_int(header, "num_distinct_actions", 0, kMaxActions, source) : 0;
  auto hidden = header.find("hidden");
  if (hidden == header.end() || !hidden->is_array() || hidden->empty() || hidden->size() > 16) {
    throw InputError(source + ": header field 'hidden' must list 1 to 16 hidden layer widths");
  }
  for (const auto& w : *hidden) {
    if (!w.is_number_integer() || w.get<int64_t>() < 1 || w.get<int64_t>() > kMaxWidth) {
      throw InputError(source + ": hidden layer width " + w.dump() + " is not an integer in [1, " +
                       std::to_string(kMaxWidth) + "]");
    }
    info.hidden.push_back(w.get<int>());
  }
  if (header.contains("base")) {
    if (header["base"] != "evaluation") {
      throw InputError(source + ": header field 'base' is " + header["base"].dump() +
                       "; the only base is \"evaluation\" (the game's own evaluation)");
    }
    info.adds_evaluation = true;
  }
  info.provenance = header.value("provenance", nlohmann::json::object());
  if (!info.provenance.is_object()) throw InputError(source + ": header field 'provenance' must be an object");
  return info;
}

}  // namespace

size_t Network::weight_count(const NetworkInfo& info) {
  if (info.observation_size < 1 || info.observation_size > kMaxObservation || info.hidden.empty() ||
      info.num_distinct_actions < 0 || info.num_distinct_actions > kMaxActions) {
    throw InputError("network shape out of range: observation_size " + std::to_string(info.observation_size) +
                     ", " + std::to_string(info.hidden.size()) + " hidden layers, " +
                     std::to_string(info.num_distinct_actions) + " actions");
  }
  size_t count = 0;
  size_t in = static_cast<size_t>(info.observation_size);
  for (int w : info.hidden) {
    if (w < 1 || w > kMaxWidth) throw InputError("network hidden width " + std::to_string(w) + " out of range");
    count += in * static_cast<size_t>(w) + static_cast<size_t>(w);
    in = static_cast<size_t>(w);
  }
  count += in + 1;  // value head
  count += static_cast<size_t>(info.num_distinct_actions) * (in + 1);
  return count;
}

std::shared_ptr<const Network> Network::from_parts(const NetworkInfo& info, std::vector<float> weights,
                                                   const std::string& source) {
  size_t expected = 0;
  try {
    expected = weight_count(info);
  } catch (const InputError& e) {
    throw InputError(source + ": " + e.what());
  }
  if (weights.size() != expected) {
    throw InputError(source + ": holds " + std::to_string(weights.size()) + " weights, but its shape needs " +
                     std::to_string(expected) + (weights.size() < expected ? " (truncated)" : " (extra data)"));
  }
  for (size_t i = 0; i < weights.size(); ++i) {
    if (!std::isfinite(weights[i])) {
      throw InputError(source + ": weight " + std::to_string(i) + " is not a finite number");
    }
  }
  std::shared_ptr<Network> net(new Network());
  net->info_ = info;
  net->source_ = source;
  net->weights_ = std::move(weights);
  const float* p = net->weights_.data();
  int in = info.observation_size;
  for (int w : info.hidden) {
    Layer layer{in, w, p, p + static_cast<size_t>(in) * static_cast<size_t>(w)};
    p += static_cast<size_t>(in) * static_cast<size_t>(w) + static_cast<size_t>(w);
    net->layers_.push_back(layer);
    net->widest_ = std::max(net->widest_, static_cast<size_t>(w));
    in = w;
  }
  net->value_w_ = p;
  net->value_b_ = p[in];
  p += in + 1;
  if (info.num_distinct_actions > 0) {
    net->policy_w_ = p;
    net->policy_b_ = p + static_cast<size_t>(info.num_distinct_actions) * static_cast<size_t>(in);
  }
  return net;
}

std::shared_ptr<const Network> Network::load(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path + ": cannot read the network weights file");
  std::string magic, header;
  std::getline(in, magic);
  if (magic != kMagic) {
    throw InputError(path + ": not a network weights file (its first line must be '" + std::string(kMagic) + "')");
  }
  if (!std::getline(in, header)) throw InputError(path + ": the header line is missing");
  NetworkInfo info = parse_header(header, path);
  const size_t expected = weight_count(info);  // parse_header checked every range it checks
  const std::streampos start = in.tellg();
  in.seekg(0, std::ios::end);
  const auto bytes = static_cast<size_t>(in.tellg() - start);
  in.seekg(start);
  if (bytes != expected * sizeof(float)) {
    throw InputError(path + ": holds " + std::to_string(bytes) + " bytes of weights, but its header's shape needs " +
                     std::to_string(expected * sizeof(float)) + " (" + std::to_string(expected) + " float32)" +
                     (bytes < expected * sizeof(float) ? ": the file is truncated" : ": extra bytes at the end"));
  }
  std::vector<float> weights(expected);
  in.read(reinterpret_cast<char*>(weights.data()), static_cast<std::streamsize>(bytes));
  if (!in) throw InputError(path + ": cannot read the weights");
  return from_parts(info, std::move(weights), path);
}

std::shared_ptr<const Network> Network::load_cached(const std::string& path) {
  static std::mutex mutex;
  static std::map<std::string, std::shared_ptr<const Network>> cache;
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = cache.find(path);
    if (it != cache.end()) return it->second;
  }
  std::shared_ptr<const Network> net = load(path);
  std::lock_guard<std::mutex> lock(mutex);
  return cache.emplace(path, std::move(net)).first->second;
}

void Network::check_fits(const Game& game, int num_players) const {
  const std::string& id = game.info().id;
  if (info_.game != id) {
    throw InputError(source_ + ": a network for " + info_.game + ", not for " + id);
  }
  const LearningSpec spec = game.learning_spec(Options{}, num_players);
  if (static_cast<size_t>(info_.observation_size) != spec.observation_size() ||
      info_.observation_version != spec.observation_version) {
    throw InputError(source_ + ": trained on " + id + "'s observation tensor version " +
                     std::to_string(info_.observation_version) + " of " + std::to_string(info_.observation_size) +
                     " floats; this engine's is version " + std::to_string(spec.observation_version) + " of " +
                     std::to_string(spec.observation_size()) + " floats (train it again: make train GAME=" + id + ")");
  }
  if (info_.adds_evaluation && !game.info().has_evaluation) {
    throw InputError(source_ + ": corrects the game's evaluation, but " + id + " has none");
  }
  if (info_.num_distinct_actions != 0 && info_.num_distinct_actions != spec.num_distinct_actions) {
    throw InputError(source_ + ": its policy head has " + std::to_string(info_.num_distinct_actions) + " actions; " +
                     id + " has " + std::to_string(spec.num_distinct_actions) + " dense actions");
  }
}

namespace {

// One dense layer with ReLU over the non-zero inputs only: out[o] = max(0, b[o] + sum over k
// of val[k] * w[idx[k]][o]), the sum in increasing input order (so every build computes the
// same floats). Outputs go in blocks of kBlock held in registers across all the inputs,
// instead of loading and storing the whole output row once per input. Compiled twice (AVX2,
// and the baseline for other processors; no FMA, so both round alike), picked at load time.
constexpr int kLanes = 8;                  // floats in one vector (GCC/Clang vector extension)
constexpr int kVectors = 4;                // vectors of accumulators a block keeps in registers
constexpr int kBlock = kLanes * kVectors;  // outputs of a block
typedef float Vec __attribute__((vector_size(kLanes * sizeof(float))));

__attribute__((target_clones("avx2", "default"))) void sparse_layer(const float* w, const float* b, int outputs,
                                                                     const int* idx, const float* val, size_t count,
                                                                     float* out) {
  const size_t stride = static_cast<size_t>(outputs);
  int o0 = 0;
  for (; o0 + kBlock <= outputs; o0 += kBlock) {
    Vec acc[kVectors];
    std::memcpy(acc, b + o0, sizeof acc);
    for (size_t k = 0; k < count; ++k) {
      const float* row = w + static_cast<size_t>(idx[k]) * stride + static_cast<size_t>(o0);
      const Vec v = Vec{} + val[k];
      for (int j = 0; j < kVectors; ++j) {
        Vec r;  // an unaligned load
        std::memcpy(&r, row + j * kLanes, sizeof r);
        acc[j] += v * r;
      }
    }
    for (int j = 0; j < kVectors; ++j) {
      for (int l = 0; l < kLanes; ++l) out[o0 + j * kLanes + l] = std::max(acc[j][l], 0.0f);
    }
  }
  for (int o = o0; o < outputs; ++o) {
    float acc = b[o];
    for (size_t k = 0; k < count; ++k) acc += val[k] * w[static_cast<size_t>(idx[k]) * stride + static_cast<size_t>(o)];
    out[o] = std::max(acc, 0.0f);
  }
}

}  // namespace

std::span<const float> Network::trunk(std::span<const float> x, NetworkScratch& scratch) const {
  RISE_CHECK(x.size() == static_cast<size_t>(info_.observation_size), "network: observation of the wrong size");
  if (scratch.a.size() < widest_) scratch.a.resize(widest_);
  if (scratch.b.size() < widest_) scratch.b.resize(widest_);
  const size_t widest_input = std::max(widest_, x.size());
  if (scratch.index.size() < widest_input) {
    scratch.index.resize(widest_input);
    scratch.value.resize(widest_input);
  }
  float* out = scratch.a.data();
  float* spare = scratch.b.data();
  const float* in = x.data();
  for (const Layer& l : layers_) {
    // The non-zero inputs (most of a one-hot tensor, and the ReLU's zeros, cost nothing).
    // Eight inputs at a time are tested at once by their bits (a -0.0 counts as non-zero:
    // it adds nothing either way).
    size_t count = 0;
    int i = 0;
    for (; i + 8 <= l.in; i += 8) {
      uint64_t bits[4];
      std::memcpy(bits, in + i, sizeof bits);
      if ((bits[0] | bits[1] | bits[2] | bits[3]) == 0) continue;
      for (int j = i; j < i + 8; ++j) {
        if (in[j] != 0.0f) {
          scratch.index[count] = j;
          scratch.value[count++] = in[j];
        }
      }
    }
    for (; i < l.in; ++i) {
      if (in[i] != 0.0f) {
        scratch.index[count] = i;
        scratch.value[count++] = in[i];
      }
    }
    sparse_layer(l.w, l.b, l.out, scratch.index.data(), scratch.value.data(), count, out);
    in = out;
    std::swap(out, spare);
  }
  return {in, static_cast<size_t>(layers_.back().out)};
}

float Network::value_head(std::span<const float> h) const {
  float v = value_b_;
  for (size_t i = 0; i < h.size(); ++i) v += value_w_[i] * h[i];
  return v;
}

float Network::value_logit(std::span<const float> observation, NetworkScratch& scratch) const {
  return value_head(trunk(observation, scratch));
}

float Network::value(std::span<const float> observation, NetworkScratch& scratch) const {
  return std::tanh(value_logit(observation, scratch));
}

float Network::evaluate(std::span<const float> observation, std::span<const int> dense, std::span<float> logits,
                        NetworkScratch& scratch) const {
  RISE_CHECK(has_policy(), "network: no policy head");
  RISE_CHECK(dense.size() == logits.size(), "network: one logit per dense action");
  const std::span<const float> h = trunk(observation, scratch);
  for (size_t k = 0; k < dense.size(); ++k) {
    const int a = dense[k];
    RISE_CHECK(a >= 0 && a < info_.num_distinct_actions, "network: dense action out of range");
    const float* row = policy_w_ + static_cast<size_t>(a) * h.size();
    float z = policy_b_[a];
    for (size_t i = 0; i < h.size(); ++i) z += row[i] * h[i];
    logits[k] = z;
  }
  return std::tanh(value_head(h));
}

std::string default_network_path(const std::string& game_id) { return data_root() + "/" + game_id + "/nets/value.rnet"; }

std::shared_ptr<const Network> network_for(const std::string& setting, const Game& game, int num_players) {
  const bool shipped = setting == "default";
  const std::string path = shipped ? default_network_path(game.info().id) : setting;
  if (shipped) {
    std::ifstream probe(path);
    if (!probe) {
      throw InputError("net=default: " + game.info().id + " has no trained network (" + path +
                       " is missing; make train GAME=" + game.info().id + " writes one)");
    }
  }
  std::shared_ptr<const Network> net = Network::load_cached(path);
  net->check_fits(game, num_players);
  return net;
}

}  // namespace rise::ai
