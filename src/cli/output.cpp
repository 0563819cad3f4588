#include "cli/output.h"

#include <cerrno>
#include <charconv>
#include <ctime>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "kamisado/kfen.h"
#include "kamisado/movegen.h"
#include "kamisado/rules.h"

namespace kamisado::cli {

std::string side_name(Side s) { return s == Side::Black ? "Black" : "Gold"; }

std::string tower_label(Side s, Colour c) {
  return side_name(s) + " " + std::string(kColourNames[c]);
}

namespace {
std::string lower(std::string s) {
  for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
  return s;
}
}  // namespace

std::string status_line(const Position& pos) {
  const Outcome& o = pos.outcome();
  const MatchScore& m = pos.match();
  Side s = pos.side_to_move();
  switch (o.ending) {
    case Ending::HomeRow:
      return fmt::format("{} wins: the {} tower reached {}'s home row (M7)", side_name(o.winner),
                         tower_label(o.winner, o.ring_tower), side_name(~o.winner));
    case Ending::Deadlock:
      return fmt::format("{} wins by deadlock: {}'s last move left a chain of passes that never "
                         "ends (M8)", side_name(o.winner), side_name(~o.winner));
    case Ending::MatchWon:
      return fmt::format("{} wins the match {}-{} (target {}, P3)", side_name(o.winner),
                         m.points[index(o.winner)], m.points[index(~o.winner)], m.target);
    case Ending::None: break;
  }
  switch (pos.turn()) {
    case Turn::BetweenRounds:
      return fmt::format("between rounds: {}, the Defender, chooses fill-left or fill-right (F1)",
                         side_name(s));
    case Turn::FreeChoice:
      return fmt::format("{} to move, any tower (T1)", side_name(s));
    case Turn::Designated: break;
  }
  Colour c = pos.designated();
  std::string line = fmt::format("{} to move the {} tower on {}", side_name(s),
                                 std::string(kColourNames[c]), square_name(pos.square_of(s, c)));
  if (!can_act(pos, s, c)) {
    int passes = pass_chain_length(pos, s, c);
    line += fmt::format(", which is blocked: a forced pass (M6), {} in a row", passes);
  }
  return line;
}

nlohmann::json status_json(const Position& pos) {
  const Outcome& o = pos.outcome();
  nlohmann::json j;
  switch (o.ending) {
    case Ending::HomeRow:
    case Ending::Deadlock:
      j["state"] = "won";
      j["winner"] = lower(side_name(o.winner));
      j["reason"] = o.ending == Ending::HomeRow ? "home-row" : "deadlock";
      j["ring_tower"] = kColourNames[o.ring_tower];
      break;
    case Ending::MatchWon:
      j["state"] = "match-won";
      j["winner"] = lower(side_name(o.winner));
      break;
    case Ending::None:
      j["state"] = pos.turn() == Turn::BetweenRounds ? "between-rounds" : "ongoing";
      break;
  }
  j["text"] = status_line(pos);
  return j;
}

nlohmann::json position_json(const Position& pos) {
  nlohmann::json j;
  j["kfen"] = to_kfen(pos);
  j["side_to_move"] = lower(side_name(pos.side_to_move()));
  switch (pos.turn()) {
    case Turn::FreeChoice: j["turn"] = "free-choice"; break;
    case Turn::BetweenRounds: j["turn"] = "between-rounds"; break;
    case Turn::Designated:
      j["turn"] = "designated";
      j["designated"] = kColourNames[pos.designated()];
      j["designated_square"] = square_name(pos.square_of(pos.side_to_move(), pos.designated()));
      break;
  }
  nlohmann::json towers = nlohmann::json::array();
  for (Side s : {Side::Black, Side::Gold})
    for (int c = 0; c < kColours; ++c)
      towers.push_back({{"side", lower(side_name(s))},
                        {"colour", kColourNames[c]},
                        {"square", square_name(pos.square_of(s, Colour(c)))},
                        {"rank", pos.rank_of_tower(s, Colour(c))}});
  j["towers"] = towers;
  if (pos.match().is_match())
    j["match"] = {{"target", pos.match().target},
                  {"black", pos.match().points[0]},
                  {"gold", pos.match().points[1]}};
  j["key"] = fmt::format("{:016x}", pos.key());
  j["status"] = status_json(pos);
  return j;
}

std::string board_text(const Position& pos) {
  std::string out = "     a  b  c  d  e  f  g  h         square colours\n";
  for (int r = 7; r >= 0; --r) {
    out += fmt::format("  {} ", r + 1);
    for (int f = 0; f < 8; ++f) {
      Square sq = make_square(f, r);
      std::string cell = ".";
      if (auto t = pos.tower_on(sq)) {
        cell = std::string(1, kColourLetters[t->colour]);
        if (t->side == Side::Gold) cell[0] = char(std::tolower(cell[0]));
        cell.append(std::size_t(pos.rank_of_tower(t->side, t->colour)), '+');
      }
      out += fmt::format("{:<3}", cell);
    }
    out += fmt::format("{}      ", r + 1);
    for (int f = 0; f < 8; ++f) out += fmt::format(" {}", kColourLetters[colour_of(make_square(f, r))]);
    out += "\n";
  }
  out += "     a  b  c  d  e  f  g  h\n";
  out += "  Black: uppercase, moving up; Gold: lowercase, moving down; + is a ring.\n";
  return out;
}

std::uint32_t match_target(const std::string& option, const std::string& value) {
  if (value == "standard") return 3;
  if (value == "long") return 7;
  if (value == "marathon") return 15;
  std::uint32_t n = 0;
  auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
  if (value.empty() || ec != std::errc() || end != value.data() + value.size() || n == 0)
    throw UsageError(option + " '" + value + "': give standard, long, marathon or a positive number of points");
  return n;
}

std::string today() {
  std::time_t t = std::time(nullptr);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%d", std::gmtime(&t));
  return buf;
}

void check_writable(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path target(path);
  if (target.filename().empty() || fs::is_directory(target, ec)) throw UsageError("cannot write '" + path + "': it is a folder");
  fs::path folder = target.has_parent_path() ? target.parent_path() : fs::path(".");
  if (!fs::is_directory(folder, ec)) throw UsageError("cannot write '" + path + "': no folder '" + folder.string() + "'");
}

void write_file_atomically(const std::string& path, const std::string& content) {
  namespace fs = std::filesystem;
  fs::path target(path);
  if (target.filename().empty()) throw UsageError("cannot write '" + path + "': not a file name");
  std::error_code ec;
  if (fs::is_directory(target, ec)) throw UsageError("cannot write '" + path + "': it is a folder");
  std::random_device rd;
  fs::path tmp = target;
  tmp += fmt::format(".tmp-{:08x}", rd());
  {
    std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
    if (!f) throw UsageError("cannot write '" + path + "': " + std::strerror(errno));
    f << content;
    f.flush();
    if (!f) {
      fs::remove(tmp, ec);
      throw UsageError("cannot write '" + path + "': write failed");
    }
  }
  fs::rename(tmp, target, ec);
  if (ec) {
    fs::remove(tmp, ec);
    throw UsageError("cannot write '" + path + "': " + ec.message());
  }
}

std::string cpu_model() {
  std::ifstream in("/proc/cpuinfo");
  for (std::string line; std::getline(in, line);)
    if (line.rfind("model name", 0) == 0) return line.substr(line.find(':') + 2);
  return "unknown CPU";
}

std::string build_flags() {
#ifdef __POPCNT__
  return "`-O2 -mpopcnt`";
#else
  return "`-O2`";
#endif
}

}  // namespace kamisado::cli
