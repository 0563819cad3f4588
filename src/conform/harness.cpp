#include "src/conform/harness.h"

#include <algorithm>
#include <deque>
#include <map>
#include <random>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "src/conform/engine.h"
#include "src/conform/labels.h"
#include "src/kamisado/errors.h"
#include "src/kamisado/kfen.h"
#include "src/kamisado/movegen.h"
#include "src/kamisado/rules.h"

namespace kamisado::conform {

namespace {

// rules.md's rule IDs in its order; "refused" (a position the engine would not set up) last.
const std::vector<std::string>& rule_order() {
  static const std::vector<std::string> order{"T1", "T2", "M1", "M2", "M3", "M4", "M5", "M6", "M7", "M8", "M9", "S1",     "S2",
                                              "S3", "S4", "S5", "P1", "P2", "P3", "F1", "F2", "F3", "F4", "§6", "refused"};
  return order;
}
std::size_t rule_rank(const std::string& rule) {
  const auto& o = rule_order();
  return std::size_t(std::find(o.begin(), o.end(), rule) - o.begin());
}

std::vector<std::string> our_moves(const Position& p) {
  std::vector<std::string> out = legal_move_names(p);
  std::sort(out.begin(), out.end());
  return out;
}

std::string join(const std::vector<std::string>& v) {
  std::string s;
  for (const std::string& w : v) s += (s.empty() ? "" : " ") + w;
  return s.empty() ? "(none)" : s;
}

std::vector<std::string> names(const std::vector<Move>& moves) {
  std::vector<std::string> out;
  for (Move m : moves) out.push_back(to_string(m));
  return out;
}

// Built-in walk roots for what the start and the play-outs seldom reach, so that a default run
// exercises each rule of each context at least kEnough times (HarnessReport::ContextRules::thin):
// in a single round, diagonals between corner-touching towers (M4) and moves that win (M7); in a
// single round with Sumos, pushes of one and two towers a ply away, free moves, a chain of four
// passes, corner-touching towers, a deadlock a move away, moves that win; in a match, a round
// about to end (its ring and the Defender's fill within two plies), a push, deadlocks of four and
// six towers a move away with the ring they give (measured in docs/conformance.md), each side's
// free first move of a round, a chain of four passes, three moves that end the match. Each
// carries the rings its score was won with (P2), so that a game reaches it.
struct Root {
  const char* name;
  const char* kfen;
};
constexpr Root kSingleRoots[] = {
    {"single round, corner-touching towers", "obp1yrgn/8/8/8/3k4/3YP3/8/NGR1K1BO b Y"},
    {"single round, two wins, one between corner-touching towers", "1bp1yr1n/8/3o4/3Yk3/8/6g1/8/NGR1KPBO b Y"},
};
constexpr Root kSumoRoots[] = {
    {"Sumo round", "o2kyrgn/8/8/2b5/2p5/2R++5/8/NG1YKPBO b R"},
    {"Sumo round, free move", "obpkyrgn/8/8/8/8/8/8/N+GRY++KPB+O b -"},
    {"Sumo round, a chain of four passes", "2pk4/5r2/2y5/8/8/3oKYbg/1N+GRP1On+/6B1 b O"},
    {"Sumo round, corner-touching towers", "obp1yrgn/8/8/8/3k4/3YP3/8/N+GR1K1BO b Y"},
    {"Sumo round, Gold's free move", "obpk+yrgn/8/8/8/8/8/8/NGRYKPB+O g -"},
    {"Sumo round, a deadlock a move away", "ob1kyrgn/7G/p7/8/8/8/8/N+1RYKPBO g p"},
    {"Sumo round, two wins, one between corner-touching towers", "1bp1yr1n/8/3o4/3Yk3/8/6g1/8/NGR+1K+PBO b Y"},
};
constexpr Root kMatchRoots[] = {
    {"match, a round ends", "o1p2r2/3k4/1b2g1B1/3Y3O/4y3/1G3P1n/8/N1R1K3 b O 3:0-0"},
    {"match, after a push", "gk+2b+2y+/2pn1o2/3K+4/8/8/3R+G3/1Y4r1/1P1NB+1O+1 b O 15:4-3"},
    {"match, a deadlock of four towers", "1b6/4yr1G/3kpPng+/o4RB1/2N5/5Y2/5K+2/7O b Y 3:1-1"},
    {"match, a deadlock of six towers", "3k++4/2bpryng/Y1oN+KPGO/8/6B1/8/8/2R+5 b B 7:2-3"},
    {"match, a round's free first move", "oprkbgyn/8/8/8/8/8/8/O+BYGPNRK g - 3:1-0"},
    {"match, Black's free first move", "o+bypgkrn/8/8/8/8/8/8/RPOKGBYN b - 3:0-1"},
    {"match, a chain of four passes", "2pk4/5r2/2y5/8/8/3oKYbg/1N+GRP1On+/6B1 b O 3:1-1"},
    {"match, three moves that win it", "1bp1yr1n/8/o7/3Y4/1k6/6g1/8/NGR+1K+PBO b Y 3:2-0"},
};

// One of n, uniformly, by Lemire's nearly divisionless method (2019): what libstdc++'s
// uniform_int_distribution draws from a 64-bit engine, written out so that a seed gives the same
// play-outs with any standard library (the WebAssembly build's is libc++, whose draws differ) and
// a verdict's "N positions checked" is the same wherever it is run.
__extension__ typedef unsigned __int128 Wide;  // g++ and clang have it; __extension__: not ISO C++
std::size_t one_of(std::size_t n, std::mt19937_64& rng) {
  const std::uint64_t range = n;
  Wide product = Wide(rng()) * range;
  if (std::uint64_t(product) < range)
    for (const std::uint64_t threshold = -range % range; std::uint64_t(product) < threshold;) product = Wide(rng()) * range;
  return std::size_t(product >> 64);
}

class Harness {
 public:
  Harness(const HarnessOptions& o, Engine& engine, std::function<void(const std::string&)> progress)
      : opt_(o), progress_(std::move(progress)), engine_(engine) {
    report_.engine_name = engine_.name();
    report_.command = o.command;
    report_.features = engine_.features();
  }

