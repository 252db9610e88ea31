// The example cards of docs/cards.md load (issue 19: "a test loads every example from the
// docs so the docs cannot drift"). An example card is a ```yaml block whose first line
// starts a card ("  - id: ..."); fragments (a filter, a `grants` map) are not cards.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "rise/cardgame/card_loader.h"
#include "rise/core/error.h"

namespace rise::cardgame {
namespace {

namespace fs = std::filesystem;

struct Example {
  int line = 0;  // of its first line in the page
  std::string yaml;
};

std::vector<Example> example_cards(const std::string& page) {
  std::ifstream in(page);
  EXPECT_TRUE(in) << "cannot read " << page;
  std::vector<Example> out;
  std::string line;
  bool inside = false;
  int number = 0;
  Example current;
  while (std::getline(in, line)) {
    ++number;
    if (!inside && line == "```yaml") {
      inside = true;
      current = Example{number + 1, ""};
      continue;
    }
    if (inside && line == "```") {
      inside = false;
      if (current.yaml.rfind("  - id:", 0) == 0) out.push_back(current);
      continue;
    }
    if (inside) current.yaml += line + "\n";
  }
  return out;
}

TEST(DocsCards, EveryExampleCardLoads) {
  const std::string page = std::string(RISE_SOURCE_DIR) + "/docs/cards.md";
  const std::vector<Example> examples = example_cards(page);
  EXPECT_GE(examples.size(), 8u) << "the card examples of " << page;
  const fs::path dir = fs::temp_directory_path() / ("rise-docs-cards-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  CardDatabase db;
  for (const Example& e : examples) {
    const fs::path file = dir / ("line-" + std::to_string(e.line) + ".yaml");
    std::ofstream(file) << "cards:\n" << e.yaml;
    try {
      load_card_file(file.string(), db);
    } catch (const InputError& error) {
      ADD_FAILURE() << "docs/cards.md line " << e.line << ": the example card does not load: " << error.what();
    }
  }
  fs::remove_all(dir);
  // The v2 examples are there, with their constructs.
  EXPECT_GE(db.find("docs-tollgate"), 0);
  EXPECT_GE(db.find("docs-grave-tender"), 0);
  if (db.find("docs-grave-tender") >= 0) {
    EXPECT_EQ(db[db.find("docs-grave-tender")].effects[0].whenever, Whenever::kDies);
  }
}

}  // namespace
}  // namespace rise::cardgame
