// The book of what is proved (solver/analysis/book.h, serve/book_files.h; issue 45): its file
// read back only when whole and sound, sources that disagree refused, the committed opening's
// values agreeing with the solver's, and an analysis answered from it.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include <xxhash.h>

#include "app/serve/book_files.h"
#include "solver/analysis/analysis.h"
#include "solver/analysis/book.h"
#include "solver/search/solve.h"
#include "solver/starts/round_start.h"
#include "src/kamisado/errors.h"
#include "src/kamisado/kfen.h"
#include "src/kamisado/movegen.h"
#include "tests/helpers.h"

using namespace kamisado;
using namespace kamisado::solver;

namespace {

namespace fs = std::filesystem;

const std::string kAfterC1C4 = "obpkyrgn/8/8/8/2R5/8/8/NG1YKPBO g g";

fs::path scratch(const std::string& name) { return test::fresh_dir("book", name); }

std::string write(const fs::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
  return path.string();
}

BookEntry entry(std::string_view kfen, Side winner, std::optional<int> plies, const std::string& best) {
  const Position pos = parse_kfen(kfen);
  BookValue v;
  v.winner = winner, v.plies = plies;
  if (!best.empty()) v.best = parse_move(pos, best);
  return {pos, AimKind::Round, v};
}

// The committed book of the opening (kamisado opening --book reports/opening.book).
std::string opening_book_file() { return (fs::path(serve::default_book_folder()) / "opening.book").string(); }

// The checksum of a book's text before its end line (book.h's format), to forge sound files.
std::string hex_checksum(const std::string& body) {
  char out[17];
  std::snprintf(out, sizeof out, "%016llx", static_cast<unsigned long long>(XXH64(body.data(), body.size(), 0)));
  return out;
}

std::string error_of(const std::function<void()>& f) { return test::input_error_of(f); }

}  // namespace

TEST(Book_File, WrittenAndReadBackTheSame) {
  const std::vector<BookEntry> entries = {entry(kStartKfen, Side::Black, 17, "b1b7"), entry(kAfterC1C4, Side::Black, 20, "")};
  const std::string path = write(scratch("round_trip") / "two.book", encode_book(entries, "a test"));
  const std::vector<BookEntry> back = read_book_file(path);
  ASSERT_EQ(back.size(), 2u);
  for (std::size_t i = 0; i < 2; ++i) {
    EXPECT_EQ(to_kfen(back[i].pos), to_kfen(entries[i].pos));
    EXPECT_EQ(back[i].value.winner, entries[i].value.winner);
    EXPECT_EQ(back[i].value.plies, entries[i].value.plies);
    EXPECT_EQ(back[i].value.best, entries[i].value.best);
    EXPECT_EQ(back[i].value.source, path + " (a test)");
  }
}

