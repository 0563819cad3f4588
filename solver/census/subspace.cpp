#include "solver/census/subspace.h"

#include <algorithm>
#include <numeric>
#include <random>

#include <fmt/format.h>

#include "solver/starts/regrouped.h"
#include "solver/starts/start_space.h"
#include "src/kamisado/errors.h"
#include "src/kamisado/position.h"

namespace kamisado::solver {

namespace {

std::uint64_t number(const std::string& text, const std::string& name) {
  std::size_t used = 0;
  std::uint64_t v = 0;
  try {
    v = std::stoull(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used == 0 || used != text.size() || text[0] == '-') throw InputError("census subspace '" + name + "': '" + text + "' is not a number");
  return v;
}

std::vector<std::string> split(const std::string& s) {
  std::vector<std::string> parts;
  std::size_t from = 0;
  for (std::size_t colon; (colon = s.find(':', from)) != std::string::npos; from = colon + 1) parts.push_back(s.substr(from, colon - from));
  parts.push_back(s.substr(from));
  return parts;
}

// The classes of the subspace's starts, one a start in any order, as a listed subspace: sorted,
// each class once with the number of starts it stands for. Sorted in place and compacted into
// the same memory, so a sample of 10^8 starts needs about 0.8 GB, not a tree node per class.
Subspace listed(const std::string& name, std::vector<std::uint32_t> drawn, io::Progress& progress) {
  progress.tick([&] { return fmt::format("census: sorting the {} starts of {}", drawn.size(), name); });
  std::sort(drawn.begin(), drawn.end());
  Subspace s;
  s.name = name;
  std::size_t kept = 0;
  for (std::size_t i = 0; i < drawn.size();) {
    std::size_t j = i;
    while (j < drawn.size() && drawn[j] == drawn[i]) ++j;
    drawn[kept++] = drawn[i];
    s.weights.push_back(std::uint32_t(j - i));
    i = j;
  }
  drawn.resize(kept);
  s.classes = std::move(drawn);
  return s;
}

}  // namespace

std::uint64_t Subspace::starts() const {
  if (!listed()) return start_space().starts_in(first, last);
  return std::accumulate(weights.begin(), weights.end(), std::uint64_t{0});
}

bool Subspace::sampled() const { return name.rfind("sample:", 0) == 0 || name.rfind("regrouped:", 0) == 0; }

std::uint32_t Subspace::weight_at(std::uint64_t i) const { return listed() ? weights[i] : start_space().orbit_size(first + i); }

Subspace make_subspace(const std::string& name, const io::Lines& lines) {
  const StartSpace& space = start_space();
  io::Progress progress(lines);
  const auto parts = split(name);
  if (name == "all") {
    Subspace s;
    s.name = name, s.first = 0, s.last = space.classes();
    return s;
  }
  if (parts[0] == "range" && parts.size() == 3) {
    Subspace s;
    s.name = name, s.first = number(parts[1], name), s.last = number(parts[2], name);
    if (s.first >= s.last || s.last > space.classes())
      throw InputError("census subspace '" + name + "': a range A:B needs A < B <= " + std::to_string(space.classes()));
    return s;
  }
  if (name == "black-standard") {
    // B5: Black's towers each on its own colour's square of rank 1.
    const Position initial = Position::initial();
    Start s = *start_of(initial);
    std::vector<std::uint32_t> drawn;
    std::array<int, 8> gold{0, 1, 2, 3, 4, 5, 6, 7};
    do {
      s.gold = gold;
      for (Side first : {Side::Black, Side::Gold}) {
        s.first = first;
        drawn.push_back(std::uint32_t(space.index_of(s)));
      }
    } while (std::next_permutation(gold.begin(), gold.end()));
    return listed(name, std::move(drawn), progress);
  }
  if (parts[0] == "sample" && parts.size() == 3) {
    const std::uint64_t n = number(parts[1], name), seed = number(parts[2], name);
    if (n == 0 || n > 100'000'000) throw InputError("census subspace '" + name + "': a sample holds 1 to 100000000 starts");
    std::mt19937_64 rng(seed);
    std::vector<std::uint32_t> drawn;
    drawn.reserve(n);
    for (std::uint64_t k = 0; k < n; ++k) {
      Start s;
      for (auto* row : {&s.black, &s.gold}) {
        std::iota(row->begin(), row->end(), 0);
        std::shuffle(row->begin(), row->end(), rng);
      }
      s.first = rng() & 1 ? Side::Gold : Side::Black;
      drawn.push_back(std::uint32_t(space.index_of(s)));
      if ((k & 0xFFFF) == 0) progress.count("census: drawing", k, n, "starts");
    }
    return listed(name, std::move(drawn), progress);
  }
  if (parts[0] == "regrouped" && parts.size() == 3) {
    const std::uint64_t n = number(parts[1], name), seed = number(parts[2], name);
    if (n == 0 || n > kMaxRegrouped)
      throw InputError("census subspace '" + name + "': regrouped holds 1 to " + std::to_string(kMaxRegrouped) + " starts");
    std::vector<std::uint32_t> drawn;
    for (const Position& p : regrouped_starts(int(n), seed)) drawn.push_back(std::uint32_t(space.index_of(*start_of(p))));
    return listed(name, std::move(drawn), progress);
  }
  throw InputError("unknown census subspace '" + name + "' (all, range:A:B, black-standard, sample:N:SEED, regrouped:N:SEED)");
}

}  // namespace kamisado::solver
