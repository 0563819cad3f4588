#include "solver/match/match_minimax.h"

#include <array>
#include <bit>
#include <vector>

#include "src/kamisado/movegen.h"

namespace kamisado::solver {

namespace {

// A round in progress, played as a single round, with the match around it kept here.
struct State {
  Position round = Position::empty_board();  // single round (no match field); between rounds: the board as the round ended
  bool between = false;                      // the round is over, rings placed; `defender` chooses a fill (F1)
  Side defender = Side::Black;
  std::array<std::uint32_t, 2> points{};
};

// A position's towers as a single round (P1), with the ranks given.
Position single_round(const std::array<std::array<int, 8>, 2>& ranks, const std::array<std::array<Square, 8>, 2>& squares, Side to_move, Turn turn,
                      Colour designated) {
  Position p = Position::empty_board();
  for (Side s : {Side::Black, Side::Gold})
    for (int c = 0; c < kColours; ++c) p.place(s, Colour(c), squares[index(s)][c], ranks[index(s)][c]);
  p.set_turn(to_move, turn, designated);
  p.finish();
  return p;
}

std::array<std::array<int, 8>, 2> ranks_of(const Position& p) {
  std::array<std::array<int, 8>, 2> r{};
  for (Side s : {Side::Black, Side::Gold})
    for (int c = 0; c < kColours; ++c) r[index(s)][c] = p.rank_of_tower(s, Colour(c));
  return r;
}
std::array<std::array<Square, 8>, 2> squares_of(const Position& p) {
  std::array<std::array<Square, 8>, 2> q{};
  for (Side s : {Side::Black, Side::Gold})
    for (int c = 0; c < kColours; ++c) q[index(s)][c] = p.square_of(s, Colour(c));
  return q;
}

class Referee {
 public:
  Referee(std::uint32_t target, std::uint64_t max_positions) : target_(target), max_(max_positions) {}

  // Whether `x` wins the match from `s` within `depth` plies (fills count), or nullopt once the
  // memo is full. Remembered per position as the longest depth known to fail and the shortest
  // known to succeed, which hold for every other depth on their side.
  std::optional<bool> wins(const State& s, Side x, int depth) {
    const std::uint64_t key = key_of(s, x);
    // No draws: once the other side is known to win from here, x wins within no depth.
    if (const Known* other = memo_.find(key ^ kOtherSide); other && other->wins_within < kNever) return false;
    Known& k = memo_[key];
    if (depth >= k.wins_within) return true;
    if (depth <= k.fails_within) return false;
    if (memo_.size() > max_) return std::nullopt;
    std::optional<bool> v = s.between ? wins_between(s, x, depth) : wins_in_round(s, x, depth);
    if (!v) return v;
    Known& after = memo_[key];  // the map may have grown meanwhile
    if (*v)
      after.wins_within = std::min(after.wins_within, depth);
    else
      after.fails_within = std::max(after.fails_within, depth);
    return v;
  }
  std::uint64_t positions() const { return memo_.size(); }

  // F2–F3 from the rules' text: each player's towers, nearest his home row first, and within
  // one row from the chosen side inwards, go onto his home row from that side's corner. His
  // left is his own: file a for Black, file h for Gold.
  static std::array<Square, 8> regroup(const Position& board, Side player, bool left) {
    const int home = player == Side::Black ? 0 : 7;
    const bool from_a = (player == Side::Black) == left;
    std::array<Square, 8> placed{};
    int next = 0;
    for (int distance = 0; distance < 8; ++distance) {
      const int row = player == Side::Black ? distance : 7 - distance;
      for (int i = 0; i < 8; ++i) {
        const int file = from_a ? i : 7 - i;
        auto t = board.tower_on(Square(8 * row + file));
        if (!t || t->side != player) continue;
        const int to_file = from_a ? next : 7 - next;
        placed[t->colour] = Square(8 * home + to_file);
        ++next;
      }
    }
    return placed;
  }

 private:
  static constexpr int kNever = 1 << 30;
  static constexpr std::uint64_t kOtherSide = 0x94D049BB133111EBull;  // the key of the same position for the other side
  struct Known {
    int fails_within = -1;     // x does not win within this many plies (nor fewer)
    int wins_within = kNever;  // x wins within this many plies (and more)
  };

  // The memo: an open-addressing table of keys (linear probing, doubled at half full). A
  // std::unordered_map spent most of the referee's time allocating and freeing its nodes.
  // A reference into it is valid only until the next insertion.
  class Memo {
   public:
    Known* find(std::uint64_t key) {
      if (slots_.empty()) return nullptr;
      key = key ? key : 1;  // 0 marks an empty slot
      for (std::size_t i = slot_of(key);; i = (i + 1) & mask_) {
        if (slots_[i].key == key) return &slots_[i].known;
        if (slots_[i].key == 0) return nullptr;
      }
    }
    Known& operator[](std::uint64_t key) {
      if (Known* k = find(key)) return *k;
      if (2 * (used_ + 1) > slots_.size()) grow();
      key = key ? key : 1;
      std::size_t i = slot_of(key);
      while (slots_[i].key != 0) i = (i + 1) & mask_;
      slots_[i].key = key;
      ++used_;
      return slots_[i].known;
    }
    std::uint64_t size() const { return used_; }

