#include "solver/census/census.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <memory>
#include <mutex>
#include <random>
#include <set>
#include <thread>

#include <fmt/chrono.h>
#include <fmt/format.h>
#include <xxhash.h>

#include "solver/census/subspace_file.h"
#include "solver/proof/certificate_files.h"
#include "solver/proof/certify.h"
#include "solver/proof/proof_io.h"
#include "solver/starts/start_space.h"
#include "src/io/files.h"
#include "src/io/report.h"
#include "src/io/run_lock.h"
#include "src/kamisado/errors.h"
#include "src/kamisado/kfen.h"
#include "src/run/worker_pool.h"

namespace kamisado::solver {

namespace fs = std::filesystem;

namespace {

constexpr int kManifestVersion = 2;

const char* trees_name(const CensusPlan& p) { return p.trees_for_all ? "all" : "second-mover"; }

std::uint64_t run_id(const CensusPlan& p) {
  const std::string text = fmt::format("kamisado-census {} {} {} {} {}", kManifestVersion, p.subspace, p.shard_size, p.hash_mb, trees_name(p));
  return XXH64(text.data(), text.size(), 0);
}

std::string manifest_path(const std::string& dir) { return (fs::path(dir) / "manifest.json").string(); }
std::string runs_path(const std::string& dir) { return (fs::path(dir) / "runs.jsonl").string(); }
std::string subspace_path(const std::string& dir) { return (fs::path(dir) / "subspace.bin").string(); }

// The run of `plan` in `dir`; its subspace drawn afresh (a plan) or read from the folder.
enum class Listed { Draw, Read };
Census make_census(const std::string& dir, const CensusPlan& plan, const io::Lines& lines, Listed listed_from = Listed::Read) {
  Census c;
  c.dir = dir;
  c.plan = plan;
  c.run = run_id(plan);
  // A listed subspace is drawn once, by the plan, and read from the folder after that.
  const std::string listed = subspace_path(dir);
  std::error_code ec;
  if (listed_from == Listed::Read && fs::exists(listed, ec)) {
    if (const std::uintmax_t bytes = fs::file_size(listed, ec); lines && !ec && bytes > (std::uintmax_t{16} << 20))  // seconds to read
      lines(fmt::format("census: reading the list of starts in {} ({} MB)", listed, bytes >> 20));
    c.space = decode_subspace(io::read_file(listed, "census subspace"), listed, plan.subspace);
  } else
    c.space = make_subspace(plan.subspace, lines);
  c.shards = std::uint32_t((c.space.size() + plan.shard_size - 1) / plan.shard_size);
  return c;
}

}  // namespace

nlohmann::json manifest_json(const Census& c) {
  return {{"format", "kamisado-census"},     {"version", kManifestVersion}, {"run", fmt::format("{:016x}", c.run)}, {"subspace", c.plan.subspace},
          {"shard_size", c.plan.shard_size}, {"hash_mb", c.plan.hash_mb},   {"trees", trees_name(c.plan)},          {"shards", c.shards},
          {"classes", c.space.size()},       {"starts", c.space.starts()}};
}

Position start_at_class(std::uint32_t index) { return start_position(start_space().start_at(index)); }

std::string Census::shard_path(std::uint32_t k) const { return (fs::path(dir) / fmt::format("shard-{}.bin", k)).string(); }
std::string Census::proof_path(std::uint32_t index) const { return (fs::path(dir) / "proofs" / fmt::format("{}.proof", index)).string(); }
std::uint64_t Census::slice_end(std::uint32_t k) const { return std::min<std::uint64_t>(slice_begin(k) + plan.shard_size, space.size()); }

Census plan_census(const std::string& dir, const CensusPlan& plan, const io::Lines& lines) {
  if (plan.shard_size == 0 || plan.shard_size > 1'000'000) throw InputError("a census shard holds 1 to 1000000 starts");
  if (plan.hash_mb == 0) throw InputError("a census needs a table of at least 1 MB");
  if (fs::exists(manifest_path(dir))) {
    Census existing = open_census(dir, lines);
    if (existing.run != run_id(plan))
      throw InputError(fmt::format("{} already holds another census run ({}, shards of {}, {} MB, trees of {}); use another folder", dir,
                                   existing.plan.subspace, existing.plan.shard_size, existing.plan.hash_mb, trees_name(existing.plan)));
    return existing;
  }
  std::error_code ec;
  fs::create_directories(fs::path(dir) / "proofs", ec);
  if (ec) throw InputError("cannot make the census folder " + dir + ": " + ec.message());
  const io::RunLock lock = io::RunLock::on_folder(dir, "census");
  Census c = make_census(dir, plan, lines, Listed::Draw);
  if (c.space.listed()) io::write_file_atomically(subspace_path(dir), encode_subspace(c.space));
  io::write_file_atomically(manifest_path(dir), manifest_json(c).dump(1) + "\n");
  return c;
}

io::RunLock lock_census_run(const Census& c) {
  io::RunLock lock = io::RunLock::on_folder(c.dir, "census run");
  // Under the lock no other run writes here: a temporary is what a killed run was writing.
  io::remove_leftover_temporaries_in(c.dir);
  io::remove_leftover_temporaries_in((fs::path(c.dir) / "proofs").string());
  return lock;
}

Census open_census(const std::string& dir, const io::Lines& lines) {
  const std::string path = manifest_path(dir);
  if (!fs::exists(path)) throw InputError(dir + " holds no census (no manifest.json; start one with `kamisado census plan`)");
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(io::read_file(path, "census manifest"));
  } catch (const nlohmann::json::exception& e) {
    throw InputError(path + ": not a census manifest (" + std::string(e.what()) + ")");
  }
  if (!j.is_object() || j.value("format", "") != "kamisado-census") throw InputError(path + ": not a census manifest");
  if (j.value("version", 0) != kManifestVersion) throw InputError(path + ": census manifest of another version");
  CensusPlan plan;
  try {
    plan.subspace = j.at("subspace").get<std::string>();
    plan.shard_size = j.at("shard_size").get<std::uint32_t>();
    plan.hash_mb = j.at("hash_mb").get<std::size_t>();
    plan.trees_for_all = j.at("trees").get<std::string>() == "all";
  } catch (const nlohmann::json::exception& e) {
    throw InputError(path + ": a field is missing or wrong (" + std::string(e.what()) + ")");
  }
  Census c = make_census(dir, plan, lines);
  // Every field must be what the plan gives: an edited manifest would misplace the shards.
  if (manifest_json(c) != j) throw InputError(path + ": the manifest does not match its own plan (edited?)");
  return c;
}

