// A match certificate in layers (issue 29): who wins a match, as proof trees one round deep.
//
// THE IDEA. A match proved round by round (by_rounds.h) rests on round starts, each proved once
// and reached from many round ends. Its certificate has the same shape: one proof tree per
// round, a *layer*, that ends at the round's ends; a leaf there is a finished match (P3), or the
// start of the next round (after the Defender's fill, F1–F3), whose value is proved by the layer
// of that start, stored once under the start's key and referenced by every layer that ends at it.
// One tree through every round would repeat each start's proof wherever a round end leads to it.
//
// FOLDER LAYOUT
//   DIR/root.proof               the root's layer
//   DIR/starts/<key>.proof       the layer of each round start the layers end at; <key> is the
//                                start's canonical key in hex (starts/round_start.h), so every
//                                start of one class (B3: a mirror image, or the sides turned)
//                                shares one layer, whose root is one of them
//   DIR/.kamisado-files          the ledger of the files the tool wrote (io/output_folder.h)
// Each layer is a proof file (proof/proof_file.h) with `goal match` and `leaves round-starts`,
// zstd-compressed (proof/proof_io.h; its KFENs repeat most of their squares: a last round's
// layer packs to about a fifth), so that a damaged layer is refused by its frame's checksum
// before it is read; check-proof reads a plain layer too.
//
// THE CHECK re-verifies the whole with the move generator, trusting no search and no table (it
// trusts the rules' symmetries, B3, as the census does: a start and its images have one value):
//   - each layer is checked as a proof tree (proof/proof_check.h): every move, every defence,
//     every fill, every score of a finished match re-derived;
//   - each of its round-start leaves, where the winner must win the match, has a layer under its
//     key whose root is that start or its image under a symmetry (B3), the winner mapped with it
//     (turning the board swaps the sides), and that layer is checked in turn, once;
//   - a missing, unreadable or damaged layer is named in one line, and the certificate refused.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "solver/proof/proof_check.h"
#include "solver/proof/proof_tree.h"
#include "solver/starts/round_start.h"
#include "src/io/output_folder.h"
#include "src/kamisado/position.h"

namespace kamisado::solver {

constexpr const char* kRootLayer = "root.proof";
// The name, inside the folder, of the layer of the start with `key`.
std::string start_layer_name(const RoundStartKey& key);

// The positions of a layer's leaves at round starts, in the order of its nodes: of a layer read
// back from a file (a layer just built lists them itself, build_round_layer).
std::vector<Position> layer_round_starts(const ProofTree& layer);

// A layer file read and checked as a proof tree (proof/proof_check.h): its failure, one line
// naming the file, if it cannot be read, is not a layer (`goal match`, `leaves round-starts`), or
// does not check. Both kinds of certificate read their stored layers so.
struct CheckedLayer {
  ProofTree tree;
  ProofCheck check;
};
std::optional<std::string> read_checked_layer(const std::string& path, CheckedLayer& out);

// What one depth of a certificate holds: depth 1 is the root's layer, 2 the layers of its round
// starts, and so on.
struct LayerCount {
  std::uint64_t layers = 0, nodes = 0, bytes = 0;
};

struct MatchCertificateCheck {
  bool holds = false;
  std::string failure;         // the file and node at fault and why
  std::optional<Side> winner;  // of the match from the root, when it holds
  std::string root_kfen;
  std::vector<LayerCount> depths;      // [depth - 1]
  std::uint64_t leaves_at_starts = 0;  // round-start leaves checked against a layer (reuse: many per layer)
  double seconds = 0;
  // A certificate whose layers are made again from its table (regenerated_certificate.h): the
  // layers checked by this check (`stored` of them read as stored, the rest made again), those a
  // journal said an earlier check did, the nodes of this check's searches, the bytes the folder's
  // root layer, table and list take, and whether it was stopped first.
  std::uint64_t regenerated = 0, stored = 0, from_journal = 0, search_nodes = 0, stored_bytes = 0;
  bool stopped = false;
};

// The folder as a writer fills it, layer by layer, from several threads. Layers take their names
// in batches (io::FolderWrite's commit), every `commit_seconds` and at the end, so that a killed
// writer leaves whole layers only, and a writer started again reads them back (kept) instead of
// proving them again. Only new files, or files the tool wrote there, are written.
class LayerFolder {
 public:
  LayerFolder(const std::string& dir, double commit_seconds);
  // The layer `name` of the start `root` if an earlier write committed it, else nullopt. A layer
  // read back is checked again as a proof tree before it is used (its ledger digest says only
  // that the tool wrote it, and a digest is no proof): an InputError if it is not the tool's,
  // cannot be read, is not a layer of `root`, or does not check.
  std::optional<ProofTree> kept(const std::string& name, const Position& root);
  const std::string& dir() const { return folder_.dir(); }
  // Writes the layer `name`; returns its size in bytes.
  std::uint64_t write(const std::string& name, const ProofTree& layer);
  void commit();

 private:
  std::mutex mutex_;
  io::FolderWrite folder_;
  double commit_seconds_;
  std::chrono::steady_clock::time_point last_commit_ = std::chrono::steady_clock::now();
};

// Checks the certificate in `dir` whole (above), its layers on `threads` threads (the answer is
// the same on any number: a failure is the one a check of one layer at a time meets first). A
// folder with no root layer is an InputError. `progress`, if set, is called after each layer
// read with the layers read so far (from any of the threads, one call at a time).
MatchCertificateCheck check_match_certificate(const std::string& dir, unsigned threads = 1, const std::function<void(std::uint64_t)>& progress = {});

}  // namespace kamisado::solver
