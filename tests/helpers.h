// Small helpers shared by the tests.
#pragma once

#include <filesystem>
#include <fstream>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "src/kamisado/errors.h"
#include "src/kamisado/kfen.h"
#include "src/kamisado/movegen.h"
#include "src/kamisado/position.h"

namespace kamisado::test {

inline std::vector<std::string> move_names(const Position& pos) {
  MoveList moves;
  generate_moves(pos, moves);
  std::vector<std::string> out;
  for (Move m : moves) out.push_back(to_string(m));
  return out;
}

// Plays moves given in notation, failing the test (by exception) on an illegal one.
inline Position play_moves(Position pos, const std::vector<std::string>& moves) {
  for (const std::string& m : moves) pos = pos.after(parse_move(pos, m));
  return pos;
}

// A position reached by up to `plies` random moves from `start`, stopping before the game ends.
inline Position random_position(std::uint32_t seed, int plies, Position start = Position::initial()) {
  std::mt19937 rng(seed);
  for (int i = 0; i < plies; ++i) {
    MoveList moves;
    generate_moves(start, moves);
    Position next = start.after(moves[rng() % moves.size()]);
    if (next.outcome().over()) break;
    start = next;
  }
  return start;
}

// A fresh, empty folder for a test's files: KAMISADO_TEST_TMP/<group>/<name>.
inline std::filesystem::path fresh_dir(const std::string& group, const std::string& name) {
  const std::filesystem::path d = std::filesystem::path(KAMISADO_TEST_TMP) / group / name;
  std::filesystem::remove_all(d);
  std::filesystem::create_directories(d);
  return d;
}

inline std::string bytes_of(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

inline void write_bytes(const std::filesystem::path& p, const std::string& bytes) { std::ofstream(p, std::ios::binary) << bytes; }

// The message of the InputError that `f` throws, or "(no error)".
inline std::string input_error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "(no error)";
}

}  // namespace kamisado::test
