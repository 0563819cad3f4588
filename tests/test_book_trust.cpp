// What the fourth outside audit broke (issue 67): the book is a file too, and a file is a claim.
// Each source forged with a valid checksum (a book, a round-start table, a puzzle database, a
// retrograde table) gives no answer labelled proved that is false, through the engine's search
// (what `kamisado engine` answers `go` with) and the API (what the server routes to); each answer
// says where its value came from. Then the file-reading faults: a symbolic link that loops (6),
// sizes and headers checked before a file is read (7), contradictions refused when merged (8), one
// file read once under two names (10), and the server's stop (9, through the command line).
#include <gtest/gtest.h>

#include <sqlite3.h>
#include <sys/resource.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <xxhash.h>
#include <nlohmann/json.hpp>

#include "app/cli/app.h"
#include "app/serve/api.h"
#include "app/serve/book_files.h"
#include "app/serve/engine_search.h"
#include "puzzles/store.h"
#include "solver/analysis/book.h"
#include "solver/analysis/published.h"
#include "solver/retro/retro_build.h"
#include "solver/retro/retro_file.h"
#include "solver/starts/round_start.h"
#include "solver/starts/round_start_table.h"
#include "src/kamisado/errors.h"
#include "src/kamisado/kfen.h"
#include "src/kamisado/movegen.h"
#include "tests/helpers.h"

using namespace kamisado;
namespace fs = std::filesystem;

namespace {

const std::string kSetUp = "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -";
const std::string kAfterC1C4 = "obpkyrgn/8/8/8/2R5/8/8/NG1YKPBO g g";  // Gold to move: Black wins the round

using test::bytes_of;
using test::write_bytes;

fs::path fresh(const std::string& name) { return test::fresh_dir("book_trust", name); }

// A book's text with its end line made again for its entries, as a forger would.
std::string sealed(const std::string& body) {
  std::size_t entries = 0;
  std::istringstream lines(body);
  for (std::string line; std::getline(lines, line);) entries += line.find('\t') != std::string::npos;
  char sum[17];
  std::snprintf(sum, sizeof sum, "%016llx", static_cast<unsigned long long>(XXH64(body.data(), body.size(), 0)));
  return body + "end " + std::to_string(entries) + " " + sum + "\n";
}

std::string published_opening() { return bytes_of(fs::path(serve::default_book_folder()) / "opening.book"); }

// The published opening book with its entry that begins with `from` replaced by `to` (its best
// line too, which would no longer fit), sealed again.
std::string forged_opening(const std::string& from, const std::string& to) {
  std::string text = published_opening();
  text = text.substr(0, text.rfind("end "));
  const std::size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return sealed(text.replace(at, text.find('\n', at) - at, to));
}

// What `kamisado engine` answers `go` with: its info lines (without "info ") and the bestmove.
struct EngineAnswer {
  std::vector<std::string> info;
  conform::SearchAnswer answer;
  std::string strings() const {  // the info string lines, one text
    std::string all;
    for (const std::string& l : info)
      if (l.rfind("string ", 0) == 0) all += l + "\n";
    return all;
  }
};

EngineAnswer engine_go(const std::vector<std::string>& book, const std::string& kfen, const std::string& goal = "round", std::uint64_t nodes = 0) {
  serve::ProofSearcher searcher(64, book);
  conform::SearchRequest request;
  request.goal = goal;
  request.nodes = nodes;
  std::atomic<bool> stop{false};
  EngineAnswer e;
  e.answer = searcher.search(parse_kfen(kfen), request, stop, [&e](const std::string& line) { e.info.push_back(line); });
  return e;
}

nlohmann::json analyse(const std::vector<std::string>& book, const std::string& kfen, const std::string& ms = "60000",
                       const std::string& nodes = "0") {
  serve::ApiOptions o;
  o.hash_mb = 64;
  o.searches = 1;
  o.max_nodes = 50'000'000;
  o.book = book;
  serve::Api api(o);
  serve::Params p{{"kfen", kfen}, {"ms", ms}};
  if (nodes != "0") p["nodes"] = nodes;
  return nlohmann::json::parse(api.analyse(p, nullptr).body);
}

// A legal move of the position, by its index in the move list.
std::string legal_move(const std::string& kfen, std::size_t i) {
  MoveList moves;
  generate_moves(parse_kfen(kfen), moves);
  return to_string(moves[i]);
}

std::string puzzle_kfen(const std::string& db, std::int64_t id) {
  const puzzles::Store store(db, puzzles::Store::Mode::ReadExisting);
  for (const puzzles::StoredPuzzle& p : store.all())
    if (p.id == id) return p.kfen;
  return "";
}

std::string error_of(const std::function<void()>& f) { return test::input_error_of(f); }

}  // namespace

