#include "solver/search/dfpn.h"

#include <algorithm>
#include <stdexcept>

#include "solver/search/move_order.h"
#include "src/kamisado/movegen.h"
#include "src/kamisado/rules.h"
#include "src/kamisado/threats.h"

namespace kamisado::solver {

namespace {

constexpr std::uint32_t kInfinity = 1u << 30;
std::uint32_t capped(std::uint64_t v) { return v >= kInfinity ? kInfinity : std::uint32_t(v); }

// Keys of the four questions (attacker, metric) of each aim kept apart in one table (aim_salt too).
constexpr std::uint64_t kSalt[2][2] = {{0, 0x9E3779B97F4A7C15ull}, {0xC2B2AE3D27D4EB4Full, 0x165667B19E3779F9ull}};
// The entries of a search that takes known round starts as leaves (RoundStartOracle).
constexpr std::uint64_t kRoundStartSalt = 0x27D4EB2F165667C5ull;

// What one move costs: a ply always; in the winner's moves only the attacker's own.
constexpr Distance cost(Metric m, bool attacker_moves) { return m == Metric::Plies || attacker_moves ? 1 : 0; }

// A lower bound on the distance of a position whose round is not over and whose side to move
// cannot win at once: the rules' (rules.h), in the metric of the search; or, for an attacker
// who wins by losing the round (aim.h), his own move may do it.
constexpr Distance least_unfinished(Metric m, bool attacker_to_move, bool wins_by_losing) {
  if (wins_by_losing && attacker_to_move) return 1;
  return Distance(m == Metric::Plies ? least_plies_to_win(attacker_to_move) : least_winner_moves_to_win(attacker_to_move));
}

constexpr bool proved_within(Bounds b, Distance budget) { return b.at_most <= budget; }
constexpr bool refuted_within(Bounds b, Distance budget) { return b.at_least > budget; }
constexpr Distance child_budget(Distance budget, Distance c) { return budget == kUnbounded ? kUnbounded : Distance(budget - c); }

// What the side to move can do next, from the targets of the tower(s) it may move: whether it
// can win the round at once (rules.h: a step onto the goal row, M7), and how many moves it has,
// for a new node's numbers; with a designated tower, its steps and whether it may push (S2).
struct Outlook {
  bool wins_at_once;
  std::uint32_t moves;
  Bitboard steps = 0;
  bool push = false;
};
// The outlook of side `s` whose designated tower has the steps `steps`, and a push or not;
// `decides`: a step onto the goal row with this tower decides the aim for `s` (aim.h).
Outlook outlook_of_tower(Side s, Bitboard steps, bool push, bool decides) {
  std::uint32_t n = std::uint32_t(popcount(steps)) + (push ? 1 : 0);
  return {decides && can_win_at_once(s, steps), n ? n : 1, steps, push};  // no step and no push: a forced pass (M6)
}
Outlook outlook(const Position& p, const Aim& aim) {
  Side s = p.side_to_move();
  if (p.turn() == Turn::BetweenRounds) return {false, 2};  // fill-left or fill-right (F1)
  const int deciding = deciding_rank(aim, p, s);
  if (p.turn() == Turn::Designated) {
    // Only a Sumo pushes (S2): most towers, and every tower of a single round, are spared the test.
    const int rank = p.rank_of_tower(s, p.designated());
    bool push = rank > 0 && push_target(p, s, p.designated());
    return outlook_of_tower(s, step_targets(p, s, p.designated()), push, rank >= deciding);
  }
  Outlook o{false, 0};
  for (int c = 0; c < kColours; ++c) {
    Bitboard t = step_targets(p, s, Colour(c));
    o.wins_at_once |= p.rank_of_tower(s, Colour(c)) >= deciding && can_win_at_once(s, t);
    o.moves += std::uint32_t(popcount(t));
  }
  o.moves = std::max<std::uint32_t>(o.moves, 1);
  return o;
}

// What the threats (threats.h) say of a position whose mover cannot win at once and whose
// designated tower can step: how many of its moves are quiet (a push is not weighed, S2), and,
// looking two plies ahead (`look`, asked when the attacker moves), whether one of its steps
// wins in three plies and the fewest quiet replies any of them leaves (1 if none was weighed).
constexpr std::uint32_t kUnweighed = ~0u;
struct Threats {
  std::uint32_t quiet = kUnweighed;
  bool wins_in_three = false;
  std::uint32_t fewest = 1;
};
Threats threats_of(const TowerMap& t, Side mover, Colour tower, Bitboard steps, bool push, int mover_least, int opponent_least, bool look) {
  const Bitboard quiet = quiet_steps(t, mover, tower, steps, opponent_least);
  Threats r{std::uint32_t(popcount(quiet)) + (push ? 1 : 0), false, 1};
  if (look && quiet) {
    const LookAhead a = look_ahead(t, mover, tower, quiet, mover_least);
    r.wins_in_three = a.wins_in_three;
    r.fewest = std::uint32_t(std::max(1, a.fewest_answers));
  }
  return r;
}
// The same of a made position whose outlook is `o`: unweighed where its mover has a free choice
// (T1), a pass (M6) or fills between rounds (F1) before him.
Threats threats_at(const Position& p, const Outlook& o, const Aim& aim, bool look) {
  if (p.turn() != Turn::Designated || !o.steps) return {};
  const Side s = p.side_to_move();
  return threats_of(TowerMap::of(p), s, p.designated(), o.steps, o.push, deciding_rank(aim, p, s), deciding_rank(aim, p, ~s), look);
}

// A new node's numbers (df-pn+, Nagai's initialisation from knowledge). At the defender's
// turns every quiet reply must be proved, so they count one each: the others lose at once
// (threats.h). At the attacker's turns one move is enough, and the fewest quiet replies any of
// his steps leaves is the proof number the best of them starts with; every quiet move of his
// must be refuted to disprove it.
ProofNumbers initial_numbers(std::uint32_t quiet_moves, std::uint32_t fewest_replies, bool attacker_to_move) {
  return attacker_to_move ? ProofNumbers{fewest_replies, quiet_moves} : ProofNumbers{quiet_moves, 1};
}

}  // namespace

// A child as its parent sees it. Plain fields, so that an array of them costs nothing to create.
struct Prover::Child {
  Move move;
  std::uint64_t key;
  std::uint32_t pn, dn;
  Distance at_least, at_most;  // not a Bounds, whose initialisers would run on every expansion
  bool in_table;               // not settled by the rules at once: looked up in the table
  bool job;                    // a round start that is a job (RoundStartOracle::ask)
  Bitboard steps;              // from a glimpse: every move of the child (else 0)
  Bounds bounds() const { return {at_least, at_most}; }
  void set(Bounds b) { at_least = b.at_least, at_most = b.at_most; }
};

struct Prover::Node {
  ProofNumbers numbers;
  Bounds bounds;
};

Prover::Prover(TranspositionTable& table, const SolveLimits& limits)
    : table_(table), limits_(limits), start_(std::chrono::steady_clock::now()), last_report_(start_) {}

double Prover::seconds() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count(); }

