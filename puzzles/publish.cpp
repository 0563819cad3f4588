#include "puzzles/publish.h"

#include <chrono>
#include <filesystem>
#include <map>
#include <optional>

#include <fmt/format.h>

#include "puzzles/certificate.h"
#include "puzzles/collection_json.h"
#include "puzzles/generator.h"
#include "puzzles/puzzle_features.h"
#include "puzzles/store.h"
#include "puzzles/studies.h"
#include "solver/proof/certificate_files.h"
#include "solver/proof/certify.h"
#include "src/io/files.h"
#include "src/io/output_folder.h"
#include "src/io/report.h"
#include "src/kamisado/errors.h"
#include "src/kamisado/kfen.h"

namespace kamisado::puzzles {

namespace fs = std::filesystem;

namespace {

bool has_sumo_theme(const StoredPuzzle& p) {
  for (const std::string& t : field_items(p.themes))
    if (t == "sumo-push" || t == "extra-turn") return true;
  return false;
}

// A folder to write into: a file in its place is refused.
void refuse_file(const fs::path& dir, const std::string& field) {
  std::error_code ec;
  if (fs::exists(dir, ec) && !fs::is_directory(dir, ec)) throw InputError("a folder is wanted, and '" + dir.string() + "' is a file", field);
}

// Brings the store up to the targets, one theme and N at a time.
void fill(Store& store, const PublishOptions& o, const io::Lines& lines) {
  io::Progress progress(lines);
  auto add = [&](const std::string& what, GenerateOptions gen, int have) {
    if (have >= gen.count) return;
    gen.count -= have;
    gen.seed = o.seed;
    gen.hash_mb = o.hash_mb;
    progress.note(fmt::format("puzzles publish: {}: {} to add", what, gen.count));
    auto done = generate(
        gen, [&](const Puzzle& p) { return store.add(p); },
        [&](const GenerateProgress& g) { progress.count("puzzles publish: " + what, std::uint64_t(g.accepted), std::uint64_t(gen.count)); }, o.stop);
    if (done.exhausted) progress.note(fmt::format("puzzles publish: {}: only {} found before the games ran dry", what, done.accepted));
  };
  for (int n = 1; n <= o.max_n; ++n) {
    int have = 0;
    for (const auto& p : store.all()) have += p.kind == "single" && p.n == n;
    GenerateOptions gen;
    gen.count = o.per_n, gen.n = n;
    add(fmt::format("single round, win in {}", n), gen, have);
  }
  // Sumo puzzles: a push needs the extra turn, so N >= 2; spread over N = 2, 3 and 4, a third
  // each (the remainder on N = 4). Each N's target depends on `sumo` alone, never on what a
  // stopped run had stored, so that a resumed run ends with an uninterrupted run's collection; a
  // phase whose games run dry says so and leaves its shortfall.
  for (int n = 2; n <= 4; ++n) {
    int have_n = 0;
    for (const auto& p : store.all()) have_n += p.kind == "match" && has_sumo_theme(p) && p.n == n;
    GenerateOptions gen;
    gen.count = o.sumo / 3 + (n == 4 ? o.sumo % 3 : 0), gen.n = n, gen.match = true;
    gen.themes = {"sumo-push", "extra-turn"};
    add(fmt::format("Marathon rounds with Sumo themes, win in {}", n), gen, have_n);
  }
  // The studies: their search is deterministic, so a stopped run that is run again finds the
  // same ones, and the store keeps each once.
  std::vector<solver::RetroRoot> roots = o.study_roots.empty() ? std::vector<solver::RetroRoot>{} : solver::read_retro_roots(o.study_roots);
  const int target = o.studies_from_opening + o.studies_per_table * int(roots.size());
  int have = 0;
  for (const auto& p : store.all()) have += p.kind == "study";
  if (have < target) {
    progress.note(fmt::format("puzzles publish: studies: {} to find", target - have));
    StudyOptions so;
    so.from_opening = o.studies_from_opening, so.per_table = o.studies_per_table, so.roots = roots;
    so.hash_mb = o.hash_mb, so.stop = o.stop;
    std::vector<Puzzle> found = find_studies(so, lines);
    for (const Puzzle& p : found) store.add(p);
    if (int(found.size()) < target) progress.note(fmt::format("puzzles publish: studies: only {} of {} have a unique key", found.size(), target));
  }
}

// Every stored puzzle's traps, certificate size and difficulty measured again (features.h), so
// that a collection made before the measure changed agrees with one made now.
void rerate(Store& store, const std::map<std::int64_t, std::size_t>& proof_sizes) {
  for (const StoredPuzzle& p : store.all()) {
    Position pos = parse_kfen(p.kfen);
    int tempting = int(tempting_moves(pos, parse_move(pos, field_items(p.keys).front())).size());
    std::size_t size = proof_sizes.at(p.id);
    double d = difficulty(p.n, p.legal_moves, tempting, int(field_items(p.slower).size()), size);
    if (tempting != p.tempting || std::int64_t(size) != p.proof_size || d != p.difficulty) store.rate(p.id, tempting, size, d);
  }
}

std::string readme(const std::vector<StoredPuzzle>& rows, const PublishOptions& o, const Published& done, std::size_t largest) {
  std::map<std::pair<std::string, int>, int> by_n;
  std::map<std::string, int> by_theme;
  std::map<std::string, int> by_kind;
  int unique = 0, with_duals = 0;
  for (const auto& p : rows) {
    ++by_n[{p.kind, p.n}];
    ++by_kind[p.kind];
    unique += p.keys.find(' ') == std::string::npos;
    with_duals += p.dual_turns > 0;
    for (const std::string& t : field_items(p.themes)) ++by_theme[t];
  }
  std::string md = "# Kamisado puzzles\n\n";
  md += fmt::format(
      "Made by `kamisado puzzles publish --out {} --per-n {} --max-n {} --sumo {} --studies {} --studies-per-table {}{} "
      "--seed {}` (last run {}, {}).\n\n",
      o.out, o.per_n, o.max_n, o.sumo, o.studies_from_opening, o.studies_per_table, o.study_roots.empty() ? "" : " --study-roots " + o.study_roots,
      o.seed, io::today(), io::build_flags());
  md +=
      "**Open `index.html` in a browser to play them** (the trainer: no server, no network; see the project README, \"The "
      "puzzle trainer\").\n\n";
  md += fmt::format(
      "**{} puzzles**: {} with a unique key; {} from Marathon match rounds with a Sumo theme (sumo-push or "
      "extra-turn); {} studies; {} with duals on the main line (tagged, and shown in the solution).\n\n",
      rows.size(), unique, done.sumo, by_kind["study"], with_duals);
  md +=
      "Each is a proved win in exactly N of the winner's own moves (passes and the extra turn after a push count) with "
      "one key and at least two legal moves. The puzzles are positions reached in seeded self-play between the "
      "alpha-beta players (the moves that reach them are in `puzzles.json`); the studies are the longest such wins "
      "one or two plies from the start and in the retrograde tables of the study roots (puzzles/studies.h).\n\n"
      "| kind | N | puzzles |\n|---|---|---|\n";
  for (const auto& [k, count] : by_n) md += fmt::format("| {} | {} | {} |\n", k.first, k.second, count);
  md += "\n| theme | puzzles |\n|---|---|\n";
  for (const auto& [t, count] : by_theme) md += fmt::format("| {} | {} |\n", t, count);
  md += "\n## Studies\n\n| puzzle | N | key | legal first moves | KFEN | from |\n|---|---|---|---|---|---|\n";
  for (const auto& p : rows)
    if (p.kind == "study")
      md += fmt::format("| {} | {} | {} | {} | `{}` | {}{} |\n", p.id, p.n, p.keys, p.legal_moves, p.kfen, p.source,
                        p.prefix.empty() ? "" : ", after " + p.prefix);
  md +=
      "\n## Files\n\n"
      "- `puzzles.db`: the collection (SQLite; schema in `puzzles/store.h`).\n"
      "- `puzzles.json`: every puzzle with its solution, themes, difficulty, source and prefix.\n"
      "- `index.html`: the trainer (open it in a browser; it needs no server and no network): pick a puzzle, "
      "play the moves on the board, and the page refuses a move that does not win in the moves left and plays "
      "the proof's longest defence back. With `trainer.js`, `trainer.css` and `puzzles.js` (the data: every "
      "verdict proved by the search; puzzles/trainer.h). `index.html`, `trainer.js` and `trainer.css` are "
      "written from their source in `puzzles/trainer/` (built into the binary): edit those, and publish again.\n"
      "- `booklet.html`: the booklet, a diagram per puzzle and the solution behind a toggle (prints).\n";
  md += fmt::format(
      "- `certificates/<id>.proof`: {} proof trees ({} positions in all, the largest {}), each the proof "
      "that the key wins in N of the winner's moves (a `moves` header). Each was re-verified by the proof "
      "checker when written ({:.2f} s for all); check one with `kamisado check-proof "
      "{}/certificates/<id>.proof`. That no move wins faster and that the key is the only first move "
      "that wins in N is proved by the search and is not in the certificate.\n",
      rows.size(), done.proof_nodes, largest, done.certificate_seconds, o.out);
  return md;
}

}  // namespace

ExportCounts export_collection(const ExportOptions& o, const io::Lines& lines) {
  if (o.json_out.empty() && o.html_dir.empty()) throw InputError("nothing to write: name an HTML folder, a JSON file or both");
  std::error_code ec;
  if (!fs::exists(o.db, ec)) throw InputError("no puzzle collection '" + o.db + "'");
  ExportCounts c;
  std::optional<io::FolderWrite> html;
  if (!o.html_dir.empty()) {
    refuse_file(o.html_dir, "html");
    html.emplace(o.html_dir, "puzzles export");
    html->claim(trainer_files());
    c.html_file = (fs::path(o.html_dir) / "index.html").string();
  }
  if (!o.json_out.empty()) io::check_writable(o.json_out);
  std::vector<StoredPuzzle> rows = Store(o.db, Store::Mode::ReadExisting).all();
  c.puzzles = rows.size();
  if (html) {
    c.trainer = write_trainer(trainer_sections(rows), {o.title, o.hash_mb, nullptr}, *html, lines);
    html->commit();
  }
  if (!o.json_out.empty()) io::write_file_atomically(c.json_file = o.json_out, collection_json(rows));
  return c;
}

Published publish(const PublishOptions& o, const io::Lines& lines) {
  refuse_file(o.out, "out");
  // Every file but the collection itself goes through the folder's FolderWrite: the user's files
  // are never written over, and a failed or stopped publish leaves the files as they were.
  io::FolderWrite folder(o.out, "puzzles publish");
  // Claimed before the long work: the fixed names, and every file already in certificates/
  // (the new puzzles' names are claimed once they are known).
  std::vector<std::string> fixed = trainer_files();
  fixed.insert(fixed.end(), {"puzzles.json", "README.md"});
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(fs::path(o.out) / "certificates", ec))
    fixed.push_back("certificates/" + entry.path().filename().string());
  folder.claim(fixed);
  Store store((fs::path(o.out) / "puzzles.db").string());

