#include "solver/match/match_suite.h"

#include <algorithm>
#include <chrono>
#include <random>
#include <tuple>
#include <unordered_set>

#include <fmt/format.h>

#include "solver/match/match_minimax.h"
#include "solver/search/solve.h"
#include "src/io/suite_file.h"
#include "src/kamisado/errors.h"
#include "src/kamisado/kfen.h"
#include "src/kamisado/movegen.h"

namespace kamisado::solver {

namespace {

// A round start of a match with target 1–3: both home rows in random order, scores below the
// target, and rings (Sumos) that the scores pay for (P2: a Sumo's ring cost its owner 1 point).
// With `one_ahead`, one side needs a single point and the other more than his best ring can
// give: if the second wins this round the match goes on, and the first, moving first in the
// next round (F1), usually wins it, and the match.
Position random_round_start(std::mt19937_64& rng, bool one_ahead) {
  const std::uint32_t target = one_ahead ? 2 + rng() % 2 : 1 + rng() % 3;
  Position p = Position::empty_board();
  MatchScore score{target, {}};
  const Side ahead = rng() % 2 ? Side::Black : Side::Gold;
  for (Side s : {Side::Black, Side::Gold}) {
    std::array<int, 8> files{0, 1, 2, 3, 4, 5, 6, 7};
    std::shuffle(files.begin(), files.end(), rng);
    std::uint32_t points = !one_ahead ? std::uint32_t(rng() % target) : s == ahead ? target - 1 : std::uint32_t(rng() % (target - 1));
    std::uint32_t sumos = points == 0 ? 0 : std::uint32_t(rng() % (points + 1));  // each ring worth 1
    if (one_ahead && s != ahead) sumos = 0;                                       // his ring is worth 1: not enough
    score.points[index(s)] = points;
    for (int c = 0; c < kColours; ++c) p.place(s, Colour(c), make_square(files[c], home_rank(s)), std::uint32_t(c) < sumos ? 1 : 0);
  }
  p.set_turn(rng() % 2 ? Side::Black : Side::Gold, Turn::FreeChoice);
  p.set_match(score);
  p.finish();
  return p;
}

// The round played from `start` with random moves, cut `cut` plies before it ends (or its
// start, if it is shorter).
Position late_in_round(const Position& start, int cut, std::mt19937_64& rng) {
  std::vector<Position> line{start};
  while (!line.back().outcome().over() && line.back().turn() != Turn::BetweenRounds) {
    MoveList moves;
    generate_moves(line.back(), moves);
    line.push_back(line.back().after(moves[rng() % moves.size()]));
  }
  line.pop_back();
  return line[line.size() > std::size_t(cut) ? line.size() - cut : 0];
}

// Whether this round ends the match whoever wins it: each side reaches the target with any ring.
bool last_round(const Position& p) {
  for (Side s : {Side::Black, Side::Gold})
    if (p.match().points[index(s)] + 1 < p.match().target) return false;
  return true;
}

// Whether df-pn, within two seconds each, finds who wins the match from `p` and does not show
// that the winner's shortest win is outside `min_plies` to `max_plies` plies (a shorter win
// proved, or one that long refuted). Only a proof excludes by the distance; a search stopped by
// its limit leaves the position to the minimax.
bool maybe_in_plies(const Position& p, int min_plies, int max_plies) {
  SolveLimits limits;
  limits.seconds = 2;
  TranspositionTable table(limits.hash_mb);
  Proof value = Prover(table, limits).prove(p, {p.side_to_move(), Metric::Plies, kUnbounded, Aim::match()});
  if (!value.proved && !value.disproved) return false;
  const Side winner = value.proved ? p.side_to_move() : ~p.side_to_move();
  if (Prover(table, limits).prove(p, {winner, Metric::Plies, Distance(min_plies - 1), Aim::match()}).proved) return false;
  return max_plies == 0 || !Prover(table, limits).prove(p, {winner, Metric::Plies, Distance(max_plies), Aim::match()}).disproved;
}

// A long win (`min_plies` to `max_plies`) for the distance benchmark, or nullopt. Chosen by the
// minimax: df-pn's distance is what the benchmark measures, so it must not choose (a position
// where it thrashes would be left out for running too long). df-pn skips, within a short limit,
// the positions whose value it does not find and those it proves outside the range
// (maybe_in_plies): the minimax's dearest.
std::optional<nlohmann::json> long_win(const Position& p, int min_plies, int max_plies, std::uint64_t minimax_budget) {
  if (!maybe_in_plies(p, min_plies, max_plies)) return std::nullopt;
  MinimaxResult m = match_minimax(p, minimax_budget, max_plies);
  if (!m.winner || m.plies < min_plies) return std::nullopt;
  SolveLimits limits;
  limits.seconds = 2;
  SolveResult round = solve(p, limits, false, Aim::round());
  if (round.value == Value::Unknown) return std::nullopt;
  return nlohmann::json{{"kfen", to_kfen(p)},
                        {"winner", side_id(*m.winner)},
                        {"plies", m.plies},
                        {"round_winner", side_id(winner(round, p))},
                        {"last_round", last_round(p)},
                        {"sumo", has_sumo(p)},
                        {"minimax_positions", m.positions}};
}

}  // namespace

nlohmann::json generate_match_suite(std::uint64_t seed, int count, int losers_wanted, std::uint64_t minimax_budget, int max_plies, int min_plies,
                                    const io::Lines& lines, const std::atomic<bool>* stop) {
  // No win is both: the search for one would never end.
  if (min_plies > 0 && max_plies > 0 && min_plies > max_plies)
    throw InputError(
        fmt::format("the fewest plies of a match win, {}, are above the most, {}: no win is that long and that short", min_plies, max_plies),
        "match-min-plies");
  std::mt19937_64 rng(seed);
  int losers = 0, others = 0;
  std::unordered_set<std::uint64_t> seen;
  nlohmann::json positions = nlohmann::json::array();
  io::Progress progress(lines);
  for (std::uint64_t tries = 1; losers + others < count && !(stop && stop->load()); ++tries) {
    const bool one_ahead = rng() % 2;
    Position p = late_in_round(random_round_start(rng, one_ahead), one_ahead ? 1 + int(rng() % 3) : 1 + int(rng() % 8), rng);
    // A round start is a whole round: beyond the minimax (a full round is millions of positions).
    if (p.turn() == Turn::FreeChoice || !seen.insert(p.key()).second) continue;
    const bool may_lose = !last_round(p);
    // Past the quota of the others, only positions that may show a round winner losing.
    if (others >= count - losers_wanted && !may_lose) continue;
    if (min_plies > 0) {
      auto entry = long_win(p, min_plies, max_plies, minimax_budget);
      if (!entry) continue;
      ++((*entry)["winner"] != (*entry)["round_winner"] ? losers : others);
      positions.push_back(*entry);
      progress.tick([&] { return fmt::format("match suite: {} of {} long wins kept, {} tried", losers + others, count, tries); });
      continue;
    }
    // The match search first: it is fast, and says whether the round's winner loses the match,
    // which decides whether the position is wanted before the (slow) minimax referees it.
    SolveLimits limits;
    limits.seconds = 2;
    SolveResult round = solve(p, limits, false, Aim::round());
    if (round.value == Value::Unknown) continue;
    const Side round_winner = winner(round, p);
    if (others >= count - losers_wanted) {
      // Only losers are wanted now: who wins the match first (value only, fast), the distance
      // (slower) only where the round's winner loses it.
      SolveResult value = solve(p, limits, false, Aim::match());
      if (value.value == Value::Unknown || winner(value, p) == round_winner) continue;
    }
    SolveResult match = solve(p, limits, true, Aim::match());
    if (!match.distance_known) continue;
    const Side match_winner = winner(match, p);
    if (match_winner == round_winner && others >= count - losers_wanted) continue;
    if (max_plies > 0 && match.plies > max_plies) continue;
    MinimaxResult m = match_minimax(p, minimax_budget);
    if (!m.winner) continue;
    if (match_winner != *m.winner || match.plies != m.plies)
      throw std::runtime_error(fmt::format("the match search and the minimax disagree on {}: df-pn {} in {}, minimax {} in {}", to_kfen(p),
                                           side_id(match_winner), match.plies, side_id(*m.winner), m.plies));
    const bool loses = match_winner != round_winner;
    if (match.plies <= 2 && rng() % 5) continue;  // a win at once: keep a few, not half the suite
    ++(loses ? losers : others);
    positions.push_back({{"kfen", to_kfen(p)},
                         {"winner", side_id(match_winner)},
                         {"plies", match.plies},
                         {"round_winner", side_id(round_winner)},
                         {"last_round", !may_lose},
                         {"sumo", has_sumo(p)},
                         {"minimax_positions", m.positions}});
    progress.tick([&] {
      return fmt::format("match suite: {} of {} kept ({} where the round's winner loses the match), {} tried", losers + others, count, losers, tries);
    });
  }
  return {{"format", "kamisado-match-suite"}, {"version", 1}, {"seed", seed}, {"positions", positions}};
}

std::vector<MatchCase> read_match_suite(const std::string& path) {
  nlohmann::json doc = io::read_suite_document(path, "kamisado-match-suite", "match suite");
  if (doc.value("version", 0) != 1) throw InputError(path + ": not a kamisado match suite of version 1");
  std::vector<MatchCase> cases;
  for (std::size_t i = 0; i < doc["positions"].size(); ++i) {
    io::SuiteFields f(doc["positions"][i], path, i + 1);
    auto side = [&](const char* field) {
      std::string s = f.text(field);
      if (s != "black" && s != "gold") throw f.bad(std::string(field) + " must be black or gold, not '" + s + "'");
      return s == "black" ? Side::Black : Side::Gold;
    };
    Position p = f.kfen();
    if (!p.match().is_match() || p.outcome().over()) throw f.bad("not a match position still being played");
    const nlohmann::json& e = doc["positions"][i];
    if (e.contains("minimax_positions") && !e["minimax_positions"].is_number_unsigned())
      throw f.bad("minimax_positions must be a whole number of positions");
    cases.push_back({p, side("winner"), side("round_winner"), f.count("plies"), f.flag("last_round"), f.flag("sumo"),
                     e.value("minimax_positions", std::uint64_t{0})});
  }
  return cases;
}

MatchCheck check_match_case(const MatchCase& c, std::size_t hash_mb, std::uint64_t minimax_budget) {
  MatchCheck r;
  auto t0 = std::chrono::steady_clock::now();
  SolveLimits limits;
  limits.hash_mb = hash_mb;
  SolveResult match = solve(c.pos, limits, true, Aim::match());
  r.dfpn_nodes = match.nodes;
  r.dfpn_seconds = io::seconds_since(t0);
  t0 = std::chrono::steady_clock::now();
  MinimaxResult m = match_minimax(c.pos, minimax_budget);
  r.minimax_positions = m.positions;
  r.minimax_seconds = io::seconds_since(t0);
  std::string dfpn = match.distance_known ? fmt::format("{} in {}", side_id(winner(match, c.pos)), match.plies) : "unproved";
  std::string minimax = m.winner ? fmt::format("{} in {}", side_id(*m.winner), m.plies) : "over its budget";
  std::string stored = fmt::format("{} in {}", side_id(c.winner), c.plies);
  r.agrees = dfpn == stored && minimax == stored;
  if (!r.agrees) r.failure = fmt::format("{}: stored {}, df-pn {}, minimax {}", to_kfen(c.pos), stored, dfpn, minimax);
  return r;
}

}  // namespace kamisado::solver

