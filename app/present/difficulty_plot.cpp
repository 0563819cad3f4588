#include "app/present/difficulty_plot.h"

#include <algorithm>
#include <cmath>
#include <map>

#include <fmt/format.h>

namespace kamisado::present {

using puzzles::StoredPuzzle;

namespace {

const char* kind_colour(const std::string& kind) {
  if (kind == "match") return "#d1342f";
  if (kind == "study") return "#2e8b57";
  return "#2f6fc4";
}

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

double mean(const std::vector<double>& v) {
  double s = 0;
  for (double x : v) s += x;
  return v.empty() ? 0 : s / double(v.size());
}

}  // namespace

std::string difficulty_svg(const std::vector<StoredPuzzle>& rows) {
  const int width = 760, height = 440, left = 56, right = 16, top = 40, bottom = 56;
  int max_n = 1;
  double max_d = 1;
  for (const auto& p : rows) max_n = std::max(max_n, p.n), max_d = std::max(max_d, p.difficulty);
  const double y_top = std::ceil(max_d / 5) * 5;
  const double column = double(width - left - right) / max_n;
  auto x_of = [&](int n) { return left + column * (n - 0.5); };
  auto y_of = [&](double d) { return top + (height - top - bottom) * (1 - d / y_top); };

  std::string svg = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} {1}\" font-family=\"sans-serif\" "
      "font-size=\"12\">\n<title>Difficulty over N: {2} puzzles</title>\n<rect width=\"{0}\" height=\"{1}\" fill=\"#fffdf8\"/>\n",
      width, height, rows.size());
  svg +=
      fmt::format("<text x=\"{}\" y=\"22\" font-size=\"15\" font-weight=\"bold\">Difficulty over N ({} puzzles; the bar is each N's median)</text>\n",
                  left, rows.size());
  for (double d = 0; d <= y_top + 1e-9; d += 5) {
    svg += fmt::format("<line x1=\"{}\" x2=\"{}\" y1=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"#ddd\"/>\n", left, width - right, y_of(d), y_of(d));
    svg += fmt::format("<text x=\"{}\" y=\"{:.1f}\" text-anchor=\"end\">{:.0f}</text>\n", left - 6, y_of(d) + 4, d);
  }
  for (int n = 1; n <= max_n; ++n)
    svg += fmt::format("<text x=\"{:.1f}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n", x_of(n), height - bottom + 16, n);
  svg += fmt::format("<text x=\"{:.1f}\" y=\"{}\" text-anchor=\"middle\">N: the winner's moves</text>\n", left + (width - left - right) / 2.0,
                     height - bottom + 36);
  svg += fmt::format("<text transform=\"translate(16 {:.1f}) rotate(-90)\" text-anchor=\"middle\">difficulty (puzzles/puzzle_features.h)</text>\n",
                     top + (height - top - bottom) / 2.0);
  std::map<int, std::vector<double>> by_n;
  for (const auto& p : rows) {
    // A fixed spread within the column, from the puzzle's id: the same collection, the same picture.
    const double spread = (double((std::uint64_t(p.id) * 2654435761u) % 1000) / 1000 - 0.5) * column * 0.7;
    svg += fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"2.6\" fill=\"{}\" fill-opacity=\"0.6\"/>\n", x_of(p.n) + spread, y_of(p.difficulty),
                       kind_colour(p.kind));
    by_n[p.n].push_back(p.difficulty);
  }
  for (const auto& [n, ds] : by_n) {
    const double y = y_of(median(ds));
    svg += fmt::format("<line x1=\"{:.1f}\" x2=\"{:.1f}\" y1=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"#222\" stroke-width=\"2.5\"/>\n",
                       x_of(n) - column * 0.4, x_of(n) + column * 0.4, y, y);
  }
  int at = left + 10;
  for (const auto& [kind, label] :
       std::vector<std::pair<std::string, std::string>>{{"single", "single round"}, {"match", "Sumo (Marathon rounds)"}, {"study", "study"}}) {
    svg += fmt::format("<circle cx=\"{}\" cy=\"{}\" r=\"5\" fill=\"{}\"/><text x=\"{}\" y=\"{}\">{}</text>\n", at, top + 6, kind_colour(kind), at + 9,
                       top + 10, label);
    at += 40 + int(label.size()) * 7;
  }
  return svg + "</svg>\n";
}

void collection_section(io::Report& md, const std::vector<StoredPuzzle>& rows, const std::string& collection, const std::string& svg_name, int per_n,
                        int max_n) {
  md.section("The published collection: difficulty over N");
  std::map<int, int> single;
  int singles = 0, studies = 0, sumo = 0;
  for (const auto& p : rows) {
    if (p.kind == "single") ++single[p.n], ++singles;
    studies += p.kind == "study";
    sumo += p.kind == "match";
  }
  std::vector<std::string> short_of;
  for (int n = 1; n <= max_n; ++n)
    if (single[n] < per_n) short_of.push_back(fmt::format("N = {} ({})", n, single[n]));
  md.paragraph(
      fmt::format("`{}`: {} puzzles, {} single-round puzzles for N = 1 to {} (target at least {} for each N: **{}**), {} Sumo puzzles from "
                  "Marathon rounds and {} studies (the longest wins with a unique key from the opening and the retrograde tables, "
                  "puzzles/studies.h). Every one has a certificate, checked when it was written.",
                  collection, rows.size(), singles, max_n, per_n,
                  short_of.empty() ? "met" : "NOT met: " + fmt::format("{}", fmt::join(short_of, ", ")), sumo, studies));
  md.paragraph(
      "Difficulty = N + log2(legal first moves) + (2 × traps + slower wins) / legal first moves + 0.5 × log10(1 + proof "
      "positions), each term measured on the puzzle (puzzles/puzzle_features.h): the winner's moves; the choice at the first move; "
      "the traps, first moves that are not the key yet look at least as good at sight (the alpha-beta player's evaluation "
      "of the position they lead to) and fail; the first moves that win, but too slowly; and the positions in the "
      "certificate, the proof that the key wins against every defence.");
  md.raw(fmt::format("![Difficulty over N]({})\n\n", svg_name));
  md.table({"N", "puzzles: single, Sumo, studies", "legal first moves (mean)", "traps (mean)", "slower wins (mean)", "proof positions (median)",
            "difficulty min", "median", "max"});
  std::map<int, std::vector<const StoredPuzzle*>> by_n;
  for (const auto& p : rows) by_n[p.n].push_back(&p);
  for (const auto& [n, ps] : by_n) {
    std::vector<double> legal, traps, slower, proof, d;
    std::map<std::string, int> kinds;
    for (const StoredPuzzle* p : ps) {
      ++kinds[p->kind];
      legal.push_back(p->legal_moves), traps.push_back(p->tempting);
      slower.push_back(double(slower_wins(*p).size())), proof.push_back(double(p->proof_size)), d.push_back(p->difficulty);
    }
    md.row({std::to_string(n), fmt::format("{}, {}, {}", kinds["single"], kinds["match"], kinds["study"]), fmt::format("{:.1f}", mean(legal)),
            fmt::format("{:.2f}", mean(traps)), fmt::format("{:.2f}", mean(slower)), fmt::format("{:.0f}", median(proof)),
            fmt::format("{:.1f}", *std::min_element(d.begin(), d.end())), fmt::format("{:.1f}", median(d)),
            fmt::format("{:.1f}", *std::max_element(d.begin(), d.end()))});
  }
}

}  // namespace kamisado::present