  Published done;
  auto start = std::chrono::steady_clock::now();
  fill(store, o, lines);
  done.generate_seconds = io::seconds_since(start);

  // A certificate per puzzle, checked before it is staged; every name claimed first.
  std::vector<StoredPuzzle> rows = store.all();
  std::vector<std::string> certificates;
  for (const auto& p : rows) certificates.push_back(certificate_file(p));
  folder.claim(certificates);
  solver::SolveLimits limits;
  limits.hash_mb = o.hash_mb;
  limits.stop = o.stop;
  solver::TranspositionTable table(o.hash_mb);
  std::size_t largest = 0;
  std::map<std::int64_t, std::size_t> proof_sizes;
  io::Progress progress(lines);
  auto cert_start = std::chrono::steady_clock::now();
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto& p = rows[i];
    Position pos = parse_kfen(p.kfen);
    Move key = parse_move(pos, p.keys.substr(0, p.keys.find(' ')));
    solver::Certified c;
    c.tree = certify(pos, key, p.n, table, limits);
    if (!c.tree && o.stop && o.stop->load()) throw Stopped("stopped while writing certificates; run again to go on");
    if (!c.tree) throw std::logic_error(fmt::format("puzzle {} ({}): its key does not prove a win in {}", p.id, p.kfen, p.n));
    solver::CertifyOptions write;
    write.proof_path = folder.staged_path(certificate_file(p));
    write.files = &solver::disk_files();
    solver::seal(c, write);  // checked, then staged
    if (!c.checked()) throw std::logic_error(fmt::format("puzzle {}: its certificate fails: {}", p.id, c.failure()));
    done.proof_nodes += c.proof_nodes;
    proof_sizes[p.id] = c.proof_nodes;
    largest = std::max(largest, c.proof_nodes);
    progress.count("puzzles publish: certificates", i + 1, rows.size());
  }
  done.certificate_seconds = io::seconds_since(cert_start);
  rerate(store, proof_sizes);
  rows = store.all();
  done.puzzles = rows.size();
  for (const auto& p : rows) done.sumo += p.kind == "match" && has_sumo_theme(p);

  folder.put("puzzles.json", collection_json(rows, true));
  done.trainer = write_trainer(trainer_sections(rows), {"Kamisado puzzles", o.hash_mb, o.stop}, folder, lines);
  folder.put("README.md", readme(rows, o, done, largest));
  folder.commit();
  return done;
}

}  // namespace kamisado::puzzles