  HarnessReport run() {
    try {
      check_corpus();
      if (opt_.depth > 0) walk_all();
      if (opt_.random_games > 0 && (!opt_.match_target || declares("match"))) play_outs();
      if (opt_.random_games > 0 && opt_.match_target && !declares("match"))
        report_.not_checked.push_back("the play-outs (matches): " + unplayed_why());
    } catch (const EngineFailure& e) {
      report_.failure = e.what();
    }
    finish();
    return report_;
  }

 private:
  // The engine's legal moves, sorted as ours are (an engine gives them in any order).
  std::string ask_moves(std::vector<std::string>& out) {
    std::string answer = engine_.moves(out);
    std::sort(out.begin(), out.end());
    return answer;
  }

  // The engine's view after `position kfen` and the moves; false if it refused one of them
  // (its reply is then in refusal_).
  bool set_up(const std::string& kfen, const std::vector<std::string>& moves) {
    refusal_ = engine_.set_position(kfen);
    count(1);
    if (refusal_ != "ok") return false;
    for (const std::string& m : moves) {
      count(1);
      if ((refusal_ = engine_.play(m)).rfind("error", 0) == 0) return false;
    }
    return true;
  }

  // What the engine declared it plays (hello ... features). Without features, everything.
  bool declares(const std::string& feature) const {
    const auto& f = report_.features;
    return f.empty() || std::find(f.begin(), f.end(), feature) != f.end();
  }
  bool plays(Context c) const { return declares(context_feature(c)); }
  bool plays(const Position& p) const { return plays(context_of(p)); }
  std::string unplayed_why() const { return "the engine declares only: " + join(report_.features); }