// 1. The published opening book is proved (its digest is known to this binary): the set-up is
// answered from it at once, saying so. Forged with the set-up's winner flipped and its checksum
// sealed again, it is no longer the published file, so a claim: and one that contradicts its own
// entries one move deeper, which refuses it whole.
TEST(ReadBack_Book, APublishedBookIsProvedAndAForgedCopyContradictsItself) {
  const EngineAnswer published = engine_go({fs::path(serve::default_book_folder()) / "opening.book"}, kSetUp);
  EXPECT_EQ(published.answer.value, "win");
  EXPECT_EQ(published.answer.best, "a1a5");
  EXPECT_NE(published.strings().find("proved: the project's published reports/opening.book, its digest known to this binary"), std::string::npos)
      << published.strings();
  const fs::path dir = fresh("opening");
  write_bytes(dir / "opening.book", forged_opening(kSetUp + "\tround\tblack\t17\t9\ta1a5", kSetUp + "\tround\tgold\t17\t9\ta1a5"));
  const std::string what = error_of([&] { serve::load_book({dir.string()}); });
  EXPECT_NE(what.find("the book contradicts itself"), std::string::npos) << what;
  EXPECT_NE(what.find("wins for Black"), std::string::npos) << what;
  // A changed distance, or a slower best move, contradicts the entries after it too.
  write_bytes(dir / "opening.book", forged_opening(kSetUp + "\tround\tblack\t17\t9\ta1a5", kSetUp + "\tround\tblack\t3\t2\ta1a5"));
  EXPECT_NE(error_of([&] { serve::load_book({dir.string()}); }).find("contradicts itself"), std::string::npos);
  write_bytes(dir / "opening.book", forged_opening(kSetUp + "\tround\tblack\t17\t9\ta1a5", kSetUp + "\tround\tblack\t17\t9\th1h2"));
  EXPECT_NE(error_of([&] { serve::load_book({dir.string()}); }).find("its best move h1h2"), std::string::npos);
}

// 1. A forged book that is consistent (the set-up alone, its winner flipped) is a claim: the engine
// names it in an info string and searches; the search's proof stands, and the engine says the
// file is wrong. The API does the same: the search's value, and the file it contradicts.
TEST(ReadBack_Book, AForgedBookIsAClaimTheSearchOverrules) {
  const fs::path dir = fresh("forged");
  const std::string book = (dir / "forged.book").string();
  write_bytes(book, sealed("kamisado book 1\nsource a forger\n" + kSetUp + "\tround\tgold\t17\t9\ta1a5\n"));
  const EngineAnswer e = engine_go({book}, kSetUp);
  EXPECT_EQ(e.answer.value, "win");
  EXPECT_EQ(e.answer.plies, 17);
  EXPECT_NE(e.strings().find(book + " (a forger) says loss in 17 plies, unchecked"), std::string::npos) << e.strings();
  EXPECT_NE(e.strings().find("the search proves win in 17 plies where " + book), std::string::npos) << e.strings();
  EXPECT_NE(e.strings().find("the file is wrong"), std::string::npos) << e.strings();
  const nlohmann::json a = analyse({book}, kSetUp);
  EXPECT_EQ(a["value"], "win");
  EXPECT_EQ(a["by"], "search");
  EXPECT_NE(a["conflict"].get<std::string>().find(book + " (a forger) says Gold wins in 17 plies, unchecked"), std::string::npos) << a;
  // Within too small an effort nothing is proved: the claim is shown beside "unknown", never as the value.
  const nlohmann::json small = analyse({book}, kSetUp, "1", "1");
  EXPECT_EQ(small["value"], "unknown");
  EXPECT_EQ(small["claim"]["value"], "loss");
  EXPECT_EQ(small["claim"]["checked"], false);
  EXPECT_EQ(small["sources"][small["claim"]["source"].get<std::string>()]["file"], book + " (a forger)");
  // --check-book proves a book on load, and refuses this one naming the entry.
  serve::BookCheck check;
  check.prove_claims = true;
  const std::string refused = error_of([&] { serve::load_book({book}, check); });
  EXPECT_NE(refused.find("the file is wrong: the search proves Black wins in 17 plies (--check-book)"), std::string::npos) << refused;
}

