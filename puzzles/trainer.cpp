#include "puzzles/trainer.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <unordered_map>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "puzzles/booklet.h"
#include "puzzles/key_analysis.h"
#include "solver/search/transposition_table.h"
#include "src/io/board_svg.h"
#include "src/kamisado/errors.h"
#include "src/kamisado/kfen.h"
#include "src/kamisado/movegen.h"
#include "src/kamisado/rules.h"

namespace kamisado::puzzles {

// The page, its script and its style (puzzles/trainer/), built into the binary by CMake.
extern const char* const kTrainerIndexHtml;
extern const char* const kTrainerJs;
extern const char* const kTrainerCss;

namespace {

struct TooLarge {};

// Builds the tree depth first; a position met again with as many moves left is the same node.
class TreeBuilder {
 public:
  TreeBuilder(Side winner, solver::TranspositionTable& table, const solver::SolveLimits& limits, std::size_t max_nodes, bool follow_all)
      : winner_(winner), table_(table), limits_(limits), max_nodes_(max_nodes), follow_all_(follow_all) {}

  int node(const Position& pos, int left) {
    for (int id : seen_[pos.key()])
      if (nodes_[id].left == left && nodes_[id].pos == pos) return id;
    if (nodes_.size() >= max_nodes_) throw TooLarge{};
    const int id = int(nodes_.size());
    nodes_.push_back({pos, left, {}, -1});
    seen_[pos.key()].push_back(id);
    if (round_winner(pos)) return id;
    if (pos.side_to_move() != winner_) {
      Move reply = longest_defence(pos, winner_, table_, limits_);
      int next = node(pos.after(reply), left);
      nodes_[id].moves.push_back({reply, true, next});
      return id;
    }
    if (left < 1) throw std::logic_error(fmt::format("the winner's turn with no move left at {}", to_kfen(pos)));
    MoveList legal;
    generate_moves(pos, legal);
    std::vector<TrainerMove> moves;
    int best = -1;
    for (Move m : legal) {
      Position after = pos.after(m);
      bool wins;
      // With no move left after this one the win can still come: the loser's forced moves may
      // end the round in a deadlock that is his (M8).
      if (auto w = round_winner(after))
        wins = *w == winner_;
      else
        wins = wins_within(after, winner_, left - 1, table_, limits_);
      if (wins && best < 0) best = int(moves.size());
      moves.push_back({m, wins, -1});
    }
    if (best < 0) throw std::logic_error(fmt::format("no move of {} wins in time at {}", side_id(winner_), to_kfen(pos)));
    for (std::size_t i = 0; i < moves.size(); ++i)
      if (moves[i].wins && (follow_all_ || int(i) == best)) moves[i].next = node(pos.after(moves[i].move), left - 1);
    nodes_[id].moves = std::move(moves);
    nodes_[id].best = best;
    return id;
  }

  std::vector<TrainerNode> take() { return std::move(nodes_); }