  void count(long requests) { current().requests += requests; }
  SourceSummary& current() { return report_.sources.back(); }
  void begin(const std::string& source) { report_.sources.push_back({source, 0, 0, 0}); }

  // Every disagreement is counted under its rule, which keeps its smallest reproduction; the
  // list keeps the first of each rule in each source.
  bool seen(const std::string& source, const std::string& rule) const { return reported_.count({source, rule}) > 0; }
  void record(Disagreement d) {
    if (!unreached_.empty()) {  // compared, not counted
      auto& list = report_.unreachable.back().disagreements;
      if (std::none_of(list.begin(), list.end(), [&](const Disagreement& e) { return e.rule == d.rule; })) list.push_back(std::move(d));
      return;
    }
    ++current().disagreements;
    Deviation& dev = deviations_[d.rule];
    dev.rule = d.rule;
    ++dev.count;
    if (std::find(dev.sources.begin(), dev.sources.end(), d.source) == dev.sources.end()) dev.sources.push_back(d.source);
    if (dev.count == 1 || std::pair(d.moves.size(), d.kfen.size()) < std::pair(dev.smallest.moves.size(), dev.smallest.kfen.size())) dev.smallest = d;
    if (reported_.insert({d.source, d.rule}).second) report_.disagreements.push_back(std::move(d));
  }

  // A position the engine refuses is a finding like any other, never skipped in silence; its
  // label is "refused", not the rule the position was meant to check.
  Disagreement refused(const std::string& source, const std::string& kfen, const std::vector<std::string>& moves) const {
    return {source, kfen, moves, moves.empty() ? "position" : "setup", "ok", refusal_, "refused", {}, {}};
  }

  // Counted, not only marked: a rule a run reached twice is barely checked, and the report says so.
  void exercised(const Position& p, const RuleSet& rules) {
    if (!unreached_.empty()) return;
    std::map<std::string, long>& into = exercised_[int(context_of(p))];
    for (const std::string& rule : rules) ++into[rule];
  }

  // A deadlock seen by one side only may come from a chain of passes that follows other towers
  // than M6 says. Where the engine stands at a forced pass, ask it to pass and see which tower
  // it names: at `p` when it sees the round go on, else at the links of our chain from `p`.
  std::string probe_deadlock(const Position& p, const std::string& ours, const std::string& theirs, std::string rule) {
    if (rule != "M8" || p.turn() != Turn::Designated) return rule;
    if (ours.find("deadlock") != std::string::npos && theirs == "ongoing") return passes_as_m6(p) ? rule : "M6";
    if (ours != "ongoing" || theirs.find("deadlock") == std::string::npos) return rule;
    Position link = p;
    for (int i = 0; i < 16 && our_moves(link) == std::vector<std::string>{"pass"}; ++i) {
      link = link.after(Move::pass(link.square_of(link.side_to_move(), link.designated())));
      if (link.outcome().over() || our_moves(link) != std::vector<std::string>{"pass"}) break;
      if (set_up(to_kfen(link), {}) && engine_.status() == "ongoing" && !passes_as_m6(link)) return "M6";
    }
    return rule;
  }

  // A round's end after `m` from `p` that the engine and we see differently (M8) may come from
  // its chain of passes following other towers than M6 says: the same probe, at the position
  // after `m` played as a round on its own (in a match ours is already between rounds, the
  // ring placed, and the engine's chain cannot be asked there).
  std::string probe_chain_after(const Position& p, Move m, const std::string& rule) {
    if (rule != "M8" || m.kind() == MoveKind::Fill) return rule;
    Position single = p;
    single.set_match({});
    single.finish();
    const Position q = single.after(m);
    if (q.turn() != Turn::Designated || !set_up(to_kfen(q), {})) return rule;
    count(1);
    return probe_deadlock(q, protocol_status(q), engine_.status(), rule);
  }

