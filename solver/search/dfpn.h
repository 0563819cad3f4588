// Depth-first proof-number search (df-pn, Nagai 2002) over the rules engine: does the attacker
// win from a position, and within how many plies (or moves of his own)? What he must win, the
// round, the match or the round with a ring of some value, is the goal's aim (aim.h).
//
// The question is an AND/OR tree: at the attacker's turns one move must win (OR), at the
// defender's turns every move must (AND). Each node keeps a proof number (how many leaves must
// still be proved for the attacker) and a disproof number; df-pn descends into the most proving
// child with thresholds and backs up only when they are passed, storing the numbers in a bounded
// transposition table. Re-expansions are cut with the 1+ε trick (Pawlewicz and Lew 2007), ε = 1/2.
//
// With a budget the question becomes "does the attacker win within `budget`?": a node that has
// used up its budget without the round ending is a loss for the attacker. Every node also
// carries proved bounds on its distance to win (the min over the attacker's moves, the max over
// the defender's), which the table keeps across searches, so that a caller can tighten them
// into the exact distance (solve.h).
//
// Kamisado has no draws and its game graph has no cycles (rules.md §2, "Consequences": every
// real move raises the rank-lexicographic advancement potential, proved by `kamisado verify`,
// and a chain of passes never repeats a position), so there is no graph-history interaction
// and no cycle handling is needed: what is proved for a position holds whatever path led to it.
// Across the rounds of a match the scores only rise (aim.h), so the same holds there.
//
// The game's structure is used in three ways, all of them facts of the rules that hold
// whatever the position (src/kamisado/threats.h, tested square by square against the move
// generator), never guesses that could change a value:
//   - A move that decides the aim at once settles its node before the other moves are looked
//     at; a position whose side to move has a step onto the goal row (M7) with a tower whose
//     ring decides the aim (aim.h, deciding_rank) is settled without expanding it.
//   - In the question of who wins (no budget; not a ring's), a child is weighed by its quiet moves: the steps after which the opponent's tower they
//     designate (T2) cannot win at once. A mover with none has lost in two plies; a proof must
//     answer every quiet reply of the defender, so they, not all replies, are a defender's node's
//     first proof number (df-pn+, Nagai's initialisation from knowledge).
//   - At the attacker's turns the search looks two plies further without making a position: a
//     step that leaves the defender no quiet reply wins in three plies, and the fewest quiet
//     replies any step leaves is the node's first proof number.
// Most children are not even made: Position::glimpse gives the key of a step's result and the
// steps of the tower it designates, which is all a child needs until the search descends into
// it. Ties between children are broken towards the moves that end nearer the goal row.
//
// After a push the pusher moves again (S4): a child may have the same side to move as its
// parent, and is an OR or AND node by who is to move, like any other.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>

#include "solver/search/aim.h"
#include "solver/search/transposition_table.h"
#include "src/kamisado/position.h"

namespace kamisado::solver {

// What a distance counts: every ply (passes and the extra turn after a push included), or only
// the winner's own moves (rules of "win in N" puzzles).
enum class Metric : std::uint8_t { Plies, WinnerMoves };

struct SolveProgress {
  std::uint64_t nodes;
  std::uint32_t root_pn, root_dn;
  double seconds;
  std::size_t table_bytes;
  double table_fill;  // the share of the table's entries in use, 0 to 1
};

// What is known of round starts (issue 29: the match proved round by round): the winner of the
// match from a round start, if the round-start table holds it. A search of who wins a match
// (aim match, no distance budget) given one treats such a start as decided, as a leaf: a round
// end is then valued by the starts its fills create. It answers winners, not distances, so the
// search's table entries are kept apart from others' and it proves values only.
class RoundStartOracle {
 public:
  virtual ~RoundStartOracle() = default;
  virtual std::optional<Side> match_winner(const Position& start) const = 0;
  // What the search asks of a round start it makes: its winner if known (match_winner); else, in
  // a job-level search (match/by_rounds.h), whether it is a start the oracle does not know and
  // will have proved as a job of its own: a leaf with the job's numbers (the attacker's), never
  // searched into. No job: searched into as any position. One call, so that an oracle finds the
  // start's key once.
  struct Answer {
    std::optional<Side> winner;
    std::optional<ProofNumbers> job;
  };
  virtual Answer ask(const Position& start, Side /*attacker*/) const { return {match_winner(start), std::nullopt}; }
  // The search chose that leaf as its most proving node: the oracle takes the job, and from then
  // on match_winner answers it with a guess, which the oracle's owner proves before it trusts a
  // value that rests on it (match/by_rounds.h). True pauses the search (prove returns, and
  // paused() says why), to have the jobs taken proved before it goes on.
  virtual bool take_job(const Position& /*start*/) const { return false; }
};

// The longest time limit any front end takes (--time, the bindings' seconds): 115 days.
constexpr double kMostSeconds = 1e7;

struct SolveLimits {
  std::size_t hash_mb = 64;
  double seconds = 0;       // 0: no limit; counted from each Prover's start
  std::uint64_t nodes = 0;  // 0: no limit; counted by each Prover, checked every 4096
  // If set, a limit shared by every search given these limits, however many there are: the
  // way to give a whole analysis (many searches) one time budget.
  std::optional<std::chrono::steady_clock::time_point> deadline;
  const std::atomic<bool>* stop = nullptr;             // set from outside (Ctrl-C) to stop early
  std::function<void(const SolveProgress&)> progress;  // called about once a second
  const RoundStartOracle* round_starts = nullptr;      // see RoundStartOracle
};

// The question asked of one position.
struct Goal {
  Side attacker;
  Metric metric = Metric::Plies;
  Distance budget = kUnbounded;
  Aim aim = Aim::round();  // what the attacker must win (aim.h)
};

struct Proof {
  bool proved = false, disproved = false;  // neither: stopped
  Bounds bounds;                           // proved bounds on the attacker's distance to win
  ProofNumbers root;
};

// One search context: a table, limits, a node counter and a clock shared by all its searches.
class Prover {
 public:
  Prover(TranspositionTable& table, const SolveLimits& limits);

