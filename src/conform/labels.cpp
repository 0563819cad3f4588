#include "src/conform/labels.h"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <iterator>

#include "src/conform/coverage.h"
#include "src/kamisado/kfen.h"
#include "src/kamisado/movegen.h"
#include "src/kamisado/rules.h"

namespace kamisado::conform {

std::vector<std::string> moves_missing(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  std::vector<std::string> out;
  std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out));
  return out;
}

namespace {

bool is_real(const std::string& m, Square& from, Square& to) {
  return m.size() == 4 && parse_square(m.substr(0, 2), from) && parse_square(m.substr(2, 2), to);
}

// The rule a single real move breaks, or that its absence breaks, at `p`; `compulsory` when it
// is missing and our only move. Checked in rule order: whose tower (T1, T2), direction (M1),
// push (S2, S5), range (S1), what stands in the way (M3, M2, M4).
std::string rule_of_move(const Position& p, const std::string& m, bool compulsory) {
  Square from, to;
  if (!is_real(m, from, to)) return "§6";
  const Side mover = p.side_to_move();
  const auto tower = p.tower_on(from);
  const char* which = p.turn() == Turn::FreeChoice ? "T1" : "T2";
  if (!tower || tower->side != mover) return which;
  if (p.turn() == Turn::Designated && tower->colour != p.designated()) return "T2";
  const int ahead = (rank_of(to) - rank_of(from)) * (mover == Side::Black ? 1 : -1);
  const int aside = file_of(to) - file_of(from);
  if (ahead <= 0 || (aside != 0 && std::abs(aside) != ahead)) return "M1";
  if (aside == 0 && ahead == 1 && (p.occupied() & bit(to))) {
    // No push on the free first move, and a push that is the only action is compulsory (S5);
    // otherwise whether it may push at all (S2).
    return p.turn() == Turn::FreeChoice || compulsory ? "S5" : "S2";
  }
  if (ahead > kRangeOfRank[p.rank_of_tower(tower->side, tower->colour)]) return "S1";
  if (p.occupied() & bit(to)) return "M3";
  const int file_step = aside == 0 ? 0 : aside / std::abs(aside);
  const int rank_step = mover == Side::Black ? 1 : -1;
  for (int i = 1; i < ahead; ++i)
    if (p.occupied() & bit(make_square(file_of(from) + i * file_step, rank_of(from) + i * rank_step))) return "M2";
  // A move on a clear line: the engine stops short of a tower that is not in the way, or does
  // not pass between two towers touching corner to corner (M4).
  try {
    return passes_between_corners(p, parse_move(p, m)) ? "M4" : "M2";
  } catch (const NotationError&) {
    return "M2";
  }
}

// The winner a status names: "won black deadlock", "match-won gold".
std::string winner_of(const std::string& status) {
  for (const char* side : {"black", "gold"})
    if (status.find(std::string(" ") + side) != std::string::npos) return side;
  return "";
}

bool forced_pass(const Position& p) {
  MoveList moves;
  generate_moves(p, moves);
  return moves.size() == 1 && moves[0].kind() == MoveKind::Pass;
}

bool round_over(const Position& p) { return p.turn() == Turn::BetweenRounds || p.outcome().over(); }

bool same_squares(const Position& a, const Position& b) {
  for (Side s : {Side::Black, Side::Gold})
    for (int c = 0; c < kColours; ++c)
      if (a.square_of(s, Colour(c)) != b.square_of(s, Colour(c))) return false;
  return true;
}

bool same_ranks(const Position& a, const Position& b) {
  for (Side s : {Side::Black, Side::Gold})
    for (int c = 0; c < kColours; ++c)
      if (a.rank_of_tower(s, Colour(c)) != b.rank_of_tower(s, Colour(c))) return false;
  return true;
}

// A fill whose towers stand as the other direction, read from each player's own seat, would put
// them: regrouping from a fixed board side (F2); any other wrong placement is F3.
std::string rule_of_fill(const Position& p, Move m, const Position& theirs) {
  const FillSide other = m.fill_side() == FillSide::Left ? FillSide::Right : FillSide::Left;
  for (Side player : {Side::Black, Side::Gold}) {
    const std::array<Square, 8> other_way = regrouped_squares(p, player, other);
    bool as_other_way = true;
    for (int c = 0; c < kColours; ++c) as_other_way &= theirs.square_of(player, Colour(c)) == other_way[c];
    if (as_other_way) return "F2";
  }
  return "F3";
}

// On a free choice the engine offers no move at all of a tower we can move: it does not let the
// mover take any of his towers (T1), however its moves are made (a home-row-only first move, say,
// in a position no game reaches). Not a rule of movement: nothing it offers for that tower is wrong.
bool free_tower_held(const Position& p, const std::string& m, const std::vector<std::string>& theirs) {
  if (p.turn() != Turn::FreeChoice) return false;
  const std::string from = m.substr(0, 2);
  return std::none_of(theirs.begin(), theirs.end(), [&](const std::string& t) { return t.starts_with(from); });
}

}  // namespace