std::uint64_t Prover::key_of(const Position& p) const { return p.key() ^ salt_; }

std::uint64_t Prover::salt_of(const Goal& goal) const {
  // Known round starts are leaves only in the question who wins the match; what such a search
  // stores (bounds that count plies to a round start, not to the match's end) is kept apart.
  const bool by_round_starts = limits_.round_starts && goal.budget == kUnbounded && goal.aim.kind == AimKind::Match;
  return kSalt[index(goal.attacker)][int(goal.metric)] ^ aim_salt(goal.aim) ^ (by_round_starts ? kRoundStartSalt : 0);
}

Bounds Prover::known(const Position& pos, Side attacker, Metric metric, const Aim& aim) const {
  if (auto w = decided(aim, pos)) return *w == attacker ? Bounds{0, 0} : Bounds{kNever, kNever};
  // A Prover given round starts asks, of a match, what its searches stored apart (prove).
  const std::uint64_t apart = limits_.round_starts && aim.kind == AimKind::Match ? kRoundStartSalt : 0;
  Bounds b = table_.lookup(pos.key() ^ kSalt[index(attacker)][int(metric)] ^ aim_salt(aim) ^ apart, kUnbounded).bounds;
  const bool attacker_moves = pos.side_to_move() == attacker;
  b.at_least = std::max(b.at_least, cost(metric, attacker_moves));
  if (b.at_most != kNever || b.at_least == kNever) return b;
  // What the search knows of a child without the table (make_children): a win at once, no
  // quiet move, a win in three. Such children are not stored, and a proof tree asks of them.
  const Outlook o = outlook(pos, aim);
  if (o.wins_at_once) return attacker_moves ? Bounds{1, 1} : Bounds{kNever, kNever};
  const Threats t = threats_at(pos, o, aim, attacker_moves);
  if (t.quiet == 0) {
    const Distance d = Distance(cost(metric, false) + cost(metric, true));
    return attacker_moves ? Bounds{kNever, kNever} : Bounds{d, d};
  }
  if (t.wins_in_three) b.at_most = Distance(2 * cost(metric, true) + cost(metric, false));
  return b;
}

