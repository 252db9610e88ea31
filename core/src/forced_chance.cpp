#include "rise/core/forced_chance.h"

#include <string_view>

#include "rise/core/error.h"

namespace rise {
namespace {

thread_local std::shared_ptr<ForcedChance> current_chance;

const char* kind_words(ForcedOutcome::Kind kind) {
  switch (kind) {
    case ForcedOutcome::Kind::kCoin: return "a coin toss";
    case ForcedOutcome::Kind::kDie: return "a die roll";
    case ForcedOutcome::Kind::kPick: return "a random pick";
    case ForcedOutcome::Kind::kShuffle: return "a shuffle";
  }
  return "a chance event";
}

// "d6" -> 6, or 0 when `key` is not a die of 2 to 100 faces.
int die_sides(std::string_view key) {
  if (key.size() < 2 || key[0] != 'd') return 0;
  int sides = 0;
  for (char c : key.substr(1)) {
    if (c < '0' || c > '9' || sides > 100) return 0;
    sides = sides * 10 + (c - '0');
  }
  return sides >= 2 && sides <= 100 ? sides : 0;
}

ForcedOutcome parse_one(const nlohmann::json& entry, const std::string& where) {
  if (!entry.is_object() || entry.size() != 1) {
    throw InputError(where + ": must be an object with one key: coin, dN (d6, d20...), pick or shuffle");
  }
  const std::string key = entry.begin().key();
  const nlohmann::json& value = entry.begin().value();
  ForcedOutcome out;
  out.text = entry.dump();
  out.random = value.is_string() && value.get<std::string>() == "random";
  if (key == "coin") {
    out.kind = ForcedOutcome::Kind::kCoin;
    if (out.random) return out;
    const std::string v = value.is_string() ? value.get<std::string>() : "";
    if (v != "success" && v != "fail") throw InputError(where + ": coin must be \"success\", \"fail\" or \"random\"");
    out.value = v == "success" ? 1 : 0;
  } else if (const int sides = die_sides(key); sides > 0) {
    out.kind = ForcedOutcome::Kind::kDie;
    out.sides = sides;
    if (out.random) return out;
    if (!value.is_number_integer() || value.get<int64_t>() < 1 || value.get<int64_t>() > sides) {
      throw InputError(where + ": " + key + " must be a face from 1 to " + std::to_string(sides) + " or \"random\"");
    }
    out.value = value.get<int>();
  } else if (key == "pick") {
    out.kind = ForcedOutcome::Kind::kPick;
    if (out.random) return out;
    if (!value.is_number_integer() || value.get<int64_t>() < 0 || value.get<int64_t>() > 10000) {
      throw InputError(where + ": pick must be an index from 0 (the first of the choices) or \"random\"");
    }
    out.value = value.get<int>();
  } else if (key == "shuffle") {
    out.kind = ForcedOutcome::Kind::kShuffle;
    if (out.random) return out;
    if (!value.is_array() || value.empty()) {
      throw InputError(where + ": shuffle must be a non-empty array of card names, topmost first, or \"random\"");
    }
    for (const auto& name : value) {
      if (!name.is_string() || name.get<std::string>().empty()) {
        throw InputError(where + ": shuffle: every entry must be a card name (a string)");
      }
      out.top.push_back(name.get<std::string>());
    }
  } else {
    throw InputError(where + ": unknown chance event '" + key + "' (coin, d6, d20 or any dN, pick, shuffle)");
  }
  return out;
}

}  // namespace

std::shared_ptr<ForcedChance> ForcedChance::parse(const nlohmann::json& list, const std::string& where) {
  if (!list.is_array()) throw InputError(where + ": must be an array of chance outcomes");
  if (list.size() > 100000) throw InputError(where + ": more than 100000 chance outcomes");
  std::vector<ForcedOutcome> outcomes;
  outcomes.reserve(list.size());
  for (size_t i = 0; i < list.size(); ++i) outcomes.push_back(parse_one(list[i], where + " " + std::to_string(i)));
  return std::make_shared<ForcedChance>(std::move(outcomes));
}

std::string ForcedChance::label(size_t index) const {
  return "forced chance " + std::to_string(index) + " " + outcomes_[index].text;
}

const ForcedOutcome* ForcedChance::take(ForcedOutcome::Kind kind, int sides, uint64_t bound) {
  if (next_ >= outcomes_.size()) return nullptr;
  const ForcedOutcome& f = outcomes_[next_];
  if (f.kind != kind) {
    throw ForcedChanceError(label(next_) + ": the game drew " + kind_words(kind) + " there, not " + kind_words(f.kind));
  }
  if (kind == ForcedOutcome::Kind::kDie && f.sides != sides) {
    throw ForcedChanceError(label(next_) + ": the game rolled a d" + std::to_string(sides) + " there");
  }
  if (kind == ForcedOutcome::Kind::kPick && !f.random && static_cast<uint64_t>(f.value) >= bound) {
    throw ForcedChanceError(label(next_) + ": the game picked among " + std::to_string(bound) + " (0 to " +
                     std::to_string(bound - 1) + ")");
  }
  ++next_;
  return &f;
}

void ForcedChance::check_all_used() const {
  if (next_ >= outcomes_.size()) return;
  throw ForcedChanceError(label(next_) + " was not used: the game drew " + std::to_string(next_) + " of the " +
                   std::to_string(outcomes_.size()) + " forced outcomes");
}

void ForcedChance::missing_card(const std::string& name) const {
  const size_t index = next_ == 0 ? 0 : next_ - 1;
  if (name.empty()) throw ForcedChanceError(label(index) + ": this shuffle's order cannot be forced by card");
  throw ForcedChanceError(label(index) + ": no '" + name + "' is among the shuffled cards");
}

ForcedChance::Scope::Scope(std::shared_ptr<ForcedChance> chance) : previous_(std::move(current_chance)) {
  current_chance = std::move(chance);
}

ForcedChance::Scope::~Scope() { current_chance = std::move(previous_); }

const std::shared_ptr<ForcedChance>& ForcedChance::current() { return current_chance; }

}  // namespace rise