// Nothing read back is trusted unchecked: each damage named by file and line, never a guess.
TEST(Book_File, ADamagedBookIsRefusedByLine) {
  const fs::path dir = scratch("damaged");
  const std::string good = encode_book({entry(kStartKfen, Side::Black, 17, "b1b7")}, "a test");
  const auto refused = [&](const std::string& text, const std::string& expected) {
    const std::string path = write(dir / "bad.book", text);
    const std::string what = error_of([&] { read_book_file(path); });
    EXPECT_NE(what.find(expected), std::string::npos) << what;
    EXPECT_NE(what.find(path), std::string::npos) << what;
  };
  std::string flipped = good;
  flipped[flipped.find("black")] = 'B';  // one byte changed: the checksum
  refused(flipped, ":4: damaged (its checksum");
  refused(good.substr(0, good.rfind("end ")), "truncated (no end line)");
  refused(good.substr(0, good.size() - 1), "truncated");
  refused(good + "more\n", ":5: text after the end line");
  // Each entry checked, in a file whose checksum is right (so made on purpose, or by a bug).
  const auto sealed = [](const std::string& body) { return body + "end 1 " + hex_checksum(body) + "\n"; };
  refused(sealed("kamisado book 3\nsource a test\n"), ":1: not a book");
  const auto with_entry = [&sealed](const std::string& line) { return sealed("kamisado book 1\nsource a test\n" + line + "\n"); };
  refused(with_entry(std::string(kStartKfen) + "\tround\tblack\t17\t9\ta1a8"), ":3: ");                          // not a legal move
  refused(with_entry(std::string(kStartKfen) + "\tround\tblack\t17\t9"), "6 fields");                            // a field missing
  refused(with_entry(std::string(kStartKfen) + "\tring\tblack\t17\t9\t-"), "goal 'ring'");                       // not a question it holds
  refused(with_entry(std::string(kStartKfen) + "\tround\tblack\t0\t9\t-"), "plies '0'");                         // no distance of 0
  refused(with_entry(std::string(kStartKfen) + "\tround\tblack\t1\t1\tb1b7"), "a win in 1 ply that no move");    // M7: b1b7 wins nothing
  refused(with_entry("obpkyrgn/8/8/8/8/8/8/NGRYKPBO x -\tround\tblack\t17\t9\t-"), ":3: ");                      // a bad KFEN
  refused(with_entry(std::string(kStartKfen) + "\tround\tblack\t17\t9\ta1a5\ta1a5"), "version 1 has 6 fields");  // no best line in version 1

  // Version 2's best line (issue 71): legal moves from the position, the best first, as many as
  // the plies, ending with the winner's win. A small root Black wins in 3 (test_retro.cpp's).
  const std::string root = "o2ky1gn/N3K2O/8/8/8/5r2/1bp5/1GRY1PB1 b Y";
  std::vector<std::string> line;
  TranspositionTable table(16);
  SolveLimits limits;
  limits.hash_mb = 0;
  for (Position p = parse_kfen(root); !round_winner(p); p = p.after(*solve(p, limits, table).best))
    line.push_back(to_string(*solve(p, limits, table).best));
  ASSERT_EQ(line.size(), 3u);
  const auto joined = [](const std::vector<std::string>& moves) {
    std::string out;
    for (const std::string& m : moves) out += (out.empty() ? "" : " ") + m;
    return out;
  };
  const auto with_line = [&](const std::string& plies, const std::string& best, const std::string& moves) {
    return sealed("kamisado book 2\nsource a test\n" + root + "\tround\tblack\t" + plies + "\t2\t" + best + "\t" + moves + "\n");
  };
  const std::string path = (scratch("lines") / "lined.book").string();
  write(path, with_line("3", line[0], joined(line)));
  const std::vector<BookEntry> read = read_book_file(path);
  ASSERT_EQ(read.size(), 1u);
  EXPECT_EQ(read[0].value.line.size(), 3u);
  EXPECT_EQ(decode_book(encode_book(read, "a test"), "again")[0].value.line, read[0].value.line);  // written as read
  MoveList legal;
  generate_moves(parse_kfen(root), legal);
  const std::string other = to_string(legal[0]) == line[0] ? to_string(legal[1]) : to_string(legal[0]);
  refused(with_line("3", other, joined(line)), "does not begin with the best move");
  refused(with_line("3", line[0], joined({line[0], line[1]})), "has 2 moves, not the entry's 3 plies");
  refused(with_line("-", line[0], joined({line[0], line[1]})), "does not end with the winner's win");
  refused(with_line("3", line[0], joined({line[0], line[1], line[2], line[2]})), "goes on after the round is won");
  refused(with_line("3", line[0], joined({line[0], line[0], line[2]})), ":3: ");  // not legal there
  refused(with_line("3", line[0], ""), ":3: ");                                   // an empty line
}

// Two sources that disagree: one of them is wrong, and the book does not choose.
TEST(Book, SourcesThatDisagreeAreRefused) {
  const fs::path dir = scratch("disagree");
  write(dir / "a.book", encode_book({entry(kAfterC1C4, Side::Black, 20, "")}, "one run"));
  write(dir / "b.book", encode_book({entry(kAfterC1C4, Side::Gold, 20, "")}, "another"));
  const std::string what = error_of([&] { serve::load_book({dir.string()}); });
  EXPECT_NE(what.find("disagree"), std::string::npos) << what;
  // The same value twice, one with more of it, is one entry with all of it.
  MoveList legal;
  generate_moves(parse_kfen(kAfterC1C4), legal);
  const std::string some_move = to_string(legal[0]);
  write(dir / "b.book", encode_book({entry(kAfterC1C4, Side::Black, std::nullopt, some_move)}, "another"));
  const Book book = serve::load_book({dir.string()});
  EXPECT_EQ(book.counts().entries, 1u);
  const auto v = book.find(parse_kfen(kAfterC1C4), Aim::round());
  ASSERT_TRUE(v);
  EXPECT_EQ(v->plies, 20);
  EXPECT_EQ(v->best, legal[0]);
  EXPECT_FALSE(book.find(parse_kfen(kAfterC1C4), Aim::match()));  // a round's value is not the match's
  EXPECT_NE(error_of([&] { serve::load_book({scratch("empty").string()}); }).find("holds nothing the book reads"), std::string::npos);
}

