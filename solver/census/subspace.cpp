#include "solver/census/subspace.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <random>

#include "kamisado/errors.h"
#include "kamisado/position.h"
#include "solver/census/start_space.h"
#include "solver/opening.h"

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

// Classes with the number of the subspace's starts each stands for.
Subspace listed(const std::string& name, const std::map<std::uint32_t, std::uint32_t>& counted) {
  Subspace s;
  s.name = name;
  for (const auto& [c, n] : counted) s.classes.push_back(c), s.weights.push_back(n);
  return s;
}

}  // namespace

std::uint64_t Subspace::starts() const {
  if (!listed()) return start_space().starts_in(first, last);
  return std::accumulate(weights.begin(), weights.end(), std::uint64_t{0});
}

bool Subspace::sampled() const { return name.rfind("sample:", 0) == 0 || name.rfind("regrouped:", 0) == 0; }

std::uint32_t Subspace::weight_at(std::uint64_t i) const { return listed() ? weights[i] : start_space().orbit_size(first + i); }

Subspace make_subspace(const std::string& name) {
  const StartSpace& space = start_space();
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
    std::map<std::uint32_t, std::uint32_t> counted;
    std::array<int, 8> gold{0, 1, 2, 3, 4, 5, 6, 7};
    do {
      s.gold = gold;
      for (Side first : {Side::Black, Side::Gold}) {
        s.first = first;
        ++counted[std::uint32_t(space.index_of(s))];
      }
    } while (std::next_permutation(gold.begin(), gold.end()));
    return listed(name, counted);
  }
  if (parts[0] == "sample" && parts.size() == 3) {
    const std::uint64_t n = number(parts[1], name), seed = number(parts[2], name);
    if (n == 0 || n > 100'000'000) throw InputError("census subspace '" + name + "': a sample holds 1 to 100000000 starts");
    std::mt19937_64 rng(seed);
    std::map<std::uint32_t, std::uint32_t> counted;
    for (std::uint64_t k = 0; k < n; ++k) {
      Start s;
      for (auto* row : {&s.black, &s.gold}) {
        std::iota(row->begin(), row->end(), 0);
        std::shuffle(row->begin(), row->end(), rng);
      }
      s.first = rng() & 1 ? Side::Gold : Side::Black;
      ++counted[std::uint32_t(space.index_of(s))];
    }
    return listed(name, counted);
  }
  if (parts[0] == "regrouped" && parts.size() == 3) {
    const std::uint64_t n = number(parts[1], name), seed = number(parts[2], name);
    if (n == 0 || n > kMaxRegrouped) throw InputError("census subspace '" + name + "': regrouped holds 1 to " + std::to_string(kMaxRegrouped) + " starts");
    std::map<std::uint32_t, std::uint32_t> counted;
    for (const Position& p : regrouped_starts(int(n), seed)) ++counted[std::uint32_t(space.index_of(*start_of(p)))];
    return listed(name, counted);
  }
  throw InputError("unknown census subspace '" + name + "' (all, range:A:B, black-standard, sample:N:SEED, regrouped:N:SEED)");
}

}  // namespace kamisado::solver
