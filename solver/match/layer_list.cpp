#include "solver/match/layer_list.h"

#include <charconv>
#include <set>
#include <sstream>

#include <fmt/format.h>
#include <xxhash.h>

#include "src/kamisado/errors.h"

namespace kamisado::solver {

namespace {

constexpr const char* kMagic = "kamisado-layers 1";

std::string hex64(std::uint64_t v) { return fmt::format("{:016x}", v); }

std::string leaves_text(const std::vector<LayerLeaf>& leaves) {
  if (leaves.empty()) return "-";
  std::string out;
  for (const LayerLeaf& l : leaves) {
    if (!out.empty()) out += ',';
    out += l.key.hex();
    out += l.first_mover_wins ? '+' : '-';
  }
  return out;
}

// Reads one list line by line; each error names the file and the line.
class ListReader {
 public:
  ListReader(const std::string& text, const std::string& path) : text_(text), path_(path) {}

  LayerList read() {
    LayerList list;
    expect_line(kMagic, "it is not a list of layers (kamisado-layers 1)");
    list.root_kfen = field_line("root");
    const std::string winner = field_line("winner");
    if (winner != "black" && winner != "gold") throw bad("the winner is '" + winner + "', not black or gold");
    list.winner = winner == "black" ? Side::Black : Side::Gold;
    const std::vector<std::string> table = split(field_line("table"));
    if (table.size() != 2) throw bad("a table line is 'table <XXH64> <starts>'");
    list.table_digest = hex_number(table[0], 16, "the table's digest");
    list.table_starts = number(table[1], "the table's starts");
    std::set<RoundStartKey> seen;
    while (next()) {
      const std::vector<std::string> f = split(line_);
      if (f.size() == 3 && f[0] == "end") {
        if (number(f[1], "the count of layers") != list.layers.size())
          throw bad(fmt::format("the end line counts {} layers, the list holds {}: it was cut or joined", f[1], list.layers.size()));
        if (hex_number(f[2], 16, "the list's digest") != XXH64(text_.data(), line_start_, 0))
          throw bad("the list's digest is not that of its lines (damaged or edited)");
        if (end_ != text_.size()) throw bad("lines follow the end line");
        list.finished = true;
        return list;
      }
      ListedLayer l = layer(f);
      if (!seen.insert(l.key).second) throw bad("the layer of " + f[1] + " is listed twice");
      list.layers.push_back(std::move(l));
    }
    return list;  // unfinished: the writer stopped
  }
  // The text's one line, a layer's.
  ListedLayer read_layer() {
    if (!next()) throw bad("no layer line");
    return layer(split(line_));
  }

 private:
  ListedLayer layer(const std::vector<std::string>& f) const {
    if (f.size() != 7 || f[0] != "layer") throw bad("a layer line is 'layer <key> <first|second> <hash MB> <nodes> <digest> <leaves>'");
    ListedLayer l;
    l.key = key(f[1]);
    if (f[2] != "first" && f[2] != "second") throw bad("the winner of a start is 'first' or 'second', not '" + f[2] + "'");
    l.first_mover_wins = f[2] == "first";
    l.hash_mb = std::uint32_t(number(f[3], "the hash size"));
    if (l.hash_mb == 0 || l.hash_mb > 65536) throw bad("the hash size is 1 to 65536 MB");
    l.nodes = number(f[4], "the layer's positions");
    l.digest = hex_number(f[5], 16, "the layer's digest");
    if (f[6] != "-") {
      std::istringstream leaves(f[6]);
      for (std::string leaf; std::getline(leaves, leaf, ',');) {
        if (leaf.size() != 33 || (leaf.back() != '+' && leaf.back() != '-')) throw bad("a leaf is <key><+|->, not '" + leaf + "'");
        l.leaves.push_back({key(leaf.substr(0, 32)), leaf.back() == '+'});
      }
    }
    return l;
  }
  bool next() {
    if (end_ >= text_.size()) return false;
    line_start_ = end_;
    const std::size_t nl = text_.find('\n', end_);
    if (nl == std::string::npos) throw bad("the last line is cut short (no end of line)");
    line_ = text_.substr(end_, nl - end_);
    end_ = nl + 1;
    ++number_;
    return true;
  }
  void expect_line(const std::string& want, const std::string& why) {
    if (!next() || line_ != want) throw bad(why);
  }
  std::string field_line(const std::string& name) {
    if (!next() || line_.rfind(name + " ", 0) != 0) throw bad("line " + std::to_string(number_ + 1) + " should begin '" + name + " '");
    return line_.substr(name.size() + 1);
  }
  static std::vector<std::string> split(const std::string& s) {
    std::vector<std::string> out;
    std::istringstream in(s);
    for (std::string w; in >> w;) out.push_back(w);
    return out;
  }
  std::uint64_t number(const std::string& s, const std::string& what) const {
    std::uint64_t v = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || end != s.data() + s.size() || s.empty()) throw bad(what + " is not a number: '" + s + "'");
    return v;
  }
  std::uint64_t hex_number(const std::string& s, std::size_t digits, const std::string& what) const {
    std::uint64_t v = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v, 16);
    if (s.size() != digits || ec != std::errc() || end != s.data() + s.size())
      throw bad(fmt::format("{} is not {} hex digits: '{}'", what, digits, s));
    return v;
  }
  RoundStartKey key(const std::string& s) const {
    if (s.size() != 32) throw bad("a start's key is 32 hex digits, not '" + s + "'");
    return {hex_number(s.substr(0, 16), 16, "a key"), hex_number(s.substr(16), 16, "a key")};
  }
  InputError bad(const std::string& why) const { return InputError(fmt::format("{}: line {}: {}", path_, number_, why)); }

  const std::string& text_;
  std::string path_, line_;
  std::size_t end_ = 0, line_start_ = 0, number_ = 0;
};

}  // namespace

std::string encode_layer_list(const LayerList& list) {
  std::string out =
      fmt::format("{}\nroot {}\nwinner {}\ntable {} {}\n", kMagic, list.root_kfen, side_id(list.winner), hex64(list.table_digest), list.table_starts);
  for (const ListedLayer& l : list.layers) out += encode_layer_line(l) + '\n';
  if (list.finished) out += fmt::format("end {} {}\n", list.layers.size(), hex64(XXH64(out.data(), out.size(), 0)));
  return out;
}

LayerList decode_layer_list(const std::string& text, const std::string& path) { return ListReader(text, path).read(); }

std::string encode_layer_line(const ListedLayer& l) {
  return fmt::format("layer {} {} {} {} {} {}", l.key.hex(), l.first_mover_wins ? "first" : "second", l.hash_mb, l.nodes, hex64(l.digest),
                     leaves_text(l.leaves));
}

ListedLayer decode_layer_line(const std::string& line, const std::string& path) {
  const std::string text = line + '\n';
  return ListReader(text, path).read_layer();
}

std::vector<LayerLeaf> leaves_of(const std::vector<Position>& starts, Side winner) {
  std::vector<LayerLeaf> out;
  std::set<std::pair<RoundStartKey, bool>> seen;  // by class and value: a class needed both ways stays listed twice, and is refused
  for (const Position& p : starts) {
    const LayerLeaf leaf{key_of(*round_start_of(p)), winner == p.side_to_move()};
    if (seen.emplace(leaf.key, leaf.first_mover_wins).second) out.push_back(leaf);
  }
  return out;
}

}  // namespace kamisado::solver
