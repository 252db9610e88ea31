// The example cards of docs/cards.md and docs/cards-dark-legacy.md load (issue 19: "a test
// loads every example from the docs so the docs cannot drift"), each page's with its game's
// loader. An example card is a ```yaml block whose first line starts a card ("  - id: ...") or,
// on the Dark Legacy page, a whole card file ("cards:"); fragments (a filter, a `grants` map, a
// deck) are not cards.
// The Dark Legacy loader (rise_dl_cards) is linked into this test only: cardgame/'s library
// code still knows no game.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "dark-legacy/cards.h"
#include "rise/cardgame/card_loader.h"
#include "rise/core/error.h"

namespace rise::cardgame {
namespace {

namespace fs = std::filesystem;

struct Example {
  int line = 0;  // of its first line in the page
  std::string yaml;  // a whole card file
};

// With `whole_files`, a block that is a whole card file ("cards:" first) counts too.
std::vector<Example> example_cards(const std::string& page, bool whole_files = false) {
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
      if (current.yaml.rfind("  - id:", 0) == 0) {
        current.yaml = "cards:\n" + current.yaml;
        out.push_back(current);
      } else if (whole_files && current.yaml.rfind("cards:\n", 0) == 0 &&
                 current.yaml.find("\n  - id:") != std::string::npos) {
        out.push_back(current);
      }
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
    std::ofstream(file) << e.yaml;
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

  // docs/cards-dark-legacy.md, read by the Dark Legacy loader: one example per type, and the
  // Armor that grants its hero +1 Attack (Interpretation DL-I44).
  const std::string dl_page = std::string(RISE_SOURCE_DIR) + "/docs/cards-dark-legacy.md";
  const std::vector<Example> dl_examples = example_cards(dl_page, true);
  EXPECT_GE(dl_examples.size(), 2u) << "the card examples of " << dl_page;
  fs::create_directories(dir);
  dl::CardDb dl_db;
  for (const Example& e : dl_examples) {
    const fs::path file = dir / ("line-" + std::to_string(e.line) + ".yaml");
    std::ofstream(file) << e.yaml;
    try {
      dl::load_card_file(file.string(), dl_db);
    } catch (const InputError& error) {
      ADD_FAILURE() << "docs/cards-dark-legacy.md line " << e.line << ": the example card does not load: "
                    << error.what();
    }
  }
  fs::remove_all(dir);
  EXPECT_GE(dl_db.size(), 9);  // the eight of "One complete example per type" and the armor
  for (const char* id : {"clockwork-gunner", "hellflare", "assembly-line", "windshear", "hellfire-repeater",
                         "aegis-exoframe", "halo", "skull-of-the-rift", "spiked-harness"}) {
    EXPECT_GE(dl_db.find(id), 0) << id;
  }
  if (const int armor = dl_db.find("spiked-harness"); armor >= 0) {
    EXPECT_EQ(dl_db[armor].kind, dl::Kind::kArmor);
    EXPECT_EQ(dl_db[armor].defense, 4);
    EXPECT_EQ(dl_db[armor].grants.attack, 1);
    EXPECT_EQ(dl_db[armor].grants.defense, 0);
    EXPECT_EQ(dl_db[armor].grants.keywords, 0);
  }
}

}  // namespace
}  // namespace rise::cardgame