  // Searches the goal from `root` until it is proved, disproved, or the limits stop it.
  Proof prove(const Position& root, const Goal& goal);

  // What is known about `pos` without searching: its bounds if the aim is decided there or the
  // table has them, else the trivial ones. Of a match, a Prover given round starts answers what
  // its value-only searches stored (bounds that count plies to a round start).
  Bounds known(const Position& pos, Side attacker, Metric metric, const Aim& aim = Aim::round()) const;

  // Nodes expanded, and positions made (every child of every expansion, looked at once each time).
  std::uint64_t nodes() const { return nodes_; }
  std::uint64_t positions() const { return positions_; }
  double seconds() const;
  bool stopped() const { return stopped_; }
  bool paused() const { return paused_; }  // the last prove stopped for jobs (RoundStartOracle::take_job)
  // Drops what the table holds of `pos` in the question `goal`, so that the next prove of it
  // searches its children again (and stores them): how a proof is walked where the table kept a
  // proved position but lost its proved child (match/by_rounds.cpp). The goal is named, not taken
  // from the last prove: a walk of the loser's proof follows a search of the other attacker's.
  void forget(const Position& pos, const Goal& goal) { table_.forget(pos.key() ^ salt_of(goal)); }

 private:
  struct Child;
  struct Node;
  struct Expansion;
  struct Glance;
  Node mid(const Position& p, Distance budget, std::uint32_t th_pn, std::uint32_t th_dn, Bitboard steps = 0, bool is_root = false);
  // mid's steps (dfpn.cpp): the children made and looked up, a node settled, a node left.
  std::optional<Node> make_children(const Position& p, const Expansion& x, Bitboard steps, Child* children, std::size_t& count);
  std::optional<Node> made_child(const Position& p, const Expansion& x, Child& ch, Glance& g, bool& known);
  std::optional<Node> weigh_child(const Expansion& x, Child& ch, const Glance& g);
  void look_up_children(Child* children, std::size_t count, Distance cb);
  Node settle(const Expansion& x, Bounds b);
  Node leave(const Expansion& x, ProofNumbers numbers, const Child* children, std::size_t count);
  void check_limits();
  std::uint64_t key_of(const Position& p) const;
  // What sets the table's entries of one question apart from another's (prove, forget).
  std::uint64_t salt_of(const Goal& goal) const;

  TranspositionTable& table_;
  const SolveLimits limits_;  // a copy: a caller may hand in a temporary (`Prover p(table, {})`)
  Side attacker_ = Side::Black;
  Metric metric_ = Metric::Plies;
  Aim aim_;
  std::uint64_t salt_ = 0;
  bool weigh_threats_ = true;     // threats.h's counts and look ahead, for this question (prove)
  bool by_round_starts_ = false;  // round starts are asked of limits_.round_starts (prove)
  ProofNumbers root_numbers_;     // the root's numbers as of its last look at its children
  std::chrono::steady_clock::time_point start_, last_report_;
  std::uint64_t nodes_ = 0, positions_ = 0;
  bool stopped_ = false;
  bool paused_ = false;
};

}  // namespace kamisado::solver