std::string label_moves(const Position& p, const std::vector<std::string>& ours, const std::vector<std::string>& theirs) {
  // Moves where the game is over: the end it missed.
  if (p.outcome().over()) return p.outcome().ending == Ending::HomeRow ? "M7" : p.outcome().ending == Ending::Deadlock ? "M8" : "P3";
  if (p.turn() == Turn::BetweenRounds) return "F1";  // the Defender's choice of side
  const std::vector<std::string> missing = moves_missing(ours, theirs), extra = moves_missing(theirs, ours);
  const bool ours_only_pass = ours == std::vector<std::string>{"pass"};
  // Extra moves break a rule of movement; a missing one is a rule the engine does not apply.
  for (const std::string& m : extra)
    if (m != "pass") return rule_of_move(p, m, false);
  for (const std::string& m : missing)
    if (m != "pass") return free_tower_held(p, m, theirs) ? "T1" : rule_of_move(p, m, ours.size() == 1);
  if (!ours_only_pass) return "M5";  // the engine lets a player pass who can move
  return "M6";                       // a blocked player who may not pass
}

std::string label_status(const Position& p, const std::string& ours, const std::string& theirs) {
  if (ours == "ongoing" && forced_pass(p)) {
    // Where we see a forced pass and the engine a deadlock: if it names the side to move as the
    // winner, it declared a deadlock that is not there (the loser of a deadlock is the player
    // who made the last real move, M8); if it names the other side, it let a blocked player
    // lose instead of passing (M6).
    if (theirs.find("deadlock") != std::string::npos) return winner_of(theirs) == side_id(p.side_to_move()) ? "M8" : "M6";
    // Any other end of the round (a draw, say) where the passes go on: a chain of passes that
    // is no deadlock is played out pass by pass (M9).
    return "M9";
  }
  if (ours.find("deadlock") != std::string::npos || theirs.find("deadlock") != std::string::npos) return "M8";
  if (ours.find("home-row") != std::string::npos || theirs.find("home-row") != std::string::npos) return "M7";
  if (ours.find("match-won") != std::string::npos || theirs.find("match-won") != std::string::npos) return "P3";
  if (ours == "between-rounds" || theirs == "between-rounds") return "F1";
  return "§6";  // an answer that is no status at all
}

std::optional<Colour> s4_follow_up(const Position& p, Move m) {
  if (m.kind() != MoveKind::Push) return std::nullopt;
  // The pushed column starts where the Sumo steps to; its furthest tower lands on the first
  // empty square beyond it, whose colour names the pusher's next tower (S4).
  const int ahead = p.side_to_move() == Side::Black ? 8 : -8;
  Square sq = m.to();
  while (p.occupied() & bit(sq)) sq = Square(sq + ahead);
  return colour_of(sq);
}

std::string label_play(const Position& p, Move m, const Position& ours, const Position& theirs) {
  const bool pushed = m.kind() == MoveKind::Push;
  // After a push, the pusher moves again with the tower S4 names; whether that tower can move,
  // and so any deadlock, follows from it.
  if (pushed && !round_over(theirs) && (theirs.side_to_move() != p.side_to_move() || theirs.designated() != *s4_follow_up(p, m))) return "S4";
  // Which tower the opponent moves after an ordinary move (T2), read before how the round ends:
  // an engine that names another tower goes on with it, and a deadlock it then misses is that
  // fault's, not M8's.
  if (m.kind() == MoveKind::Step && !round_over(theirs) && theirs.turn() == Turn::Designated && theirs.side_to_move() != p.side_to_move() &&
      theirs.designated() != colour_of(m.to()))
    return "T2";
  // How the round ends: ended or not (M7, M8), then who won it.
  if (round_over(ours) != round_over(theirs) || (round_over(ours) && round_winner(ours) != round_winner(theirs))) {
    if (!round_over(ours) && pushed && theirs.side_to_move() != p.side_to_move()) return "S4";  // the opponent's deadlock
    return round_outcome(p, m).ending == Ending::HomeRow ? "M7" : "M8";
  }
  // Who moves next, and which tower.
  if (ours.side_to_move() != theirs.side_to_move() || ours.turn() != theirs.turn() || ours.designated() != theirs.designated()) {
    if (m.kind() == MoveKind::Fill) return "F1";
    if (m.kind() == MoveKind::Pass) return "M6";
    if (pushed) return "S4";
    return "T2";
  }
  // Where the towers stand.
  if (!same_squares(ours, theirs)) {
    if (m.kind() == MoveKind::Fill) return rule_of_fill(p, m, theirs);
    if (pushed) return "S3";
    return m.kind() == MoveKind::Pass ? "M6" : "M2";
  }
  // The ring and the score.
  if (!same_ranks(ours, theirs)) return m.kind() == MoveKind::Fill ? "F3" : "P2";
  if (ours.match() != theirs.match()) return ours.outcome().ending == Ending::MatchWon || theirs.outcome().ending == Ending::MatchWon ? "P3" : "P2";
  return "§6";
}

std::string label_unreadable_play(const Position& p, Move m) {
  const Outcome o = round_outcome(p, m);
  return o.ending == Ending::Deadlock ? "M8" : o.ending == Ending::HomeRow ? "M7" : "§6";
}

}  // namespace kamisado::conform
