#include "solver/analysis/book.h"

#include <algorithm>
#include <charconv>
#include <sstream>

#include <xxhash.h>

#include "solver/starts/round_start.h"
#include "src/io/files.h"
#include "src/kamisado/errors.h"
#include "src/kamisado/kfen.h"
#include "src/kamisado/movegen.h"

namespace kamisado::solver {

namespace {

constexpr const char* kMagic = "kamisado book 2";
constexpr const char* kMagicVersion1 = "kamisado book 1";  // read too: no best lines

const char* goal_word(AimKind goal) { return goal == AimKind::Match ? "match" : "round"; }

std::string key_of(const Position& pos, AimKind goal) { return to_kfen(pos) + " " + goal_word(goal); }

std::string hex64(std::uint64_t v) {
  static const char* digits = "0123456789abcdef";
  std::string out(16, '0');
  for (int i = 15; i >= 0; --i, v >>= 4) out[std::size_t(i)] = digits[v & 15];
  return out;
}

std::vector<std::string> split(const std::string& line, char sep) {
  std::vector<std::string> out(1);
  for (char c : line)
    if (c == sep)
      out.emplace_back();
    else
      out.back().push_back(c);
  return out;
}

// "-" or a whole number in [1, 10000].
std::optional<int> count_of(const std::string& text, const char* what) {
  if (text == "-") return std::nullopt;
  int v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size() || v < 1 || v > 10000)
    throw InputError(std::string(what) + " '" + text.substr(0, 20) + "' is neither '-' nor a whole number from 1");
  return v;
}

// An entry's best line: legal moves from its position, the best move first, as many as its plies,
// that end the round (and only at the last) with its winner's win.
std::vector<Move> line_of(const std::string& text, const BookEntry& e, const Aim& aim) {
  std::vector<Move> line;
  Position p = e.pos;
  for (const std::string& word : split(text, ' ')) {
    if (decided(aim, p)) throw InputError("the best line goes on after the round is won");
    line.push_back(parse_move(p, word));  // legal there, or an InputError
    p = p.after(line.back());
  }
  if (e.value.best && line.front() != *e.value.best) throw InputError("the best line does not begin with the best move");
  if (e.value.plies && int(line.size()) != *e.value.plies)
    throw InputError("the best line has " + std::to_string(line.size()) + " moves, not the entry's " + std::to_string(*e.value.plies) + " plies");
  if (decided(aim, p) != std::optional<Side>(e.value.winner)) throw InputError("the best line does not end with the winner's win");
  return line;
}

BookEntry entry_of(const std::string& line, const std::string& source, bool version1) {
  const std::vector<std::string> f = split(line, '\t');
  if (version1 && f.size() != 6) throw InputError("an entry of version 1 has 6 fields separated by tabs, this one " + std::to_string(f.size()));
  if (f.size() != 6 && f.size() != 7) throw InputError("an entry has 6 or 7 fields separated by tabs, this one " + std::to_string(f.size()));
  BookEntry e{parse_kfen(f[0]), AimKind::Round, {}};
  if (f[1] != "round" && f[1] != "match") throw InputError("goal '" + f[1].substr(0, 20) + "' is neither round nor match");
  e.goal = f[1] == "match" ? AimKind::Match : AimKind::Round;
  if (f[2] != "black" && f[2] != "gold") throw InputError("winner '" + f[2].substr(0, 20) + "' is neither black nor gold");
  e.value.winner = f[2] == "black" ? Side::Black : Side::Gold;
  e.value.plies = count_of(f[3], "plies");
  e.value.winner_moves = count_of(f[4], "winner's moves");
  if (f[5] != "-") e.value.best = parse_move(e.pos, f[5]);  // legal there, or an InputError
  if (e.goal == AimKind::Match && !e.pos.match().is_match()) throw InputError("a match goal for a single round (the KFEN has no match field)");
  const Aim aim = e.goal == AimKind::Match ? Aim::match() : Aim::round();
  if (decided(aim, e.pos)) throw InputError("the position is decided already: a book holds open questions");
  // The winner makes some of the plies: the last one, and the first when he moves first.
  if (e.value.plies && e.value.winner_moves && *e.value.winner_moves > *e.value.plies - (e.value.winner == e.pos.side_to_move() ? 0 : 1))
    throw InputError("the winner's " + std::to_string(*e.value.winner_moves) + " moves do not fit in " + std::to_string(*e.value.plies) + " plies");
  // A distance of one ply is a move that wins at once, for the side to move.
  if (e.value.plies == 1 && (e.value.winner != e.pos.side_to_move() || !e.value.best || decided(aim, e.pos.after(*e.value.best)) != e.value.winner))
    throw InputError("a win in 1 ply that no move of the side to move makes");
  if (f.size() == 7) e.value.line = line_of(f[6], e, aim);
  e.value.source = source;
  return e;
}

}  // namespace

