// The one worker pool of the long runs (the census's shards and checks, the match by rounds'
// layers and jobs): a list of items, each done once, by workers of which the calling thread is
// the first, with a worker's exception handed back to the caller.
#pragma once

#include <atomic>
#include <cstddef>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace kamisado::run {

// Calls work(i, worker) for each i of [0, n) on `workers` threads (the calling thread is worker
// 0, so there is always one): each takes the next i until the items
// run out, its work returns false (a stop was asked for: that worker takes no more) or an item
// threw. The first exception stops every worker from taking another item; `on_failure()` is
// called at once on the failing thread (to halt the items in flight, which it cannot see), and
// the exception is rethrown here once every worker has ended.
template <class Work, class OnFailure>
void for_each_item(std::size_t n, unsigned workers, Work work, OnFailure on_failure) {
  std::atomic<std::size_t> next{0};
  std::atomic<bool> failed{false};
  std::mutex mutex;  // guards the first failure
  std::exception_ptr failure;
  auto run = [&](unsigned worker) {
    try {
      for (std::size_t i; !failed && (i = next++) < n;)
        if (!work(i, worker)) return;
    } catch (...) {
      {
        std::lock_guard lock(mutex);
        if (!failure) failure = std::current_exception();
      }
      failed = true;
      on_failure();
    }
  };
  std::vector<std::thread> helpers;
  for (unsigned w = 1; w < workers; ++w) helpers.emplace_back(run, w);
  run(0);
  for (std::thread& t : helpers) t.join();
  if (failure) std::rethrow_exception(failure);
}

template <class Work>
void for_each_item(std::size_t n, unsigned workers, Work work) {
  for_each_item(n, workers, work, [] {});
}

}  // namespace kamisado::run
