#include "puzzles/store.h"

#include <algorithm>
#include <charconv>
#include <memory>
#include <sstream>

#include <fmt/format.h>
#include <sqlite3.h>

#include "src/kamisado/kfen.h"

namespace kamisado::puzzles {

namespace {

std::string joined(const std::vector<std::string>& items) {
  std::string out;
  for (const std::string& s : items) out += (out.empty() ? "" : " ") + s;
  return out;
}

bool valid_utf8(const std::string& s) {
  for (std::size_t i = 0; i < s.size();) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    const int extra = c < 0x80 ? 0 : (c >> 5) == 0x6 ? 1 : (c >> 4) == 0xE ? 2 : (c >> 3) == 0x1E ? 3 : -1;
    if (extra < 0 || (extra > 0 && i + std::size_t(extra) >= s.size())) return false;
    for (int k = 1; k <= extra; ++k)
      if ((static_cast<unsigned char>(s[i + std::size_t(k)]) >> 6) != 0x2) return false;
    i += std::size_t(extra) + 1;
  }
  return true;
}

struct Statement {
  sqlite3_stmt* stmt = nullptr;
  ~Statement() { sqlite3_finalize(stmt); }
};

}  // namespace

std::string stipulation(const StoredPuzzle& p) {
  return fmt::format("{} to move wins in {}", p.winner == side_id(Side::Black) ? side_name(Side::Black) : side_name(Side::Gold), p.n);
}

std::vector<std::pair<std::string, int>> slower_wins(const StoredPuzzle& p) {
  std::vector<std::pair<std::string, int>> out;
  for (const std::string& item : field_items(p.slower)) {
    const auto colon = item.find(':');
    int n = 0;
    const char* digits = colon == std::string::npos ? item.data() + item.size() : item.data() + colon + 1;
    auto [end, error] = std::from_chars(digits, item.data() + item.size(), n);
    if (colon == std::string::npos || error != std::errc() || end != item.data() + item.size())
      throw StoreError(fmt::format("puzzle {}: slower win '{}' is not move:n", p.id, item));
    out.emplace_back(item.substr(0, colon), n);
  }
  return out;
}

std::vector<std::string> field_items(const std::string& field) {
  std::vector<std::string> out;
  std::istringstream in(field);
  for (std::string item; in >> item;) out.push_back(item);
  return out;
}

Store::Store(const std::string& path, Mode mode) : path_(path) {
  const int flags = mode == Mode::Create ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE : SQLITE_OPEN_READONLY;
  if (sqlite3_open_v2(path.c_str(), &db_, flags, nullptr) != SQLITE_OK) {
    std::string why = db_ ? sqlite3_errmsg(db_) : "out of memory";
    sqlite3_close(db_);
    db_ = nullptr;
    throw StoreError("cannot open puzzle collection '" + path + "': " + why);
  }
  try {
    if (mode == Mode::Create) create_schema();
    Statement s;
    if (sqlite3_prepare_v2(db_, "SELECT value FROM meta WHERE key = 'schema'", -1, &s.stmt, nullptr) != SQLITE_OK)
      throw StoreError("'" + path + "' is not a puzzle collection (" + sqlite3_errmsg(db_) + ")");
    const int step = sqlite3_step(s.stmt);
    const unsigned char* schema = step == SQLITE_ROW ? sqlite3_column_text(s.stmt, 0) : nullptr;
    if (step != SQLITE_ROW && step != SQLITE_DONE) throw StoreError("puzzle collection '" + path + "' is damaged: " + sqlite3_errmsg(db_));
    const std::string version = schema ? reinterpret_cast<const char*>(schema) : "";
    if (version != "1" && version != "2") throw StoreError("'" + path + "' is a puzzle collection of another schema version, or none");
    schema_ = version[0] - '0';
    if (schema_ == 1 && mode == Mode::Create) {  // version 1 had no proof_size: measured at the next publish
      exec("BEGIN");
      exec("ALTER TABLE puzzles ADD COLUMN proof_size INTEGER NOT NULL DEFAULT 0");
      exec("UPDATE meta SET value = '2' WHERE key = 'schema'");
      exec("COMMIT");
      schema_ = 2;
    }
  } catch (...) {
    sqlite3_close(db_);
    db_ = nullptr;
    throw;
  }
}

