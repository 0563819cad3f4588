#include "conform/harness.h"

#include <algorithm>
#include <array>
#include <deque>
#include <random>
#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "conform/remote_engine.h"
#include "kamisado/kfen.h"
#include "kamisado/movegen.h"
#include "kamisado/rules.h"

namespace kamisado::conform {

namespace {

std::vector<std::string> our_moves(const Position& p) {
  MoveList list;
  generate_moves(p, list);
  std::vector<std::string> out;
  for (Move m : list) out.push_back(to_string(m));
  std::sort(out.begin(), out.end());
  return out;
}

std::string join(const std::vector<std::string>& v) {
  std::string s;
  for (const std::string& w : v) s += (s.empty() ? "" : " ") + w;
  return s.empty() ? "(none)" : s;
}

bool is_push(const Position& p, const std::string& move) {
  try {
    return parse_move(p, move).kind() == MoveKind::Push;
  } catch (const std::exception&) {
    // Not legal for us: a push if it goes straight ahead onto an occupied square.
    Square from, to;
    return move.size() == 4 && parse_square(move.substr(0, 2), from) && parse_square(move.substr(2, 2), to) && file_of(from) == file_of(to) &&
           (p.occupied() & bit(to));
  }
}

// Which rule a disagreement is about, from where it happened and what differs. The mapping is
// documented in the README ("Checking another implementation").
std::string rule_of_status(const Position& p, const std::string& ours, const std::string& theirs) {
  // Where we see a forced pass and the engine a finished round: if it names the side to move as
  // the winner, it declared a deadlock that is not there (the loser of a deadlock is the player
  // who made the last real move, M8); if it names the other side, it let a blocked player lose
  // instead of passing (M6).
  if (ours == "ongoing" && our_moves(p) == std::vector<std::string>{"pass"}) {
    const bool mover_wins = theirs.find(std::string("won ") + side_id(p.side_to_move())) == 0;
    return theirs.find("deadlock") != std::string::npos && mover_wins ? "M8" : "M6";
  }
  if (ours.find("deadlock") != std::string::npos || theirs.find("deadlock") != std::string::npos) return "M8";
  if (ours.find("home-row") != std::string::npos || theirs.find("home-row") != std::string::npos) return "M7";
  if (ours.find("match") != std::string::npos || theirs.find("match") != std::string::npos) return "P3";
  return "F1";
}

std::string rule_of_moves(const Position& p, const std::vector<std::string>& ours, const std::vector<std::string>& theirs) {
  if (p.turn() == Turn::BetweenRounds) return "F1";
  if (ours == std::vector<std::string>{"pass"}) return "M6";
  if (std::find(theirs.begin(), theirs.end(), "pass") != theirs.end()) return "M5";
  std::vector<std::string> differ;
  std::set_symmetric_difference(ours.begin(), ours.end(), theirs.begin(), theirs.end(), std::back_inserter(differ));
  for (const std::string& m : differ)
    if (is_push(p, m)) return p.turn() == Turn::FreeChoice ? "S5" : "S2";
  for (const std::string& m : differ) {
    Square from, to;
    if (m.size() == 4 && parse_square(m.substr(0, 2), from) && parse_square(m.substr(2, 2), to))
      if (auto t = p.tower_on(from); t && std::abs(rank_of(to) - rank_of(from)) > kRangeOfRank[p.rank_of_tower(t->side, t->colour)]) return "S1";
  }
  return p.turn() == Turn::FreeChoice ? "T1" : "M1-M4";
}

std::string rule_of_play(const Position& p, Move m, const Position& ours, const Position& theirs) {
  if (m.kind() == MoveKind::Fill) {
    // F2 if a player's towers stand as the other direction, read from his seat, would put them.
    FillSide other = m.fill_side() == FillSide::Left ? FillSide::Right : FillSide::Left;
    for (Side player : {Side::Black, Side::Gold}) {
      std::array<Square, 8> other_way = regrouped_squares(p, player, other);
      bool same_as_other = true, same_as_ours = true;
      for (int c = 0; c < kColours; ++c) {
        same_as_other &= theirs.square_of(player, Colour(c)) == other_way[c];
        same_as_ours &= theirs.square_of(player, Colour(c)) == ours.square_of(player, Colour(c));
      }
      if (same_as_other && !same_as_ours) return "F2";
    }
    return "F3";
  }
  if (m.kind() == MoveKind::Pass) return "M6";
  bool round_ended_theirs = theirs.turn() == Turn::BetweenRounds || theirs.outcome().over();
  if (m.kind() == MoveKind::Push && !round_ended_theirs) {
    // S4: after a push the pusher moves again, with the tower named by the furthest pushed
    // tower's new square. Read that off the same push in a single round, which stops there.
    Position single = p;
    single.set_match({});
    Position follow = single.after(m);
    if (theirs.side_to_move() != p.side_to_move() || theirs.designated() != follow.designated()) return "S4";
  }
  bool round_ended_ours = ours.turn() == Turn::BetweenRounds || ours.outcome().over();
  if (round_ended_ours != round_ended_theirs) {
    return round_outcome(p, m).ending == Ending::HomeRow ? "M7" : "M8";
  }
  if (ours.match() != theirs.match()) return "P2";
  if (m.kind() == MoveKind::Push) {
    if (ours.side_to_move() != theirs.side_to_move() || ours.designated() != theirs.designated()) return "S4";
    return "S3";
  }
  if (ours.designated() != theirs.designated() || ours.side_to_move() != theirs.side_to_move()) return "T2";
  return "M2";
}

class Harness {
 public:
  Harness(const HarnessOptions& o, void (*progress)(const std::string&)) : opt_(o), progress_(progress), engine_(o.command, o.timeout_seconds) {
    report_.engine_name = engine_.name();
    report_.features = engine_.features();
  }

