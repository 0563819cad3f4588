// Which rule a disagreement is about.
//
// A label is read off what differs between our answer and the engine's, compared in the order
// the rules build on each other: which tower moves and who moves (T1, T2), how a tower moves
// (M1–M4, S1), whether it must move or pass (M5, M6), pushes (S2, S5) and what follows them
// (S3, S4), how a round ends and who wins it (M7, M8), the ring and the score (P2, P3), and
// regrouping with the next round's first player (F1–F3). The first thing that differs names
// the rule; nothing is labelled by a default that happens to come last.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "src/kamisado/position.h"

namespace kamisado::conform {

// The legal-move lists at `p` differ (both sorted, in §6 notation).
std::string label_moves(const Position& p, const std::vector<std::string>& ours, const std::vector<std::string>& theirs);

// The statuses at `p` differ (protocol words: "ongoing", "won black deadlock", ...).
std::string label_status(const Position& p, const std::string& ours, const std::string& theirs);

// The positions after `m` from `p` differ: ours, and the engine's.
std::string label_play(const Position& p, Move m, const Position& ours, const Position& theirs);

// After a push, the colour of the pusher's next tower: the colour of the square the furthest
// pushed tower lands on (S4). Nothing for other moves.
std::optional<Colour> s4_follow_up(const Position& p, Move m);

// The engine answered `m` with a KFEN our notation refuses (a round it did not end, say).
std::string label_unreadable_play(const Position& p, Move m);

// The moves in `a` and not in `b`, both sorted.
std::vector<std::string> moves_missing(const std::vector<std::string>& a, const std::vector<std::string>& b);

}  // namespace kamisado::conform
