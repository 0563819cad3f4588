#include "puzzles/generator.h"

#include <algorithm>
#include <unordered_set>

#include "kamisado/kfen.h"
#include "play/players.h"
#include "puzzles/features.h"
#include "solver/retro_key.h"
#include "solver/round_winner.h"
#include "solver/transposition_table.h"

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

// One seeded game: a few random plies to open (2 to 9, by the seed), so that games differ, then
// greedy players. The positions of each round, with the moves that reached them. A match is a
// Marathon (15 points), whose later rounds have Sumos.
std::vector<std::vector<Reached>> play_game(std::uint64_t seed, bool match) {
  auto opener = play::make_player("random", seed * 3);
  auto black = play::make_player("greedy", seed * 3 + 1);
  auto gold = play::make_player("greedy", seed * 3 + 2);
  const std::size_t random_plies = 2 + seed % 8;
  Position p = parse_kfen(match ? "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - 15:0-0" : "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -");
  std::vector<std::vector<Reached>> rounds(1);
  std::vector<std::string> prefix;
  std::size_t in_round = 0;
  while (!p.outcome().over()) {
    if (p.turn() == Turn::BetweenRounds) {
      rounds.emplace_back();
      in_round = 0;
    } else {
      rounds.back().push_back({p, prefix});
    }
    play::Player& player = in_round++ < random_plies && p.turn() != Turn::BetweenRounds
                               ? *opener
                               : *(p.side_to_move() == Side::Black ? black : gold);
    Move m = player.choose(p);
    prefix.push_back(to_string(m));
    p = p.after(m);
  }
  return rounds;
}

}  // namespace

GenerateProgress generate(const GenerateOptions& options, const std::function<bool(const Puzzle&)>& accept,
                          const std::function<void(const GenerateProgress&)>& progress, const std::atomic<bool>* stop) {
  GenerateProgress state;
  solver::SolveLimits limits;
  limits.hash_mb = options.hash_mb;
  limits.stop = stop;
  solver::TranspositionTable table(options.hash_mb);
  std::unordered_set<std::string> seen;
  // A win in n takes at most about 2n plies against a defence with passes and pushes; positions
  // further from the round's end are not tried, which only decides which positions are looked at.
  const std::size_t window = std::size_t(4 * options.n + 4);
  std::uint64_t games_without_news = 0;
  for (std::uint64_t game = 0; state.accepted < options.count; ++game) {
    if (stop && stop->load()) break;
    // The games may run dry (a small n, or a narrow theme): stop rather than loop for ever.
    if (games_without_news > kMaxGamesWithoutNews) break;
    const std::uint64_t tried_before = state.tried;
    const std::uint64_t seed = options.seed * 1000003ull + game;
    auto rounds = play_game(seed, options.match);
    ++state.games;
    for (std::size_t r = options.match ? 1 : 0; r < rounds.size() && state.accepted < options.count; ++r) {
      const auto& round = rounds[r];
      std::size_t from = round.size() > window ? round.size() - window : 0;
      for (std::size_t i = std::max<std::size_t>(from, 1); i < round.size() && state.accepted < options.count; ++i) {
        const Position& pos = round[i].pos;
        std::string canonical = canonical_kfen(pos);
        if (!seen.insert(canonical).second) continue;
        ++state.tried;
        auto n = winner_moves_to_win(pos, pos.side_to_move(), table, limits);
        if (!n || *n != options.n) continue;
        auto a = analyse_key(pos, table, limits);
        if (!a || !a->unique_key() || (options.no_duals && a->dual_turns() > 0)) continue;
        Puzzle p;
        p.kfen = to_kfen(pos);
        p.canonical = canonical;
        p.kind = options.match ? "match" : "single";
        p.source = options.match ? "greedy Marathon match, seed " + std::to_string(seed) + ", round " + std::to_string(r + 1)
                                 : "greedy self-play, seed " + std::to_string(seed);
        p.prefix = round[i].prefix;
        p.analysis = std::move(*a);
        measure(pos, p);
        if (!options.themes.empty() &&
            std::none_of(options.themes.begin(), options.themes.end(), [&](const std::string& t) {
              return std::find(p.themes.begin(), p.themes.end(), t) != p.themes.end();
            }))
          continue;
        if (accept(p)) ++state.accepted;
        if (progress) progress(state);
      }
    }
    games_without_news = state.tried == tried_before ? games_without_news + 1 : 0;
    if (progress) progress(state);
  }
  state.exhausted = state.accepted < options.count && !(stop && stop->load());
  return state;
}

}  // namespace kamisado::puzzles
