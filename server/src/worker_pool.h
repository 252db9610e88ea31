// A fixed pool of threads running queued tasks in order of arrival (internal).
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
  // Starts `threads` (at least 1) workers.
  explicit WorkerPool(unsigned threads);

  // Stops: tasks still queued are dropped, running ones finish, then the workers are joined.
  ~WorkerPool();

  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  // Queues `task`; ignored once the pool is stopping. A task must not throw.
  void post(std::function<void()> task);

 private:
  void work();

  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<std::function<void()>> tasks_;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace rise::server::detail
