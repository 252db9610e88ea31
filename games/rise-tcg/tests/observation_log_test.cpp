// The log in a rise-tcg observation (docs/formats.md, "The log in an observation"): the
// latest kObservationLogEvents events as sentences with the index of the first shown; the
// state keeps the whole log.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "rise/cardgame/observation_log.h"
#include "test_access.h"

namespace tcgtest {
namespace {

using rise::kSpectator;
using rise::cardgame::kObservationLogEvents;
using rise::tcg::kEvDraw;

// A table whose log is `n` draw events of p0, the i-th (from 0) drawing i + 1 cards, so
// that every line is different: "p0 draws 1 card(s)", "p0 draws 2 card(s)", ...
std::unique_ptr<TcgState> table_with_log(int n) {
  auto s = table();
  for (int i = 0; i < n; ++i) T::log_event(*s, kEvDraw, 0, i + 1);
  return s;
}

TEST(TcgObservationLog, AShortLogIsShownWholeFromIndexZero) {
  auto s = table_with_log(3);
  const auto o = s->observation_json(1);
  EXPECT_EQ(o["log_from"], 0);
  ASSERT_EQ(o["log"].size(), 3u);
  EXPECT_EQ(o["log"][0], "p0 draws 1 card(s)");
  EXPECT_EQ(o["log"][2], "p0 draws 3 card(s)");
}

TEST(TcgObservationLog, ALogOfExactlyTheWindowIsShownWhole) {
  auto s = table_with_log(static_cast<int>(kObservationLogEvents));
  const auto o = s->observation_json(0);
  EXPECT_EQ(o["log_from"], 0);
  ASSERT_EQ(o["log"].size(), kObservationLogEvents);
  EXPECT_EQ(o["log"][0], "p0 draws 1 card(s)");
}

TEST(TcgObservationLog, ALongLogShowsTheLatestEventsAndWhereTheyStart) {
  ASSERT_EQ(kObservationLogEvents, 256u);
  auto s = table_with_log(300);
  for (const auto& o : {s->observation_json(0), s->observation_json(1), s->observation_json(kSpectator),
                        s->public_observation_json()}) {
    EXPECT_EQ(o["log_from"], 44);
    ASSERT_EQ(o["log"].size(), 256u);
    EXPECT_EQ(o["log"][0], "p0 draws 45 card(s)");
    EXPECT_EQ(o["log"][255], "p0 draws 300 card(s)");
  }
  // The state keeps all 300, and so does its JSON.
  EXPECT_EQ(s->events().size(), 300u);
  const std::string events = s->to_json()["events"];
  EXPECT_EQ(std::count(events.begin(), events.end(), ' ') + 1, 300);
}

}  // namespace
}  // namespace tcgtest
