#include "solver/match/regenerated_layer.h"

#include <algorithm>
#include <array>
#include <new>
#include <ostream>
#include <streambuf>

#include <xxhash.h>

#include "solver/proof/proof_file.h"
#include "solver/search/dfpn.h"

namespace kamisado::solver {

namespace {

// The table's starts, and nothing else (regenerated_layer.h, THE SEARCH): a start it does not
// hold is lost for the winner the layer is to prove.
class TableStarts final : public RoundStartOracle {
 public:
  TableStarts(const RoundStartTable& table, Side winner) : table_(table), winner_(winner) {}
  std::optional<Side> match_winner(const Position& start) const override {
    const std::optional<RoundStart> s = round_start_of(start);
    if (!s || !s->match.is_match()) return std::nullopt;
    const std::optional<RoundStartValue> v = table_.find(*s);
    if (!v) return ~winner_;
    return v->first_mover_wins ? s->rows.first : ~s->rows.first;
  }

 private:
  const RoundStartTable& table_;
  Side winner_;
};

// The bytes written to it go into an XXH64 state a buffer at a time: a layer's digest without
// its text in memory (a round-2 layer's text is some 40 MB).
class DigestBuffer final : public std::streambuf {
 public:
  DigestBuffer() : state_(XXH64_createState()) {
    if (!state_) throw std::bad_alloc();
    XXH64_reset(state_, 0);
    setp(buffer_.data(), buffer_.data() + buffer_.size());
  }
  ~DigestBuffer() override { XXH64_freeState(state_); }
  DigestBuffer(const DigestBuffer&) = delete;
  DigestBuffer& operator=(const DigestBuffer&) = delete;

  std::uint64_t digest() {
    sync();
    return XXH64_digest(state_);
  }

 protected:
  int_type overflow(int_type c) override {
    sync();
    if (!traits_type::eq_int_type(c, traits_type::eof())) {
      *pptr() = traits_type::to_char_type(c);
      pbump(1);
    }
    return traits_type::not_eof(c);
  }
  int sync() override {
    XXH64_update(state_, pbase(), std::size_t(pptr() - pbase()));
    setp(buffer_.data(), buffer_.data() + buffer_.size());
    return 0;
  }

 private:
  XXH64_state_t* state_;
  std::array<char, 1 << 16> buffer_;
};

}  // namespace

std::optional<RoundLayer> regenerate_layer(const Position& start, Side winner, const RoundStartTable& table, TranspositionTable& search_table,
                                           const std::atomic<bool>* stop, std::uint64_t* nodes) {
  search_table.clear();
  const TableStarts starts(table, winner);
  SolveLimits limits;
  limits.stop = stop;
  limits.round_starts = &starts;
  Prover prover(search_table, limits);
  const Proof proof = prover.prove(start, {winner, Metric::Plies, kUnbounded, Aim::match()});
  std::optional<RoundLayer> layer;
  if (proof.proved) layer = build_round_layer(prover, starts, start, winner);
  if (nodes) *nodes = prover.nodes();
  return layer;
}

std::uint64_t layer_digest(const ProofTree& layer) {
  DigestBuffer buffer;
  std::ostream text(&buffer);
  write_proof(layer, text);
  return buffer.digest();
}

TranspositionTable& SearchTables::of(std::size_t mb) {
  std::unique_ptr<TranspositionTable>& t = by_mb_[mb];
  if (!t) t = std::make_unique<TranspositionTable>(mb);
  return *t;
}

std::size_t regeneration_hash_mb(const Position& start, std::size_t hash_mb) {
  const MatchScore& m = start.match();
  const bool last_round = m.points[0] + 1 >= m.target && m.points[1] + 1 >= m.target;
  return last_round ? std::min<std::size_t>(hash_mb, 16) : hash_mb;
}

Position start_of_class(const RoundStartKey& key) { return round_start_position(round_start_of_key(key)); }
Side winner_at(const Position& start, bool first_mover_wins) { return first_mover_wins ? start.side_to_move() : ~start.side_to_move(); }

std::optional<ListedLayer> regenerate_listed_layer(const LayerLeaf& leaf, const RoundStartTable& table, std::size_t hash_mb, SearchTables& tables,
                                                   const std::atomic<bool>* stop, std::uint64_t* nodes) {
  if (stop && stop->load()) return std::nullopt;  // a last round's search ends before it would look
  const Position start = start_of_class(leaf.key);
  const Side winner = winner_at(start, leaf.first_mover_wins);
  const std::size_t mb = regeneration_hash_mb(start, hash_mb);
  const std::optional<RoundLayer> layer = regenerate_layer(start, winner, table, tables.of(mb), stop, nodes);
  if (!layer) return std::nullopt;
  return ListedLayer{leaf.key,
                     leaf.first_mover_wins,
                     std::uint32_t(mb),
                     layer->tree.nodes.size(),
                     layer_digest(layer->tree),
                     leaves_of(layer->round_starts, winner)};
}

}  // namespace kamisado::solver