Proof Prover::prove(const Position& root, const Goal& goal) {
  attacker_ = goal.attacker;
  metric_ = goal.metric;
  aim_ = goal.aim;
  by_round_starts_ = limits_.round_starts && goal.budget == kUnbounded && aim_.kind == AimKind::Match;
  salt_ = salt_of(goal);
  // Threats are weighed where they pay: in the question of who wins (unbounded). A bounded
  // probe of the distance (solve.h's tighten) searches again a tree the table mostly knows, and
  // a ring question is mostly refuted; there the counts cost more than they save (measured:
  // docs/solver.md, "The search"), so those are searched as before.
  weigh_threats_ = goal.budget == kUnbounded && aim_.kind != AimKind::Ring;
  root_numbers_ = {};
  paused_ = false;
  Proof r;
  r.bounds = known(root, attacker_, metric_, aim_);
  if (!proved_within(r.bounds, goal.budget) && !refuted_within(r.bounds, goal.budget)) {
    Node n = mid(root, goal.budget, kInfinity, kInfinity, 0, true);
    r.root = n.numbers;
    // What the search found, with what was known before it (the root's children may not show it).
    r.bounds = {std::max(r.bounds.at_least, n.bounds.at_least), std::min(r.bounds.at_most, n.bounds.at_most)};
  }
  r.proved = proved_within(r.bounds, goal.budget);
  r.disproved = refuted_within(r.bounds, goal.budget);
  if (r.proved) r.root = {0, kInfinity};
  if (r.disproved) r.root = {kInfinity, 0};
  return r;
}

void Prover::check_limits() {
  if ((nodes_ & 4095) != 0) return;
  double t = seconds();
  auto now = std::chrono::steady_clock::now();
  if ((limits_.seconds > 0 && t >= limits_.seconds) || (limits_.nodes && nodes_ >= limits_.nodes) || (limits_.deadline && now >= *limits_.deadline) ||
      (limits_.stop && limits_.stop->load()))
    stopped_ = true;
  if (limits_.progress && now - last_report_ >= std::chrono::seconds(1)) {
    last_report_ = now;
    limits_.progress({nodes_, root_numbers_.pn, root_numbers_.dn, t, table_.bytes(), table_.fill()});
  }
}