 private:
  Side winner_;
  solver::TranspositionTable& table_;
  const solver::SolveLimits& limits_;
  std::size_t max_nodes_;
  bool follow_all_;
  std::vector<TrainerNode> nodes_;
  std::unordered_map<std::uint64_t, std::vector<int>> seen_;
};

const char* kind_name(Move m) {
  switch (m.kind()) {
    case MoveKind::Push: return "push";
    case MoveKind::Pass: return "pass";
    case MoveKind::Fill: return "fill";
    case MoveKind::Step: break;
  }
  return "step";
}

// How the round ended, for the page's last line.
std::string ending_text(const Position& before, Move m) {
  Outcome o = round_outcome(before, m);
  if (o.ending == Ending::Deadlock)
    return fmt::format("{} wins by deadlock: the other side's moves end in a chain of passes (M8)", side_name(o.winner));
  return fmt::format("{} wins: the {} tower reaches the home row (M7)", side_name(o.winner), kColourNames[o.ring_tower]);
}

// A node for the page. "towers": the 16 towers' squares in one string, Black's then Gold's, each
// in colour order (B2): "a4b6...". "ranks": their Sumo ranks in the same order, only if one is
// not 0. "moves": [notation, from, to, kind, wins (1/0), next node (-1: none)].
nlohmann::json node_json(const TrainerNode& n, const std::string& end) {
  std::string towers;
  nlohmann::json ranks = nlohmann::json::array();
  bool sumo = false;
  for (Side s : {Side::Black, Side::Gold})
    for (int c = 0; c < kColours; ++c) {
      towers += square_name(n.pos.square_of(s, Colour(c)));
      ranks.push_back(n.pos.rank_of_tower(s, Colour(c)));
      sumo = sumo || n.pos.rank_of_tower(s, Colour(c)) > 0;
    }
  nlohmann::json j{{"to_move", side_id(n.pos.side_to_move())}, {"left", n.left}, {"towers", towers}};
  if (sumo) j["ranks"] = ranks;
  if (!end.empty()) {
    j["end"] = end;
    return j;
  }
  if (n.pos.turn() == Turn::Designated) j["designated"] = square_name(n.pos.square_of(n.pos.side_to_move(), n.pos.designated()));
  nlohmann::json moves = nlohmann::json::array();
  for (const TrainerMove& m : n.moves)
    moves.push_back({to_string(m.move), square_name(m.move.from()), square_name(m.move.to()), kind_name(m.move), m.wins ? 1 : 0, m.next});
  j["moves"] = moves;
  if (n.best >= 0) j["best"] = n.best;
  return j;
}

}  // namespace

TrainerTree trainer_tree(const Position& pos, int n, solver::TranspositionTable& table, const solver::SolveLimits& limits, std::size_t max_nodes) {
  if (round_winner(pos)) throw std::logic_error("the round is already over");
  TrainerTree tree;
  for (bool follow_all : {true, false}) {
    TreeBuilder b(pos.side_to_move(), table, limits, follow_all ? max_nodes : std::size_t(-1), follow_all);
    try {
      b.node(pos, n);
      tree.nodes = b.take();
      tree.complete = follow_all;
      return tree;
    } catch (const TooLarge&) {
    }
  }
  throw std::logic_error("unreachable: the main line alone has no limit");
}

nlohmann::json trainer_puzzle_json(const StoredPuzzle& p, const std::string& section, const TrainerTree& tree) {
  // The end of the round, read off each terminal node's parent move.
  std::vector<std::string> ends(tree.nodes.size());
  for (const TrainerNode& n : tree.nodes)
    for (const TrainerMove& m : n.moves)
      if (m.next >= 0 && round_winner(tree.nodes[m.next].pos)) ends[m.next] = ending_text(n.pos, m.move);
  nlohmann::json nodes = nlohmann::json::array();
  for (std::size_t i = 0; i < tree.nodes.size(); ++i) nodes.push_back(node_json(tree.nodes[i], ends[i]));
  nlohmann::json slower = nlohmann::json::array();
  for (const auto& [move, n] : slower_wins(p)) slower.push_back({move, n});
  return {{"id", p.id},
          {"section", section},
          {"kind", p.kind},
          {"n", p.n},
          {"winner", p.winner},
          {"stipulation", stipulation(p)},
          {"key", field_items(p.keys)},
          {"main_line", field_items(p.main_line)},
          {"slower", slower},
          {"themes", field_items(p.themes)},
          {"difficulty", p.difficulty},
          {"legal_moves", p.legal_moves},
          {"kfen", p.kfen},
          {"source", p.source},
          {"complete", tree.complete},
          {"nodes", nodes}};
}

std::vector<TrainerSection> trainer_sections(const std::vector<StoredPuzzle>& rows) {
  std::map<int, TrainerSection> single, sumo;
  TrainerSection studies{"Studies", {}};
  for (const StoredPuzzle& p : rows) {
    if (p.kind == "study")
      studies.puzzles.push_back(p);
    else if (p.kind == "match")
      sumo[p.n].puzzles.push_back(p);
    else
      single[p.n].puzzles.push_back(p);
  }
  std::vector<TrainerSection> out;
  for (auto& [n, s] : single) out.push_back({fmt::format("Win in {}", n), std::move(s.puzzles)});
  for (auto& [n, s] : sumo) out.push_back({fmt::format("Sumo, win in {}", n), std::move(s.puzzles)});
  if (!studies.puzzles.empty()) out.push_back(std::move(studies));
  return out;
}

std::vector<std::string> trainer_files() { return {"index.html", "trainer.js", "trainer.css", "puzzles.js", "booklet.html"}; }

TrainerWritten write_trainer(const std::vector<TrainerSection>& sections, const TrainerOptions& o, io::FolderWrite& folder, const io::Lines& lines) {
  folder.claim(trainer_files());
  auto start = std::chrono::steady_clock::now();
  solver::SolveLimits limits;
  limits.hash_mb = o.hash_mb;
  limits.stop = o.stop;
  solver::TranspositionTable table(o.hash_mb);
  std::size_t total = 0, done = 0;
  for (const auto& s : sections) total += s.puzzles.size();

  TrainerWritten w;
  io::Progress progress(lines);
  nlohmann::json out_sections = nlohmann::json::array();
  std::vector<StoredPuzzle> all;
  for (const TrainerSection& s : sections) {
    nlohmann::json puzzles = nlohmann::json::array();
    for (const StoredPuzzle& p : s.puzzles) {
      TrainerTree tree;
      try {
        tree = trainer_tree(parse_kfen(p.kfen), p.n, table, limits);
      } catch (const Stopped&) {
        throw Stopped("stopped while writing the trainer; run again to go on");
      }
      w.nodes += tree.nodes.size();
      w.cut += !tree.complete;
      puzzles.push_back(trainer_puzzle_json(p, s.name, tree));
      if (folder.holds(certificate_file(p))) puzzles.back()["certificate"] = certificate_file(p);
      all.push_back(p);
      ++done;
      progress.count("trainer", done, total);
    }
    out_sections.push_back({{"name", s.name}, {"puzzles", puzzles}});
  }
  nlohmann::json colours = nlohmann::json::array(), colour_names = nlohmann::json::array(), board = nlohmann::json::array();
  for (int c = 0; c < kColours; ++c) {
    colours.push_back(io::colour_fill(Colour(c)));
    colour_names.push_back(std::string(kColourNames[c]));
  }
  for (int r = 0; r < 8; ++r)
    for (int f = 0; f < 8; ++f) board.push_back(int(colour_of(make_square(f, r))));
  nlohmann::json data{{"format", "kamisado-trainer 1"}, {"title", o.title}, {"colours", colours},
                      {"colour_names", colour_names},   {"board", board},   {"sections", out_sections}};

  folder.put("puzzles.js",
             "// The puzzles of the trainer, written by kamisado (puzzles/trainer.h).\nwindow.KAMISADO_TRAINER = " + data.dump() + ";\n");
  folder.put("trainer.js", kTrainerJs);
  folder.put("trainer.css", kTrainerCss);
  std::string index = kTrainerIndexHtml;
  for (std::string::size_type at; (at = index.find("{{title}}")) != std::string::npos;) index.replace(at, 9, escaped_html(o.title));
  folder.put("index.html", index);
  folder.put("booklet.html", puzzle_booklet_html(all, o.title + ": the booklet"));
  w.puzzles = done;
  w.seconds = io::seconds_since(start);
  return w;
}

}  // namespace kamisado::puzzles
