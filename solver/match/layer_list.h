// The list of a certificate's layers made again when checked (issue 43): `layers.txt` in a match
// certificate whose layers below the root are not stored (match_certificate.h, regenerated_layer.h).
//
// It is the proof's spine: for each round start the proof rests on, the value its layer proves,
// how to make the layer again, the layer's digest, and the starts the layer ends at. The checker
// makes each listed layer again, compares it with its digest and its listed leaves, checks it as a
// proof tree, and checks that every leaf of every layer (the root's too) has a listed layer proving
// the value the leaf needs, and that every listed layer is reached from the root.
//
// FORMAT (version 1): text, lines end in '\n', fields separated by single spaces.
//   kamisado-layers 1
//   root <KFEN>                    the match's root, the root of DIR/root.proof
//   winner <black|gold>            who wins the match from it
//   table <XXH64> <starts>         of the file DIR/table.starts (16 hex digits): the round-start
//                                  table (starts/round_start_table.h) the layers are made from
//   layer <key> <first|second> <hash MB> <nodes> <digest> <leaves>
//                                  one per round start, in the order written: its class key (32
//                                  hex digits, starts/round_start.h), the side that wins it, the
//                                  search table's size its layer is made again with, the layer's
//                                  positions, its digest (16 hex digits, regenerated_layer.h), and
//                                  the starts it ends at: `-` for none, else comma-separated
//                                  <key><+|->, '+' where the side moving first must win
//   end <layers> <XXH64>           the count of layer lines, and the XXH64 (16 hex digits) of
//                                  every byte before this line
// A writer that stops leaves the list without its end line, and goes on from it when run again.
// A list that does not read so is refused (InputError) with its line.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "solver/starts/round_start.h"
#include "src/kamisado/position.h"

namespace kamisado::solver {

constexpr const char* kLayerList = "layers.txt";
constexpr const char* kLayerTable = "table.starts";
// A run on the job tree stores the layers it lists where they are proved: rank R's under
// DIR/ranks/R/starts/<key>.proof (tree_certificate.h), read by the check as stored layers.
constexpr const char* kRankLayers = "ranks";

// A start a layer ends at: its class, and whether the side moving first must win it.
struct LayerLeaf {
  RoundStartKey key;
  bool first_mover_wins = false;
  bool operator==(const LayerLeaf&) const = default;
};

struct ListedLayer {
  RoundStartKey key;
  bool first_mover_wins = false;
  std::uint32_t hash_mb = 0;
  std::uint64_t nodes = 0;
  std::uint64_t digest = 0;
  std::vector<LayerLeaf> leaves;
};

struct LayerList {
  std::string root_kfen;
  Side winner = Side::Black;
  std::uint64_t table_digest = 0;
  std::uint64_t table_starts = 0;
  std::vector<ListedLayer> layers;
  bool finished = false;  // it has its end line
};

std::string encode_layer_list(const LayerList& list);  // with the end line when list.finished
// `path` names the file in errors.
LayerList decode_layer_list(const std::string& text, const std::string& path);
// One layer line, without its end of line, and back (a run on the job tree keeps each rank's
// lines in a file of its own: tree_certificate.h); an InputError names `path` and the fault.
std::string encode_layer_line(const ListedLayer& layer);
ListedLayer decode_layer_line(const std::string& line, const std::string& path);

// The starts a layer ends at, each class once, in the order of `starts`, with the value `winner`
// needs of each (B3: the same for every start of a class; a class needed both ways is listed
// twice, for the checker to refuse).
std::vector<LayerLeaf> leaves_of(const std::vector<Position>& starts, Side winner);

}  // namespace kamisado::solver
