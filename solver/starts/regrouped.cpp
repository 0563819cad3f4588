#include "solver/starts/regrouped.h"

#include <algorithm>
#include <fstream>
#include <random>

#include <fmt/format.h>

#include "src/kamisado/errors.h"
#include "src/kamisado/kfen.h"

namespace kamisado::solver {

namespace {

Position regrouped_start(std::mt19937_64& rng, Side mover) {
  std::string gold = "obpkyrgn", black = "NGRYKPBO";
  std::shuffle(gold.begin(), gold.end(), rng);
  std::shuffle(black.begin(), black.end(), rng);
  return parse_kfen(gold + "/8/8/8/8/8/8/" + black + (mover == Side::Black ? " b -" : " g -"));
}

}  // namespace

std::vector<Position> regrouped_starts(int count, std::uint64_t seed) {
  std::vector<Position> starts;
  std::mt19937_64 rng(seed);
  for (int i = 0; i < count; ++i) {
    Side mover = (rng() & 1) ? Side::Gold : Side::Black;
    starts.push_back(regrouped_start(rng, mover));
  }
  return starts;
}

// The checkpoint's lines so far. A line cut short by a stop in mid-write is proved again; a
// whole line of another shape is not ours to guess about: refused, naming the line.
std::map<int, nlohmann::json> read_regrouped_checkpoint(const std::string& path, std::uint64_t seed, const io::Lines& lines) {
  std::map<int, nlohmann::json> done;
  std::ifstream in(path);
  std::string line;
  for (int n = 1; in && std::getline(in, line); ++n) {
    if (line.empty()) continue;
    nlohmann::json j;
    try {
      j = nlohmann::json::parse(line);
    } catch (const nlohmann::json::exception&) {
      if (lines) lines(fmt::format("opening: {} line {} is incomplete; that start is proved again", path, n));
      continue;
    }
    auto refuse = [&](const std::string& why) {
      return InputError(fmt::format("{} line {}: not a result of opening --regrouped ({})", path, n, why));
    };
    for (const char* field : {"seed", "index", "proof_nodes", "nodes"})
      if (!j.is_object() || !j.contains(field) || !j[field].is_number_unsigned()) throw refuse(fmt::format("no whole number \"{}\"", field));
    if (j["index"].get<std::uint64_t>() >= kMaxRegrouped) throw refuse(fmt::format("an index of {} or more", kMaxRegrouped));
    for (const char* field : {"kfen", "mover", "winner"})
      if (!j[field].is_string()) throw refuse(fmt::format("no text \"{}\"", field));
    if (!j["checked"].is_boolean() || !j["seconds"].is_number()) throw refuse("no \"checked\" or \"seconds\"");
    if (j["seed"].get<std::uint64_t>() != seed)
      throw InputError(fmt::format("{}: a checkpoint of seed {}, not {}", path, j["seed"].get<std::uint64_t>(), seed));
    done[j["index"].get<int>()] = j;
  }
  return done;
}

}  // namespace kamisado::solver
