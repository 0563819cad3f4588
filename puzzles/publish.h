// A collection written out for people and other tools.
//
//   export_collection  the SQLite collection as JSON (collection_json.h) and/or the trainer
//                      folder with its text booklet (trainer.h, booklet.h);
//   publish            a published collection in a folder, brought up to its targets: --per-n
//                      single-round puzzles for each N = 1..max_n and `sumo` puzzles from
//                      Marathon rounds with a sumo-push or extra-turn theme (N = 2..4, a push
//                      needs the extra turn); the studies (studies.h) from the opening and
//                      the tables of --study-roots; then a certificate per puzzle (certificate.h),
//                      checked before it is written, puzzles.json, the trainer and README.md.
//
// In DIR: puzzles.db (store.h), certificates/<id>.proof, puzzles.json, README.md and the
// trainer's files (index.html, trainer.js, trainer.css, puzzles.js, booklet.html; trainer.h).
// Running publish again adds only what is missing (the generator is seeded, and the store keeps
// each puzzle once), so a stopped run loses nothing accepted and a finished one changes nothing
// but the derived files. A stop throws Stopped (kamisado/errors.h).
//
// Every file but puzzles.db is written through the folder's io::FolderWrite (io/output_folder.h):
// a file the tool did not write (a user's README.md, say) is never written over, the refusal
// comes before anything is written, and the derived files take their names together at the end,
// so a failed or stopped run leaves them as they were.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>

#include "puzzles/trainer.h"
#include "src/io/progress.h"

namespace kamisado::puzzles {

struct ExportOptions {
  std::string db = "puzzles.db", json_out, html_dir, title = "Kamisado puzzles";
  std::size_t hash_mb = 64;  // the searches that write the trainer's verdicts
};

struct ExportCounts {
  std::size_t puzzles = 0;
  std::string json_file, html_file;  // what was written (html_file: the trainer's index.html)
  TrainerWritten trainer;
};

// Writes `json_out` and/or the trainer folder `html_dir` (made if missing).
ExportCounts export_collection(const ExportOptions& options, const io::Lines& lines = {});

struct PublishOptions {
  std::string out;
  int per_n = 45, max_n = 10, sumo = 55;
  // Studies (studies.h): from the opening, and from the table of each root in this file.
  int studies_from_opening = 10, studies_per_table = 3;
  std::string study_roots;
  std::uint64_t seed = 1;
  std::size_t hash_mb = 64;
  const std::atomic<bool>* stop = nullptr;
};

struct Published {
  std::size_t puzzles = 0, sumo = 0, proof_nodes = 0;
  double generate_seconds = 0, certificate_seconds = 0;
  TrainerWritten trainer;
};

Published publish(const PublishOptions& options, const io::Lines& lines = {});

}  // namespace kamisado::puzzles
