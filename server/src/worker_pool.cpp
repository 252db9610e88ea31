// A growing pool of worker threads.
#include "worker_pool.h"

#include <algorithm>
#include <cerrno>

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace rise::server::detail {

WorkerPool::WorkerPool(unsigned threads, unsigned max_threads, int nice) {
  threads = std::max(1u, threads);
  nice_ = std::clamp(nice, 0, 19);
  max_threads_ = std::max(threads, max_threads);
  std::lock_guard lock(mutex_);
  for (unsigned i = 0; i < threads; ++i) threads_.emplace_back([this] { work(); });
}

size_t WorkerPool::threads() const {
  std::lock_guard lock(mutex_);
  return threads_.size();
}

WorkerPool::~WorkerPool() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    tasks_.clear();
  }
  ready_.notify_all();
  for (std::thread& t : threads_) t.join();
}

void WorkerPool::post(std::function<void()> task) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return;
    tasks_.push_back(std::move(task));
    // Every worker busy (the idle ones will each take one of the queued tasks): one more.
    if (idle_ < tasks_.size() && threads_.size() < max_threads_) threads_.emplace_back([this] { work(); });
  }
  ready_.notify_one();
}

void WorkerPool::work() {
  if (nice_ > 0) {
    // This thread only (Linux: PRIO_PROCESS with a thread id). Raising one's own nice value
    // needs no privilege; should it fail, the worker runs at the process's priority.
    const auto self = static_cast<id_t>(syscall(SYS_gettid));
    errno = 0;
    const int now = getpriority(PRIO_PROCESS, self);
    if (errno == 0) (void)setpriority(PRIO_PROCESS, self, std::min(19, now + nice_));
  }
  for (;;) {
    std::function<void()> task;
    {
      std::unique_lock lock(mutex_);
      ++idle_;
      ready_.wait(lock, [this] { return stopping_ || !tasks_.empty(); });
      --idle_;
      if (stopping_) return;
      task = std::move(tasks_.front());
      tasks_.pop_front();
    }
    task();
  }
}

}  // namespace rise::server::detail