// Two sources of one value are one with all of both (Book::add), its best line too (issue 71).
TEST(Book, TwoSourcesOfOneValueGiveItsBestLine) {
  const BookEntry start = read_book_file(opening_book_file()).front();
  ASSERT_EQ(start.value.line.size(), 17u);
  BookValue bare = start.value;
  bare.best.reset();
  bare.line.clear();
  Book book;
  book.add(start.pos, start.goal, bare);
  book.add(start.pos, start.goal, start.value);
  const std::optional<BookValue> v = book.find(start.pos, Aim::round());
  ASSERT_TRUE(v);
  EXPECT_EQ(v->best, start.value.best);
  EXPECT_EQ(v->line, start.value.line);
}

// The committed opening book says what the solver proves: each entry's winner and exact
// distance, and a best move that keeps that distance (the opening's own checked proofs made it):
// the start and the 102 first moves, every tenth of the positions after Gold's replies and every
// 250th of those after Black's second moves (44 of them).
TEST(Book, TheCommittedOpeningAgreesWithTheSolver) {
  const std::vector<BookEntry> entries = read_book_file(opening_book_file());
  TranspositionTable table(64);
  SolveLimits limits;
  limits.hash_mb = 0;
  ASSERT_GT(entries.size(), 12000u);  // and the positions after Black's second moves (issue 71)
  for (std::size_t i = 0; i < entries.size(); i += i < 103 ? 1 : i < 1253 ? 10 : 250) {
    const BookEntry& e = entries[i];
    const SolveResult r = solve(e.pos, limits, table, true, Aim::round());
    ASSERT_NE(r.value, Value::Unknown);
    EXPECT_EQ(winner(r, e.pos), e.value.winner) << to_kfen(e.pos);
    ASSERT_TRUE(r.distance_known);
    EXPECT_EQ(int(r.plies), e.value.plies) << to_kfen(e.pos);
    EXPECT_EQ(int(r.winner_moves), e.value.winner_moves) << to_kfen(e.pos);
    ASSERT_TRUE(e.value.best);
    EXPECT_EQ(e.value.line.size(), std::size_t(*e.value.plies)) << to_kfen(e.pos);  // its best line whole (issue 71)
    const Position child = e.pos.after(*e.value.best);
    if (*e.value.plies == 1) continue;
    const SolveResult after = solve(child, limits, table, true, Aim::round());
    EXPECT_EQ(winner(after, child), e.value.winner) << to_kfen(e.pos);
    EXPECT_EQ(int(after.plies) + 1, e.value.plies) << to_kfen(e.pos);
  }
}

// From the set-up, all 102 first moves with their proved values at once: no search of any of them.
TEST(Book, TheSetUpIsAnalysedFromTheBook) {
  const Book book = serve::load_book({opening_book_file()});
  TranspositionTable table(16);
  AnalysisLimits limits;
  limits.nodes = 1;  // a search could prove nothing: every value must come from the book
  const Analysis a = analyse(Position::initial(), Aim::round(), limits, table, &book);
  EXPECT_EQ(a.by, "book");
  EXPECT_EQ(a.value, Value::Win);
  EXPECT_EQ(a.plies, 17);
  ASSERT_EQ(a.moves.size(), 102u);
  int wins = 0;
  for (const MoveValue& m : a.moves) {
    EXPECT_EQ(m.by, "book");
    EXPECT_TRUE(m.distance_known);
    EXPECT_NE(m.source.find("opening.book (kamisado opening"), std::string::npos) << m.source;
    wins += m.value == Value::Win;
  }
  EXPECT_EQ(wins, 16);  // reports/opening.md: 16 first moves keep Black's win
  EXPECT_TRUE(a.complete());
}

