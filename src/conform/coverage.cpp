#include "src/conform/coverage.h"

#include <cstdlib>

#include "src/kamisado/movegen.h"
#include "src/kamisado/rules.h"

namespace kamisado::conform {

Context context_of(const Position& p) {
  if (p.match().is_match()) return Context::Match;
  for (Side s : {Side::Black, Side::Gold})
    for (int c = 0; c < kColours; ++c)
      if (p.rank_of_tower(s, Colour(c)) > 0) return Context::SumoRound;
  return Context::SingleRound;
}

const char* context_name(Context c) {
  switch (c) {
    case Context::SingleRound: return "single round";
    case Context::SumoRound: return "single round with Sumos";
    case Context::Match: break;
  }
  return "match";
}

const char* context_feature(Context c) {
  switch (c) {
    case Context::SingleRound: return "single-round";
    case Context::SumoRound: return "sumo";
    case Context::Match: break;
  }
  return "match";
}

const std::vector<std::string>& implied_rules(Context c) {
  static const std::vector<std::string> single{"T1", "T2", "M1", "M2", "M3", "M4", "M5", "M6", "M7", "M8", "M9", "P1"};
  static const std::vector<std::string> sumo{"T1", "T2", "M1", "M2", "M3", "M4", "M5", "M6", "M7", "M8", "M9", "S1", "S2", "S3", "S4", "S5", "P1"};
  static const std::vector<std::string> match{"T1", "T2", "M1", "M2", "M3", "M4", "M5", "M6", "M7", "M8", "M9",
                                              "S1", "S2", "S3", "S4", "S5", "P2", "P3", "F1", "F2", "F3"};
  return c == Context::SingleRound ? single : c == Context::SumoRound ? sumo : match;
}

bool passes_between_corners(const Position& p, Move m) {
  const int files = file_of(m.to()) - file_of(m.from()), ranks = rank_of(m.to()) - rank_of(m.from());
  if (files == 0) return false;
  const int df = files > 0 ? 1 : -1, dr = ranks > 0 ? 1 : -1;
  for (int i = 0; i < std::abs(files); ++i) {
    const int f = file_of(m.from()) + i * df, r = rank_of(m.from()) + i * dr;
    if ((p.occupied() & bit(make_square(f + df, r))) && (p.occupied() & bit(make_square(f, r + dr)))) return true;
  }
  return false;
}

namespace {

bool has_sumo(const Position& p) { return context_of(p) != Context::SingleRound; }

}  // namespace

RuleSet rules_at(const Position& p) {
  RuleSet r;
  if (p.outcome().over()) return r;
  if (p.turn() == Turn::BetweenRounds) return {"F1"};
  MoveList moves;
  generate_moves(p, moves);
  r.insert(p.turn() == Turn::FreeChoice ? "T1" : "T2");
  bool real = false, pushes = false;
  for (Move m : moves) {
    if (m.kind() == MoveKind::Pass) r.insert("M6");
    if (m.kind() == MoveKind::Push) pushes = true;
    if (m.kind() != MoveKind::Step) continue;
    real = true;
    if (passes_between_corners(p, m)) r.insert("M4");
    if (p.rank_of_tower(p.side_to_move(), p.tower_on(m.from())->colour) > 0) r.insert("S1");
  }
  if (real) r.insert({"M1", "M2", "M3", "M5"});
  // Whether a Sumo may push is asked of every designated Sumo (S2), and none may on a free move
  // or must when it is the only action (S5).
  if (p.turn() == Turn::Designated && p.rank_of_tower(p.side_to_move(), p.designated()) > 0) r.insert("S2");
  if ((p.turn() == Turn::FreeChoice && has_sumo(p)) || (pushes && moves.size() == 1)) r.insert("S5");
  return r;
}

RuleSet rules_of_play(const Position& p, Move m) {
  RuleSet r;
  const Position q = p.after(m);
  if (m.kind() == MoveKind::Fill) return {"F1", "F2", "F3"};
  if (m.kind() == MoveKind::Pass) {
    r.insert("M6");
    MoveList next;
    generate_moves(q, next);
    if (next.size() == 1 && next[0].kind() == MoveKind::Pass) r.insert("M9");
  }
  if (m.kind() == MoveKind::Push) r.insert({"S3", "S4"});
  // A move played on a free choice is one the engine lets any tower of the mover make (T1).
  if (p.turn() == Turn::FreeChoice) r.insert("T1");
  const Outcome o = round_outcome(p, m);
  if (o.ending == Ending::HomeRow) r.insert("M7");
  if (o.ending == Ending::Deadlock) r.insert("M8");
  if (o.over()) r.insert(p.match().is_match() ? "P2" : "P1");
  if (q.outcome().ending == Ending::MatchWon) r.insert("P3");
  return r;
}

}  // namespace kamisado::conform