// 2. A round-start table with one value flipped and its checksum made again: a claim, searched.
// A published certificate's list proves the starts it lists, and a table that contradicts it is
// refused.
TEST(ReadBack_Book, AForgedRoundStartTableIsAClaim) {
  const fs::path dir = fresh("starts");
  solver::RoundStartTable table;
  table.add(solver::key_of(*solver::round_start_of(parse_kfen(kSetUp))), {false, 17, false, 0});  // "the side moving first loses": false
  write_bytes(dir / "forged.starts", solver::encode_round_starts(table));
  const std::string path = (dir / "forged.starts").string();
  const EngineAnswer e = engine_go({path}, kSetUp);
  EXPECT_EQ(e.answer.value, "win");
  EXPECT_NE(e.strings().find(path + " says loss in 17 plies, unchecked"), std::string::npos) << e.strings();
  EXPECT_NE(e.strings().find("the file is wrong"), std::string::npos) << e.strings();
  const nlohmann::json a = analyse({path}, kSetUp);
  EXPECT_EQ(a["value"], "win");
  EXPECT_NE(a["conflict"].get<std::string>().find(path + " says Gold wins in 17 plies, unchecked"), std::string::npos) << a;

  // The published 2-point certificate's list, with its table one value flipped (sealed again).
  const fs::path certificate = fs::path(serve::default_book_folder()) / "match" / "two-point.certificate";
  fs::create_directories(dir / "cert");
  fs::copy_file(certificate / "layers.txt", dir / "cert" / "layers.txt");
  solver::RoundStartTable two_point = solver::read_round_starts((certificate / "table.starts").string()), flipped;
  const solver::RoundStartKey first = two_point.entries().begin()->first;
  for (auto [key, value] : two_point.entries()) {
    if (key == first) value.first_mover_wins = !value.first_mover_wins;
    flipped.add(key, value);
  }
  write_bytes(dir / "cert" / "table.starts", solver::encode_round_starts(flipped));
  const std::string what = error_of([&] { serve::load_book({(dir / "cert").string()}); });
  EXPECT_NE(what.find("disagree on the round start " + first.hex()), std::string::npos) << what;
  // As published, the list proves the match from the set-up and the starts it lists.
  const solver::Book book = serve::load_book({certificate.string()});
  const auto root = book.find(parse_kfen(kSetUp + " 2:0-0"), solver::Aim::match());
  ASSERT_TRUE(root);
  EXPECT_TRUE(root->trust.proved);
  EXPECT_EQ(root->winner, Side::Black);
  EXPECT_GT(book.counts().round_starts_proved, 70000u);
  EXPECT_LT(book.counts().round_starts_proved, book.counts().round_starts);  // the table's other starts are claims
}

