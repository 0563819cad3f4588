// kamisado opening: the single round's opening, proved.
//   default       the start and each of Black's 102 first moves: value, exact distance, and a
//                 proof tree that the checker accepts (target: all 102 within 5 s on one core);
//   --regrouped N a seeded sample of N regrouped starts (both home rows permuted, either side
//                 to move): value, time and proof size of each, and the share won by the side
//                 that moves first. Each result is appended to a checkpoint file as it is
//                 proved, so a run that is stopped resumes where it stopped.
#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <ostream>
#include <random>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/output.h"
#include "kamisado/kfen.h"
#include "kamisado/movegen.h"
#include "solver/proof_check.h"
#include "solver/proof_file.h"
#include "solver/solve.h"

namespace kamisado::cli {

namespace {

constexpr double kTargetSeconds = 5.0;

double since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// A position proved with its certificate checked.
struct Proved {
  solver::SolveResult result;
  Side winner = Side::Black;
  std::optional<solver::ProofTree> tree;
  bool checked = false;
  std::string failure;
  double seconds = 0;  // search (unless by symmetry), proof tree and check
  bool by_symmetry = false;
  std::size_t proof_nodes = 0;
};

void check_and_write(Proved& p, const std::string& proof_path) {
  if (!p.tree) {
    p.failure = "the proof tree could not be built";
    return;
  }
  solver::ProofCheck check = solver::check_proof(*p.tree);
  p.proof_nodes = p.tree->nodes.size();
  p.checked = check.holds;
  p.failure = check.failure;
  if (!proof_path.empty()) {
    std::ostringstream text;
    solver::write_proof(*p.tree, text);
    write_file_atomically(proof_path, text.str());
  }
}

// Proves `pos` with `table`: the value, the exact distance unless `value_only`, and the proof
// tree, checked by the checker; written to `proof_path` if given.
Proved prove(const Position& pos, solver::TranspositionTable& table, bool value_only, const std::string& proof_path) {
  auto t0 = std::chrono::steady_clock::now();
  Proved p;
  solver::SolveLimits limits;
  p.result = solver::solve(pos, limits, table, !value_only);
  if (p.result.value == solver::Value::Unknown) return p;
  p.winner = p.result.value == solver::Value::Win ? pos.side_to_move() : ~pos.side_to_move();
  solver::Prover prover(table, limits);
  // Without the exact distance the tree is built within the bound the search proved.
  solver::Distance budget = value_only ? prover.known(pos, p.winner, solver::Metric::Plies).at_most : p.result.plies;
  p.tree = solver::build_proof(prover, pos, p.winner, budget);
  check_and_write(p, proof_path);
  p.seconds = since(t0);
  return p;
}

// The mirror image's proof (B3): the same value and distance, the best move mirrored, and the
// proof tree replayed on the mirrored board and checked afresh.
Proved prove_by_mirror(const Proved& original, const std::string& proof_path) {
  auto t0 = std::chrono::steady_clock::now();
  Proved p;
  p.result = original.result;
  p.result.nodes = 0;
  p.result.seconds = 0;
  if (original.result.best) p.result.best = mirror(*original.result.best);
  p.winner = original.winner;
  p.by_symmetry = true;
  if (original.tree) p.tree = solver::mirror_proof(*original.tree);
  check_and_write(p, proof_path);
  p.seconds = since(t0);
  return p;
}

// A regrouped start: each side's eight towers in a random order on its home row, single round,
// `mover` to move with free choice (T1).
Position regrouped_start(std::mt19937_64& rng, Side mover) {
  std::string gold = "obpkyrgn", black = "NGRYKPBO";
  std::shuffle(gold.begin(), gold.end(), rng);
  std::shuffle(black.begin(), black.end(), rng);
  return parse_kfen(gold + "/8/8/8/8/8/8/" + black + (mover == Side::Black ? " b -" : " g -"));
}

int run_first_moves(Io& io, const std::string& report, const std::string& proofs, std::size_t hash, bool json) {
  Position start = Position::initial();
  solver::TranspositionTable table(hash);
  auto t0 = std::chrono::steady_clock::now();
  Proved root = prove(start, table, false, proofs.empty() ? "" : proofs + "/start.proof");
  MoveList moves;
  generate_moves(start, moves);
  struct Row {
    std::string move;
    Proved proved;
  };
  std::vector<Row> rows;
  auto t_moves = std::chrono::steady_clock::now();
  // The start is its own mirror image (B3), so the first moves come in mirror pairs (no move
  // is its own mirror: it would stay on the board's middle line). One of each pair is
  // searched; the other's proof is the mirrored tree, checked like any other.
  std::map<std::uint64_t, std::size_t> searched;  // child position's key -> row
  const bool symmetric = start.mirrored() == start;
  for (Move m : moves) {
    std::string name = to_string(m), path = proofs.empty() ? "" : proofs + "/" + name + ".proof";
    Position child = start.after(m);
    auto twin = symmetric ? searched.find(child.mirrored().key()) : searched.end();
    if (twin != searched.end()) {
      rows.push_back({name, prove_by_mirror(rows[twin->second].proved, path)});
      rows[twin->second].proved.tree.reset();  // done with: free it
      rows.back().proved.tree.reset();
    } else {
      rows.push_back({name, prove(child, table, false, path)});
      searched[child.key()] = rows.size() - 1;
    }
    if (since(t0) > 1 && rows.size() % 10 == 0) io.err << fmt::format("opening: {} of {} first moves proved", rows.size(), moves.size()) << std::endl;
  }
  double moves_seconds = since(t_moves), total = since(t0);
  int black_wins = 0, failures = !root.checked, mirrored = 0;
  for (const Row& r : rows) {
    mirrored += r.proved.by_symmetry;
    black_wins += r.proved.winner == Side::Black && r.proved.result.value != solver::Value::Unknown;
    failures += !r.proved.checked;
  }
  bool met = moves_seconds <= kTargetSeconds;
  if (!report.empty()) {
    std::ostringstream md;
    md << "# The opening of a single round, proved\n\n"
       << fmt::format("Generated by `kamisado opening --report {}` on {} ({}, one core, {}).\n\n", report, today(), cpu_model(), build_flags())
       << "Every value is proved by df-pn; every distance is exact (a win within d plies proved, within d - 1 refuted); "
          "every proof tree was built and accepted by the checker, which uses the move generator alone "
          "(`kamisado solve <kfen> --proof FILE`, then `kamisado check-proof FILE`). One transposition table of "
       << hash << " MB is shared by all the searches, in the order below.\n\n"
       << "## The start\n\n"
       << fmt::format("`{}`: **Black, moving first, wins in {} plies** ({} moves of Black); fastest first move {}. "
                      "Proof tree: {} positions, {}. Time {:.2f} s.\n\n",
                      kStartKfen, root.result.plies, root.result.winner_moves, root.result.best ? to_string(*root.result.best) : "-",
                      root.proof_nodes, root.checked ? "checked" : "CHECK FAILED: " + root.failure, root.seconds)
       << "## Black's 102 first moves\n\n"
       << fmt::format("{} of the {} first moves keep Black's win; after the other {} Gold wins. ", black_wins, rows.size(),
                      int(rows.size()) - black_wins)
       << fmt::format("All {} proved, with distances and checked proof trees, in {:.2f} s (target <= {:.0f} s: {}). ", rows.size(),
                      moves_seconds, kTargetSeconds, met ? "met" : "NOT met")
       << fmt::format("The start is its own mirror image (B3: the board mirrored left-right, the colours mapped by their involution), "
                      "so the first moves come in {} mirror pairs: one of each pair is searched, and the other's value, distance "
                      "and proof tree are the mirror images, the tree replayed on the mirrored board and accepted by the checker "
                      "like any other (marked \"mirror\" below).\n\n",
                      mirrored)
       << "The value is for the side that wins; the distance counts plies from the position after the first move, "
          "Gold to move, so the whole game lasts one ply more.\n\n"
       << "| first move | winner | plies | winner's moves | best reply | proof positions | search nodes | time (s) | proof |\n"
       << "|---|---|---|---|---|---|---|---|---|\n";
    for (const Row& r : rows) {
      const Proved& p = r.proved;
      md << fmt::format("| {} | {} | {} | {} | {} | {} | {} | {:.3f} | {} |\n", r.move, side_name(p.winner), p.result.plies,
                        p.result.winner_moves, p.result.best ? to_string(*p.result.best) : "-", p.proof_nodes,
                        p.by_symmetry ? "mirror" : std::to_string(p.result.nodes), p.seconds, p.checked ? "checked" : "FAILED");
    }
    write_file_atomically(report, md.str());
  }
  if (json) {
    nlohmann::json j = {{"start", {{"winner", side_id(root.winner)}, {"plies", root.result.plies}, {"proof_nodes", root.proof_nodes},
                                   {"checked", root.checked}}},
                        {"first_moves", nlohmann::json::array()},
                        {"seconds", moves_seconds}, {"target_met", met}};
    for (const Row& r : rows)
      j["first_moves"].push_back({{"move", r.move}, {"winner", side_id(r.proved.winner)}, {"plies", r.proved.result.plies},
                                  {"winner_moves", r.proved.result.winner_moves}, {"proof_nodes", r.proved.proof_nodes},
                                  {"checked", r.proved.checked}, {"by_mirror", r.proved.by_symmetry}, {"search_seconds", r.proved.result.seconds},
                                  {"seconds", r.proved.seconds}});
    io.out << j.dump(2) << "\n";
  } else {
    io.out << fmt::format("start: Black wins in {} plies ({} moves of Black), proof {} positions{}\n", root.result.plies,
                          root.result.winner_moves, root.proof_nodes, root.checked ? ", checked" : ", CHECK FAILED");
    io.out << fmt::format("{} first moves: Black keeps the win after {}, Gold wins after {}; proved and checked in {:.2f} s (target <= 5 s: {}); total {:.2f} s\n",
                          rows.size(), black_wins, int(rows.size()) - black_wins, moves_seconds, met ? "met" : "NOT met", total);
    if (failures) io.out << failures << " proofs FAILED their check\n";
  }
  return failures ? kInternalError : kOk;
}

int run_regrouped(Io& io, int count, std::uint64_t seed, const std::string& checkpoint, const std::string& report, std::size_t hash,
                  bool json) {
  // The checkpoint: one JSON object a line, appended and flushed as each start is proved.
  std::map<int, nlohmann::json> done;
  if (std::ifstream in(checkpoint); in) {
    std::string line;
    for (int n = 1; std::getline(in, line); ++n) {
      if (line.empty()) continue;
      nlohmann::json j;
      try {
        j = nlohmann::json::parse(line);
      } catch (const nlohmann::json::exception&) {
        // A line cut short by a stop in mid-write is the only kind expected; it is proved again.
        io.err << fmt::format("opening: {} line {} is incomplete; that start is proved again\n", checkpoint, n);
        continue;
      }
      // A whole line of another shape is not ours to guess about: refuse it, naming the line.
      for (const char* field : {"seed", "index", "proof_nodes", "nodes"})
        if (!j.is_object() || !j.contains(field) || !j[field].is_number_unsigned())
          throw UsageError(fmt::format("{} line {}: not a result of opening --regrouped (no whole number \"{}\")", checkpoint, n, field));
      for (const char* field : {"kfen", "mover", "winner"})
        if (!j[field].is_string()) throw UsageError(fmt::format("{} line {}: not a result of opening --regrouped (no text \"{}\")", checkpoint, n, field));
      if (!j["checked"].is_boolean() || !j["seconds"].is_number())
        throw UsageError(fmt::format("{} line {}: not a result of opening --regrouped (no \"checked\" or \"seconds\")", checkpoint, n));
      if (j["seed"].get<std::uint64_t>() != seed)
        throw UsageError(checkpoint + ": a checkpoint of seed " + std::to_string(j["seed"].get<std::uint64_t>()) + ", not " + std::to_string(seed));
      done[j["index"].get<int>()] = j;
    }
  }
  if (!done.empty()) io.err << fmt::format("opening: resuming from {}: {} starts already proved\n", checkpoint, done.size());
  std::ofstream out(checkpoint, std::ios::app);
  if (!out) throw UsageError("cannot write " + checkpoint);
  std::mt19937_64 rng(seed);
  auto t0 = std::chrono::steady_clock::now(), last = t0;
  for (int i = 0; i < count; ++i) {
    Side mover = (rng() & 1) ? Side::Gold : Side::Black;
    Position start = regrouped_start(rng, mover);
    if (done.count(i)) continue;
    solver::TranspositionTable table(hash);
    Proved p = prove(start, table, true, "");
    nlohmann::json j = {{"seed", seed}, {"index", i}, {"kfen", to_kfen(start)}, {"mover", side_id(mover)},
                        {"winner", side_id(p.winner)}, {"proof_nodes", p.proof_nodes}, {"checked", p.checked},
                        {"nodes", p.result.nodes}, {"seconds", p.seconds}};
    out << j.dump() << "\n" << std::flush;
    done[i] = j;
    if (since(last) >= 1) {
      last = std::chrono::steady_clock::now();
      io.err << fmt::format("opening: {} of {} regrouped starts proved, {:.0f} s", done.size(), count, since(t0)) << std::endl;
    }
  }
  int first_wins = 0, failures = 0;
  double seconds = 0;
  std::vector<std::size_t> sizes;
  for (const auto& [i, j] : done) {
    if (i >= count) continue;
    first_wins += j.at("winner") == j.at("mover");
    failures += !j.at("checked").get<bool>();
    seconds += j.at("seconds").get<double>();
    sizes.push_back(j.at("proof_nodes").get<std::size_t>());
  }
  std::sort(sizes.begin(), sizes.end());
  double share = count ? 100.0 * first_wins / count : 0;
  std::string summary = fmt::format("{} regrouped starts (seed {}): the side moving first wins {} ({:.1f}%); proved and checked in {:.1f} s in all; "
                                    "proof size median {}, largest {}",
                                    count, seed, first_wins, share, seconds, sizes.empty() ? 0 : sizes[sizes.size() / 2],
                                    sizes.empty() ? 0 : sizes.back());
  if (!report.empty()) {
    std::ostringstream md;
    md << "# Regrouped starts, proved\n\n"
       << fmt::format("Generated by `kamisado opening --regrouped {} --seed {} --checkpoint {} --report {}` on {} ({}, one core, {}).\n\n", count,
                      seed, checkpoint, report, today(), cpu_model(), build_flags())
       << "Each start has both home rows in a random order (seeded) and either side to move with free choice (T1), "
          "under single-round rules: what a round of a match after regrouping (F3) can start from. Each is proved "
          "by df-pn (value only) with its own table of " << hash << " MB, and its proof tree is built and accepted by the checker. "
          "The time is search, tree and check.\n\n"
       << summary << ".\n\n";
    md << "Starts won by the side moving second:";
    for (const auto& [i, j] : done)
      if (i < count && j.at("winner") != j.at("mover")) md << fmt::format(" #{} `{}`;", i, j.at("kfen").get<std::string>());
    md << "\n\n| # | KFEN | to move | winner | proof positions | nodes | time (s) | proof |\n|---|---|---|---|---|---|---|---|\n";
    for (const auto& [i, j] : done)
      if (i < count)
        md << fmt::format("| {} | `{}` | {} | {} | {} | {} | {:.3f} | {} |\n", i, j.at("kfen").get<std::string>(), j.at("mover").get<std::string>(),
                          j.at("winner").get<std::string>(), j.at("proof_nodes").get<std::size_t>(), j.at("nodes").get<std::uint64_t>(),
                          j.at("seconds").get<double>(), j.at("checked").get<bool>() ? "checked" : "FAILED");
    write_file_atomically(report, md.str());
  }
  if (json)
    io.out << nlohmann::json{{"starts", count}, {"first_mover_wins", first_wins}, {"seconds", seconds}, {"failures", failures}}.dump(2) << "\n";
  else
    io.out << summary << (failures ? fmt::format("; {} proofs FAILED their check", failures) : "") << "\n";
  return failures ? kInternalError : kOk;
}

}  // namespace

void add_opening(CLI::App& app, Action& action) {
  struct Options {
    std::string report, proofs, checkpoint;
    int regrouped = 0;
    std::uint64_t seed = 1;
    std::size_t hash = 128;
    bool json = false;
  };
  auto opt = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand("opening", "Prove the single round's start and each of Black's first moves, or a sample of regrouped starts");
  cmd->footer(
      "Each position gets its value, its exact distance and a proof tree that the checker accepts.\n"
      "--proofs DIR writes each proof tree (start.proof, b1b7.proof, ...).\n"
      "--regrouped N proves N seeded regrouped starts instead (value only), appending each result to\n"
      "--checkpoint FILE as it is proved; run the same command again to resume after a stop.\n"
      "Examples: kamisado opening --report reports/opening.md\n"
      "          kamisado opening --regrouped 1000 --checkpoint regrouped.jsonl --report reports/regrouped.md");
  cmd->add_option("--report", opt->report, "Write the results as Markdown to FILE");
  cmd->add_option("--proofs", opt->proofs, "Write each proof tree into the folder DIR");
  cmd->add_option("--regrouped", opt->regrouped, "Prove N seeded regrouped starts instead")->check(CLI::Range(1, 10'000'000));
  cmd->add_option("--seed", opt->seed, "Seed of the regrouped sample (default 1)")->check(kSeed);
  cmd->add_option("--checkpoint", opt->checkpoint, "Results so far of --regrouped, one JSON line each (default regrouped-SEED.jsonl)");
  cmd->add_option("--hash", opt->hash, "Transposition table size in MB (default 128)")->check(CLI::Range(1, 65536));
  cmd->add_flag("--json", opt->json, "Print one JSON object");
  cmd->callback([&action, opt] {
    action = [opt](Io& io) {
      if (!opt->report.empty()) check_writable(opt->report);
      if (opt->regrouped > 0) {
        std::string checkpoint = opt->checkpoint.empty() ? fmt::format("regrouped-{}.jsonl", opt->seed) : opt->checkpoint;
        check_writable(checkpoint);
        return run_regrouped(io, opt->regrouped, opt->seed, checkpoint, opt->report, std::min<std::size_t>(opt->hash, 64), opt->json);
      }
      if (!opt->proofs.empty() && !std::filesystem::is_directory(opt->proofs))
        throw UsageError("cannot write proofs into '" + opt->proofs + "': no such folder");
      return run_first_moves(io, opt->report, opt->proofs, opt->hash, opt->json);
    };
  });
}

}  // namespace kamisado::cli
