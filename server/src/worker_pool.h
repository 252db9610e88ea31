// A pool of threads running queued tasks in order of arrival (internal). It starts with a
// few threads and grows, up to a most, whenever a task arrives with every thread busy, so
// that a long task (an AI search) never keeps a later one waiting while the pool may grow.
// Its threads may run at a lower scheduling priority than the rest of the process (`nice`),
// so that the searches they run never keep the HTTP threads (the lobby, views, actions) from
// a core: on Linux a thread has its own nice value (setpriority(2), "NOTES").
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace rise::server::detail {

class WorkerPool {
 public:
  // Starts `threads` (at least 1) workers; grows to `max_threads` (at least `threads`) when
  // tasks arrive with every worker busy. `nice` (0..19) is added to each worker's nice value
  // as it starts (kept at most 19); a worker that cannot lower its priority runs as it is.
  explicit WorkerPool(unsigned threads, unsigned max_threads = 0, int nice = 0);

  // Stops: tasks still queued are dropped, running ones finish, then the workers are joined.
  ~WorkerPool();

  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  // Queues `task`; ignored once the pool is stopping. A task must not throw. Starts one more
  // worker when none is idle and the pool is below its most.
  void post(std::function<void()> task);

  // Workers started so far.
  size_t threads() const;

 private:
  void work();

  mutable std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<std::function<void()>> tasks_;
  bool stopping_ = false;
  unsigned idle_ = 0;         // workers waiting for a task
  unsigned max_threads_ = 1;
  int nice_ = 0;
  std::vector<std::thread> threads_;
};

}  // namespace rise::server::detail