// 2. A puzzle collection edited with sqlite (no checksum at all): a puzzle whose certificate beside
// the collection no longer proves it is a claim; one whose certificate holds is proved by it.
TEST(ReadBack_Book, AnEditedPuzzleDatabaseIsAClaimWhereItsCertificateFails) {
  const fs::path dir = fresh("puzzles"), published = fs::path(serve::default_book_folder()) / "puzzles";
  fs::copy_file(published / "puzzles.db", dir / "puzzles.db");
  fs::create_directories(dir / "certificates");
  for (const char* id : {"3", "4"})
    fs::copy_file(published / "certificates" / (std::string(id) + ".proof"), dir / "certificates" / (std::string(id) + ".proof"));
  // Puzzle 4 made to say that Gold, to move in a lost position, wins with its first legal move.
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open((dir / "puzzles.db").c_str(), &db), SQLITE_OK);
  const std::string edit = "UPDATE puzzles SET kfen = '" + kAfterC1C4 + "', canonical = 'forged', winner = 'gold', keys = '" +
                           legal_move(kAfterC1C4, 0) + "' WHERE id = 4";
  ASSERT_EQ(sqlite3_exec(db, edit.c_str(), nullptr, nullptr, nullptr), SQLITE_OK);
  sqlite3_close(db);
  const std::string path = (dir / "puzzles.db").string();
  const EngineAnswer e = engine_go({path}, kAfterC1C4);
  EXPECT_EQ(e.answer.value, "loss");
  EXPECT_NE(e.strings().find("puzzle 4: Gold to move wins in "), std::string::npos) << e.strings();
  EXPECT_NE(e.strings().find("certificates/4.proof does not prove it: its root is another position"), std::string::npos) << e.strings();
  EXPECT_NE(e.strings().find("unchecked"), std::string::npos) << e.strings();
  EXPECT_NE(e.strings().find("the file is wrong"), std::string::npos) << e.strings();
  // The server: unknown with the claim beside it at a tiny effort, the search's loss and the
  // contradiction named at a larger one (the audit saw win at 200 ms, loss at 5 s, unflagged).
  const nlohmann::json small = analyse({path}, kAfterC1C4, "1", "1");
  EXPECT_EQ(small["value"], "unknown");
  EXPECT_EQ(small["claim"]["value"], "win");
  const nlohmann::json large = analyse({path}, kAfterC1C4);
  EXPECT_EQ(large["value"], "loss");
  EXPECT_NE(large["conflict"].get<std::string>().find("puzzle 4"), std::string::npos) << large;
  // Puzzle 3, untouched, is proved by its certificate.
  const solver::Book book = serve::load_book({path});
  const Position three = parse_kfen(puzzle_kfen(path, 3));
  const auto v = book.find(three, solver::Aim::round());
  ASSERT_TRUE(v);
  EXPECT_TRUE(v->trust.proved);
  EXPECT_NE(v->trust.checked_by.find("certificates/3.proof, checked by the rules"), std::string::npos) << v->trust.checked_by;
}

// 2. A retrograde table with every result flipped and its checksum sealed again: a claim that the
// search overrules; --check-book verifies a table on load and refuses this one.
TEST(ReadBack_Book, AForgedRetrogradeTableIsAClaimAndCheckBookRefusesIt) {
  const std::string root = "o2ky1gn/N3K2O/8/8/8/5r2/1bp5/1GRY1PB1 b Y";  // Black wins in 3 (test_retro.cpp's small root)
  const solver::RetroTable table = solver::build_retro_table(parse_kfen(root), {});
  std::vector<solver::RetroEntry> flipped = table.entries();
  for (solver::RetroEntry& e : flipped) e.bits.hi ^= std::uint64_t{1} << 48;  // the result's win bit
  const fs::path dir = fresh("retro");
  const std::string path = (dir / "forged.retro").string();
  write_bytes(path, solver::write_retro_table(solver::RetroTable(table.root_kfen(), table.root(), flipped)));
  const nlohmann::json a = analyse({path}, root);
  EXPECT_EQ(a["value"], "win");
  EXPECT_EQ(a["by"], "search");
  EXPECT_NE(a["conflict"].get<std::string>().find(path + " says Gold wins in 3 plies, unchecked"), std::string::npos) << a;
  const EngineAnswer e = engine_go({path}, root);
  EXPECT_EQ(e.answer.value, "win");
  EXPECT_NE(e.strings().find("the file is wrong"), std::string::npos) << e.strings();
  serve::BookCheck check;
  check.prove_claims = true;
  EXPECT_NE(error_of([&] { serve::load_book({path}, check); }).find(path + ": the table is wrong"), std::string::npos);
}

// 6. A symbolic link that loops, in a book folder: one line naming it, through the command line.
TEST(ReadBack_Book, ALinkThatLoopsIsNamedInOneLine) {
  const fs::path dir = fresh("loop");
  fs::create_symlink("loop.book", dir / "loop.book");
  std::ostringstream out, err;
  const int code = cli::run_cli({"serve", "--book", dir.string(), "--port", "0"}, out, err);
  EXPECT_EQ(code, cli::kBadInput);
  EXPECT_NE(err.str().find((dir / "loop.book").string()), std::string::npos) << err.str();
  EXPECT_NE(err.str().find("symbolic links"), std::string::npos) << err.str();
  EXPECT_EQ(err.str().find('\n'), err.str().size() - 1) << err.str();
}