  HarnessReport run() {
    try {
      check_corpus();
      if (opt_.depth > 0) {
        walk(Position::initial());
        int skipped = 0;
        for (const std::string& k : opt_.walk_roots) {
          const Position root = parse_kfen(k);
          if (plays(root))
            walk(root);
          else
            ++skipped;
        }
        if (skipped) report_.not_checked.push_back(std::to_string(skipped) + " walk root(s): " + unplayed_why());
      }
      if (!opt_.match_target || declares("match"))
        play_outs();
      else
        report_.not_checked.push_back("the play-outs (matches): " + unplayed_why());
    } catch (const EngineFailure& e) {
      report_.failure = e.what();
    }
    return report_;
  }

 private:
  // The engine's view after `position kfen` and the moves; false if it refused one of them
  // (its reply is then in refusal_).
  bool set_up(const std::string& kfen, const std::vector<std::string>& moves) {
    refusal_ = engine_.set_position(kfen);
    if (refusal_ != "ok") return false;
    for (const std::string& m : moves)
      if ((refusal_ = engine_.play(m)).rfind("error", 0) == 0) return false;
    count(1 + long(moves.size()));
    return true;
  }

  // What the engine declared it plays (hello ... features): a match needs "match", a round with
  // Sumos on its own "sumo", any other round "single-round". Without features, everything.
  bool declares(const std::string& feature) const {
    const auto& f = report_.features;
    return f.empty() || std::find(f.begin(), f.end(), feature) != f.end();
  }
  bool plays(const Position& p) const {
    if (p.match().is_match()) return declares("match");
    for (Side s : {Side::Black, Side::Gold})
      for (int c = 0; c < kColours; ++c)
        if (p.rank_of_tower(s, Colour(c)) > 0) return declares("sumo");
    return declares("single-round") || declares("sumo");
  }
  std::string unplayed_why() const {
    std::string f;
    for (const std::string& w : report_.features) f += (f.empty() ? "" : " ") + w;
    return "the engine declares only: " + f;
  }

  // A position the engine refuses is a finding like any other, never skipped in silence: a run
  // with refusals does not conform.
  void record_refusal(const std::string& source, const std::string& kfen, const std::vector<std::string>& moves) {
    record({source, kfen, moves, moves.empty() ? "position" : "setup", "accepted", refusal_, "§6"});
  }

  void count(long requests) { current().requests += requests; }
  SourceSummary& current() { return report_.sources.back(); }
  void begin(const std::string& source) { report_.sources.push_back({source, 0, 0, 0}); }

  // Records a disagreement unless the same source already showed one for the same rule: each
  // corpus case and each play-out is a source of its own, so every case that differs is shown;
  // the walk, whose positions share one cause, shows the first for each rule.
  void record(Disagreement d) {
    ++current().disagreements;
    if (!reported_.insert({d.source, d.rule}).second) return;
    report_.disagreements.push_back(std::move(d));
  }

  // Compares status and moves at our position `p`, where the engine already stands.
  // Returns false after recording a disagreement.
  bool compare_here(const Position& p, const std::string& source, const std::string& kfen, const std::vector<std::string>& moves) {
    ++current().positions;
    std::string theirs = engine_.status();
    count(1);
    std::string ours = protocol_status(p);
    if (theirs != ours) {
      record({source, kfen, moves, "status", ours, theirs, rule_of_status(p, ours, theirs)});
      return false;
    }
    std::vector<std::string> their_moves;
    std::string answer = engine_.moves(their_moves);
    count(1);
    std::vector<std::string> mine = our_moves(p);
    if (answer != "ok" || their_moves != mine) {
      record({source, kfen, moves, "moves", join(mine), answer != "ok" ? answer : join(their_moves), rule_of_moves(p, mine, their_moves)});
      return false;
    }
    return true;
  }

