#include "solver/bench/opening.h"

#include <algorithm>
#include <chrono>
#include <fstream>
#include <random>

#include <fmt/format.h>

#include "io/report.h"
#include "io/run_lock.h"
#include "kamisado/errors.h"
#include "kamisado/kfen.h"
#include "kamisado/movegen.h"
#include "solver/starts/regrouped.h"

namespace kamisado::solver {

namespace {

Certified prove(const Position& pos, TranspositionTable& table, bool value_only, const std::string& proof_path) {
  CertifyOptions options;
  options.value_only = value_only;
  options.proof_path = proof_path;
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
      r.moves.push_back({name, certify_mirror(r.moves[twin->second].proved, path)});
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

std::string opening_report(const OpeningResult& r, const std::string& report_path) {
  const Certified& root = r.start;
  int mirrored = int(std::count_if(r.moves.begin(), r.moves.end(), [](const FirstMove& m) { return m.proved.by_mirror; }));
  io::Report md("The opening of a single round, proved", "kamisado opening --report " + report_path);
  md.paragraph(fmt::format("Every value is proved by df-pn; every distance is exact (a win within d plies proved, within d - 1 refuted); "
                           "every proof tree was built and accepted by the checker, which uses the move generator alone "
                           "(`kamisado solve <kfen> --proof FILE`, then `kamisado check-proof FILE`). One transposition table of "
                           "{} MB is shared by all the searches, in the order below.",
                           r.hash_mb))
      .section("The start")
      .paragraph(fmt::format("`{}`: **Black, moving first, wins in {} plies** ({} moves of Black); fastest first move {}. "
                             "Proof tree: {} positions, {}. Time {:.2f} s.",
                             kStartKfen, root.result.plies, root.result.winner_moves, root.result.best ? to_string(*root.result.best) : "-",
                             root.proof_nodes, root.checked() ? "checked" : "CHECK FAILED: " + root.failure(), root.seconds))
      .section("Black's 102 first moves")
      .paragraph(fmt::format("{} of the {} first moves keep Black's win; after the other {} Gold wins. All {} proved, with distances and "
                             "checked proof trees, in {:.2f} s (target <= {:.0f} s: {}). The start is its own mirror image (B3: the board "
                             "mirrored left-right, the colours mapped by their involution), so the first moves come in {} mirror pairs: one "
                             "of each pair is searched, and the other's value, distance and proof tree are the mirror images, the tree "
                             "replayed on the mirrored board and accepted by the checker like any other (marked \"mirror\" below).",
                             r.black_wins(), r.moves.size(), int(r.moves.size()) - r.black_wins(), r.moves.size(), r.moves_seconds,
                             kOpeningTargetSeconds, r.target_met() ? "met" : "NOT met", mirrored))
      .paragraph(
          "The value is for the side that wins; the distance counts plies from the position after the first move, "
          "Gold to move, so the whole game lasts one ply more.")
      .table({"first move", "winner", "plies", "winner's moves", "best reply", "proof positions", "search nodes", "time (s)", "proof"});
  for (const FirstMove& m : r.moves) {
    const Certified& p = m.proved;
    md.row({m.move, side_name(p.winner), std::to_string(p.result.plies), std::to_string(p.result.winner_moves),
            p.result.best ? to_string(*p.result.best) : "-", std::to_string(p.proof_nodes), p.by_mirror ? "mirror" : std::to_string(p.result.nodes),
            fmt::format("{:.3f}", p.seconds), p.checked() ? "checked" : "FAILED"});
  }
  return md.markdown();
}

nlohmann::json opening_json(const OpeningResult& r) {
  nlohmann::json j = {
      {"start",
       {{"winner", side_id(r.start.winner)}, {"plies", r.start.result.plies}, {"proof_nodes", r.start.proof_nodes}, {"checked", r.start.checked()}}},
      {"first_moves", nlohmann::json::array()},
      {"seconds", r.moves_seconds},
      {"target_met", r.target_met()}};
  for (const FirstMove& m : r.moves)
    j["first_moves"].push_back({{"move", m.move},
                                {"winner", side_id(m.proved.winner)},
                                {"plies", m.proved.result.plies},
                                {"winner_moves", m.proved.result.winner_moves},
                                {"proof_nodes", m.proved.proof_nodes},
                                {"checked", m.proved.checked()},
                                {"by_mirror", m.proved.by_mirror},
                                {"search_seconds", m.proved.result.seconds},
                                {"seconds", m.proved.seconds}});
  return j;
}

std::string opening_summary(const OpeningResult& r) {
  std::string text = fmt::format("start: Black wins in {} plies ({} moves of Black), proof {} positions{}\n", r.start.result.plies,
                                 r.start.result.winner_moves, r.start.proof_nodes, r.start.checked() ? ", checked" : ", CHECK FAILED");
  text += fmt::format(
      "{} first moves: Black keeps the win after {}, Gold wins after {}; proved and checked in {:.2f} s (target <= 5 s: {}); total {:.2f} s\n",
      r.moves.size(), r.black_wins(), int(r.moves.size()) - r.black_wins(), r.moves_seconds, r.target_met() ? "met" : "NOT met", r.total_seconds);
  if (r.failures()) text += fmt::format("{} proofs FAILED their check\n", r.failures());
  return text;
}

RegroupedResult prove_regrouped(const RegroupedOptions& o, const io::Lines& lines) {
  RegroupedResult r;
  r.options = o;
  const io::RunLock lock = io::RunLock::on_file(o.checkpoint, "opening --regrouped");  // one run appends to it at a time
  std::map<int, nlohmann::json> done = read_regrouped_checkpoint(o.checkpoint, o.seed, lines);
  r.resumed = int(done.size());
  if (!done.empty() && lines) lines(fmt::format("opening: resuming from {}: {} starts already proved", o.checkpoint, done.size()));
  // A line cut short by a stop in mid-write has no newline: end it, so that the next record
  // starts a line of its own instead of being swallowed by the cut one.
  bool cut = false;
  if (std::ifstream last(o.checkpoint, std::ios::binary | std::ios::ate); last && last.tellg() > 0) {
    last.seekg(-1, std::ios::end);
    cut = last.get() != '\n';
  }
  std::ofstream out(o.checkpoint, std::ios::app);
  if (!out) throw InputError("cannot write " + o.checkpoint);
  if (cut) out << "\n";
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
    out << j.dump() << "\n" << std::flush;
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

std::string regrouped_summary(const RegroupedResult& r) {
  const auto& o = r.options;
  double share = o.count ? 100.0 * r.first_mover_wins / o.count : 0;
  const auto& sizes = r.proof_sizes;
  const int unchecked = r.resumed - r.rechecked;
  return fmt::format(
      "{} regrouped starts (seed {}): the side moving first wins {} ({:.1f}%); proved and checked in {:.1f} s in all; "
      "proof size median {}, largest {}{}",
      o.count, o.seed, r.first_mover_wins, share, r.seconds, sizes.empty() ? 0 : sizes[sizes.size() / 2], sizes.empty() ? 0 : sizes.back(),
      unchecked > 0 ? fmt::format("; {} of them as an earlier run wrote them in {}, unchecked (--recheck proves them again)", unchecked, o.checkpoint)
                    : "");
}

std::string regrouped_report(const RegroupedResult& r, const std::string& report_path) {
  const auto& o = r.options;
  io::Report md("Regrouped starts, proved",
                fmt::format("kamisado opening --regrouped {} --seed {} --checkpoint {} --report {}", o.count, o.seed, o.checkpoint, report_path));
  md.paragraph(fmt::format("Each start has both home rows in a random order (seeded) and either side to move with free choice (T1), "
                           "under single-round rules: what a round of a match after regrouping (F3) can start from. Each is proved "
                           "by df-pn (value only) with its own table of {} MB, and its proof tree is built and accepted by the checker. "
                           "The time is search, tree and check.",
                           o.hash_mb))
      .paragraph(regrouped_summary(r) + ".");
  std::string second = "Starts won by the side moving second:";
  for (const auto& [i, j] : r.done)
    if (j.at("winner") != j.at("mover")) second += fmt::format(" #{} `{}`;", i, j.at("kfen").get<std::string>());
  md.paragraph(second).table({"#", "KFEN", "to move", "winner", "proof positions", "nodes", "time (s)", "proof"});
  for (const auto& [i, j] : r.done)
    md.row({std::to_string(i), "`" + j.at("kfen").get<std::string>() + "`", j.at("mover").get<std::string>(), j.at("winner").get<std::string>(),
            std::to_string(j.at("proof_nodes").get<std::size_t>()), std::to_string(j.at("nodes").get<std::uint64_t>()),
            fmt::format("{:.3f}", j.at("seconds").get<double>()), j.at("checked").get<bool>() ? "checked" : "FAILED"});
  return md.markdown();
}

nlohmann::json regrouped_json(const RegroupedResult& r) {
  return {{"starts", r.options.count},
          {"first_mover_wins", r.first_mover_wins},
          {"seconds", r.seconds},
          {"failures", r.failures},
          {"read_back", r.resumed},
          {"rechecked", r.rechecked},
          {"unchecked", r.resumed - r.rechecked}};
}

}  // namespace kamisado::solver
