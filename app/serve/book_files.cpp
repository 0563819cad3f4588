#include "serve/book_files.h"

#include <algorithm>
#include <filesystem>

#include "kamisado/errors.h"
#include "kamisado/kfen.h"
#include "puzzles/store.h"
#include "solver/retro/retro_file.h"
#include "solver/starts/round_start_table.h"

namespace kamisado::serve {

namespace {

namespace fs = std::filesystem;

bool known_file(const fs::path& p) {
  const std::string ext = p.extension().string();
  return ext == ".book" || ext == ".starts" || ext == ".retro" || p.filename() == "puzzles.db";
}

void add_puzzles(solver::Book& book, const std::string& path) {
  const puzzles::Store store(path, puzzles::Store::Mode::ReadExisting);
  for (const puzzles::StoredPuzzle& p : store.all()) {
    try {
      const Position pos = parse_kfen(p.kfen);
      solver::BookValue v;
      v.winner = pos.side_to_move();
      if ((p.winner == "black") != (v.winner == Side::Black)) throw InputError("its winner is not the side to move");
      v.winner_moves = p.n;
      const std::vector<std::string> keys = puzzles::field_items(p.keys);
      if (keys.size() == 1) v.best = parse_move(pos, keys[0]);
      v.source = path + " (puzzle " + std::to_string(p.id) + ": " + puzzles::stipulation(p) + ")";
      book.add(pos, solver::AimKind::Round, v);
    } catch (const InputError& e) {
      throw InputError(path + ": puzzle " + std::to_string(p.id) + ": " + e.what());
    }
  }
}

void add_file(solver::Book& book, const fs::path& file) {
  const std::string path = file.string(), ext = file.extension().string();
  if (ext == ".book")
    for (const solver::BookEntry& e : solver::read_book_file(path)) book.add(e.pos, e.goal, e.value);
  else if (ext == ".starts")
    book.add_round_starts(solver::read_round_starts(path), path);
  else if (ext == ".retro")
    book.add_retro(solver::load_retro_table(path), path);
  else if (file.filename() == "puzzles.db")
    add_puzzles(book, path);
  else
    throw InputError(path + ": not a file the book reads (*.book, puzzles.db, *.starts, *.retro)");
}

}  // namespace

solver::Book load_book(const std::vector<std::string>& paths) {
  solver::Book book;
  for (const std::string& path : paths) {
    std::error_code ec;
    if (!fs::is_directory(path, ec)) {
      if (!fs::exists(path, ec)) throw InputError("book: '" + path + "' does not exist");
      add_file(book, path);
      continue;
    }
    std::vector<fs::path> files;
    for (auto it = fs::recursive_directory_iterator(path, fs::directory_options::skip_permission_denied, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec))
      if (it->is_regular_file() && known_file(it->path())) files.push_back(it->path());
    if (ec) throw InputError("book: cannot read the folder '" + path + "': " + ec.message());
    if (files.empty()) throw InputError("book: the folder '" + path + "' holds nothing the book reads (*.book, puzzles.db, *.starts, *.retro)");
    std::sort(files.begin(), files.end());
    for (const fs::path& f : files) add_file(book, f);
  }
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
  return std::to_string(book.entries()) + " positions, " + std::to_string(book.round_starts()) + " round starts, " +
         std::to_string(book.retro_tables()) + " retrograde tables";
}

}  // namespace kamisado::serve