// A puzzle collection's positions: the side to move wins its round in the puzzle's n moves with
// the key, as the solver finds (a sample of the committed collection).
TEST(Book, APuzzleCollectionsPositionsAreInTheBook) {
  const fs::path db = fs::path(serve::default_book_folder()) / "puzzles" / "puzzles.db";
  const Book book = serve::load_book({db.string()});
  EXPECT_GT(book.counts().entries, 400u);
  // Gold to move wins in 1 (puzzle 4 of the collection, its key a3c1).
  const Position pos = parse_kfen("1b2y1g1/1p4r1/2RB1P2/6k1/4O3/o7/N6n/1G1YK3 g o");
  const auto v = book.find(pos, Aim::round());
  ASSERT_TRUE(v);
  EXPECT_EQ(v->winner, Side::Gold);
  EXPECT_EQ(v->best, parse_move(pos, "a3c1"));
  EXPECT_TRUE(v->trust.proved);  // by its certificate, checked as it was asked for
  EXPECT_NE(v->trust.checked_by.find("certificates/4.proof"), std::string::npos) << v->trust.checked_by;
  EXPECT_EQ(round_winner(pos.after(*v->best)), Side::Gold);
  EXPECT_NE(v->source.find("puzzle 4: Gold to move wins in 1"), std::string::npos) << v->source;
}

// A round-start table's start is found under its class (B3): the start and its mirror image.
TEST(Book, ARoundStartIsFoundUnderItsClass) {
  const Position start = parse_kfen("obpkyrgn/8/8/8/8/8/8/GNRYKPBO b - 3:0-0");  // a regrouped start: not its own mirror image
  const std::optional<RoundStart> s = round_start_of(start);
  ASSERT_TRUE(s);
  RoundStartTable table;
  table.add(key_of(*s), {false, 31, false, 0});  // the side moving first loses (a made-up value, for the look-up)
  Book book;
  book.add_round_starts(table, "a test table", Trust::proof("made up for the test"));
  for (const Position& p : {start, start.mirrored()}) {
    const auto v = book.find(p, Aim::match());
    ASSERT_TRUE(v) << to_kfen(p);
    EXPECT_EQ(v->winner, ~p.side_to_move());
    EXPECT_EQ(v->plies, 31);
    EXPECT_EQ(v->source, "a test table");
  }
  EXPECT_FALSE(book.find(start, Aim::round()));  // the match's value, not the round's
  // A census class (target 0) answers who wins a single round from its starts.
  const Position single = parse_kfen("obpkyrgn/8/8/8/8/8/8/GNRYKPBO b -");
  RoundStartTable census;
  census.add(key_of(*round_start_of(single)), {true, std::nullopt, false, 0});
  book.add_round_starts(census, "a census", Trust::claim());
  for (const Position& p : {single, single.mirrored()}) {
    const auto v = book.find(p, Aim::round());
    ASSERT_TRUE(v) << to_kfen(p);
    EXPECT_EQ(v->winner, p.side_to_move());
    EXPECT_FALSE(v->plies);
  }
  RoundStartTable other;
  other.add(key_of(*s), {true, 31, false, 0});
  EXPECT_NE(error_of([&] { book.add_round_starts(other, "another table", Trust::claim()); }).find("disagree on the round start"), std::string::npos);
}

// What the book holds whole needs no search and no table: the set-up, with its best line whole
// (the book's best lines, issue 71); a position whose moves it does not all hold is left to a search.
TEST(Book, AnAnalysisFromTheBookAlone) {
  const Book book = serve::load_book({opening_book_file()});
  const std::optional<Analysis> a = analyse_from_book(Position::initial(), Aim::round(), book);
  ASSERT_TRUE(a);
  EXPECT_TRUE(a->complete());
  EXPECT_EQ(a->nodes, 0u);
  EXPECT_EQ(a->best_line.size(), 17u);  // to the round's end
  EXPECT_EQ(a->best, a->best_line.front());
  EXPECT_TRUE(analyse_from_book(parse_kfen(kAfterC1C4), Aim::round(), book));  // a first move, and each reply to it
  const Position after = parse_kfen(kAfterC1C4);
  MoveList replies, seconds;
  generate_moves(after, replies);
  const Position reply = after.after(replies[0]);  // and each of Black's second moves after a reply
  EXPECT_TRUE(analyse_from_book(reply, Aim::round(), book));
  generate_moves(reply, seconds);
  const Position second = reply.after(seconds[0]);  // in the book, but not the positions after its moves
  EXPECT_FALSE(analyse_from_book(second, Aim::round(), book));
  EXPECT_FALSE(analyse_from_book(Position::initial(), Aim::match(), book));  // a round's values answer no match
}