std::optional<std::vector<ShardRecord>> slice_records(const Census& c, std::uint32_t k) {
  const std::string path = c.shard_path(k);
  if (!fs::exists(path)) return std::nullopt;
  auto records = read_shard(path, c.run, k);
  if (records.size() != c.slice_end(k) - c.slice_begin(k))
    throw InputError(fmt::format("{}: holds {} starts, its slice has {}", path, records.size(), c.slice_end(k) - c.slice_begin(k)));
  // Exact coverage: the shard holds its slice, each class once and in order, nothing else (its
  // checksum says only that a shard was not damaged, not that it is this slice's).
  for (std::size_t j = 0; j < records.size(); ++j)
    if (const std::uint64_t at = c.slice_begin(k) + j; records[j].index != c.space.class_at(at))
      throw InputError(fmt::format("{}: record {} is start {}, the slice wants start {}", path, j + 1, records[j].index, c.space.class_at(at)));
  return records;
}

bool shard_done(const Census& c, std::uint32_t k) { return slice_records(c, k).has_value(); }

std::vector<std::uint32_t> missing_shards(const Census& c) {
  std::vector<std::uint32_t> missing;
  for (std::uint32_t k = 0; k < c.shards; ++k)
    if (!shard_done(c, k)) missing.push_back(k);
  return missing;
}