void Store::create_schema() {
  // Only a new database gets the schema: one that holds tables must already be a collection
  // (checked by the caller), so another program's file is refused before anything is added to it.
  // One transaction, so that a failure adds nothing either.
  Statement s;
  if (sqlite3_prepare_v2(db_, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name", -1, &s.stmt, nullptr) != SQLITE_OK)
    throw StoreError("'" + path_ + "' is not a puzzle collection (" + sqlite3_errmsg(db_) + ")");
  std::vector<std::string> tables;
  for (int step; (step = sqlite3_step(s.stmt)) != SQLITE_DONE;) {
    if (step != SQLITE_ROW) throw StoreError("'" + path_ + "' is not a puzzle collection (" + sqlite3_errmsg(db_) + ")");
    tables.emplace_back(reinterpret_cast<const char*>(sqlite3_column_text(s.stmt, 0)));
  }
  if (!tables.empty()) {
    const bool ours =
        std::find(tables.begin(), tables.end(), "meta") != tables.end() && std::find(tables.begin(), tables.end(), "puzzles") != tables.end();
    if (!ours)
      throw StoreError("'" + path_ + "' is another program's database (tables: " + joined(tables) +
                       "), not a puzzle collection; nothing was added to it");
    return;
  }
  exec("BEGIN");
  exec("CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT)");
  exec("INSERT OR IGNORE INTO meta VALUES('schema', '2')");
  exec(
      "CREATE TABLE IF NOT EXISTS puzzles(id INTEGER PRIMARY KEY, canonical TEXT NOT NULL UNIQUE, kfen TEXT NOT NULL,"
      " kind TEXT NOT NULL, winner TEXT NOT NULL, n INTEGER NOT NULL, keys TEXT NOT NULL, main_line TEXT NOT NULL,"
      " in_time TEXT NOT NULL, dual_turns INTEGER NOT NULL, slower TEXT NOT NULL, legal_moves INTEGER NOT NULL,"
      " tempting INTEGER NOT NULL, nodes INTEGER NOT NULL, themes TEXT NOT NULL, difficulty REAL NOT NULL,"
      " source TEXT NOT NULL, prefix TEXT NOT NULL, proof_size INTEGER NOT NULL DEFAULT 0)");
  exec("COMMIT");
}

Store::~Store() { sqlite3_close(db_); }

void Store::exec(const std::string& sql) const {
  char* error = nullptr;
  if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &error) != SQLITE_OK) {
    std::string why = error ? error : "unknown error";
    sqlite3_free(error);
    throw StoreError("puzzle collection '" + path_ + "': " + why);
  }
}