namespace kamisado::solver {

namespace {

// Nodes/s of searches with `aim` from `root`, each from an empty table and stopped after
// `nodes_each` nodes (0: run to the end), repeated until about `seconds` have been spent.
// Returns the rate and the mean nodes of one search.
std::pair<double, std::uint64_t> probe_rate(const Position& root, const Aim& aim, std::size_t hash_mb, double seconds, std::uint64_t nodes_each) {
  std::uint64_t nodes = 0, runs = 0;
  double spent = 0;
  while (spent < seconds) {
    SolveLimits limits;
    limits.hash_mb = hash_mb;
    limits.seconds = seconds - spent;
    limits.nodes = nodes_each;
    TranspositionTable table(hash_mb);
    SolveResult r = solve(root, limits, table, false, aim);
    nodes += r.nodes;
    spent += r.seconds;
    ++runs;
  }
  return {spent > 0 ? double(nodes) / spent : 0, runs ? nodes / runs : 0};
}

}  // namespace

MatchSuiteBench bench_match_suite(const std::string& path, std::size_t hash_mb, double probe_seconds, const io::Lines& lines) {
  MatchSuiteBench b;
  b.suite_path = path;
  b.cases = read_match_suite(path);
  io::Progress progress(lines);
  for (std::size_t i = 0; i < b.cases.size(); ++i) {
    const MatchCase& c = b.cases[i];
    MatchCheck k = check_match_case(c, hash_mb);
    b.failures += !k.agrees;
    if (!k.agrees && lines) lines("match suite: DISAGREES: " + k.failure);
    b.losers += c.round_winner_loses();
    b.last_rounds += c.last_round;
    b.sumos += c.sumo;
    b.dfpn_seconds += k.dfpn_seconds, b.minimax_seconds += k.minimax_seconds;
    b.dfpn_nodes += k.dfpn_nodes, b.minimax_positions += k.minimax_positions;
    b.checks.push_back(k);
    progress.tick([&] { return fmt::format("match suite: {} of {} checked, {} disagree", i + 1, b.cases.size(), b.failures); });
  }
  const Position start = parse_kfen(std::string(kStartKfen) + " 2:0-0");
  // The same work for both: the round search proves the round from an empty table, again and
  // again; the match search (which does not finish) searches the match from an empty table for
  // as many nodes, again and again. Then the match search once for the whole time, as its
  // table grows: slower, and reported apart (no round search from the set-up runs as long).
  std::uint64_t nodes_each = 0;
  std::tie(b.round_rate, nodes_each) = probe_rate(start, Aim::round(), hash_mb, probe_seconds, 0);
  b.probe_nodes = nodes_each;
  b.match_rate = probe_rate(start, Aim::match(), hash_mb, probe_seconds, nodes_each).first;
  b.long_match_rate = probe_rate(start, Aim::match(), hash_mb, probe_seconds, 0).first;
  return b;
}

DistanceBench bench_distances(const std::string& path, std::size_t hash_mb, const io::Lines& lines) {
  DistanceBench b;
  b.suite_path = path;
  b.hash_mb = hash_mb;
  b.cases = read_match_suite(path);
  // Every position checked before any is solved: a bad file is refused at once, not minutes in.
  for (std::size_t i = 0; i < b.cases.size(); ++i)
    if (!b.cases[i].minimax_positions)
      throw InputError(fmt::format("{}: position {} records no minimax_positions to set its cost beside", path, i + 1));
  io::Progress progress(lines);
  for (std::size_t i = 0; i < b.cases.size(); ++i) {
    const MatchCase& c = b.cases[i];
    SolveLimits limits;
    limits.hash_mb = hash_mb;
    const SolveResult r = solve(c.pos, limits, true, Aim::match());
    DistanceCost k{r.nodes, c.minimax_positions, r.seconds, r.distance_known && winner(r, c.pos) == c.winner && int(r.plies) == c.plies};
    b.failures += !k.agrees;
    if (!k.agrees && lines)
      lines(fmt::format("distances: DISAGREES: {}: stored {} in {}, df-pn {}", to_kfen(c.pos), side_id(c.winner), c.plies,
                        r.distance_known ? fmt::format("{} in {}", side_id(winner(r, c.pos)), r.plies) : "unproved"));
    b.costs.push_back(k);
    progress.tick([&] { return fmt::format("distances: {} of {} solved", i + 1, b.cases.size()); });
  }
  return b;
}

double DistanceBench::ratio_at(double share) const {
  if (costs.empty()) return 0;
  std::vector<double> r;
  for (const DistanceCost& k : costs) r.push_back(k.ratio());
  std::sort(r.begin(), r.end());
  return r[std::min(r.size() - 1, std::size_t(share * double(r.size() - 1) + 0.5))];
}

}  // namespace kamisado::solver
