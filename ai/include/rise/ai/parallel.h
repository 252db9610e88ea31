// Running many independent games at once: the worker pool of run_match, `rise sim` across
// MPI ranks (lab/distributed_run.h) and `rise lab ab`.
#pragma once

#include <functional>

namespace rise::ai {

// Calls body(i) for every i in [0, count), on min(threads, count) threads (the calling
// thread is one of them), each index once, in no set order. After the first exception no
// new index starts; once the running ones end, that exception is rethrown here. `body`
// must be safe to call from several threads at once. threads < 1 counts as 1.
void parallel_for(int count, int threads, const std::function<void(int)>& body);

}  // namespace rise::ai
