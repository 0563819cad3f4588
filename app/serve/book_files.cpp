#include "app/serve/book_files.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <memory>
#include <set>

#include "app/serve/book_check.h"
#include "puzzles/store.h"
#include "solver/analysis/published.h"
#include "solver/match/layer_list.h"
#include "solver/retro/retro_file.h"
#include "solver/starts/round_start_table.h"
#include "src/io/files.h"
#include "src/kamisado/errors.h"
#include "src/kamisado/kfen.h"

namespace kamisado::serve {

namespace {

namespace fs = std::filesystem;

enum class Kind { Book, Puzzles, Starts, Retro, Layers, Unknown };

Kind kind_of(const fs::path& p) {
  const std::string ext = p.extension().string(), name = p.filename().string();
  if (ext == ".book") return Kind::Book;
  if (ext == ".starts") return Kind::Starts;
  if (ext == ".retro") return Kind::Retro;
  if (name == "puzzles.db") return Kind::Puzzles;
  if (name == solver::kLayerList) return Kind::Layers;
  return Kind::Unknown;
}

constexpr const char* kKnown = "*.book, puzzles.db, *.starts, *.retro";

// A collection's puzzles: the side to move wins the round, with the key where it is the only
// one. Each a claim, proved by its certificate beside the collection where it has one (checked
// the first time it is asked for). The puzzle's n counts the winner's moves, not plies, so it is
// not the book's distance; its stipulation is in the source.
std::vector<solver::BookEntry> puzzle_entries(const std::string& path) {
  const puzzles::Store store(path, puzzles::Store::Mode::ReadExisting);
  const fs::path folder = fs::path(path).parent_path();
  std::vector<solver::BookEntry> entries;
  for (const puzzles::StoredPuzzle& p : store.all()) {
    try {
      solver::BookEntry e{parse_kfen(p.kfen), solver::AimKind::Round, {}};
      e.value.winner = e.pos.side_to_move();
      if ((p.winner == "black") != (e.value.winner == Side::Black)) throw InputError("its winner is not the side to move");
      if (solver::decided(solver::Aim::round(), e.pos)) throw InputError("the round is over already");
      const std::vector<std::string> keys = puzzles::field_items(p.keys);
      if (keys.size() == 1) e.value.best = parse_move(e.pos, keys[0]);
      e.value.source = path + " (puzzle " + std::to_string(p.id) + ": " + puzzles::stipulation(p) + ")";
      std::error_code ec;
      if (const fs::path c = folder / puzzles::certificate_file(p); fs::is_regular_file(c, ec)) e.value.certificate = c.string();
      entries.push_back(std::move(e));
    } catch (const InputError& e) {
      throw InputError(path + ": puzzle " + std::to_string(p.id) + ": " + e.what());
    }
  }
  return entries;
}

// The files `path` names: itself, or the files the book reads in the folder and its subfolders,
// in name order. A link that loops, or that names nothing, is named in one line.
std::vector<fs::path> files_of(const std::string& path) {
  std::error_code ec;
  if (!fs::is_directory(path, ec)) {
    if (!fs::exists(fs::symlink_status(path, ec))) throw InputError("book: '" + path + "' does not exist");
    if (!fs::exists(path, ec)) throw InputError("book: '" + path + "' is a link to nothing that can be read: " + ec.message());
    if (kind_of(path) == Kind::Unknown || kind_of(path) == Kind::Layers)
      throw InputError("book: " + path + ": not a file the book reads (" + kKnown + ")");
    return {path};
  }
  std::vector<fs::path> files;
  for (auto it = fs::recursive_directory_iterator(path, fs::directory_options::skip_permission_denied, ec);
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (kind_of(it->path()) == Kind::Unknown) continue;  // only the names the book reads are looked at
    std::error_code status;
    const bool regular = it->is_regular_file(status);  // follows a link: a loop is an error here
    if (status) throw InputError("book: " + it->path().string() + ": " + status.message());
    if (regular) files.push_back(it->path());
  }
  if (ec) throw InputError("book: cannot read the folder '" + path + "': " + ec.message());
  if (std::none_of(files.begin(), files.end(), [](const fs::path& f) { return kind_of(f) != Kind::Layers; }))
    throw InputError("book: the folder '" + path + "' holds nothing the book reads (" + kKnown + ")");
  std::sort(files.begin(), files.end());
  return files;
}

// A round start a published certificate proves: its value, and which of the lists read proves it.
struct Certified {
  bool first_mover_wins = false;
  std::size_t list = 0;  // in Loader::lists_
};

class Loader {
 public:
  Loader(solver::Book& book, const BookCheck& check) : book_(book), check_(check) {}

  // Layer lists first: the starts they prove are known before any table is read.
  void load(std::vector<fs::path> files) {
    std::stable_partition(files.begin(), files.end(), [](const fs::path& f) { return kind_of(f) == Kind::Layers; });
    for (const fs::path& f : files) add(f);
  }

 private:
  // Whether these bytes were read already (a copy of a file under another name: read once).
  bool seen(std::uint64_t digest) { return !digests_.insert(digest).second; }

  static std::string published(std::uint64_t digest) { return solver::published_trust(digest); }

  void add(const fs::path& file) {
    const std::string path = file.string();
    switch (kind_of(file)) {
      case Kind::Book: return add_book(path);
      case Kind::Puzzles: return add_puzzles(path);
      case Kind::Starts: return add_starts(path);
      case Kind::Retro: return add_retro(path);
      case Kind::Layers: return add_layers(path);
      case Kind::Unknown: break;
    }
  }

