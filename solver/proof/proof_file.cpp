#include "solver/proof/proof_file.h"

#include <charconv>
#include <istream>
#include <ostream>
#include <string_view>

#include "solver/search/goal.h"

namespace kamisado::solver {

namespace {

// The side to move at the tree's root.
Side root_side(const ProofTree& tree) { return tree.nodes.empty() ? Side::Black : tree.nodes[0].side_to_move(); }

}  // namespace

void write_proof(const ProofTree& tree, std::ostream& out) {
  out << "kamisado-proof 1\n"
      << "winner " << side_id(tree.winner) << "\n";
  // A ring's owner is the root's side to move (goal.h), so the line names it only when it is
  // not (a tree read from a version-1 file of another owner); the rest write the one text form.
  if (tree.aim.kind == AimKind::Match || (tree.aim.kind == AimKind::Ring && tree.aim.owner == root_side(tree)))
    out << "goal " << aim_id(tree.aim) << "\n";
  else if (tree.aim.kind == AimKind::Ring)
    out << "goal ring " << side_id(tree.aim.owner) << " " << int(tree.aim.points) << "\n";
  if (tree.to_round_starts) out << "leaves round-starts\n";
  out << (tree.metric == Metric::Plies ? "plies " : "moves ") << tree.plies << "\n"
      << "nodes " << tree.nodes.size() << "\n";
  for (std::size_t i = 0; i < tree.nodes.size(); ++i) {
    const ProofNode& n = tree.nodes[i];
    out << i << (n.win ? " win " : " loss ") << n.distance << " " << n.kfen << " |";
    if (n.children.empty()) out << " -";
    for (std::size_t c = 0; c < n.children.size(); ++c) out << (c ? ", " : " ") << n.children[c].first << " " << n.children[c].second;
    out << "\n";
  }
}

namespace {

class Reader {
 public:
  explicit Reader(std::istream& in) : in_(in) {}

  ProofTree read() {
    ProofTree tree;
    expect_header("kamisado-proof", "1");
    std::string winner = header("winner");
    if (winner != "black" && winner != "gold") fail("the winner must be black or gold, not '" + winner + "'");
    tree.winner = winner == "black" ? Side::Black : Side::Gold;
    if (!next_line()) fail("the file ends before the 'plies' or 'moves' line");
    if (line_.rfind("goal ", 0) == 0) {
      tree.aim = goal(std::string_view(line_).substr(5));
      if (!next_line()) fail("the file ends before the 'plies' or 'moves' line");
    }
    if (line_ == "leaves round-starts") {
      if (tree.aim.kind != AimKind::Match) fail("only a match proof ends at round starts ('goal match' first)");
      tree.to_round_starts = true;
      if (!next_line()) fail("the file ends before the 'plies' or 'moves' line");
    }
    std::string_view l = line_;
    if (l.rfind("plies ", 0) == 0)
      tree.metric = Metric::Plies;
    else if (l.rfind("moves ", 0) == 0)
      tree.metric = Metric::WinnerMoves;
    else
      fail("expected 'plies ...' or 'moves ...'");
    tree.plies = Distance(number(l.substr(6), "the distance", kUnbounded));
    std::uint64_t count = number(header("nodes"), "the node count", 100'000'000);
    if (count == 0) fail("a proof has at least its root node");
    for (std::uint64_t i = 0; i < count; ++i) {
      if (!next_line()) fail("the file ends after " + std::to_string(i) + " of " + std::to_string(count) + " nodes");
      tree.nodes.push_back(node(i, count));
    }
    if (next_line()) fail("more lines than the " + std::to_string(count) + " nodes announced");
    if (ring_of_root_) tree.aim.owner = root_side(tree);
    return tree;
  }

 private:
  [[noreturn]] void fail(const std::string& what) const { throw ProofFormatError("proof file line " + std::to_string(line_number_) + ": " + what); }

  // The next line that is not a comment. Reading stops at the first byte that cannot be in a
  // proof file (a NUL, or a line longer than any node's), so that a wrong file, even an endless
  // one such as /dev/zero, is refused at once rather than read whole.
  bool next_line() {
    while (read_line()) {
      ++line_number_;
      if (!line_.empty() && line_.back() == '\r') line_.pop_back();
      if (!line_.empty() && line_[0] != '#') return true;
    }
    if (in_.bad()) fail("read error");
    return false;
  }

  bool read_line() {
    static constexpr std::size_t kMaxLine = 1 << 16;  // a node's line is a KFEN and a few dozen moves
    line_.clear();
    for (int c; (c = in_.get()) != std::char_traits<char>::eof();) {
      if (c == '\n') return true;
      if (c == 0) ++line_number_, fail("not a text file (a NUL byte)");
      if (line_.size() == kMaxLine) ++line_number_, fail("a line longer than " + std::to_string(kMaxLine) + " characters");
      line_.push_back(char(c));
    }
    return !line_.empty();
  }