  // Plays `m` on the engine, standing at our `p`, and compares the position it reaches and,
  // with `then_status`, the status there (KFEN does not say that a round ended by deadlock).
  bool compare_play(const Position& p, Move m, const std::string& source, const std::string& kfen, const std::vector<std::string>& moves,
                    bool then_status) {
    std::string reply = engine_.play(to_string(m));
    count(1);
    Position ours = p.after(m);
    std::string what = "play " + to_string(m);
    if (reply.rfind("error", 0) == 0) {
      record({source, kfen, moves, what, to_kfen(ours), reply, rule_of_moves(p, our_moves(p), {})});
      return false;
    }
    try {
      Position theirs = parse_kfen(reply);
      if (to_kfen(theirs) == to_kfen(ours)) {
        if (!then_status) return true;
        std::string status = engine_.status();
        count(1);
        if (status == protocol_status(ours)) return true;
        std::vector<std::string> through = moves;
        through.push_back(to_string(m));
        record({source, kfen, through, "status", protocol_status(ours), status, rule_of_status(ours, protocol_status(ours), status)});
        return false;
      }
      record({source, kfen, moves, what, to_kfen(ours), to_kfen(theirs), rule_of_play(p, m, ours, theirs)});
    } catch (const NotationError& e) {
      // An engine that missed the end of a round writes a position our notation refuses.
      Outcome o = round_outcome(p, m);
      std::string rule = o.ending == Ending::Deadlock ? "M8" : o.ending == Ending::HomeRow ? "M7" : "§6";
      record({source, kfen, moves, what, to_kfen(ours), reply + " (" + e.what() + ")", rule});
    }
    return false;
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
      Position p = parse_kfen(c.position);
      if (!set_up(c.kfen, c.setup)) {
        record({source, c.kfen, c.setup, "setup", "accepted", "refused: " + refusal_, c.rule});
        continue;
      }
      if (!compare_here(p, source, c.kfen, c.setup)) continue;
      for (const std::string& move : c.moves) {
        if (!set_up(c.kfen, c.setup)) break;
        compare_play(p, parse_move(p, move), source, c.kfen, c.setup, true);
      }
    }
    if (skipped) report_.not_checked.push_back(std::to_string(skipped) + " corpus case(s) with Sumos or in matches: " + unplayed_why());
  }

  // Breadth-first, so the first disagreement found is at the smallest depth.
  void walk(const Position& root) {
    begin("walk");
    std::deque<std::pair<Position, int>> queue{{root, 0}};
    while (!queue.empty()) {
      auto [p, depth] = queue.front();
      queue.pop_front();
      std::string kfen = to_kfen(p);
      if (!set_up(kfen, {})) {
        record_refusal("walk", kfen, {});
        continue;
      }
      if (!compare_here(p, "walk", kfen, {})) continue;
      MoveList moves;
      generate_moves(p, moves);
      for (Move m : moves) {
        set_up(kfen, {});
        if (!compare_play(p, m, "walk", kfen, {}, true)) continue;
        Position child = p.after(m);
        if (depth + 1 < opt_.depth && !child.outcome().over()) queue.push_back({child, depth + 1});
      }
      if (progress_ && current().positions % 500 == 0) progress_("walk: " + std::to_string(current().positions) + " positions");
    }
  }

