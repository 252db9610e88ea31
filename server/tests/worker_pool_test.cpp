// The server's worker pools (server/src/worker_pool.h): tasks run in order of arrival, and a
// pool made with a nice increment runs them at that lower priority (Linux: per thread), the
// rest of the process unchanged.
#include <gtest/gtest.h>

#include <algorithm>
#include <cerrno>
#include <future>
#include <vector>

#include <sys/resource.h>

#include "worker_pool.h"

namespace rise::server::detail {
namespace {

// The calling thread's nice value (Linux: PRIO_PROCESS 0 is the calling thread).
int own_nice() {
  errno = 0;
  const int nice = getpriority(PRIO_PROCESS, 0);
  EXPECT_EQ(errno, 0);
  return nice;
}

int nice_in(WorkerPool& pool) {
  std::promise<int> seen;
  pool.post([&seen] { seen.set_value(own_nice()); });
  return seen.get_future().get();
}

TEST(WorkerPool, RunsItsTasksAtItsNiceValueAndLeavesTheProcessAlone) {
  const int base = own_nice();
  WorkerPool lowered(1, 1, 7);
  WorkerPool plain(1);
  EXPECT_EQ(nice_in(lowered), std::min(19, base + 7));
  EXPECT_EQ(nice_in(plain), base);
  EXPECT_EQ(own_nice(), base);  // the caller's thread keeps its priority
  WorkerPool capped(1, 1, 40);  // beyond 19: kept at 19
  EXPECT_EQ(nice_in(capped), 19);
}

TEST(WorkerPool, RunsTasksInOrderOfArrival) {
  WorkerPool pool(1, 1, 3);
  std::vector<int> order;
  std::promise<void> done;
  for (int i = 0; i < 5; ++i) pool.post([&order, i] { order.push_back(i); });
  pool.post([&done] { done.set_value(); });
  done.get_future().get();
  EXPECT_EQ(order, (std::vector<int>{0, 1, 2, 3, 4}));
}

}  // namespace
}  // namespace rise::server::detail
