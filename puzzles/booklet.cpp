#include "puzzles/booklet.h"

#include <sstream>

#include <fmt/format.h>

#include "src/io/board_svg.h"
#include "src/kamisado/kfen.h"

namespace kamisado::puzzles {

std::string escaped_html(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

namespace {

// The diagram, scaled by the page's CSS instead of its own fixed size.
std::string diagram(const Position& pos) {
  std::string svg = io::board_svg(pos);
  auto end = svg.find('>');
  std::string tag = svg.substr(0, end);
  for (const char* attr : {" width=\"", " height=\""}) {
    auto at = tag.find(attr);
    if (at != std::string::npos) tag.erase(at, tag.find('"', at + std::string(attr).size()) + 1 - at);
  }
  return tag + " class=\"board\" role=\"img\"" + svg.substr(end);
}

// The main line: the winner's moves in bold, each later one with the count of moves that still
// win in time when there is more than one (a dual).
std::string main_line_html(const StoredPuzzle& p) {
  Position pos = parse_kfen(p.kfen);
  const auto in_time = puzzles::field_items(p.in_time);
  std::string out;
  std::size_t winner_turn = 0;
  for (const std::string& text : puzzles::field_items(p.main_line)) {
    const bool by_winner = side_id(pos.side_to_move()) == p.winner;
    if (!out.empty()) out += ' ';
    if (by_winner) {
      std::string dual;
      if (winner_turn > 0 && winner_turn < in_time.size() && in_time[winner_turn] != "1")
        dual = fmt::format(" <span class=\"dual\">({} moves win in time)</span>", in_time[winner_turn]);
      out += "<b>" + escaped_html(text) + "</b>" + dual;
      ++winner_turn;
    } else {
      out += escaped_html(text);
    }
    pos = pos.after(parse_move(pos, text));
  }
  return out;
}

std::string match_text(const Position& pos) {
  const MatchScore& m = pos.match();
  if (!m.is_match()) return "single round";
  return fmt::format("match round to {} points, Black {} – Gold {}", m.target, m.points[0], m.points[1]);
}

}  // namespace

std::string puzzle_booklet_html(const std::vector<StoredPuzzle>& puzzles, const std::string& title) {
  std::ostringstream html;
  html << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" << escaped_html(title) << "</title>\n"
       << "<style>\n"
          "body{font-family:sans-serif;margin:2em;background:#fffdf8;color:#222}\n"
          ".puzzles{display:grid;grid-template-columns:repeat(auto-fill,minmax(300px,1fr));gap:1.5em}\n"
          ".puzzle{border:1px solid #ccc;border-radius:6px;padding:0.8em;break-inside:avoid;background:#fff}\n"
          ".board{width:100%;height:auto;display:block}\n"
          ".stipulation{font-weight:bold;font-size:1.1em;margin:0.4em 0}\n"
          ".meta{font-size:0.85em;color:#555}\n"
          ".dual{color:#a33;font-size:0.85em}\n"
          "details{margin-top:0.5em}\nsummary{cursor:pointer;color:#2255aa}\n"
          "code{font-size:0.8em;word-break:break-all}\n"
          "</style>\n</head>\n<body data-diagrams=\"0\">\n"
       << "<h1>" << escaped_html(title) << "</h1>\n"
       << "<p>" << puzzles.size()
       << " puzzles, each a proved win in exactly N of the winner's own moves (passes and the extra turn after a push "
          "count) with a unique key, reached in play. Open a solution to see the key, the main line against the longest "
          "defence (the winner's moves in bold) and the slower wins. Made by <code>kamisado puzzles export --html</code>.</p>\n"
       << "<div class=\"puzzles\">\n";
  int number = 0;
  for (const auto& p : puzzles) {
    ++number;
    Position pos = parse_kfen(p.kfen);
    std::vector<std::string> slower;
    for (const auto& [move, n] : slower_wins(p)) slower.push_back(fmt::format("{} (in {})", escaped_html(move), n));
    html << fmt::format("<section class=\"puzzle\" id=\"puzzle-{}\">\n<h2>{}.</h2>\n", p.id, number) << diagram(pos) << "\n"
         << fmt::format("<p class=\"stipulation\">{}</p>\n", stipulation(p))
         << fmt::format("<p class=\"meta\">Themes: {}<br>Difficulty: {:.1f} · {} legal first moves, {} tempting<br>{}</p>\n",
                        p.themes.empty() ? "none" : escaped_html(p.themes), p.difficulty, p.legal_moves, p.tempting, escaped_html(match_text(pos)))
         << "<details><summary>Solution</summary>\n"
         << fmt::format("<p>Key: <b>{}</b></p>\n<p>Main line: {}</p>\n", escaped_html(p.keys), main_line_html(p))
         << fmt::format("<p>Duals: {}</p>\n",
                        p.dual_turns == 0 ? std::string("none") : fmt::format("at {} of the winner's later turns", p.dual_turns))
         << fmt::format("<p>Slower wins: {}</p>\n", slower.empty() ? std::string("none") : fmt::format("{}", fmt::join(slower, ", ")))
         << fmt::format("<p class=\"meta\">KFEN <code>{}</code><br>From {}.</p>\n", escaped_html(p.kfen), escaped_html(p.source))
         << fmt::format("<details class=\"meta\"><summary>The {} moves that reach it</summary><code>{}</code></details>\n",
                        puzzles::field_items(p.prefix).size(), p.prefix.empty() ? "(none: the start)" : escaped_html(p.prefix))
         << "</details>\n</section>\n";
  }
  html << "</div>\n"
       << "<script>\n"
          "// Counts the diagrams the browser has drawn (a box of non-zero size), for headless checks.\n"
          "window.addEventListener('load', function () {\n"
          "  var drawn = 0;\n"
          "  document.querySelectorAll('svg.board').forEach(function (svg) {\n"
          "    var box = svg.getBoundingClientRect();\n"
          "    if (box.width > 0 && box.height > 0 && svg.querySelectorAll('rect.square').length === 64) drawn++;\n"
          "  });\n"
          "  document.body.setAttribute('data-diagrams', String(drawn));\n"
          "});\n"
          "</script>\n</body>\n</html>\n";
  return html.str();
}

}  // namespace kamisado::puzzles