  // The engine's status, standing at our `p`, in the words a single round would use. In a match
  // a round that ends says "between-rounds" (or "match-won" when it ends the match), without how;
  // where we see the round go on, the engine ended it by a deadlock (no tower stands on a home
  // row), won by the side whose score its fill shows grown. Read so, one fault gets one rule in
  // every context.
  std::string read_status(const Position& p, const std::string& theirs) {
    if (protocol_status(p) != "ongoing") return theirs;
    if (theirs.rfind("match-won ", 0) == 0) return "won " + theirs.substr(10) + " deadlock";
    if (theirs != "between-rounds") return theirs;
    count(1);
    try {
      const MatchScore before = p.match(), after = parse_kfen(engine_.play("fill-left")).match();
      for (Side s : {Side::Black, Side::Gold})
        if (after.points[index(s)] > before.points[index(s)]) return std::string("won ") + side_id(s) + " deadlock";
    } catch (const NotationError&) {
    }
    return theirs;
  }

  // Whether the engine, standing at our `p`, where the side to move must pass, names the tower M6
  // names (true when it does not pass at all: then nothing is learnt).
  bool passes_as_m6(const Position& p) {
    std::vector<std::string> moves;
    count(2);
    if (ask_moves(moves) != "ok" || moves != std::vector<std::string>{"pass"}) return true;
    try {
      const Position after = parse_kfen(engine_.play("pass"));
      return after.turn() != Turn::Designated || after.designated() == colour_of(p.square_of(p.side_to_move(), p.designated()));
    } catch (const NotationError&) {
      return true;
    }
  }

  // Compares status and moves at our position `p`, where the engine already stands.
  std::optional<Disagreement> compare_here(const Position& p, const std::string& source, const std::string& kfen,
                                           const std::vector<std::string>& moves) {
    ++current().positions;
    exercised(p, rules_at(p));
    std::string theirs = engine_.status();
    count(1);
    std::string ours = protocol_status(p);
    if (theirs != ours) {
      const std::string read = read_status(p, theirs);
      return Disagreement{source, kfen, moves, "status", ours, theirs, probe_deadlock(p, ours, read, label_status(p, ours, read)), {}, {}};
    }
    std::vector<std::string> their_moves;
    std::string answer = ask_moves(their_moves);
    count(1);
    std::vector<std::string> mine = our_moves(p);
    if (answer != "ok") return Disagreement{source, kfen, moves, "moves", join(mine), answer, label_moves(p, mine, {}), mine, {}};
    if (their_moves != mine)
      return Disagreement{source,
                          kfen,
                          moves,
                          "moves",
                          join(mine),
                          join(their_moves),
                          label_moves(p, mine, their_moves),
                          moves_missing(mine, their_moves),
                          moves_missing(their_moves, mine)};
    return std::nullopt;
  }

  // Plays `m` on the engine, standing at our `p`, and compares the position it reaches and,
  // with `then_status`, the status there (KFEN does not say that a round ended by deadlock).
  std::optional<Disagreement> compare_play(const Position& p, Move m, const std::string& source, const std::string& kfen,
                                           const std::vector<std::string>& moves, bool then_status) {
    std::string reply = engine_.play(to_string(m));
    count(1);
    exercised(p, rules_of_play(p, m));
    Position ours = p.after(m);
    std::string what = "play " + to_string(m);
    if (reply.rfind("error", 0) == 0) {
      // The engine refuses a legal move: labelled as that move missing from its list.
      std::vector<std::string> mine = our_moves(p), without = mine;
      without.erase(std::find(without.begin(), without.end(), to_string(m)));
      return Disagreement{source, kfen, moves, what, to_kfen(ours), reply, label_moves(p, mine, without), {}, {}};
    }
    try {
      Position theirs = parse_kfen(reply);
      if (to_kfen(theirs) != to_kfen(ours))
        return Disagreement{source, kfen, moves, what, to_kfen(ours), to_kfen(theirs), probe_chain_after(p, m, label_play(p, m, ours, theirs)),
                            {},     {}};
    } catch (const NotationError& e) {
      // An engine that missed the end of a round writes a position our notation refuses.
      return Disagreement{
          source, kfen, moves, what, to_kfen(ours), reply + " (" + e.what() + ")", probe_chain_after(p, m, label_unreadable_play(p, m)), {}, {}};
    }
    if (!then_status) return std::nullopt;
    std::string status = engine_.status();
    count(1);
    const std::string expected = protocol_status(ours);
    if (status == expected) return std::nullopt;
    std::vector<std::string> through = moves;
    through.push_back(to_string(m));
    const std::string read = read_status(ours, status);
    return Disagreement{source, kfen, through, "status", expected, status, probe_deadlock(ours, expected, read, label_status(ours, expected, read)),
                        {},     {}};
  }

