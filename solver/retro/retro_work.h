// The work folder of a build in layers that spills to disk (retro_layers.h, build_retro_file):
// each layer of positions a file of its own, and a manifest that says how far the build got, so
// that a build killed anywhere goes on from its last saved phase.
//
// FOLDER (beside the table file: TABLE.work/):
//   build.json       the manifest, written atomically: {"format": "kamisado-retro-work 1", "root":
//                    KFEN, "phase": "solving", "window": W, "solved_from": L, "layers": {"P":
//                    {"count": N, "digest": XXH64 hex}}, "stats": {...}}. It is written when the
//                    enumeration ends (phase "solving", solved_from above every layer) and after
//                    each layer solved (solved_from that layer's potential).
//   layer-P.keys     the layer of potential P: its entries (retro_table.h), 16 bytes each, sorted
//                    by key; its results set once it is solved.
// A layer file is checked against the manifest's count and digest when it is read back. No
// manifest: the enumeration had not ended, and starts again. The folder is the build's own: one
// holding other files, or a manifest of another root, is refused, and it is removed when the
// table is written.
#pragma once

#include <cstdint>
#include <fstream>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "solver/retro/retro_build.h"

namespace kamisado::solver {

class RetroWorkFolder {
 public:
  struct Layer {
    std::uint64_t count = 0, digest = 0;
  };
  struct State {
    bool enumerated = false;
    int window = 0;       // the most a move raises the potential
    int solved_from = 0;  // every layer from this potential up is solved
    std::map<int, Layer> layers;
    RetroBuildStats stats;  // the enumeration's
  };

  // Opens (making it) `dir` for the build of `root_kfen`, reading the state a killed build left.
  RetroWorkFolder(std::string dir, std::string root_kfen);
  ~RetroWorkFolder();

  const State& state() const { return state_; }
  State& state() { return state_; }
  void save() const;  // the manifest, atomically

  void put(int level, const std::vector<RetroEntry>& layer);  // the file, and its count and digest in the state
  // A layer written a piece at a time (retro verify splits a table file into its layers): the
  // file grows by `entries`, its count and digest in the state with it.
  void append(int level, std::span<const RetroEntry> entries);
  std::vector<RetroEntry> get(int level) const;  // a layer read back and checked
  std::ifstream open(int level) const;           // a layer to stream (the file's merge; its digest checked by the merge's file)
  void remove() const;                           // the folder and every file of the build's in it

 private:
  std::string path(int level) const;
  std::string dir_, root_kfen_;
  State state_;
  struct Appending;  // a layer's digest so far
  std::map<int, std::unique_ptr<Appending>> appending_;
};

}  // namespace kamisado::solver