  void add_book(const std::string& path) {
    std::uint64_t digest = 0;
    std::vector<solver::BookEntry> entries = solver::read_book_file(path, &digest);
    if (seen(digest)) return;
    if (const std::string how = published(digest); !how.empty())
      for (solver::BookEntry& e : entries) e.value.trust = solver::Trust::proof(how);
    else if (check_.prove_claims)
      checker().prove(entries, path);
    for (const solver::BookEntry& e : entries) book_.add(e.pos, e.goal, e.value);
  }

  void add_puzzles(const std::string& path) {
    std::vector<solver::BookEntry> entries = puzzle_entries(path);
    if (check_.prove_claims) checker().prove(entries, path);
    for (const solver::BookEntry& e : entries) book_.add(e.pos, e.goal, e.value);
  }

  void add_starts(const std::string& path) {
    std::uint64_t digest = 0;
    const solver::RoundStartTable table = solver::read_round_starts(path, &digest);
    if (seen(digest)) return;
    // The starts a published certificate lists are proved by it; the rest are claims.
    solver::RoundStartTable proved, claims;
    std::string by;
    for (const auto& [key, value] : table.entries()) {
      const auto c = certified_.find(key);
      if (c == certified_.end()) {
        claims.add(key, value, path);
        continue;
      }
      by = lists_[c->second.list];
      if (c->second.first_mover_wins != value.first_mover_wins) throw InputError(path + " and " + by + " disagree on the round start " + key.hex());
      proved.add(key, value, path);
    }
    if (proved.size()) book_.add_round_starts(std::move(proved), path, solver::Trust::proof("listed in " + by + ", which proves it"));
    if (claims.size()) book_.add_round_starts(std::move(claims), path, solver::Trust::claim());
  }

  void add_retro(const std::string& path) {
    // Probed where it lies (retro_file.h): its digest covers every block without reading them.
    // A check on load (--check-book) reads it a block at a time (retro verify, in layers).
    solver::RetroFileInfo info;
    std::unique_ptr<solver::RetroLookup> table = solver::open_retro(path, &info);
    if (seen(info.digest)) return;
    solver::Trust trust = solver::Trust::claim();
    if (const std::string how = published(info.digest); !how.empty())
      trust = solver::Trust::proof(how);
    else if (check_.prove_claims)
      trust = verify_table(*table, path, check_);
    book_.add_retro(std::move(table), path, trust);
  }

  // A certificate's list of layers: only a published one is read (any other proves nothing
  // here: `kamisado check-proof DIR` checks it). Its root's match value is an entry.
  void add_layers(const std::string& path) {
    const std::string text = io::read_file(path, "layer list");
    const std::uint64_t digest = solver::file_digest(text);
    const std::string how = published(digest);
    if (how.empty() || seen(digest)) return;
    const solver::LayerList list = solver::decode_layer_list(text, path);
    lists_.push_back("the certificate " + fs::path(path).parent_path().string() + ": " + how);
    for (const solver::ListedLayer& l : list.layers) certified_[l.key] = {l.first_mover_wins, lists_.size() - 1};
    solver::BookValue root;
    root.winner = list.winner;
    root.source = path;
    root.trust = solver::Trust::proof(lists_.back());
    book_.add(parse_kfen(list.root_kfen), solver::AimKind::Match, root);
  }

  Prover& checker() {
    if (!prover_) prover_ = std::make_unique<Prover>(check_);
    return *prover_;
  }

  solver::Book& book_;
  const BookCheck& check_;
  std::set<std::uint64_t> digests_;
  std::vector<std::string> lists_;  // the published lists read, in words
  std::map<solver::RoundStartKey, Certified> certified_;
  std::unique_ptr<Prover> prover_;
};

}  // namespace

solver::Book load_book(const std::vector<std::string>& paths, const BookCheck& check) {
  solver::Book book;
  book.set_certificate_check(check_certificate);
  std::vector<fs::path> files;
  for (const std::string& path : paths)
    for (fs::path& f : files_of(path)) files.push_back(std::move(f));
  Loader(book, check).load(std::move(files));
  book.check_one_move_deeper();
  return book;
}

std::string default_book_folder() {
  std::error_code ec;
  return fs::is_directory(KAMISADO_REPORTS_DIR, ec) ? KAMISADO_REPORTS_DIR : "";
}

std::vector<std::string> book_paths(const std::vector<std::string>& given) {
  if (given.size() == 1 && given[0] == "none") return {};
  if (!given.empty()) return given;
  const std::string folder = default_book_folder();
  return folder.empty() ? std::vector<std::string>{} : std::vector<std::string>{folder};
}

std::string book_summary(const solver::Book& book) {
  const solver::Book::Counts c = book.counts();
  const std::string pending =
      c.entries_with_certificate ? ", " + std::to_string(c.entries_with_certificate) + " with a certificate, checked when first asked" : "";
  return std::to_string(c.entries) + " positions (" + std::to_string(c.entries_proved) + " proved" + pending + "), " +
         std::to_string(c.round_starts) + " round starts (" + std::to_string(c.round_starts_proved) + " proved), " + std::to_string(c.retro_tables) +
         " retrograde tables (" + std::to_string(c.retro_tables_proved) + " proved); the rest are claims, searched where an answer needs them";
}

}  // namespace kamisado::serve