// 7. A file's header and size are checked before it is read: a sparse file of a size its format
// allows (2 GB for a retrograde table, 900 MB for a round-start table) that is no table costs its
// head, not its size in memory (the child's peak resident memory says so).
TEST(ReadBack_Book, AFilesHeadIsCheckedBeforeItIsRead) {
  const fs::path dir = fresh("sparse");
  for (const auto& [name, mb] : {std::pair{"big.retro", 2048}, std::pair{"big.starts", 900}}) {
    const fs::path p = dir / name;
    write_bytes(p, "not a table");
    fs::resize_file(p, std::uintmax_t(mb) << 20);
    auto read_it = [&] {
      const std::string what = error_of([&] { serve::load_book({p.string()}); });
      rusage use{};
      getrusage(RUSAGE_SELF, &use);
      std::fprintf(stderr, "%s; peak %ld MB\n", what.c_str(), use.ru_maxrss / 1024);
      std::fflush(stderr);
      std::_Exit(what.find("not a") != std::string::npos && use.ru_maxrss < 512 * 1024 ? 0 : 1);
    };
    EXPECT_EXIT(read_it(), ::testing::ExitedWithCode(0), "not a");
  }
  // A book is bounded by its format: a 100 MB one is refused by its size, unread.
  const fs::path book = dir / "big.book";
  write_bytes(book, "kamisado book 1\n");
  fs::resize_file(book, std::uintmax_t{100} << 20);
  EXPECT_NE(error_of([&] { serve::load_book({book.string()}); }).find("more than the 67108864"), std::string::npos);
}

// 8. Merging: two sources that differ on the best move are refused, as on the winner or distance;
// a winner's count of moves that cannot fit in the plies, and a match goal on a single round, are
// refused when read.
TEST(ReadBack_Book, ContradictionsAreRefusedWhenMerged) {
  const fs::path dir = fresh("merge");
  const std::string line = kAfterC1C4 + "\tround\tblack\t-\t-\t";
  write_bytes(dir / "a.book", sealed("kamisado book 1\nsource one\n" + line + legal_move(kAfterC1C4, 0) + "\n"));
  write_bytes(dir / "b.book", sealed("kamisado book 1\nsource two\n" + line + legal_move(kAfterC1C4, 1) + "\n"));
  EXPECT_NE(error_of([&] { serve::load_book({dir.string()}); }).find("disagree on " + kAfterC1C4), std::string::npos);
  write_bytes(dir / "b.book", sealed("kamisado book 1\nsource two\n" + kSetUp + "\tround\tblack\t17\t10000\ta1a5\n"));
  EXPECT_NE(error_of([&] { serve::load_book({(dir / "b.book").string()}); }).find("moves do not fit in 17 plies"), std::string::npos);
  write_bytes(dir / "b.book", sealed("kamisado book 1\nsource two\n" + kSetUp + "\tmatch\tblack\t-\t-\t-\n"));
  EXPECT_NE(error_of([&] { serve::load_book({(dir / "b.book").string()}); }).find("a match goal for a single round"), std::string::npos);
}

// 10. The default book reads the 2-point table once, though it is there under two names (the
// certificate's copy): it counts the distinct round starts.
TEST(ReadBack_Book, OneFileUnderTwoNamesIsReadOnce) {
  const solver::Book book = serve::load_book(serve::book_paths({}));
  const solver::RoundStartTable table = solver::read_round_starts(serve::default_book_folder() + "/match/two-point.starts");
  EXPECT_EQ(book.counts().round_starts, table.size());
  EXPECT_EQ(book.counts().entries_proved, book.counts().entries - book.counts().entries_with_certificate);
}

// The binary knows the published files by digest: each is in reports/ with that digest. A file
// regenerated on purpose needs its new digest in solver/analysis/published.cpp, or its answers
// become claims; this fails until it has one.
// One kept out of the repository is not in reports/, and the report that gives its figures
// gives the command that makes it.
TEST(Book_Published, TheCommittedFilesAreTheOnesTheBinaryKnows) {
  for (const solver::PublishedFile& f : solver::published_files()) {
    const fs::path p = fs::path(serve::default_book_folder()) / f.name;
    if (f.made_by) {
      EXPECT_FALSE(fs::exists(p)) << p << " is committed: publish it by its bytes";
      EXPECT_NE(bytes_of(fs::path(serve::default_book_folder()) / "retrograde.md").find(f.made_by), std::string::npos) << f.made_by;
      continue;
    }
    ASSERT_TRUE(fs::exists(p)) << p;
    EXPECT_EQ(solver::file_digest(bytes_of(p)), f.digest) << p << ": put its digest into solver/analysis/published.cpp";
  }
}
