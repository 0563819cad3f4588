// A layer of a match certificate made again from a round-start table (issue 43): what lets a
// certificate keep the table and a digest per layer instead of the layers themselves.
//
// THE IDEA. A layer (match_certificate.h) is a proof tree one round deep whose leaves are finished
// matches and the next round's starts. Stored as KFEN text, the 2-point match's layers weigh some
// 8 GB; the table of round starts they end at weighs 3.8 MB. As the checkers and Othello proofs
// keep the top of their proof and re-derive the rest when it is checked, a certificate may keep a
// layer's digest only, and the checker makes the layer again with a search and checks it like any
// other proof tree: the search is trusted for nothing, the tree it yields is checked by the move
// generator, and every start it ends at is checked in turn by its own layer.
//
// THE SEARCH. A master search (df-pn, aim match, values only) of who wins the round from `start`,
// proving that `winner` wins, with the table as its round-start oracle: a start the table holds
// is decided by its value (B3: one value for every start of a class); a start it does not hold
// counts as lost for `winner`, so the proof rests on the table's starts only, and the search never
// leaves the round. It runs on one thread, from an empty search table of `hash_mb`, with no time
// or node limit: given the same table it finds the same proof, node for node, on any machine, so
// the writer's digest and the checker's agree. The proof is walked to the round ends
// (build_round_layer).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>

#include "solver/match/layer_list.h"
#include "solver/proof/proof_tree.h"
#include "solver/search/transposition_table.h"
#include "solver/starts/round_start_table.h"
#include "src/kamisado/position.h"

namespace kamisado::solver {

class SearchTables;

// The layer proving that `winner` wins the match from `start` (a round start, or the match's root)
// searched in `search_table` (cleared first; its size is the regeneration's hash_mb), or nullopt
// where the table's starts do not give `winner` a proof, or `stop` was set. `nodes`, if given,
// gets the search's nodes.
std::optional<RoundLayer> regenerate_layer(const Position& start, Side winner, const RoundStartTable& table, TranspositionTable& search_table,
                                           const std::atomic<bool>* stop = nullptr, std::uint64_t* nodes = nullptr);

// The class's representative start (B3): the root its layer is made for, as the check makes it.
Position start_of_class(const RoundStartKey& key);
// Who wins `start`, given whether the side moving first wins it.
Side winner_at(const Position& start, bool first_mover_wins);

// The list line (layer_list.h) of the layer of `leaf`'s class, made from `table` as the check
// makes it again (the class's representative start, a search table of regeneration_hash_mb), or
// nullopt where the table's starts give no proof or `stop` was set. `nodes` gets the search's.
std::optional<ListedLayer> regenerate_listed_layer(const LayerLeaf& leaf, const RoundStartTable& table, std::size_t hash_mb, SearchTables& tables,
                                                   const std::atomic<bool>* stop = nullptr, std::uint64_t* nodes = nullptr);

// A writer's or a checker's search tables, one of each size asked for (regeneration_hash_mb),
// made when first asked for and kept: a table is cleared for each layer, not made again.
class SearchTables {
 public:
  TranspositionTable& of(std::size_t mb);

 private:
  std::map<std::size_t, std::unique_ptr<TranspositionTable>> by_mb_;
};

// The layer's digest: XXH64 (seed 0) of its proof file text (proof/proof_file.h, uncompressed),
// what `xxhsum -H64` prints for the plain file `check-proof` reads.
std::uint64_t layer_digest(const ProofTree& layer);

// The search table's size for a layer at `start` of a run whose tables are `hash_mb`: a last
// round's search is small (some 15 k nodes on the 2-point match), and a large table costs more
// to clear than the search, so a last round gets at most 16 MB.
std::size_t regeneration_hash_mb(const Position& start, std::size_t hash_mb);

}  // namespace kamisado::solver