std::optional<SliceDone> prove_and_write_shard(const Census& c, std::uint32_t k, TranspositionTable& table, const std::atomic<bool>* stop,
                                               std::atomic<std::uint64_t>* starts_done) {
  auto records = prove_slice(c, k, table, stop, starts_done);
  if (!records) return std::nullopt;
  write_shard(c.shard_path(k), c.run, k, *records);
  SliceDone d;
  d.starts = records->size();
  for (const ShardRecord& r : *records) d.nodes += r.nodes;
  return d;
}

namespace {

// The slices to prove (already_done counted, a resumed run said so).
std::vector<std::uint32_t> begin_census_run(const Census& c, CensusRunStats& s, const io::Progress& progress) {
  std::vector<std::uint32_t> todo = missing_shards(c);
  s.shards = c.shards;
  s.already_done = c.shards - std::uint32_t(todo.size());
  if (s.already_done) progress.note(fmt::format("census: resuming {}: {} of {} shards already proved", c.dir, s.already_done, c.shards));
  return todo;
}

// The session appended to runs.jsonl, then Stopped unless every shard is done.
void end_census_run(const Census& c, const CensusRunStats& s) {
  // A log for the report's throughput, not a result: a line cut short by a kill is skipped. A
  // session that proved nothing (all was done) is not one.
  if (s.proved)
    io::LineAppender(runs_path(c.dir))
        .add(nlohmann::json{{"runner", s.runner},
                            {"workers", s.workers},
                            {"seconds", s.seconds},
                            {"shards_proved", s.proved},
                            {"starts_proved", s.starts_proved},
                            {"nodes", s.nodes},
                            {"ended", fmt::format("{:%Y-%m-%dT%H:%M:%SZ}", fmt::gmtime(std::time(nullptr)))}}
                 .dump());
  if (s.already_done + s.proved < c.shards)
    throw Stopped(fmt::format("stopped; {} of {} shards are proved and kept in {}, run again to go on", s.already_done + s.proved, c.shards, c.dir));
}

}  // namespace

std::optional<std::vector<ShardRecord>> prove_slice(const Census& c, std::uint32_t k, TranspositionTable& table, const std::atomic<bool>* stop,
                                                    std::atomic<std::uint64_t>* starts_done) {
  // One table for the slice: what one start proved is true for the next (no cycles), and the
  // slice's starts share Black's home row. Cleared at the slice's start, so the slice's nodes do
  // not depend on which worker proved what before. The worker's table, not a new one: a new
  // table's memory is given page by page by the system, about 0.1 s for 64 MB here, more than
  // clearing it (issue 42).
  table.clear();
  std::vector<ShardRecord> records;
  for (std::uint64_t i = c.slice_begin(k); i < c.slice_end(k); ++i) {
    const std::uint32_t index = c.space.class_at(i);
    const Position start = start_at_class(index);
    CertifyOptions o;
    o.limits.hash_mb = c.plan.hash_mb;
    o.limits.stop = stop;
    o.value_only = true;
    o.tree = c.plan.trees_for_all;
    auto t0 = std::chrono::steady_clock::now();
    Certified p = certify(start, table, o);
    std::uint64_t nodes = p.result.nodes;
    if (!o.tree && p.result.value != Value::Unknown && p.winner != start.side_to_move()) {
      o.tree = true;  // a second-mover win: its certificate (the search again is one table probe)
      p = certify(start, table, o);
      nodes += p.result.nodes;  // the search's nodes are the first call's: keep them
    }
    // Stopped in the search, or later in building the tree: nothing of this slice is kept.
    if (p.result.value == Value::Unknown || (stop && stop->load())) return std::nullopt;
    ShardRecord r;
    r.index = index;
    r.second_mover_wins = p.winner != start.side_to_move();
    r.checked = p.checked();
    r.proof = std::uint32_t(p.proof_nodes);
    r.nodes = nodes;
    if (r.second_mover_wins && p.tree) {
      CertifyOptions write;
      write.check = false;  // checked just now
      write.proof_path = c.proof_path(index);
      write.files = &disk_files();
      seal(p, write);
    }
    r.micros = std::uint32_t(std::min(io::seconds_since(t0) * 1e6, 4.0e9));
    records.push_back(r);
    if (starts_done) ++*starts_done;
  }
  return records;
}