   private:
    struct Slot {
      std::uint64_t key = 0;
      Known known;
    };
    std::size_t slot_of(std::uint64_t key) const { return std::size_t((key * 0x9E3779B97F4A7C15ull) >> shift_); }
    void grow() {
      std::vector<Slot> old = std::move(slots_);
      slots_.assign(old.empty() ? std::size_t{1} << 16 : 2 * old.size(), Slot{});
      mask_ = slots_.size() - 1;
      shift_ = 64 - std::countr_zero(slots_.size());
      for (const Slot& s : old) {
        if (s.key == 0) continue;
        std::size_t i = slot_of(s.key);
        while (slots_[i].key != 0) i = (i + 1) & mask_;
        slots_[i] = s;
      }
    }
    std::vector<Slot> slots_;
    std::size_t mask_ = 0;
    int shift_ = 64;
    std::uint64_t used_ = 0;
  };

  std::uint64_t key_of(const State& s, Side x) const {
    std::uint64_t k = s.round.key() ^ (std::uint64_t(s.points[0]) * 0x9E3779B97F4A7C15ull) ^ (std::uint64_t(s.points[1]) * 0xC2B2AE3D27D4EB4Full);
    if (s.between) k ^= 0xD6E8FEB86659FD93ull ^ std::uint64_t(index(s.defender));
    return x == Side::Black ? k : k ^ kOtherSide;
  }

  // The round has ended (a single round's outcome): the ring (P2), the match (P3), or the
  // Defender's choice (F1). `depth` plies are left.
  std::optional<bool> wins_after_round(const State& s, Side x, int depth) {
    const Outcome& o = s.round.outcome();
    State next;
    next.points = s.points;
    auto ranks = ranks_of(s.round);
    int& rank = ranks[index(o.winner)][o.ring_tower];
    next.points[index(o.winner)] += 1u << rank;  // P2: the ring is worth 2^(old rank)
    ++rank;
    if (next.points[index(o.winner)] >= target_) return o.winner == x;  // P3
    if (depth == 0) return false;
    next.between = true;
    next.defender = o.winner;
    next.round = single_round(ranks, squares_of(s.round), o.winner, Turn::FreeChoice, Brown);
    return wins(next, x, depth);
  }

  // One side's turn: x wins if one of his moves wins (his turn) or all do (the other's).
  template <class Children>
  std::optional<bool> turn(Side mover, Side x, Children&& each) {
    bool unknown = false;
    const bool want = mover == x;  // the value that settles this turn at once
    bool settled = false;
    each([&](std::optional<bool> v) {
      if (!v)
        unknown = true;
      else if (*v == want)
        settled = true;
      return settled;
    });
    if (settled) return want;
    if (unknown) return std::nullopt;
    return !want;
  }

  std::optional<bool> wins_between(const State& s, Side x, int depth) {
    // F1: the Defender fills left or right; F2: he first, then the Challenger, same direction.
    // The Challenger moves first with free choice (T1).
    return turn(s.defender, x, [&](auto&& settles) {
      for (bool left : {true, false}) {
        std::array<std::array<Square, 8>, 2> squares{};
        for (Side p : {Side::Black, Side::Gold}) squares[index(p)] = regroup(s.round, p, left);
        State next;
        next.points = s.points;
        next.round = single_round(ranks_of(s.round), squares, ~s.defender, Turn::FreeChoice, Brown);
        if (settles(wins(next, x, depth - 1))) return;
      }
    });
  }

  std::optional<bool> wins_in_round(const State& s, Side x, int depth) {
    MoveList moves;
    generate_moves(s.round, moves);
    // Moves that end the round first (the order changes the time, not the value); only the
    // moves are kept, not the positions, since a whole match is deep.
    return turn(s.round.side_to_move(), x, [&](auto&& settles) {
      for (bool ending : {true, false})
        for (Move m : moves) {
          State c;
          c.points = s.points;
          c.round = s.round.after(m);
          if (c.round.outcome().over() != ending) continue;
          if (settles(ending ? wins_after_round(c, x, depth - 1) : depth > 1 ? wins(c, x, depth - 1) : std::optional<bool>(false))) return;
        }
    });
  }

  std::uint32_t target_;
  std::uint64_t max_;
  Memo memo_;
};

}  // namespace

std::array<Square, 8> referee_regroup(const Position& board, Side player, bool left) { return Referee::regroup(board, player, left); }

MinimaxResult match_minimax(const Position& pos, std::uint64_t max_positions, int max_plies) {
  Referee referee(pos.match().target, max_positions);
  State s;
  s.points = pos.match().points;
  s.between = pos.turn() == Turn::BetweenRounds;
  s.defender = pos.side_to_move();
  s.round = single_round(ranks_of(pos), squares_of(pos), pos.side_to_move(), s.between ? Turn::FreeChoice : pos.turn(), pos.designated());
  // No draws: one side wins within some number of plies; ask for longer and longer wins, each
  // side in turn, until one is found.
  MinimaxResult r;
  for (int depth = 1; !r.winner && (max_plies == 0 || depth <= max_plies); ++depth) {
    for (Side x : {Side::Black, Side::Gold}) {
      auto v = referee.wins(s, x, depth);
      if (!v) {
        r.positions = referee.positions();
        return r;
      }
      if (*v) {
        r.winner = x;
        r.plies = depth;
        break;
      }
    }
  }
  r.positions = referee.positions();
  return r;
}

}  // namespace kamisado::solver