// What one expansion of mid needs in each of its steps. The steps are mid's, on the hot path,
// so they are inlined into it (always_inline): callgrind counts the same instructions as when
// they were one function (125.8 M against 126.3 M on the start's value, scripts/compare.sh the
// same nodes).
struct Prover::Expansion {
  std::uint64_t key;
  Distance budget;
  bool or_node;
  Distance c, cb;         // the cost of this node's move in the metric, and its children's budget
  bool plain_decides;     // a plain tower of the opponent stepping onto the goal row decides the aim
  int opponent_deciding;  // the same of the opponent's towers
  int mover_deciding;     // the least rank of the mover's towers whose step onto the goal row decides the aim
  bool moved_known;       // the mover's tower is designated, `moved`; else his tower is known by its square
  Colour moved;
  // The children's budget is the least distance of a loser to move (rules.h: he may lose on his
  // own move, by a deadlock, M8): a child whose loser has a step that cannot deadlock is refuted
  // without its expansion (threats.h, has_step_without_deadlock). Asked only here, at the edge of
  // a bounded search, where it spares the expansion of most of its leaves.
  bool loser_at_edge;
};

// The node settled by `b` for the whole budget: stored, and returned.
inline Prover::Node Prover::settle(const Expansion& x, Bounds b) {
  Node n{refuted_within(b, x.budget) ? ProofNumbers{kInfinity, 0} : ProofNumbers{0, kInfinity}, b};
  table_.store(x.key, x.budget, n.numbers, b);
  return n;
}

// What an expansion knows of a child before the table: whether the attacker moves next, the
// child's outlook and threats, and at a bounded search's edge whether its loser to move has a
// step that cannot deadlock (M8).
struct Prover::Glance {
  bool attacker_next = false;
  Outlook next{false, 0};
  Threats threats;
  bool no_deadlock = false;
};

// A child that is not a glimpsed step (a push, a pass, a round's or match's end, a Sumo or a free
// choice to move): made, and asked whether it decides the aim. Returns this node settled if the
// child decides it for the mover; else `known` says the child's bounds are set (no table look-up),
// or `g` holds what weigh_child reads. Off the hot path: most children are glimpsed.
[[gnu::noinline]] std::optional<Prover::Node> Prover::made_child(const Position& p, const Expansion& x, Child& ch, Glance& g, bool& known) {
  Position cp = p.after(ch.move);
  ch.key = key_of(cp);
  ch.steps = 0;
  table_.prefetch_tag(ch.key);
  g.attacker_next = cp.side_to_move() == attacker_;
  std::optional<Side> w = decided(aim_, cp);
  if (!w && by_round_starts_ && cp.turn() == Turn::FreeChoice) {
    const RoundStartOracle::Answer known_start = limits_.round_starts->ask(cp, attacker_);
    w = known_start.winner;                                       // a known round start
    if (const std::optional<ProofNumbers> n = known_start.job) {  // a job
      ch.set({0, kNever});
      ch.pn = n->pn;
      ch.dn = n->dn;
      ch.in_table = false;
      ch.job = true;
      known = true;
      return std::nullopt;
    }
  }
  if (w) {
    // A move that decides the aim (M7, M8, P2, P3): a win for the mover settles the node at once.
    if (*w == attacker_ && x.or_node) return settle(x, {x.c, x.c});
    if (*w != attacker_ && !x.or_node) return settle(x, {kNever, kNever});
    ch.set(*w == attacker_ ? Bounds{0, 0} : Bounds{kNever, kNever});
    ch.in_table = false;
    known = true;
    return std::nullopt;
  }
  g.next = outlook(cp, aim_);
  if (!g.next.wins_at_once && weigh_threats_) g.threats = threats_at(cp, g.next, aim_, g.attacker_next);
  if (x.loser_at_edge && !g.attacker_next && !g.next.wins_at_once && cp.turn() == Turn::Designated && g.next.steps)
    g.no_deadlock = has_step_without_deadlock(TowerMap::of(cp), cp.side_to_move(), cp.designated(), g.next.steps);
  return std::nullopt;
}