CensusRunStats run_census(const std::string& dir, const CensusRunOptions& o, const io::Lines& lines) {
  const Census c = open_census(dir, lines);
  const io::RunLock lock = lock_census_run(c);
  return prove_missing_slices(c, o.threads, o.stop, nullptr, lines);
}

CensusRunStats prove_missing_slices(const Census& c, int threads, const std::atomic<bool>* stop, const FarSlices* far, const io::Lines& lines) {
  const unsigned far_count = far ? far->count : 0;
  CensusRunStats s;
  s.workers = std::max(1, threads) + int(far_count);
  s.runner = far ? "mpi" : "threads";
  io::Progress progress(lines);
  const std::vector<std::uint32_t> todo = begin_census_run(c, s, progress);
  std::uint64_t starts_left = 0;
  for (std::uint32_t k : todo) starts_left += c.slice_end(k) - c.slice_begin(k);
  if (!todo.empty())
    progress.note(fmt::format("census: proving {} shards ({} starts) on {} {}{}", todo.size(), starts_left, s.workers, far ? "rank" : "thread",
                              s.workers == 1 ? "" : "s"));
  std::mutex mutex;  // guards the counts
  std::atomic<std::uint64_t> starts_done{0};
  std::atomic<std::uint32_t> shards_done{0};
  auto t0 = std::chrono::steady_clock::now();
  // Said once a second from a thread of its own, counted start by start: a shard of a large
  // sample takes minutes, and a progress said per shard was silent that long.
  std::atomic<bool> over{false};
  std::thread reporter([&] {
    while (!over) {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      progress.tick([&] {
        const double rate = double(starts_done) / std::max(1e-9, io::seconds_since(t0));
        const std::uint32_t shards = s.already_done + shards_done;
        return fmt::format("census: {} {} of {} shards, {} starts proved by this run, {:.1f} starts/s, about {:.0f} s left",
                           io::progress_bar(double(shards) / c.shards), shards, c.shards, starts_done.load(), rate,
                           double(starts_left - std::min<std::uint64_t>(starts_left, starts_done)) / std::max(rate, 1e-9));
      });
    }
  });
  try {
    // Workers 1 to far_count wait on far slices; the others (the calling thread first) prove here,
    // each with a table of its own, made at its first slice.
    std::vector<std::unique_ptr<TranspositionTable>> tables(s.workers);
    run::for_each_item(todo.size(), unsigned(s.workers), [&](std::size_t t, unsigned worker) {
      if (stop && stop->load()) return false;
      const bool far_one = worker >= 1 && worker <= far_count;
      if (!far_one && !tables[worker]) tables[worker] = std::make_unique<TranspositionTable>(c.plan.hash_mb);
      auto done = far_one ? far->prove(todo[t]) : prove_and_write_shard(c, todo[t], *tables[worker], stop, &starts_done);
      if (!done) return false;
      if (far_one) starts_done += done->starts;
      std::lock_guard lock(mutex);
      s.add(*done);
      ++shards_done;
      return true;
    });
  } catch (...) {
    over = true;
    reporter.join();
    throw;
  }
  over = true;
  reporter.join();
  s.seconds = io::seconds_since(t0);
  end_census_run(c, s);
  return s;
}