  void check_corpus() {
    begin("corpus");
    int skipped = 0;
    for (const CorpusCase& c : opt_.corpus) {
      if (!plays(parse_kfen(c.kfen))) {
        ++skipped;
        continue;
      }
      if (progress_) progress_("corpus: " + c.name);
      std::string source = "corpus: " + c.name;
      not_counted(source, c.why_unreachable());
      Position p = parse_kfen(c.position);
      if (!set_up(c.kfen, {})) {
        record(refused(source, c.kfen, {}));
        continue;
      }
      // The setup moves are compared as they are played: where the engine already parts from us,
      // that is the disagreement (a wrong fill is F1, not the first move it leads to).
      if (auto d = compare_setup(c, source)) {
        record(*d);
        continue;
      }
      if (auto d = compare_here(p, source, c.kfen, c.setup)) {
        record(*d);
        continue;
      }
      for (const std::string& move : c.moves) {
        if (!set_up(c.kfen, c.setup)) break;
        if (auto d = compare_play(p, parse_move(p, move), source, c.kfen, c.setup, true)) record(*d);
      }
    }
    not_counted("", "");
    if (skipped) report_.not_checked.push_back(std::to_string(skipped) + " corpus case(s) with Sumos or in matches: " + unplayed_why());
  }

  // From here on, until called again with no reason, the comparisons are of `source`, which no
  // game reaches (`why`): kept apart, not counted.
  void not_counted(const std::string& source, const std::string& why) {
    unreached_ = why;
    if (!why.empty()) report_.unreachable.push_back({source, why, {}});
  }

  std::optional<Disagreement> compare_setup(const CorpusCase& c, const std::string& source) {
    Position at = parse_kfen(c.kfen);
    std::vector<std::string> played;
    for (const std::string& name : c.setup) {
      const Move m = parse_move(at, name);
      if (auto d = compare_play(at, m, source, c.kfen, played, false)) return d;
      played.push_back(name);
      at = at.after(m);
    }
    return std::nullopt;
  }

  void walk_all() {
    walk(Position::initial(), "walk");
    if (plays(Context::SingleRound))
      for (const Root& r : kSingleRoots) walk(parse_kfen(r.kfen), std::string("walk: ") + r.name);
    if (plays(Context::SumoRound))
      for (const Root& r : kSumoRoots) walk(parse_kfen(r.kfen), std::string("walk: ") + r.name);
    if (plays(Context::Match))
      for (const Root& r : kMatchRoots) walk(parse_kfen(r.kfen), std::string("walk: ") + r.name);
    int skipped = 0;
    for (const std::string& k : opt_.walk_roots) {
      const Position root = parse_kfen(k);
      if (plays(root))
        walk(root, "walk: " + k);
      else
        ++skipped;
    }
    if (skipped) report_.not_checked.push_back(std::to_string(skipped) + " walk root(s): " + unplayed_why());
  }

  // A position of the walk, and how the engine is set up there: its KFEN, or between rounds the
  // parent's and the move that ended the round, so that an engine that regroups from the round's
  // last move has it (a KFEN does not hold it: rules.md §6, "tools that need it keep the history").
  struct WalkNode {
    Position p;
    int depth;
    std::string kfen;
    std::vector<std::string> moves;
  };

