#include "puzzles/generator.h"

#include <algorithm>
#include <optional>
#include <unordered_set>

#include <fmt/format.h>

#include "puzzles/certificate.h"
#include "puzzles/puzzle_features.h"
#include "puzzles/store.h"
#include "solver/retro/retro_file.h"
#include "solver/retro/retro_key.h"
#include "solver/retro/retro_table.h"
#include "solver/search/transposition_table.h"
#include "src/kamisado/errors.h"
#include "src/kamisado/kfen.h"
#include "src/kamisado/movegen.h"
#include "src/kamisado/rules.h"
#include "src/play/players.h"

namespace kamisado::puzzles {

std::string canonical_kfen(const Position& pos) {
  solver::RoundFrame frame = solver::RoundFrame::of(pos);
  return to_kfen(frame.decode(frame.canonical_key(pos)));
}

namespace {

constexpr std::uint64_t kMaxGamesWithoutNews = 100000;

struct Reached {
  Position pos;
  std::vector<std::string> prefix;
};

// One seeded game from `start`: a few random plies to open, then the players. The positions of
// each round, with the moves that reached them from `start`; with `one_round`, the game stops at
// the end of the round it starts in.
std::vector<std::vector<Reached>> play_game(const Position& start, std::uint64_t seed, const std::string& player_name, std::size_t random_plies,
                                            bool one_round) {
  auto opener = play::make_player("random", seed * 3);
  auto black = play::make_player(player_name, seed * 3 + 1);
  auto gold = play::make_player(player_name, seed * 3 + 2);
  Position p = start;
  std::vector<std::vector<Reached>> rounds(1);
  std::vector<std::string> prefix;
  std::size_t in_round = 0;
  while (!p.outcome().over()) {
    if (p.turn() == Turn::BetweenRounds) {
      if (one_round) break;
      rounds.emplace_back();
      in_round = 0;
    } else {
      rounds.back().push_back({p, prefix});
    }
    play::Player& player = in_round++ < random_plies && p.turn() != Turn::BetweenRounds ? *opener : *(p.side_to_move() == Side::Black ? black : gold);
    Move m = player.choose(p);
    prefix.push_back(to_string(m));
    p = p.after(m);
  }
  return rounds;
}

constexpr const char* kStoppedText = "stopped; the puzzles accepted so far are kept";

}  // namespace

Puzzle make_puzzle(const Position& pos, KeyAnalysis analysis, std::string source, std::vector<std::string> prefix, solver::TranspositionTable& table,
                   const solver::SolveLimits& limits) {
  Puzzle p;
  p.kfen = to_kfen(pos);
  p.canonical = canonical_kfen(pos);
  p.kind = pos.match().is_match() ? "match" : "single";
  p.source = std::move(source);
  p.prefix = std::move(prefix);
  p.analysis = std::move(analysis);
  if (auto tree = certify(pos, p.analysis.keys.front(), p.analysis.n, table, limits)) p.proof_size = tree->nodes.size();
  measure(pos, p);
  return p;
}

bool add_to_collection(const std::string& db, const Position& pos, const KeyAnalysis& analysis, solver::TranspositionTable& table,
                       const solver::SolveLimits& limits) {
  if (!analysis.unique_key())
    throw InputError(fmt::format("not added: {} first moves win in {}, and a puzzle has one key", analysis.keys.size(), analysis.n));
  if (count_moves(pos) < 2) throw InputError("not added: the side to move has one legal move, so the key would be forced");
  Store store(db);
  return store.add(make_puzzle(pos, analysis, "added by hand", {}, table, limits));
}

GenerateRun generate_into(const std::string& db, const GenerateOptions& given, const io::Lines& lines, const std::atomic<bool>* stop,
                          const std::string& retro) {
  GenerateOptions options = given;
  solver::RetroTable table;
  if (!retro.empty()) {
    if (options.match)
      throw InputError("a retrograde table's root decides the round, so a table and a match do not go together: give one of them", "retro");
    table = solver::load_retro_table(retro);
    options.table = &table;
  }
  Store store(db);
  GenerateRun run;
  run.before = store.count();
  io::Progress progress(lines);
  try {
    run.done = generate(
        options, [&](const Puzzle& p) { return store.add(p); },
        [&](const GenerateProgress& g) {
          run.done = g;
          progress.tick([&] {
            const double minutes = progress.elapsed() / 60;
            return fmt::format("puzzles generate: {} {} of {} accepted, {:.0f} a minute; {} games, {} positions tried",
                               io::progress_bar(double(g.accepted) / options.count), g.accepted, options.count,
                               minutes > 0 ? g.accepted / minutes : 0.0, g.games, g.tried);
          });
        },
        stop);
  } catch (const Stopped&) {
    run.stopped = true;  // what was accepted is in the collection
  }
  run.seconds = progress.elapsed();
  run.total = store.count();
  return run;
}

GenerateProgress generate(const GenerateOptions& options, const std::function<bool(const Puzzle&)>& accept,
                          const std::function<void(const GenerateProgress&)>& progress, const std::atomic<bool>* stop) {
  GenerateProgress state;
  if (!play::make_player(options.player, 0)) throw InputError("no player named '" + options.player + "'");
  const Position start = options.table ? options.table->root()
                                       : parse_kfen(options.match ? "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - 15:0-0" : "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -");
  solver::SolveLimits limits;
  limits.hash_mb = options.hash_mb;
  limits.stop = stop;
  solver::TranspositionTable table(options.hash_mb);
  std::unordered_set<std::string> seen;
  // A win in n takes at most about 2n plies against a defence with passes and pushes; positions
  // further from the round's end are not tried, which only decides which positions are looked at.
  const std::size_t window = options.table ? SIZE_MAX : std::size_t(4 * options.n + 4);
  std::uint64_t games_without_news = 0, games_without_puzzle = 0;
  for (std::uint64_t game = 0; state.accepted < options.count; ++game) {
    if (stop && stop->load()) throw Stopped(kStoppedText);
    // The games may run dry (a small n, or a narrow theme): stop rather than loop for ever.
    if (games_without_news > kMaxGamesWithoutNews || games_without_puzzle > options.max_games_without_puzzle) break;
    const std::uint64_t tried_before = state.tried + state.screened;
    const int accepted_before = state.accepted;
    const std::uint64_t seed = options.seed * 1000003ull + game;
    // From the start, 2 to 5 random plies. A table's root is already late in a round, where the
    // players' lines soon repeat; from there the walk is random all the way, and the table's
    // values screen what it reaches.
    const std::size_t random_plies = options.table ? SIZE_MAX : 2 + seed % 4;
    auto rounds = play_game(start, seed, options.player, random_plies, options.table != nullptr);
    ++state.games;
    // A table covers its root's round only; a match's first round has no Sumos.
    const std::size_t first_round = options.match && !options.table ? 1 : 0;
    const std::size_t end_round = options.table ? std::min<std::size_t>(rounds.size(), 1) : rounds.size();
    for (std::size_t r = first_round; r < end_round && state.accepted < options.count; ++r) {
      const auto& round = rounds[r];
      std::size_t from = round.size() > window ? round.size() - window : 0;
      for (std::size_t i = std::max<std::size_t>(from, 1); i < round.size() && state.accepted < options.count; ++i) {
        if (stop && stop->load()) throw Stopped(kStoppedText);
        const Position& pos = round[i].pos;
        std::string canonical = canonical_kfen(pos);
        if (!seen.insert(canonical).second) continue;
        // A single legal move is no puzzle: the key would be forced, not found.
        if (count_moves(pos) < 2) continue;
        if (options.table) {
          auto v = options.table->probe(pos);
          if (!v || !v->win || v->distance > most_plies_for_winner_moves(options.n)) {
            ++state.screened;
            continue;
          }
        }
        ++state.tried;
        // Exactly n: within n, and not within n - 1 (two bounded searches, not the exact count).
        // The searches have no time limit, so only `stop` (Ctrl-C) leaves one unproved.
        const Side mover = pos.side_to_move();
        if (!wins_within(pos, mover, options.n, table, limits) || (options.n > 1 && wins_within(pos, mover, options.n - 1, table, limits))) continue;
        std::optional<KeyAnalysis> a = analyse_key(pos, table, limits);
        if (!a || !a->unique_key() || (options.no_duals && a->dual_turns() > 0)) continue;
        std::string source = options.table
                                 ? "random walk from the retrograde table root " + options.table->root_kfen() + ", seed " + std::to_string(seed)
                             : options.match ? options.player + " Marathon match, seed " + std::to_string(seed) + ", round " + std::to_string(r + 1)
                                             : options.player + " self-play, seed " + std::to_string(seed);
        Puzzle p = make_puzzle(pos, std::move(*a), std::move(source), round[i].prefix, table, limits);
        if (!options.themes.empty() && std::none_of(options.themes.begin(), options.themes.end(), [&](const std::string& t) {
              return std::find(p.themes.begin(), p.themes.end(), t) != p.themes.end();
            }))
          continue;
        if (accept(p)) ++state.accepted;
        if (progress) progress(state);
      }
    }
    games_without_news = state.tried + state.screened == tried_before ? games_without_news + 1 : 0;
    games_without_puzzle = state.accepted == accepted_before ? games_without_puzzle + 1 : 0;
    if (progress) progress(state);
  }
  state.exhausted = state.accepted < options.count;
  return state;
}

}  // namespace kamisado::puzzles