  // Seeded random games played on the engine move by move.
  void play_outs() {
    begin("play-outs");
    std::mt19937_64 rng(opt_.seed);
    std::string suffix = opt_.match_target ? " " + std::to_string(opt_.match_target) + ":0-0" : "";
    Position start = parse_kfen(std::string(kStartKfen) + suffix);
    for (int game = 0; game < opt_.random_games; ++game) {
      if (progress_) progress_("play-out " + std::to_string(game + 1) + "/" + std::to_string(opt_.random_games));
      std::string source = "play-out " + std::to_string(game + 1);
      std::vector<Position> history{start};
      std::vector<Move> path;
      if (!set_up(to_kfen(start), {})) {
        record_refusal(source, to_kfen(start), {});
        continue;
      }
      for (int ply = 0; ply < opt_.max_plies; ++ply) {
        const Position& p = history.back();
        std::size_t before = report_.disagreements.size();
        if (!compare_here(p, source, to_kfen(start), names(path))) {
          shorten(history, path, before);
          break;
        }
        if (p.outcome().over()) break;
        MoveList moves;
        generate_moves(p, moves);
        Move m = moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)];
        if (!compare_play(p, m, source, to_kfen(start), names(path), false)) {
          path.push_back(m);  // the differing move ends the reproduction
          history.push_back(p.after(m));
          shorten(history, path, before, true);
          break;
        }
        path.push_back(m);
        history.push_back(p.after(m));
      }
    }
  }

  static std::vector<std::string> names(const std::vector<Move>& moves) {
    std::vector<std::string> out;
    for (Move m : moves) out.push_back(to_string(m));
    return out;
  }

  // A play-out's disagreement was found after the whole path from the start. Find the latest
  // position of the game from which the same disagreement still shows, and report from there.
  void shorten(const std::vector<Position>& history, const std::vector<Move>& path, std::size_t index, bool last_move_is_the_request = false) {
    if (index >= report_.disagreements.size()) return;  // a duplicate, not recorded
    Disagreement found = report_.disagreements[index];
    std::size_t end = last_move_is_the_request ? path.size() - 1 : path.size();
    for (std::size_t from = end + 1; from-- > 0;) {
      // Replay path[from, end) from history[from], then repeat the request.
      std::vector<std::string> tail;
      for (std::size_t i = from; i < end; ++i) tail.push_back(to_string(path[i]));
      if (!set_up(to_kfen(history[from]), tail)) continue;
      std::string theirs;
      if (found.what == "status") {
        theirs = engine_.status();
      } else if (found.what == "moves") {
        std::vector<std::string> mv;
        std::string a = engine_.moves(mv);
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
      if (theirs == found.theirs) {
        report_.disagreements[index].kfen = to_kfen(history[from]);
        report_.disagreements[index].moves = tail;
        return;
      }
    }
  }

  HarnessOptions opt_;
  void (*progress_)(const std::string&);
  RemoteEngine engine_;
  HarnessReport report_;
  std::set<std::pair<std::string, std::string>> reported_;  // (source, rule)
  std::string refusal_;                                     // the engine's reply when set_up failed
};

}  // namespace

HarnessReport run_harness(const HarnessOptions& options, void (*progress)(const std::string&)) {
  try {
    return Harness(options, progress).run();
  } catch (const EngineFailure& e) {  // the engine failed before the first check
    HarnessReport r;
    r.failure = e.what();
    return r;
  }
}

nlohmann::json harness_json(const HarnessReport& r) {
  nlohmann::json sources = nlohmann::json::array();
  for (const auto& s : r.sources)
    sources.push_back({{"source", s.source}, {"positions", s.positions}, {"requests", s.requests}, {"disagreements", s.disagreements}});
  nlohmann::json list = nlohmann::json::array();
  for (const auto& d : r.disagreements)
    list.push_back(
        {{"source", d.source}, {"rule", d.rule}, {"kfen", d.kfen}, {"moves", d.moves}, {"request", d.what}, {"ours", d.ours}, {"theirs", d.theirs}});
  nlohmann::json j = {{"engine", r.engine_name}, {"conforms", r.conforms()}, {"sources", sources},
                      {"disagreements", list},   {"features", r.features},   {"not_checked", r.not_checked}};
  if (r.failure) j["failure"] = *r.failure;
  return j;
}

std::string harness_text(const HarnessReport& r) {
  std::string out;
  for (const auto& d : r.disagreements) {
    out += fmt::format("DISAGREE [{}] {}\n  from {}\n", d.rule, d.source, d.kfen);
    if (!d.moves.empty()) out += fmt::format("  play {}\n", fmt::join(d.moves, " "));
    out += fmt::format("  then '{}'\n  ours:   {}\n  theirs: {}\n", d.what, d.ours, d.theirs);
  }
  if (r.failure) out += "ENGINE FAILURE: " + *r.failure + "\n";
  out += fmt::format("\nengine: {}\n{:<10} {:>10} {:>10} {:>14}\n", r.engine_name, "source", "positions", "requests", "disagreements");
  for (const auto& s : r.sources) out += fmt::format("{:<10} {:>10} {:>10} {:>14}\n", s.source, s.positions, s.requests, s.disagreements);
  for (const std::string& n : r.not_checked) out += "not checked: " + n + "\n";
  return out + (r.conforms() ? "the engine agrees with kamisado-lab on everything checked\n" : "the engine DIFFERS from kamisado-lab (see above)\n");
}

}  // namespace kamisado::conform