bool Store::add(const Puzzle& p) {
  const KeyAnalysis& a = p.analysis;
  std::vector<std::string> keys, line, in_time, slower;
  for (Move m : a.keys) keys.push_back(to_string(m));
  for (const LineStep& s : a.main_line) {
    line.push_back(to_string(s.move));
    if (s.by_winner) in_time.push_back(std::to_string(s.moves_that_win));
  }
  for (const SlowerWin& s : a.slower) slower.push_back(to_string(s.move) + ":" + std::to_string(s.n));
  Statement s;
  if (sqlite3_prepare_v2(db_,
                         "INSERT OR IGNORE INTO puzzles(canonical, kfen, kind, winner, n, keys, main_line, in_time,"
                         " dual_turns, slower, legal_moves, tempting, nodes, themes, difficulty, source, prefix, proof_size)"
                         " VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                         -1, &s.stmt, nullptr) != SQLITE_OK)
    throw StoreError("puzzle collection '" + path_ + "': " + sqlite3_errmsg(db_));
  const std::string texts[] = {p.canonical, p.kfen, p.kind, side_id(a.winner)};
  for (int i = 0; i < 4; ++i) sqlite3_bind_text(s.stmt, i + 1, texts[i].c_str(), -1, SQLITE_TRANSIENT);
  sqlite3_bind_int(s.stmt, 5, a.n);
  const std::string more[] = {joined(keys), joined(line), joined(in_time)};
  for (int i = 0; i < 3; ++i) sqlite3_bind_text(s.stmt, 6 + i, more[i].c_str(), -1, SQLITE_TRANSIENT);
  sqlite3_bind_int(s.stmt, 9, a.dual_turns());
  const std::string slow = joined(slower), themes = joined(p.themes), prefix = joined(p.prefix);
  sqlite3_bind_text(s.stmt, 10, slow.c_str(), -1, SQLITE_TRANSIENT);
  sqlite3_bind_int(s.stmt, 11, p.legal_moves);
  sqlite3_bind_int(s.stmt, 12, p.tempting);
  sqlite3_bind_int64(s.stmt, 13, std::int64_t(a.nodes));
  sqlite3_bind_text(s.stmt, 14, themes.c_str(), -1, SQLITE_TRANSIENT);
  sqlite3_bind_double(s.stmt, 15, p.difficulty);
  sqlite3_bind_text(s.stmt, 16, p.source.c_str(), -1, SQLITE_TRANSIENT);
  sqlite3_bind_text(s.stmt, 17, prefix.c_str(), -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64(s.stmt, 18, std::int64_t(p.proof_size));
  if (sqlite3_step(s.stmt) != SQLITE_DONE) throw StoreError("puzzle collection '" + path_ + "': " + sqlite3_errmsg(db_));
  return sqlite3_changes(db_) == 1;
}

void Store::rate(std::int64_t id, int tempting, std::size_t proof_size, double difficulty) {
  Statement s;
  if (sqlite3_prepare_v2(db_, "UPDATE puzzles SET tempting = ?1, difficulty = ?2, proof_size = ?3 WHERE id = ?4", -1, &s.stmt, nullptr) != SQLITE_OK)
    throw StoreError("puzzle collection '" + path_ + "': " + sqlite3_errmsg(db_));
  sqlite3_bind_int(s.stmt, 1, tempting);
  sqlite3_bind_double(s.stmt, 2, difficulty);
  sqlite3_bind_int64(s.stmt, 3, std::int64_t(proof_size));
  sqlite3_bind_int64(s.stmt, 4, id);
  if (sqlite3_step(s.stmt) != SQLITE_DONE) throw StoreError("puzzle collection '" + path_ + "': " + sqlite3_errmsg(db_));
}

std::int64_t Store::count() const {
  Statement s;
  sqlite3_prepare_v2(db_, "SELECT COUNT(*) FROM puzzles", -1, &s.stmt, nullptr);
  if (!s.stmt || sqlite3_step(s.stmt) != SQLITE_ROW) throw StoreError("puzzle collection '" + path_ + "': " + sqlite3_errmsg(db_));
  return sqlite3_column_int64(s.stmt, 0);
}

std::vector<StoredPuzzle> Store::all() const {
  Statement s;
  const std::string sql = std::string(
                              "SELECT id, canonical, kfen, kind, winner, keys, main_line, in_time, slower, themes, source, prefix,"
                              " n, dual_turns, legal_moves, tempting, nodes, difficulty, ") +
                          (schema_ == 1 ? "0" : "proof_size") + " FROM puzzles ORDER BY n, difficulty, id";
  if (sqlite3_prepare_v2(db_, sql.c_str(), -1, &s.stmt, nullptr) != SQLITE_OK)
    throw StoreError("puzzle collection '" + path_ + "': " + sqlite3_errmsg(db_));
  std::vector<StoredPuzzle> out;
  auto text = [&](int c) {
    const unsigned char* t = sqlite3_column_text(s.stmt, c);
    std::string v = t ? std::string(reinterpret_cast<const char*>(t)) : std::string();
    if (!valid_utf8(v))
      throw StoreError(fmt::format("puzzle collection '{}' is damaged: puzzle {}, column {}, is not UTF-8 text", path_,
                                   sqlite3_column_int64(s.stmt, 0), sqlite3_column_name(s.stmt, c)));
    return v;
  };
  int step;
  while ((step = sqlite3_step(s.stmt)) == SQLITE_ROW) {
    StoredPuzzle p;
    p.id = sqlite3_column_int64(s.stmt, 0);
    p.canonical = text(1), p.kfen = text(2), p.kind = text(3), p.winner = text(4), p.keys = text(5);
    p.main_line = text(6), p.in_time = text(7), p.slower = text(8), p.themes = text(9), p.source = text(10);
    p.prefix = text(11);
    p.n = sqlite3_column_int(s.stmt, 12), p.dual_turns = sqlite3_column_int(s.stmt, 13);
    p.legal_moves = sqlite3_column_int(s.stmt, 14), p.tempting = sqlite3_column_int(s.stmt, 15);
    p.nodes = sqlite3_column_int64(s.stmt, 16), p.difficulty = sqlite3_column_double(s.stmt, 17);
    p.proof_size = sqlite3_column_int64(s.stmt, 18);
    out.push_back(std::move(p));
  }
  if (step != SQLITE_DONE) throw StoreError("puzzle collection '" + path_ + "' is damaged: " + sqlite3_errmsg(db_));
  return out;
}

}  // namespace kamisado::puzzles