  // Breadth-first, so the first disagreement found is at the smallest depth.
  void walk(const Position& root, const std::string& source) {
    begin(source);
    not_counted(source, why_unreachable(root));
    std::deque<WalkNode> queue{{root, 0, to_kfen(root), {}}};
    while (!queue.empty()) {
      const WalkNode node = queue.front();
      queue.pop_front();
      const Position& p = node.p;
      if (!set_up(node.kfen, node.moves)) {
        record(refused(source, node.kfen, node.moves));
        continue;
      }
      if (auto d = compare_here(p, source, node.kfen, node.moves)) {
        record(*d);
        continue;
      }
      MoveList moves;
      generate_moves(p, moves);
      for (Move m : moves) {
        if (!set_up(node.kfen, node.moves)) {
          record(refused(source, node.kfen, node.moves));
          break;
        }
        if (auto d = compare_play(p, m, source, node.kfen, node.moves, true)) {
          record(*d);
          continue;
        }
        Position child = p.after(m);
        if (node.depth + 1 < opt_.depth && !child.outcome().over()) {
          if (child.turn() == Turn::BetweenRounds)
            queue.push_back({child, node.depth + 1, to_kfen(p), {to_string(m)}});
          else
            queue.push_back({child, node.depth + 1, to_kfen(child), {}});
        }
      }
      if (progress_ && current().positions % 500 == 0) progress_(source + ": " + std::to_string(current().positions) + " positions");
    }
    not_counted("", "");
  }

  // Seeded random games played on the engine move by move. After a disagreement the engine is
  // set to our position and the game goes on.
  void play_outs() {
    begin("play-outs");
    std::mt19937_64 rng(opt_.seed);
    std::string suffix = opt_.match_target ? " " + std::to_string(opt_.match_target) + ":0-0" : "";
    Position start = parse_kfen(std::string(kStartKfen) + suffix);
    for (int game = 0; game < opt_.random_games; ++game) {
      if (progress_) progress_("play-out " + std::to_string(game + 1) + "/" + std::to_string(opt_.random_games));
      ++report_.play_outs;
      std::string source = "play-out " + std::to_string(game + 1);
      std::vector<Position> history{start};
      std::vector<Move> path;
      std::size_t synced = 0;  // the engine has played path[synced..) from history[synced]
      if (!set_up(to_kfen(start), {})) {
        record(refused(source, to_kfen(start), {}));
        continue;
      }
      for (int ply = 0; ply < opt_.max_plies; ++ply) {
        const Position p = history.back();
        const auto here = compare_here(p, source, to_kfen(history[synced]), names({path.begin() + long(synced), path.end()}));
        if (here) {
          found(*here, history, path, false);
          if (!resync(p, source)) break;
          synced = path.size();
        }
        if (p.outcome().over()) break;
        MoveList moves;
        generate_moves(p, moves);
        Move m = moves[one_of(moves.size(), rng)];
        path.push_back(m);
        history.push_back(p.after(m));
        if (here && follows_from(*here, m)) {
          // The engine sees `p` otherwise (the round over, or `m` not legal): its answer to `m`
          // would be that disagreement again under another rule's name, so it is not asked; the
          // engine is set up at our next position and the game goes on.
          ++deviations_[here->rule].consequences;
          if (!resync(history.back(), source)) break;
          synced = path.size();
          continue;
        }
        auto d = compare_play(p, m, source, to_kfen(history[synced]), names({path.begin() + long(synced), path.end() - 1}), false);
        if (d) {
          found(*d, history, path, true);
          if (!resync(history.back(), source)) break;
          synced = path.size();
        }
      }
    }
  }