namespace {

// What a value says, in words: "Black wins in 17 plies (9 moves of Black), best a1a5".
std::string says(const BookValue& v) {
  std::string out = std::string(side_name(v.winner)) + " wins";
  if (v.plies) out += " in " + std::to_string(*v.plies) + " plies";
  if (v.winner_moves) out += " (" + std::to_string(*v.winner_moves) + " moves of " + side_name(v.winner) + ")";
  if (v.best) out += ", best " + to_string(*v.best);
  return out;
}

// Two values of one position agree where both say something.
bool agree(const BookValue& a, const BookValue& b) {
  auto same = [](const auto& x, const auto& y) { return !x || !y || *x == *y; };
  return a.winner == b.winner && same(a.plies, b.plies) && same(a.winner_moves, b.winner_moves) && same(a.best, b.best);
}

}  // namespace

void Book::add(const Position& pos, AimKind goal, const BookValue& value) {
  const auto [it, added] = entries_.emplace(key_of(pos, goal), value);
  if (added) return;
  BookValue& held = it->second;
  if (!agree(held, value))
    throw InputError(value.source + " and " + held.source + " disagree on " + to_kfen(pos) + " (" + goal_word(goal) + "): " + says(value) +
                     " against " + says(held));
  // A proved value is kept as it is: a claim that agrees with it adds nothing proved. Two values
  // of one trust are one with all of both.
  if (held.trust.proved != value.trust.proved) {
    if (value.trust.proved) held = value;
    return;
  }
  if (!held.plies) held.plies = value.plies;
  if (!held.winner_moves) held.winner_moves = value.winner_moves;
  if (!held.best) held.best = value.best;
  // A best line where it fits the value as merged: its best move first, as long as its plies.
  if (held.line.empty() && !value.line.empty() && (!held.best || *held.best == value.line.front()) &&
      (!held.plies || *held.plies == int(value.line.size())))
    held.line = value.line;
}

void Book::add_round_starts(RoundStartTable table, const std::string& source, const Trust& trust) {
  for (const Starts& held : starts_)
    for (const auto& [key, value] : table.entries())
      if (const std::optional<RoundStartValue> v = held.table.find(key);
          v && (v->first_mover_wins != value.first_mover_wins || (v->plies && value.plies && v->plies != value.plies)))
        throw InputError(source + " and " + held.source + " disagree on the round start " + key.hex());
  starts_.push_back({std::move(table), source, trust});
}

void Book::add_retro(std::unique_ptr<RetroLookup> table, const std::string& source, const Trust& trust) {
  retro_.push_back({std::move(table), source, trust});
}

Book::Counts Book::counts() const {
  Counts c;
  c.entries = entries_.size();
  for (const auto& [key, value] : entries_) c.entries_proved += value.trust.proved, c.entries_with_certificate += !value.certificate.empty();
  for (const Starts& s : starts_) (s.trust.proved ? c.round_starts_proved : c.round_starts) += s.table.size();
  c.round_starts += c.round_starts_proved;
  c.retro_tables = retro_.size();
  for (const Retro& r : retro_) c.retro_tables_proved += r.trust.proved;
  return c;
}

BookValue Book::checked(BookValue value, const Position& pos) const {
  if (value.certificate.empty() || value.trust.proved) return value;
  std::string wrong = "no checker of certificates";
  if (check_certificate_) {
    std::lock_guard<std::mutex> lock(certificates_->mutex);
    const auto [it, first] = certificates_->results.emplace(value.certificate, "");
    if (first) it->second = check_certificate_(value.certificate, pos, value);
    wrong = it->second;
  }
  if (wrong.empty())
    value.trust = Trust::certified(value.certificate);
  else  // a claim, and the answer says why its certificate did not make it more
    value.source += "; its certificate " + value.certificate + " does not prove it: " + wrong;
  return value;
}

