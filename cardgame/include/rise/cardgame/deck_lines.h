// DeckLines: where the fields of a deck file are, so that a broken deck-building rule names
// the line to fix (issue 36), in every card game's deck check (`rise deck validate`, and the
// error of a game started with the deck).
#pragma once

#include <map>
#include <string>

#include <yaml-cpp/yaml.h>

namespace rise::cardgame {

struct DeckLines {
  // 1-based line by key: a field ("library", "cards", "summoners", "character", "weapons"),
  // or an entry of one ("library.ID", "summoners.ID", "weapons.ID"): its first line.
  std::map<std::string, int> at;

  // Records the line of `node` (parsed from a file) under `key`, unless `key` has one.
  void mark(const std::string& key, const YAML::Node& node);

  // A problem of the deck in words: "line N: TEXT" when `key` has a line, else TEXT (a deck
  // built in code has none).
  std::string located(const std::string& key, const std::string& text) const;
};

}  // namespace rise::cardgame
