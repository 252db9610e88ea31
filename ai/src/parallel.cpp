#include "rise/ai/parallel.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace rise::ai {

void parallel_for(int count, int threads, const std::function<void(int)>& body) {
  std::atomic<int> next{0};
  std::mutex mutex;
  std::exception_ptr error;
  auto worker = [&]() {
    for (;;) {
      const int i = next.fetch_add(1);
      if (i >= count) return;
      try {
        body(i);
      } catch (...) {
        std::lock_guard<std::mutex> lock(mutex);
        if (!error) error = std::current_exception();
        next.store(count);  // the other workers stop after their current index
        return;
      }
    }
  };
  const int used = std::max(1, std::min(threads, count));
  std::vector<std::thread> pool;
  for (int t = 1; t < used; ++t) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();
  if (error) std::rethrow_exception(error);
}

}  // namespace rise::ai
