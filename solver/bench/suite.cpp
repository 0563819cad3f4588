#include "solver/bench/suite.h"

#include <algorithm>
#include <optional>
#include <unordered_set>

#include <fmt/format.h>

#include "solver/search/alphabeta.h"
#include "src/io/files.h"
#include "src/io/suite_file.h"
#include "src/kamisado/errors.h"
#include "src/kamisado/kfen.h"
#include "src/play/players.h"

namespace kamisado::solver {

namespace {

// One seeded self-play game from `start`: a few random plies for variety, then two greedy
// players; every position of the round being played, in order, until it ends.
std::vector<Position> self_play(Position start, std::uint64_t seed, int random_plies, int max_plies) {
  auto random = play::make_player("random", seed);
  auto black = play::make_player("greedy", seed * 2 + 1), gold = play::make_player("greedy", seed * 2 + 2);
  std::vector<Position> line{start};
  for (int ply = 0; ply < max_plies; ++ply) {
    const Position& p = line.back();
    play::Player& who = ply < random_plies ? *random : p.side_to_move() == Side::Black ? *black : *gold;
    Position next = p.after(who.choose(p));
    if (next.outcome().over() || next.turn() == Turn::BetweenRounds) break;
    line.push_back(next);
  }
  return line;
}

// A match played by greedy players up to round `round` (regrouping by the Defender's choice):
// the first position of that round, or nullopt if the match ends before it.
std::optional<Position> match_round_start(std::uint64_t seed, int round) {
  auto black = play::make_player("greedy", seed * 3 + 1), gold = play::make_player("greedy", seed * 3 + 2);
  Position p = parse_kfen(std::string(kStartKfen) + " 15:0-0");
  for (int r = 1; r < round;) {
    if (p.outcome().over()) return std::nullopt;
    Position next = p.after((p.side_to_move() == Side::Black ? *black : *gold).choose(p));
    if (p.turn() == Turn::BetweenRounds) ++r;
    p = next;
  }
  return p.outcome().over() ? std::nullopt : std::optional<Position>(p);
}

struct Candidate {
  Position pos;
  std::string kind, source;
};

nlohmann::json confirm(const Candidate& c, std::uint64_t alphabeta_nodes, const io::Lines& lines) {
  solver::SolveLimits limits;
  limits.hash_mb = 64;
  solver::SolveResult r = solver::solve(c.pos, limits);
  if (!r.distance_known) return nullptr;
  auto ab = solver::alphabeta_solve(c.pos, alphabeta_nodes);
  if (!ab) return nullptr;
  bool win = r.value == solver::Value::Win;
  if (ab->win != win || ab->plies != r.plies) {
    // Two methods disagreeing is a bug in one of them: never keep such a position quietly.
    throw std::runtime_error(fmt::format("df-pn and alpha-beta disagree on {}: df-pn {} in {}, alpha-beta {} in {}", to_kfen(c.pos),
                                         win ? "win" : "loss", r.plies, ab->win ? "win" : "loss", ab->plies));
  }
  Side winner = win ? c.pos.side_to_move() : ~c.pos.side_to_move();
  if (lines)
    lines(fmt::format("suite: {} {:<58} {} in {} plies (df-pn {} nodes, alpha-beta {} nodes)", c.kind, to_kfen(c.pos), side_id(winner), r.plies,
                      r.nodes, ab->nodes));
  return {{"kfen", to_kfen(c.pos)},
          {"kind", c.kind},
          {"source", c.source},
          {"value", win ? "win" : "loss"},
          {"winner", side_id(winner)},
          {"plies", r.plies},
          {"winner_moves", r.winner_moves},
          {"alphabeta_nodes", ab->nodes}};
}

}  // namespace

nlohmann::json generate_suite(std::uint64_t seed, int singles, int matches, std::uint64_t alphabeta_nodes, const io::Lines& lines) {
  nlohmann::json positions = nlohmann::json::array();
  std::unordered_set<std::uint64_t> seen;
  auto take = [&](const Candidate& c) {
    if (!seen.insert(c.pos.key()).second) return false;
    nlohmann::json j = confirm(c, alphabeta_nodes, lines);
    if (j.is_null()) return false;
    positions.push_back(j);
    return true;
  };
  // Single rounds: stages spread from ply 2 to ply 24, one position a game.
  int kept = 0;
  for (std::uint64_t g = 0; kept < singles && g < 100000; ++g) {
    std::uint64_t game = seed * 100000 + g;
    std::vector<Position> line = self_play(Position::initial(), game, 2 + int(g % 5), 200);
    int stage = 2 + int((g * 7) % 23);
    if (int(line.size()) <= stage) continue;
    kept += take({line[stage], "single", fmt::format("self-play game {}, ply {}", game, stage)});
  }
  // Match rounds: rounds 2 to 6 of a Marathon match, where Sumos may push.
  kept = 0;
  for (std::uint64_t g = 0; kept < matches && g < 100000; ++g) {
    std::uint64_t game = seed * 100000 + g;
    int round = 2 + int(g % 5);
    auto start = match_round_start(game, round);
    if (!start) continue;
    std::vector<Position> line = self_play(*start, game, 1 + int(g % 3), 200);
    int stage = 1 + int((g * 5) % 16);
    if (int(line.size()) <= stage) continue;
    kept += take({line[stage], "match", fmt::format("Marathon match {}, round {}, ply {}", game, round, stage)});
  }
  return {{"format", "kamisado-solver-suite"}, {"version", 1}, {"seed", seed}, {"positions", positions}};
}

// The suite file, every entry checked: a bad one is named by its number, one line, exit code 2.
std::vector<SuiteEntry> read_suite(const std::string& path) {
  nlohmann::json j = io::read_suite_document(path, "kamisado-solver-suite", "solver suite");
  std::vector<SuiteEntry> entries;
  for (std::size_t i = 0; i < j["positions"].size(); ++i) {
    io::SuiteFields f(j["positions"][i], path, i + 1);
    std::string kind = f.text("kind"), value = f.text("value");
    if (kind != "single" && kind != "match") throw f.bad("kind must be single or match, not '" + kind + "'");
    if (value != "win" && value != "loss") throw f.bad("value must be win or loss, not '" + value + "'");
    entries.push_back({f.kfen(), kind, value, f.count("plies"), f.count("winner_moves")});
  }
  return entries;
}

int SuiteBench::disagreements() const { return int(std::count(agrees.begin(), agrees.end(), false)); }

SuiteBench bench_suite(const std::string& suite_path, std::size_t hash_mb, int repeat, const io::Lines& lines) {
  SuiteBench b;
  b.suite_path = suite_path;
  b.hash_mb = hash_mb;
  b.repeat = repeat;
  b.entries = read_suite(suite_path);
  b.best.resize(b.entries.size());
  for (int k = 0; k < repeat; ++k)
    for (std::size_t i = 0; i < b.entries.size(); ++i) {
      TranspositionTable table(hash_mb);
      SolveResult once = solve(b.entries[i].pos, {}, table);
      if (k == 0 || once.seconds < b.best[i].seconds) b.best[i] = once;
    }
  for (std::size_t i = 0; i < b.entries.size(); ++i) {
    const SuiteEntry& e = b.entries[i];
    const SolveResult& r = b.best[i];
    bool agrees = r.distance_known && value_name(r.value) == e.value && int(r.plies) == e.plies && int(r.winner_moves) == e.winner_moves;
    b.agrees.push_back(agrees);
    if (!agrees && lines)
      lines(fmt::format("solve-bench: {}: stored {} in {} plies, solved {} in {} plies", to_kfen(e.pos), e.value, e.plies, value_name(r.value),
                        r.plies));
    b.nodes += r.nodes;
    b.positions += r.positions;
    b.seconds += r.seconds;
    b.slowest = std::max(b.slowest, r.seconds);
  }
  return b;
}

}  // namespace kamisado::solver
