#include "puzzles/bench.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>

#include <fmt/format.h>

#include "puzzles/generator.h"
#include "puzzles/store.h"
#include "src/io/files.h"
#include "src/io/progress.h"
#include "src/kamisado/errors.h"

namespace kamisado::puzzles {

bool PuzzleBench::target_met() const {
  return std::all_of(rows.begin(), rows.end(),
                     [](const PuzzleBenchRow& r) { return !r.single || r.n > 3 || r.per_minute() >= kTargetPuzzlesPerMinute; });
}

PuzzleBench bench_puzzles(const PuzzleBenchOptions& o, const io::Lines& lines) {
  PuzzleBench b;
  b.options = o;
  if (!o.collection.empty()) {  // read first: a wrong folder is refused before the long part
    const std::filesystem::path db = std::filesystem::path(o.collection) / "puzzles.db";
    std::error_code ec;
    if (!std::filesystem::exists(db, ec)) throw InputError("'" + o.collection + "' holds no puzzles.db", "collection");
    b.collection = Store(db.string(), Store::Mode::ReadExisting).all();
  }
  const std::filesystem::path scratch = std::filesystem::temp_directory_path() / fmt::format("kamisado-puzzles-bench-{}.db", ::getpid());
  auto run = [&](PuzzleBenchRow row, const GenerateOptions& gen) {
    std::filesystem::remove(scratch);
    Store store(scratch.string());
    if (lines) lines("puzzles bench: " + row.what);
    auto start = std::chrono::steady_clock::now();
    auto done = generate(gen, [&](const Puzzle& p) { return store.add(p); });
    row.seconds = io::seconds_since(start);
    row.n = gen.n, row.accepted = done.accepted, row.games = done.games, row.tried = done.tried;
    b.rows.push_back(row);
  };
  for (int n = 1; n <= o.max_n; ++n) {
    GenerateOptions gen;
    gen.count = o.count, gen.n = n, gen.seed = o.seed;
    run({fmt::format("single round, win in {}", n), true}, gen);
  }
  if (o.sumo_count > 0) {
    GenerateOptions gen;
    gen.count = o.sumo_count, gen.n = 2, gen.seed = o.seed, gen.match = true;
    gen.themes = {"sumo-push", "extra-turn"};
    run({"Marathon rounds, win in 2, sumo-push or extra-turn", false}, gen);
  }
  std::filesystem::remove(scratch);
  return b;
}

}  // namespace kamisado::puzzles