  std::string header(std::string_view name) {
    if (!next_line()) fail("the file ends before the '" + std::string(name) + "' line");
    std::string_view l = line_;
    if (l.substr(0, name.size() + 1) != std::string(name) + " ") fail("expected '" + std::string(name) + " ...'");
    return std::string(l.substr(name.size() + 1));
  }

  void expect_header(std::string_view name, std::string_view version) {
    if (!next_line() || line_.rfind(std::string(name) + " ", 0) != 0) fail("not a kamisado proof file (no 'kamisado-proof 1' line)");
    if (std::string_view(line_).substr(name.size() + 1) != version) fail("unsupported proof format version '" + line_.substr(name.size() + 1) + "'");
  }

  std::uint64_t number(std::string_view text, const std::string& what, std::uint64_t max) const {
    std::uint64_t v = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || end != text.data() + text.size() || text.empty()) fail(what + " is not a number: '" + std::string(text) + "'");
    if (v > max) fail(what + " is too large: " + std::string(text));
    return v;
  }

  // "match" or "ring:P" (goal.h), or as version-1 files wrote a ring, "ring <black|gold> <P>".
  // A ring's base score is the root's, and with "ring:P" so is its owner.
  Aim goal(std::string_view text) {
    if (text == "match") return Aim::match();
    if (text.rfind("ring:", 0) == 0) {
      const std::optional<Aim> ring = aim_from_id(text, Side::Black);
      if (!ring) fail("a ring is worth 1, 2, 4 or 8 points (P2): '" + std::string(text) + "'");
      ring_of_root_ = true;
      return *ring;
    }
    if (text.rfind("ring ", 0) == 0) {
      text.remove_prefix(5);
      Side owner = Side::Black;
      if (text.rfind("black ", 0) == 0)
        text.remove_prefix(6);
      else if (text.rfind("gold ", 0) == 0)
        owner = Side::Gold, text.remove_prefix(5);
      else
        fail("a ring goal names its owner, black or gold");
      auto points = number(text, "the ring's points", 8);
      if (!is_ring_value(int(points))) fail("a ring is worth 1, 2, 4 or 8 points (P2)");
      return {AimKind::Ring, owner, std::uint8_t(points), 0};  // the checker takes the base from the root
    }
    fail("the goal must be 'match' or 'ring:P', not '" + std::string(text) + "'");
  }

  // Splits off the text up to the first `sep` (which must be there) and returns it.
  std::string_view take(std::string_view& rest, char sep, const std::string& what) const {
    auto at = rest.find(sep);
    if (at == std::string_view::npos) fail("missing " + what);
    std::string_view field = rest.substr(0, at);
    rest.remove_prefix(at + 1);
    return field;
  }

  ProofNode node(std::uint64_t expected_id, std::uint64_t count) {
    ProofNode n;
    std::string_view rest = line_;
    if (number(take(rest, ' ', "the node's id"), "the node's id", count) != expected_id)
      fail("expected node " + std::to_string(expected_id) + " (nodes are numbered in order)");
    std::string_view value = take(rest, ' ', "the node's value");
    if (value != "win" && value != "loss") fail("the value must be win or loss, not '" + std::string(value) + "'");
    n.win = value == "win";
    n.distance = Distance(number(take(rest, ' ', "the node's distance"), "the distance", kUnbounded));
    auto bar = rest.find(" |");
    if (bar == std::string_view::npos) fail("missing ' |' between the KFEN and the moves");
    n.kfen = std::string(rest.substr(0, bar));
    rest.remove_prefix(bar + 2);
    if (rest == " -") return n;
    while (!rest.empty()) {
      if (rest[0] != ' ') fail("expected a space before a move");
      rest.remove_prefix(1);
      std::string_view move = take(rest, ' ', "the child's id after a move");
      auto comma = rest.find(", ");
      std::string_view id = rest.substr(0, comma);
      rest.remove_prefix(comma == std::string_view::npos ? rest.size() : comma + 1);
      if (move.empty()) fail("an empty move");
      n.children.emplace_back(std::string(move), std::uint32_t(number(id, "the child's id", count - 1)));
    }
    if (n.children.empty()) fail("no moves: a leaf is written '| -'");
    return n;
  }

  std::istream& in_;
  std::string line_;
  std::uint64_t line_number_ = 0;
  bool ring_of_root_ = false;  // a "ring:P" goal: its owner is the root's side to move
};

}  // namespace

ProofTree read_proof(std::istream& in) { return Reader(in).read(); }

}  // namespace kamisado::solver
