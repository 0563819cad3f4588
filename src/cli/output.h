// What the commands share: errors in the user's input, describing positions and their status
// in words and in JSON, and writing output files without ever leaving a half-written one.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

#include <nlohmann/json_fwd.hpp>

#include "kamisado/move.h"
#include "kamisado/position.h"

namespace kamisado::cli {

// A bad argument or path: one line, exit code 2.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

std::string side_name(Side s);    // "Black", "Gold"
std::string tower_label(Side s, Colour c);  // "Black Red"

// One sentence: who is to move and what, or how the game or round ended.
std::string status_line(const Position& pos);
nlohmann::json status_json(const Position& pos);
nlohmann::json position_json(const Position& pos);

// The board as text: towers (letters as in KFEN, '+' per ring) beside the square colours.
std::string board_text(const Position& pos);

// P3: "standard" (3), "long" (7), "marathon" (15) or a positive number of points. Throws
// UsageError naming `option` otherwise.
std::uint32_t match_target(const std::string& option, const std::string& value);

// Today's date (UTC), the CPU's model name and the build's optimisation flags, for reports.
std::string today();
std::string cpu_model();
std::string build_flags();

// Refuses, before any long work, a path that write_file_atomically could not write: a folder,
// or a file in a folder that does not exist.
void check_writable(const std::string& path);

// Writes `content` to `path` through a temporary file in the same folder and a rename, so an
// existing file is replaced only by a complete new one. Throws UsageError naming the path.
void write_file_atomically(const std::string& path, const std::string& content);

}  // namespace kamisado::cli
