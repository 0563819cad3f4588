// Which rules a comparison exercised, and which rules a context implies.
//
// A run says what it checked in rule IDs, not only in positions: a position exercises the rules
// its legal moves depend on (T1 or T2, M1–M5, the Sumo rules S1, S2, S5, a forced pass M6, the
// Defender's choice F1), and a move played there the rules of its result (M7, M8, M9, S3, S4,
// P1–P3, F1–F3), and on a free choice T1, the engine letting that tower move. Both are read off our engine, so that a corpus or a walk can be shown
// to reach every rule of each context it claims: a single round, a single round with Sumos (rules.md §6: Sumos played on their own), and a match.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "src/kamisado/position.h"

namespace kamisado::conform {

using RuleSet = std::set<std::string>;

enum class Context { SingleRound, SumoRound, Match };
inline constexpr Context kContexts[] = {Context::SingleRound, Context::SumoRound, Context::Match};

Context context_of(const Position& p);
const char* context_name(Context c);     // "single round", "single round with Sumos", "match"
const char* context_feature(Context c);  // the protocol's feature word: single-round, sumo, match

// The rules that apply in a context, in rules.md order.
const std::vector<std::string>& implied_rules(Context c);

// Whether a diagonal move passes between two towers that touch corner to corner (M4).
bool passes_between_corners(const Position& p, Move m);

// The rules a position's move list depends on, and those a move's result depends on.
RuleSet rules_at(const Position& p);
RuleSet rules_of_play(const Position& p, Move m);

}  // namespace kamisado::conform
