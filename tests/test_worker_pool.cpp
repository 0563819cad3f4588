// The long runs' one worker pool (src/run/worker_pool.h): every item done once, a stop honoured,
// a worker's failure handed back to the caller after every worker has ended.
#include <atomic>
#include <mutex>
#include <set>
#include <stdexcept>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "src/run/worker_pool.h"

namespace kamisado {
namespace {

TEST(WorkerPool, EachItemIsDoneOnceWhateverTheWorkers) {
  for (unsigned workers : {1u, 2u, 5u, 40u}) {
    std::vector<std::atomic<int>> done(1000);
    std::mutex mutex;
    std::set<unsigned> seen;
    run::for_each_item(done.size(), workers, [&](std::size_t i, unsigned worker) {
      ++done[i];
      std::lock_guard lock(mutex);
      seen.insert(worker);
      return true;
    });
    for (const auto& d : done) ASSERT_EQ(d.load(), 1) << workers << " workers";
    EXPECT_LE(seen.size(), workers);
    for (unsigned w : seen) EXPECT_LT(w, workers);
  }
}

TEST(WorkerPool, NoItemsAndOneWorkerRunOnTheCallingThread) {
  bool called = false;
  run::for_each_item(0, 4, [&](std::size_t, unsigned) { return called = true; });
  EXPECT_FALSE(called);
  const auto caller = std::this_thread::get_id();
  std::vector<std::size_t> order;
  run::for_each_item(5, 1, [&](std::size_t i, unsigned worker) {
    EXPECT_EQ(std::this_thread::get_id(), caller);
    EXPECT_EQ(worker, 0u);
    order.push_back(i);
    return true;
  });
  EXPECT_EQ(order, (std::vector<std::size_t>{0, 1, 2, 3, 4}));
}

TEST(WorkerPool, AWorkerAskedToStopTakesNoMore) {
  std::atomic<int> taken{0};
  run::for_each_item(100, 1, [&](std::size_t i, unsigned) {
    ++taken;
    return i < 9;  // the tenth item says stop
  });
  EXPECT_EQ(taken.load(), 10);
}

TEST(WorkerPool, TheFirstFailureIsRethrownAndStopsTheOthers) {
  for (unsigned workers : {1u, 3u}) {
    std::atomic<int> taken{0}, halts{0};
    std::atomic<bool> halt{false};
    try {
      run::for_each_item(
          10000, workers,
          [&](std::size_t i, unsigned) {
            ++taken;
            if (i == 50) throw std::runtime_error("item 50 failed");
            // An item after it waits for the halt, as a long item in flight would stop on it.
            while (i > 50 && !halt) std::this_thread::yield();
            return true;
          },
          [&] { ++halts, halt = true; });
      ADD_FAILURE() << "no exception with " << workers << " workers";
    } catch (const std::runtime_error& e) {
      EXPECT_STREQ(e.what(), "item 50 failed");
    }
    EXPECT_EQ(halts.load(), 1);
    // After the failure no worker takes more than the one item it may have begun.
    EXPECT_LE(taken.load(), 51 + int(workers)) << workers << " workers";
  }
}

}  // namespace
}  // namespace kamisado