// A child's bounds and numbers from what its parent's expansion saw of it (`g`); or, if it wins
// at once for the side to move, or leaves the attacker no quiet move at an AND node, this node
// settled.
[[gnu::always_inline]] inline std::optional<Prover::Node> Prover::weigh_child(const Expansion& x, Child& ch, const Glance& g) {
  const std::uint32_t moves = g.threats.quiet != kUnweighed ? g.threats.quiet : g.next.moves;
  if (g.next.wins_at_once) {
    ch.set(g.attacker_next ? Bounds{1, 1} : Bounds{kNever, kNever});
    if (!x.or_node && !g.attacker_next) return settle(x, {kNever, kNever});
    ch.in_table = false;
  } else if (moves == 0) {
    // No quiet move (threats.h): whatever the child's mover does, his opponent wins at once.
    if (g.attacker_next) {
      if (!x.or_node) return settle(x, {kNever, kNever});
      ch.set({kNever, kNever});
    } else {
      const Distance d = Distance(cost(metric_, false) + cost(metric_, true));
      ch.set({d, d});
    }
    ch.in_table = false;
  } else {
    ch.set({least_unfinished(metric_, g.attacker_next, wins_by_losing_round(aim_, attacker_)), kNever});
    // The loser's own move does not end the round: the attacker needs his next move too.
    if (g.no_deadlock) ch.at_least = Distance(cost(metric_, false) + cost(metric_, true));
    // The attacker, to move, wins in three plies (two of his moves): known for a budget of that or more.
    if (g.threats.wins_in_three) ch.at_most = Distance(2 * cost(metric_, true) + cost(metric_, false));
    const ProofNumbers n = initial_numbers(moves, g.threats.fewest, g.attacker_next);
    ch.pn = n.pn;
    ch.dn = n.dn;
    ch.in_table = true;
  }
  return std::nullopt;
}

// The children of `p`, each with its bounds and numbers as far as the rules know them without
// the table; or, if one of them decides the aim for the side to move, this node settled. `steps`,
// when not 0, are every move of `p` (the parent's glimpse).
[[gnu::always_inline]] inline std::optional<Prover::Node> Prover::make_children(const Position& p, const Expansion& x, Bitboard steps,
                                                                                Child* children, std::size_t& count) {
  // The parent's glimpse gave the steps of a plain designated tower that can step: they are all
  // its moves, with no push and no pass to look for.
  MoveList moves;
  if (steps)
    add_steps_nearest_first(p.square_of(p.side_to_move(), p.designated()), steps, p.side_to_move(), moves);
  else
    generate_moves(p, moves);
  count = moves.size();
  positions_ += count;
  // Read only when weighing threats, or at a bounded search's edge (Expansion::loser_at_edge).
  const TowerMap here = weigh_threats_ || x.loser_at_edge ? TowerMap::of(p) : TowerMap{};
  // What a child's threats read, found once for the tower moved (T1: at a round's start, once
  // per tower; threats.h): the mover's Replies, which answers of the opponent's tower each step
  // designates lose at once (the children's quiet steps), and the opponent's LineSet, for the
  // look ahead of the children where the attacker moves next.
  std::optional<Replies> replies;
  std::optional<LineSet> lines;
  for (std::size_t i = 0; i < count; ++i) {
    Child& ch = children[i];
    ch.move = moves[i];
    ch.job = false;
    Glance g;
    if (auto glimpse = p.glimpse(ch.move)) {
      // Most children: a step handing the turn to a plain tower that can step. The child is
      // never made unless the search descends into it.
      ch.key = glimpse->key ^ salt_;
      ch.steps = glimpse->next_targets;
      table_.prefetch_tag(ch.key);
      g.attacker_next = !x.or_node;
      g.next = outlook_of_tower(~p.side_to_move(), glimpse->next_targets, false, x.plain_decides);
      const bool loser_at_edge = x.loser_at_edge && !g.attacker_next;
      if (!g.next.wins_at_once && (weigh_threats_ || loser_at_edge)) {
        // The child's mover is the opponent, with the tower of the step's colour (T2).
        const Side s = p.side_to_move();
        const Colour moved = x.moved_known ? x.moved : p.tower_on(ch.move.from())->colour;
        const Square to = ch.move.to();
        if (loser_at_edge) g.no_deadlock = has_step_without_deadlock(here.after_step(s, moved, to), ~s, colour_of(to), glimpse->next_targets);
        if (weigh_threats_) {
          if (!replies || replies->tower() != moved) replies.emplace(here, s, moved, x.mover_deciding), lines.reset();
          const Bitboard quiet = glimpse->next_targets & ~(replies->winning_after(to) & ~goal_row(~s));
          g.threats = Threats{std::uint32_t(popcount(quiet)), false, 1};
          if (g.attacker_next && quiet) {
            if (!lines) lines.emplace(here, ~s, x.opponent_deciding, here.occupied ^ bit(here.square[index(s)][moved]));
            const LookAhead a = look_ahead(*lines, here.after_step(s, moved, to), ~s, colour_of(to), quiet, x.opponent_deciding);
            g.threats.wins_in_three = a.wins_in_three;
            g.threats.fewest = std::uint32_t(std::max(1, a.fewest_answers));
          }
        }
      }
    } else {
      bool known = false;
      Glance made;  // filled out of line; copied so that `g` stays in registers on the hot path
      if (auto settled = made_child(p, x, ch, made, known)) return settled;
      if (known) continue;
      g = made;
    }
    if (auto settled = weigh_child(x, ch, g)) return settled;
  }
  return std::nullopt;
}