  // Whether the engine's answer to `m`, at the position where it gave `d`, would only repeat `d`:
  // it sees the round's status otherwise, or does not have `m` among its moves.
  static bool follows_from(const Disagreement& d, Move m) {
    if (d.what == "status") return true;
    return d.what == "moves" && std::find(d.missing.begin(), d.missing.end(), to_string(m)) != d.missing.end();
  }

  bool resync(const Position& p, const std::string& source) {
    if (set_up(to_kfen(p), {})) return true;
    record(refused(source, to_kfen(p), {}));
    return false;
  }

  // A play-out's disagreement, the first of its rule in this play-out, is cut back to the
  // latest position of the game from which it still shows; later ones are only counted.
  void found(Disagreement d, const std::vector<Position>& history, const std::vector<Move>& path, bool last_move_is_the_request) {
    if (!seen(d.source, d.rule)) shorten(d, history, path, last_move_is_the_request);
    record(std::move(d));
  }

  void shorten(Disagreement& d, const std::vector<Position>& history, const std::vector<Move>& path, bool last_move_is_the_request) {
    std::size_t end = last_move_is_the_request ? path.size() - 1 : path.size();
    const std::size_t first = end - std::min(end, d.moves.size());
    for (std::size_t from = end + 1; from-- > first;) {
      // Replay path[from, end) from history[from], then repeat the request.
      std::vector<std::string> tail;
      for (std::size_t i = from; i < end; ++i) tail.push_back(to_string(path[i]));
      if (!set_up(to_kfen(history[from]), tail)) continue;
      std::string theirs;
      if (d.what == "status") {
        theirs = engine_.status();
      } else if (d.what == "moves") {
        std::vector<std::string> mv;
        std::string a = ask_moves(mv);
        theirs = a != "ok" ? a : join(mv);
      } else {
        std::string reply = engine_.play(to_string(path.back()));
        try {
          theirs = to_kfen(parse_kfen(reply));
        } catch (const NotationError& e) {
          theirs = reply + " (" + e.what() + ")";
        }
      }
      count(1);
      if (theirs == d.theirs) {
        d.kfen = to_kfen(history[from]);
        d.moves = tail;
        return;
      }
    }
  }

  void finish() {
    for (auto& [rule, dev] : deviations_) {
      dev.allowed = opt_.allow.count(rule) > 0;
      report_.deviations.push_back(dev);
    }
    std::sort(report_.deviations.begin(), report_.deviations.end(),
              [](const Deviation& a, const Deviation& b) { return rule_rank(a.rule) < rule_rank(b.rule); });
    // An allowance the run never needed is said, not dropped: the engine may have been mended.
    for (const std::string& rule : opt_.allow)
      if (!deviations_.count(rule)) report_.allowed_unseen.push_back(rule);
    std::sort(report_.allowed_unseen.begin(), report_.allowed_unseen.end(),
              [](const std::string& a, const std::string& b) { return rule_rank(a) < rule_rank(b); });
    for (Context c : kContexts) {
      HarnessReport::ContextRules cr{c, plays(c), {}, {}, {}, {}};
      for (const std::string& rule : implied_rules(c))
        if (auto it = exercised_[int(c)].find(rule); it != exercised_[int(c)].end()) {
          cr.checked.push_back(rule);
          cr.times.push_back(it->second);
          if (it->second < HarnessReport::kEnough) cr.thin.push_back(rule);
        } else {
          cr.unchecked.push_back(rule);
        }
      report_.coverage.push_back(cr);
    }
  }