std::optional<BookValue> Book::find(const Position& pos, const Aim& aim) const {
  if (aim.kind == AimKind::Ring) return std::nullopt;
  // A proved value wherever it is held, else the first claim.
  std::optional<BookValue> found;
  auto offer = [&found](BookValue v) {
    if (!found || (v.trust.proved && !found->trust.proved)) found = std::move(v);
  };
  if (auto it = entries_.find(key_of(pos, aim.kind)); it != entries_.end()) offer(checked(it->second, pos));
  if (found && found->trust.proved) return found;
  // A round start, under its class: the match's value with a target, the round's without one.
  if (const std::optional<RoundStart> start = round_start_of(pos); start && start->match.is_match() == (aim.kind == AimKind::Match))
    for (const Starts& s : starts_)
      if (const std::optional<RoundStartValue> v = s.table.find(*start)) {
        BookValue b;
        b.winner = v->first_mover_wins ? pos.side_to_move() : ~pos.side_to_move();
        if (v->plies) b.plies = int(*v->plies);
        b.source = s.source;
        b.trust = s.trust;
        offer(b);
      }
  // A retrograde table's value, its best move the first of its optimal ones.
  if (aim.kind == AimKind::Round)
    for (const Retro& r : retro_)
      if (const std::optional<RetroValue> v = r.table->probe(pos)) {
        BookValue b;
        b.winner = v->win ? pos.side_to_move() : ~pos.side_to_move();
        b.plies = v->distance;
        if (const std::vector<Move> best = optimal_moves(*r.table, pos); !best.empty()) b.best = best.front();
        b.source = r.source;
        b.trust = r.trust;
        offer(b);
      }
  return found;
}

const RetroLookup* Book::proved_retro_for(const Position& pos, const Aim& aim, std::string* source, std::string* checked_by) const {
  if (aim.kind != AimKind::Round) return nullptr;
  for (const Retro& r : retro_)
    if (r.trust.proved && r.table->probe(pos)) {
      if (source) *source = r.source;
      if (checked_by) *checked_by = r.trust.checked_by;
      return r.table.get();
    }
  return nullptr;
}

void Book::check_one_move_deeper() const {
  for (const auto& [key, e] : entries_) {
    const Position pos = parse_kfen(key.substr(0, key.rfind(' ')));
    const AimKind goal = key.substr(key.rfind(' ') + 1) == "match" ? AimKind::Match : AimKind::Round;
    const Aim aim = goal == AimKind::Match ? Aim::match() : Aim::round();
    const Side mover = pos.side_to_move();
    MoveList moves;
    generate_moves(pos, moves);
    for (Move m : moves) {
      const Position child = pos.after(m);
      // What the book (or the rules) say of the move: who wins after it, and in how many plies.
      std::optional<BookValue> after;
      if (const std::optional<Side> w = decided(aim, child)) {
        after = BookValue{};
        after->winner = *w, after->plies = 0, after->source = "the rules";
      } else if (auto it = entries_.find(key_of(child, goal)); it != entries_.end()) {
        after = it->second;
      }
      if (!after) continue;
      const bool is_best = e.best == m;
      // Plies through the move, where both distances are known (else 0: nothing to compare).
      const int through = after->plies && e.plies ? *after->plies + 1 : 0, plies = e.plies.value_or(0);
      std::string wrong;
      if (after->winner == mover && e.winner != mover)
        wrong = "the move " + to_string(m) + " wins for " + side_name(mover);
      else if (is_best && after->winner != e.winner)
        wrong = "its best move " + to_string(m) + " loses";
      else if (through && (is_best ? through != plies : e.winner == mover ? (after->winner == mover && through < plies) : through > plies))
        wrong = (is_best ? "its best move " : "the move ") + to_string(m) + " ends it in " + std::to_string(through) + " plies";
      if (!wrong.empty())
        throw InputError(e.source + ": " + to_kfen(pos) + " (" + goal_word(goal) + "): " + says(e) + ", but " + wrong + " (" + after->source + ": " +
                         says(*after) + "): the book contradicts itself");
    }
  }
}