// What the table knows of the children, within their budget `cb`. Read once every child's tag,
// then every bucket that may hold it, is on its way to the cache: the misses overlap instead of
// coming one after another.
[[gnu::always_inline]] inline void Prover::look_up_children(Child* children, std::size_t count, Distance cb) {
  for (std::size_t i = 0; i < count; ++i)
    if (children[i].in_table) table_.prefetch(children[i].key);
  for (std::size_t i = 0; i < count; ++i) {
    Child& ch = children[i];
    if (ch.in_table) {
      auto found = table_.lookup(ch.key, cb);
      ch.at_least = std::max(ch.at_least, found.bounds.at_least);
      ch.at_most = std::min(ch.at_most, found.bounds.at_most);
      if (found.has_numbers) ch.pn = found.numbers.pn, ch.dn = found.numbers.dn;
    }
    if (proved_within(ch.bounds(), cb))
      ch.pn = 0, ch.dn = kInfinity;
    else if (refuted_within(ch.bounds(), cb))
      ch.pn = kInfinity, ch.dn = 0;
  }
}

// The node on its way out, with `numbers`: its bounds follow the same min (OR) and max (AND) as
// its numbers, needed only here. Stored, and returned.
[[gnu::always_inline]] inline Prover::Node Prover::leave(const Expansion& x, ProofNumbers numbers, const Child* children, std::size_t count) {
  Distance lo = x.or_node ? kNever : 0, hi = x.or_node ? kNever : 0;
  for (std::size_t i = 0; i < count; ++i) {
    lo = x.or_node ? std::min(lo, children[i].at_least) : std::max(lo, children[i].at_least);
    hi = x.or_node ? std::min(hi, children[i].at_most) : std::max(hi, children[i].at_most);
  }
  Node here{numbers, {add(lo, x.c), add(hi, x.c)}};
  table_.store(x.key, x.budget, here.numbers, here.bounds);
  return here;
}