namespace {

// The files of proofs/ that no shard claims (a proof is kept for each second-mover win, and for
// nothing else): a shard that was changed to call a second-mover win the first mover's leaves its
// certificate behind, and so does any stray file.
std::vector<std::string> unclaimed_proofs(const Census& c, const std::vector<CensusSecondMoverWin>& wins) {
  std::set<std::string> claimed;
  for (const auto& w : wins) claimed.insert(fs::path(w.proof).filename().string());
  std::vector<std::string> out;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(fs::path(c.dir) / "proofs", ec))
    if (!claimed.count(entry.path().filename().string())) out.push_back(entry.path().string());
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

SecondMoverCertificate check_second_mover_certificate(const Census& c, std::uint32_t index) {
  SecondMoverCertificate cert;
  const std::string path = c.proof_path(index);
  try {
    const ProofTree tree = read_proof_file(path);
    const ProofCheck verdict = check_proof(tree);
    cert.nodes = tree.nodes.size();
    std::error_code ec;
    const std::uintmax_t bytes = fs::file_size(path, ec);
    cert.bytes = ec ? 0 : bytes;
    const Position start = start_at_class(index);
    if (!verdict.holds)
      cert.failure = verdict.failure;
    else if (tree.nodes.empty() || tree.nodes[0].kfen != to_kfen(start))
      cert.failure = "its root is not the class's start " + to_kfen(start);
    else if (tree.aim != Aim::round() || tree.winner == start.side_to_move())
      cert.failure = "it does not prove that the side moving second wins the round";
  } catch (const InputError& e) {
    cert.failure = cert.unreadable = e.what();
  }
  if (!cert.failure.empty() && cert.failure.rfind(path, 0) != 0) cert.failure = path + ": " + cert.failure;
  return cert;
}

bool CensusMerged::sound() const {
  if (unchecked || rechecked_first != rechecked_first_agree || !unclaimed_proofs.empty()) return false;
  return std::all_of(second_mover_wins.begin(), second_mover_wins.end(), [](const auto& w) { return w.proof_checked; });
}

namespace {

// runs.jsonl summed into `m`: the sessions, their wall time and worker time, for throughput.
void read_sessions(const std::string& dir, CensusMerged& m) {
  std::ifstream log(runs_path(dir));
  for (std::string line; std::getline(log, line);) {
    const nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
    if (!j.is_object() || !j.contains("seconds") || !j["seconds"].is_number() || !j.contains("workers") || !j["workers"].is_number_integer())
      continue;
    ++m.sessions;
    m.wall_seconds += j["seconds"].get<double>();
    m.worker_seconds += j["seconds"].get<double>() * j["workers"].get<int>();
    m.most_workers = std::max(m.most_workers, j["workers"].get<int>());
  }
}

// The checks of a merge, on `threads` threads: each kept certificate read back and checked by the
// checker alone (it must prove that the side moving second wins from this very start), then each
// of `first_wins` proved again from an empty table with its tree built and checked.
void check_certificates(CensusMerged& m, const std::vector<std::uint32_t>& first_wins, int threads, io::Progress& progress, const io::Lines& lines,
                        const std::atomic<bool>* stop) {
  const Census& c = m.census;
  const std::size_t checks = m.second_mover_wins.size() + first_wins.size();
  std::mutex mutex;  // guards the counts, the progress and the messages
  std::size_t done = 0;
  // A worker's table, made at its first re-proof and cleared at each: "from an empty table" without
  // new memory from the system each time (prove_slice).
  std::vector<std::unique_ptr<TranspositionTable>> tables(std::size_t(std::max(1, threads)));
  auto check = [&](std::size_t i, unsigned worker) {
    if (i < m.second_mover_wins.size()) {
      CensusSecondMoverWin& w = m.second_mover_wins[i];
      const SecondMoverCertificate cert = check_second_mover_certificate(c, w.index);
      w.proof_nodes = cert.nodes;
      w.proof_checked = cert.failure.empty();
      std::lock_guard lock(mutex);
      m.proof_bytes += cert.bytes;
      if (!cert.unreadable.empty() && lines) lines("census: " + cert.unreadable);
      return;
    }
    std::unique_ptr<TranspositionTable>& table = tables[worker];
    if (table)
      table->clear();
    else
      table = std::make_unique<TranspositionTable>(c.plan.hash_mb);
    CertifyOptions o;
    o.limits.hash_mb = c.plan.hash_mb;
    o.value_only = true;
    const Position start = start_at_class(first_wins[i - m.second_mover_wins.size()]);
    Certified p = certify(start, *table, o);
    std::lock_guard lock(mutex);
    ++m.rechecked_first;
    m.rechecked_first_agree += p.checked() && p.winner == start.side_to_move();
  };
  run::for_each_item(checks, unsigned(tables.size()), [&](std::size_t i, unsigned worker) {
    if (stop && stop->load()) return false;
    check(i, worker);
    std::lock_guard lock(mutex);
    ++done;
    progress.tick([&] { return fmt::format("census merge: {} of {} certificates checked or re-proved", done, checks); });
    return true;
  });
}

}  // namespace

CensusMerged merge_census(const std::string& dir, const io::Lines& lines, const std::atomic<bool>* stop, int threads) {
  CensusMerged m;
  m.census = open_census(dir, lines);
  const Census& c = m.census;
  io::Progress progress(lines);
  std::vector<std::uint32_t> first_wins;  // classes, for the 1% re-check
  const bool features = c.space.size() <= kMostClassesForFeatures;
  FeatureSample sample;
  for (std::uint32_t k = 0; k < c.shards; ++k) {
    const auto slice = slice_records(c, k);
    if (!slice) {
      ++m.missing_shards;
      continue;
    }
    const auto& records = *slice;  // its coverage checked (slice_records)
    for (std::size_t j = 0; j < records.size(); ++j) {
      const ShardRecord& r = records[j];
      const std::uint64_t at = c.slice_begin(k) + j;
      const std::uint32_t weight = c.space.weight_at(at);
      ++m.classes;
      m.starts += weight;
      m.unchecked += (c.plan.trees_for_all || r.second_mover_wins) && !r.checked;
      m.nodes += r.nodes;
      m.proof_nodes += r.proof;
      m.seconds += r.micros / 1e6;
      const StartFeatures f = features ? features_of(start_space().start_at(r.index)) : StartFeatures{};
      if (features) {
        sample.features.push_back(f), sample.second_mover_wins.push_back(r.second_mover_wins);
        m.indices.push_back(r.index), m.micros.push_back(r.micros);
      }
      if (r.micros > m.slowest_micros) m.slowest_micros = r.micros, m.slowest_index = r.index;
      if (!r.second_mover_wins) {
        ++m.first_mover_classes, m.first_mover_starts += weight;
        first_wins.push_back(r.index);
        continue;
      }
      CensusSecondMoverWin w;
      w.index = r.index;
      w.weight = weight;
      w.features = f;
      w.kfen = to_kfen(start_at_class(r.index));
      w.proof = c.proof_path(r.index);
      m.second_mover_wins.push_back(w);
    }
    progress.tick([&] { return fmt::format("census merge: {} of {} shards read", k + 1, c.shards); });
  }
  if (features) m.hypotheses = test_features(sample);
  if (m.complete()) m.unclaimed_proofs = unclaimed_proofs(c, m.second_mover_wins);
  read_sessions(dir, m);
  // A seeded 1% (at least one) of the first mover's wins, proved again from an empty table, the
  // proof tree built and checked: the certificate of the first mover's wins as a whole.
  std::mt19937_64 rng(c.run);
  std::shuffle(first_wins.begin(), first_wins.end(), rng);
  first_wins.resize(std::min(first_wins.size(), std::max<std::size_t>(1, first_wins.size() / 100)));
  check_certificates(m, first_wins, threads, progress, lines, stop);
  if (stop && stop->load()) throw Stopped("stopped while checking certificates; nothing was written");
  return m;
}

double CensusMerged::first_mover_share() const { return starts ? double(first_mover_starts) / double(starts) : 0.0; }

std::pair<double, double> CensusMerged::first_mover_interval() const {
  const double p = first_mover_share();
  if (!census.space.sampled() || starts == 0) return {p, p};
  const double n = double(starts), z = 1.959963984540054;
  const double centre = (p + z * z / (2 * n)) / (1 + z * z / n);
  const double half = z / (1 + z * z / n) * std::sqrt(p * (1 - p) / n + z * z / (4 * n * n));
  return {centre - half, centre + half};
}

}  // namespace kamisado::solver
