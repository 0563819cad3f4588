#include "solver/bench/opening.h"

#include <algorithm>
#include <chrono>
#include <fstream>
#include <random>
#include <set>
#include <unordered_map>

#include <fmt/format.h>

#include "solver/proof/certificate_files.h"
#include "solver/starts/regrouped.h"
#include "src/io/files.h"
#include "src/io/report.h"
#include "src/io/run_lock.h"
#include "src/kamisado/errors.h"
#include "src/kamisado/kfen.h"
#include "src/kamisado/movegen.h"

namespace kamisado::solver {

namespace {

Certified prove(const Position& pos, TranspositionTable& table, bool value_only, const std::string& proof_path) {
  CertifyOptions options;
  options.value_only = value_only;
  options.proof_path = proof_path;
  options.files = &disk_files();
  return certify(pos, table, options);
}

}  // namespace

int OpeningResult::black_wins() const {
  return int(std::count_if(moves.begin(), moves.end(),
                           [](const FirstMove& m) { return m.proved.winner == Side::Black && m.proved.result.value != Value::Unknown; }));
}

int OpeningResult::failures() const {
  return !start.checked() + int(std::count_if(moves.begin(), moves.end(), [](const FirstMove& m) { return !m.proved.checked(); }));
}

OpeningResult prove_opening(std::size_t hash_mb, const std::string& proofs_dir, const io::Lines& lines) {
  OpeningResult r;
  r.hash_mb = hash_mb;
  io::Progress progress(lines);
  const Position start = Position::initial();
  TranspositionTable table(hash_mb);
  auto t0 = std::chrono::steady_clock::now();
  r.start = prove(start, table, false, proofs_dir.empty() ? "" : proofs_dir + "/start.proof");
  MoveList moves;
  generate_moves(start, moves);
  auto t_moves = std::chrono::steady_clock::now();
  // The start is its own mirror image (B3), so the first moves come in mirror pairs (no move
  // is its own mirror: it would stay on the board's middle line). One of each pair is
  // searched; the other's proof is the mirrored tree, checked like any other.
  std::map<std::uint64_t, std::size_t> searched;  // child position's key -> row
  const bool symmetric = start.mirrored() == start;
  for (Move m : moves) {
    std::string name = to_string(m), path = proofs_dir.empty() ? "" : proofs_dir + "/" + name + ".proof";
    Position child = start.after(m);
    auto twin = symmetric ? searched.find(child.mirrored().key()) : searched.end();
    if (twin != searched.end()) {
      r.moves.push_back({name, certify_mirror(r.moves[twin->second].proved, path, &disk_files())});
      r.moves[twin->second].proved.tree.reset();  // done with: free it
      r.moves.back().proved.tree.reset();
    } else {
      r.moves.push_back({name, prove(child, table, false, path)});
      searched[child.key()] = r.moves.size() - 1;
    }
    progress.tick([&] { return fmt::format("opening: {} of {} first moves proved", r.moves.size(), moves.size()); });
  }
  r.moves_seconds = io::seconds_since(t_moves);
  r.total_seconds = io::seconds_since(t0);
  return r;
}

RegroupedResult prove_regrouped(const RegroupedOptions& o, const io::Lines& lines) {
  RegroupedResult r;
  r.options = o;
  const io::RunLock lock = io::RunLock::on_file(o.checkpoint, "opening --regrouped");  // one run appends to it at a time
  std::map<int, nlohmann::json> done = read_regrouped_checkpoint(o.checkpoint, o.seed, lines);
  r.resumed = int(done.size());
  if (!done.empty() && lines) lines(fmt::format("opening: resuming from {}: {} starts already proved", o.checkpoint, done.size()));
  io::LineAppender out(o.checkpoint);  // a line cut short by a stop is ended before the next
  io::Progress progress(lines);
  const std::vector<Position> starts = regrouped_starts(o.count, o.seed);
  // A line read back must be of its start (the sample is drawn again from the seed); its winner
  // is taken as written unless o.recheck proves it again.
  for (const auto& [i, j] : done)
    if (i < o.count && (j.at("kfen") != to_kfen(starts[i]) || j.at("mover") != side_id(starts[i].side_to_move())))
      throw InputError(fmt::format("{}: the line of start {} gives {}, not start {} of seed {} ({})", o.checkpoint, i,
                                   j.at("kfen").get<std::string>(), i, o.seed, to_kfen(starts[i])));
  for (int i = 0; i < o.count; ++i) {
    const Position& start = starts[i];
    const Side mover = start.side_to_move();
    if (done.count(i) && !o.recheck) continue;
    if (o.stop && o.stop->load()) throw Stopped(fmt::format("stopped; {} holds what is proved, run again to go on", o.checkpoint));
    // A start's time includes making its table (64 MB cleared): that is part of its cost.
    auto t0 = std::chrono::steady_clock::now();
    TranspositionTable table(o.hash_mb);
    Certified p = prove(start, table, true, "");
    const double seconds = io::seconds_since(t0);
    if (auto known = done.find(i); known != done.end()) {  // o.recheck: the line read back against the start proved again
      if (known->second.at("winner") != side_id(p.winner) || !p.checked())
        throw InputError(fmt::format("{}: start {} ({}) is recorded as won by {}, but proved again {}: the checkpoint is wrong", o.checkpoint, i,
                                     to_kfen(start), known->second.at("winner").get<std::string>(),
                                     p.checked() ? "it is won by " + std::string(side_id(p.winner)) : "its proof did not check"));
      ++r.rechecked;
      continue;
    }
    nlohmann::json j = {{"seed", o.seed},
                        {"index", i},
                        {"kfen", to_kfen(start)},
                        {"mover", side_id(mover)},
                        {"winner", side_id(p.winner)},
                        {"proof_nodes", p.proof_nodes},
                        {"checked", p.checked()},
                        {"nodes", p.result.nodes},
                        {"seconds", seconds}};
    out.add(j.dump());
    done[i] = j;
    progress.tick([&] { return fmt::format("opening: {} of {} regrouped starts proved, {:.0f} s", done.size(), o.count, progress.elapsed()); });
  }
  for (const auto& [i, j] : done) {
    if (i >= o.count) continue;
    r.done[i] = j;
    r.first_mover_wins += j.at("winner") == j.at("mover");
    r.failures += !j.at("checked").get<bool>();
    r.seconds += j.at("seconds").get<double>();
    r.proof_sizes.push_back(j.at("proof_nodes").get<std::size_t>());
  }
  std::sort(r.proof_sizes.begin(), r.proof_sizes.end());
  return r;
}

namespace {

// The best line from `pos` to the round's end: each move the search's best at its exact distance
// (the fastest win, the longest defence), with `table` shared and each position's best kept in
// `best`, as lines from the book's positions meet. Empty if a search gives no exact distance or
// the line does not end the round in its plies (it is then left out, never written wrong).
std::vector<Move> best_line(const Position& from, const BookValue& value, TranspositionTable& table, std::unordered_map<std::string, Move>& best) {
  std::vector<Move> line;
  Position p = from;
  SolveLimits limits;
  limits.hash_mb = 0;
  for (int ply = 0; ply < *value.plies && !round_winner(p); ++ply) {
    const std::string key = to_kfen(p);
    auto it = best.find(key);
    if (it == best.end()) {
      const SolveResult r = solve(p, limits, table, true, Aim::round());
      if (r.value == Value::Unknown || !r.distance_known || !r.best) return {};
      it = best.emplace(key, *r.best).first;
    }
    line.push_back(it->second);
    p = p.after(it->second);
  }
  if (int(line.size()) != *value.plies || round_winner(p) != std::optional<Side>(value.winner)) return {};
  return line;
}

}  // namespace

std::vector<Position> one_move_on(const std::vector<Position>& positions) {
  std::vector<Position> next;
  std::set<std::string> seen;
  for (const Position& p : positions) {
    MoveList list;
    generate_moves(p, list);
    for (Move m : list)
      if (const Position q = p.after(m); !round_winner(q) && seen.insert(to_kfen(q)).second) next.push_back(q);
  }
  return next;
}

OpeningBook opening_book(const OpeningResult& r, std::size_t hash_mb, const io::Lines& lines) {
  const Position start = Position::initial();
  OpeningBook book;
  const auto add = [&book](const Position& pos, const Certified& c) {
    if (!c.checked() || c.result.value == Value::Unknown) return false;
    BookValue v;
    v.winner = winner(c.result, pos), v.best = c.result.best;
    if (c.result.distance_known) v.plies = int(c.result.plies), v.winner_moves = int(c.result.winner_moves);
    book.entries.push_back({pos, AimKind::Round, v});
    return true;
  };
  add(start, r.start);
  std::vector<Position> first_moves;
  for (const FirstMove& m : r.moves) {
    first_moves.push_back(start.after(parse_move(start, m.move)));
    add(first_moves.back(), m.proved);
  }
  const std::vector<Position> after_replies = one_move_on(first_moves);
  // One move deeper than the replies: a board after Gold's reply is answered from the book whole too.
  const std::vector<Position> after_seconds = one_move_on(after_replies);
  TranspositionTable table(hash_mb);
  io::Progress progress(lines);
  for (std::size_t i = 0; i < after_replies.size(); ++i) {
    book.replies += add(after_replies[i], prove(after_replies[i], table, false, ""));
    progress.count("replies proved", i + 1, after_replies.size());
  }
  for (std::size_t i = 0; i < after_seconds.size(); ++i) {
    book.second_moves += add(after_seconds[i], prove(after_seconds[i], table, false, ""));
    progress.count("positions after Black's second moves proved", i + 1, after_seconds.size());
  }
  book.failed = int(after_replies.size() + after_seconds.size()) - book.replies - book.second_moves;
  // The book's own best moves first: a line goes where the entries it meets say, so that a line
  // and the entries along it agree (another move of the same distance would do as well).
  std::unordered_map<std::string, Move> best;
  for (const BookEntry& e : book.entries)
    if (e.value.best) best.emplace(to_kfen(e.pos), *e.value.best);
  for (std::size_t i = 0; i < book.entries.size(); ++i) {
    BookValue& v = book.entries[i].value;
    if (v.plies) v.line = best_line(book.entries[i].pos, v, table, best);
    book.lines += !v.line.empty();
    progress.count("best lines", i + 1, book.entries.size());
  }
  return book;
}

OpeningBook write_opening_book(const OpeningResult& r, const std::string& path, const io::Lines& progress) {
  io::check_writable(path);
  const OpeningBook book = opening_book(r, r.hash_mb, progress);
  write_book_file(book.entries,
                  fmt::format("kamisado opening on {}: the start, Black's {} first moves, the {} positions after Gold's replies and the {} "
                              "after Black's second moves, each value and exact distance with a proof tree the checker accepted ({} left out: "
                              "certificate failed), {} with their best lines to the round's end",
                              io::today(), r.moves.size(), book.replies, book.second_moves, book.failed, book.lines),
                  path);
  return book;
}

}  // namespace kamisado::solver