// Expands `p`, searched within `budget`, until its numbers reach a threshold, it is proved or
// disproved, or the search is stopped. The caller has checked that `p` is neither over nor
// settled for this budget by what is known. `steps`, when not 0, are every move of `p`: the
// steps of its designated tower, as the parent's glimpse gave them.
Prover::Node Prover::mid(const Position& p, Distance budget, std::uint32_t th_pn, std::uint32_t th_dn, Bitboard steps, bool is_root) {
  ++nodes_;
  check_limits();
  Expansion x;
  x.or_node = p.side_to_move() == attacker_;
  x.c = cost(metric_, x.or_node);
  x.cb = child_budget(budget, x.c);
  x.budget = budget;
  x.key = key_of(p);
  table_.prefetch_for_store(x.key);  // stored on every way out
  // Whether a plain tower of the opponent stepping onto the goal row decides the aim: the
  // glimpsed children's question (the score is the same throughout the round).
  x.opponent_deciding = deciding_rank(aim_, p, ~p.side_to_move());
  x.plain_decides = x.opponent_deciding == 0;
  x.mover_deciding = deciding_rank(aim_, p, p.side_to_move());
  x.moved_known = p.turn() == Turn::Designated;
  x.moved = p.designated();
  x.loser_at_edge = x.cb == least_unfinished(metric_, false, false) && !wins_by_losing_round(aim_, attacker_);

  Child children[MoveList::kCapacity];
  std::size_t count = 0;
  if (auto settled = make_children(p, x, steps, children, count)) return *settled;
  if (!steps) order_by_advance(children, count, p.side_to_move());  // else made in that order
  look_up_children(children, count, x.cb);
  const bool or_node = x.or_node;
  for (;;) {
    // OR node: the least proof number and the sum of disproof numbers; AND node the other way.
    std::uint32_t least = kInfinity, second = kInfinity;
    std::uint64_t sum = 0;
    std::size_t best = 0;
    for (std::size_t i = 0; i < count; ++i) {
      const Child& ch = children[i];
      std::uint32_t to_min = or_node ? ch.pn : ch.dn;
      if (to_min < least) {
        second = least;
        least = to_min;
        best = i;
      } else if (to_min < second) {
        second = to_min;
      }
      sum += or_node ? ch.dn : ch.pn;
    }
    const ProofNumbers numbers = or_node ? ProofNumbers{least, capped(sum)} : ProofNumbers{capped(sum), least};
    if (is_root) root_numbers_ = numbers;
    if (numbers.pn == 0 || numbers.dn == 0 || numbers.pn >= th_pn || numbers.dn >= th_dn || stopped_ || paused_)
      return leave(x, numbers, children, count);
    Child& ch = children[best];
    if (ch.job) {  // the most proving node is a round start to be proved as a job: the oracle takes it
      const Position start = p.after(ch.move);
      paused_ = limits_.round_starts->take_job(start) || paused_;
      const std::optional<Side> w = limits_.round_starts->match_winner(start);  // its guess from now on
      if (!w) throw std::logic_error("a round-start oracle took a job that it does not value");
      ch.set(*w == attacker_ ? Bounds{0, 0} : Bounds{kNever, kNever});
      ch.pn = *w == attacker_ ? 0 : kInfinity;
      ch.dn = *w == attacker_ ? kInfinity : 0;
      ch.job = false;
      continue;
    }
    // Into the most proving child, with thresholds that send us back here as soon as another
    // child becomes the most proving one (with 1+ε slack) or this node's thresholds are reached.
    std::uint32_t for_min = std::min(or_node ? th_pn : th_dn, capped(std::uint64_t(second) + 1 + second / 2));
    std::uint32_t for_sum = or_node ? capped(std::uint64_t(th_dn) - numbers.dn + ch.dn) : capped(std::uint64_t(th_pn) - numbers.pn + ch.pn);
    Node n = or_node ? mid(p.after(ch.move), x.cb, for_min, for_sum, ch.steps) : mid(p.after(ch.move), x.cb, for_sum, for_min, ch.steps);
    ch.pn = n.numbers.pn;
    ch.dn = n.numbers.dn;
    ch.set(n.bounds);
  }
}

}  // namespace kamisado::solver
