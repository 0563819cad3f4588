// The rules checker's proofs over all positions (issue "SMT-backed rules checker"). Each check
// is named, cites its rules, and is either proved, or refuted with a counterexample.
//
// The checks run the engine's bitboard primitives (bitboard.h) on Z3 bit-vectors, through
// Primitives below; tests swap in deliberately broken primitives and show each refuted.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "src/kamisado/board.h"

namespace kamisado::verify {

class Word;

// The engine code under check, as functions over symbolic words.
struct Primitives {
  std::function<Word(Square from, const Word& empty, Side side, int tower_rank)> tower_targets;
  std::function<Word(const Word (&by_rank)[5], int rank)> towers_below;
  std::function<Word(const Word& from, const Word& empty, const Word& pushable, Side side, int rank)> push_column;
  std::function<Word(const Word& from, const Word& empty, const Word& pushable, Side side, int rank)> push_target;
  std::function<Colour(Square)> colour_of;  // the engine's colour table (B3)
};

// The engine's own templates, instantiated on Word.
Primitives engine_primitives();

struct CheckResult {
  std::string id;       // e.g. "slides"
  std::string title;    // what is proved, in words
  std::string rules;    // rule IDs
  std::string verdict;  // "proved", "refuted" or "unknown"
  double seconds = 0;
  int queries = 0;
  std::string counterexample;  // when refuted: the case in words, and a KFEN where one exists
  // A lemma is a fact about the rules (rules.md and the spec) that no engine code enters; the
  // report lists lemmas apart, since no mutation of the engine can make one fail.
  bool lemma = false;
};

std::vector<std::string> check_ids();
// Throws std::invalid_argument for an unknown id.
CheckResult run_check(const std::string& id, const Primitives& engine);

}  // namespace kamisado::verify