std::string encode_book(const std::vector<BookEntry>& entries, const std::string& source) {
  if (source.find('\n') != std::string::npos) throw InputError("a book's source is one line");
  std::ostringstream out;
  out << kMagic << "\nsource " << source << "\n";
  const auto count = [](const std::optional<int>& v) { return v ? std::to_string(*v) : std::string("-"); };
  for (const BookEntry& e : entries) {
    out << to_kfen(e.pos) << '\t' << goal_word(e.goal) << '\t' << (e.value.winner == Side::Black ? "black" : "gold") << '\t' << count(e.value.plies)
        << '\t' << count(e.value.winner_moves) << '\t' << (e.value.best ? to_string(*e.value.best) : "-");
    for (std::size_t i = 0; i < e.value.line.size(); ++i) out << (i ? ' ' : '\t') << to_string(e.value.line[i]);
    out << '\n';
  }
  const std::string body = out.str();
  return body + "end " + std::to_string(entries.size()) + " " + hex64(XXH64(body.data(), body.size(), 0)) + "\n";
}

void write_book_file(const std::vector<BookEntry>& entries, const std::string& source, const std::string& path) {
  io::write_file_atomically(path, encode_book(entries, source));
}

std::vector<BookEntry> read_book_file(const std::string& path, std::uint64_t* digest) {
  const std::string first = std::string(kMagic) + "\n", first_version1 = std::string(kMagicVersion1) + "\n";
  // The first line and the size before the rest: a large file of another kind costs nothing.
  const std::string text = io::read_file(path, "book", kMostBookBytes, first.size(), [&](std::string_view head, std::uint64_t) {
    if (head != first && head != first_version1) throw InputError(path + ":1: not a book (its first line is not '" + kMagic + "')");
  });
  if (digest) *digest = XXH64(text.data(), text.size(), 0);
  return decode_book(text, path);
}

std::vector<BookEntry> decode_book(const std::string& text, const std::string& path) {
  // The whole file first: its end line, count and checksum, so that damage is named as such
  // rather than as whatever entry it happened to hit.
  if (text.empty() || text.back() != '\n') throw InputError(path + ": truncated (its last line has no end)");
  const std::size_t end_at = text.rfind("\nend ");
  if (end_at == std::string::npos) throw InputError(path + ": truncated (no end line)");
  const std::size_t body = end_at + 1;
  const std::size_t lines = std::size_t(std::count(text.begin(), text.begin() + std::ptrdiff_t(body), '\n'));
  if (text.find('\n', body) + 1 != text.size()) throw InputError(path + ":" + std::to_string(lines + 2) + ": text after the end line");
  const std::string end_line = text.substr(body, text.size() - body - 1);
  const std::string checksum = hex64(XXH64(text.data(), body, 0));
  if (end_line.size() < 17 || end_line.substr(end_line.size() - 17) != " " + checksum)
    throw InputError(path + ":" + std::to_string(lines + 1) + ": damaged (its checksum is not its text's)");

  std::vector<BookEntry> entries;
  std::string source;
  std::size_t at = 0, line_no = 0;
  bool version1 = false;
  while (at < body) {
    const std::size_t end = text.find('\n', at);
    const std::string line = text.substr(at, end - at);
    ++line_no;
    try {
      if (line_no == 1) {
        version1 = line == kMagicVersion1;
        if (line != kMagic && !version1) throw InputError("not a book (its first line is not '" + std::string(kMagic) + "')");
      } else if (line_no == 2) {
        if (line.rfind("source ", 0) != 0) throw InputError("the second line is 'source <what proved it>'");
        source = path + " (" + line.substr(7) + ")";
      } else if (!line.empty() && line[0] != '#') {
        entries.push_back(entry_of(line, source, version1));
      }
    } catch (const InputError& e) {
      throw InputError(path + ":" + std::to_string(line_no) + ": " + e.what());
    }
    at = end + 1;
  }
  if (line_no < 2) throw InputError(path + ": not a book (no 'kamisado book 1' and source lines)");
  if (end_line != "end " + std::to_string(entries.size()) + " " + checksum)
    throw InputError(path + ":" + std::to_string(lines + 1) + ": damaged (its end line counts other entries than it holds)");
  return entries;
}

}  // namespace kamisado::solver