  HarnessOptions opt_;
  std::function<void(const std::string&)> progress_;
  Engine& engine_;
  HarnessReport report_;
  std::set<std::pair<std::string, std::string>> reported_;  // (source, rule)
  std::map<std::string, Deviation> deviations_;
  std::map<std::string, long> exercised_[3];  // by context: each rule's comparisons
  std::string refusal_;                       // the engine's reply when set_up failed
  std::string unreached_;                     // why the positions compared now are reached by no game
};

std::string rule_list(const std::vector<Deviation>& devs, bool allowed) {
  std::vector<std::string> out;
  for (const Deviation& d : devs)
    if (d.allowed == allowed) out.push_back(d.rule);
  return fmt::format("{}", fmt::join(out, ", "));
}

}  // namespace

bool is_rule_id(const std::string& id) {
  const auto& o = rule_order();
  return id != "§6" && std::find(o.begin(), o.end(), id) != o.end();
}

std::set<std::string> parse_allow(const std::vector<std::string>& lists) {
  std::set<std::string> ids;
  for (const std::string& list : lists)
    for (std::size_t at = 0; at <= list.size();) {
      const std::size_t comma = std::min(list.find(',', at), list.size());
      std::string id = list.substr(at, comma - at);
      id.erase(0, id.find_first_not_of(' '));
      id.erase(id.find_last_not_of(' ') + 1);
      // The board's rules (B1-B5: coordinates, colours, the colouring, towers, the set-up) are rules.md's
      // too, but no comparison is labelled with one: a board an engine gets wrong shows as the move
      // or the position it gets wrong.
      if (id.size() == 2 && id[0] == 'B' && id[1] >= '1' && id[1] <= '5')
        throw InputError("'" + id +
                             "' is a board rule of rules.md, which no deviation is labelled with: a board an engine gets wrong "
                             "shows as the rule of the move or position it gets wrong (T1, M1-M9, S1-S5, P1-P3, F1-F4)",
                         "allow");
      if (!is_rule_id(id)) throw InputError("'" + id + "' is not a rule ID of rules.md (T1, M6, S4, P2, F1, ...) or 'refused'", "allow");
      ids.insert(id);
      at = comma + 1;
    }
  return ids;
}

long HarnessReport::positions() const {
  long n = 0;
  for (const auto& s : sources) n += s.positions;
  return n;
}

bool HarnessReport::conforms() const {
  return !failure && std::all_of(deviations.begin(), deviations.end(), [](const Deviation& d) { return d.allowed; });
}

std::string HarnessReport::verdict() const {
  const std::string name = engine_name.empty() ? "'" + command + "'" : engine_name;
  if (failure) return fmt::format("{} FAILED: {}", name, *failure);
  const std::string checked = fmt::format("({} positions checked, {} play-outs)", positions(), play_outs);
  const std::string allowed = rule_list(deviations, true);
  const std::string unseen = allowed_unseen.empty() ? "" : "; allowed but not seen: " + fmt::format("{}", fmt::join(allowed_unseen, ", "));
  if (conforms()) return fmt::format("{} conforms to rules.md{} {}{}", name, allowed.empty() ? "" : " except " + allowed, checked, unseen);
  return fmt::format("{} DIFFERS from rules.md on {} {}{}{}", name, rule_list(deviations, false), checked,
                     allowed.empty() ? "" : "; allowed: " + allowed, unseen);
}

HarnessReport run_harness(const EngineStarter& start, const HarnessOptions& options, const std::function<void(const std::string&)>& progress) {
  std::unique_ptr<Engine> engine;
  try {
    engine = start();
  } catch (const EngineFailure& e) {  // the engine failed before the first check
    HarnessReport r;
    r.command = options.command;
    r.failure = e.what();
    return r;
  }
  return Harness(options, *engine, progress).run();
}

HarnessOptions harness_options(int depth, int games, std::uint64_t seed, const std::string& match, const std::vector<std::string>& allow) {
  if (depth < 0 || depth > kMostWalkDepth) throw InputError("depth must be from 0 to " + std::to_string(kMostWalkDepth));
  if (games < 0 || games > kMostPlayOuts) throw InputError("games must be from 0 to " + std::to_string(kMostPlayOuts));
  HarnessOptions o;
  o.corpus = builtin_corpus();
  o.depth = depth;
  o.random_games = games;
  o.seed = seed;
  o.match_target = match.empty() ? 0 : match_target(match);
  o.allow = parse_allow(allow);
  return o;
}

}  // namespace kamisado::conform
