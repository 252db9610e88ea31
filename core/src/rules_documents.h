// The rules documents built into the program (generated from docs/rules/*.md by
// core/cmake/embed_rules.cmake; read through rulebook.h).
#pragma once

#include <string>
#include <vector>

namespace rise::detail {

struct RulesDocument {
  std::string game;      // the game id: the document's file name
  std::string markdown;  // the whole document
};

const std::vector<RulesDocument>& rules_documents();

}  // namespace rise::detail
