#include "app/present/opening_answer.h"

#include <algorithm>
#include <filesystem>

#include <fmt/format.h>

#include "src/io/files.h"
#include "src/io/report.h"
#include "src/kamisado/errors.h"
#include "src/kamisado/kfen.h"

namespace kamisado::present {

using namespace kamisado::solver;

std::string opening_report(const OpeningResult& r, const std::string& report_path) {
  const Certified& root = r.start;
  int mirrored = int(std::count_if(r.moves.begin(), r.moves.end(), [](const FirstMove& m) { return m.proved.by_mirror; }));
  io::Report md("The opening of a single round, proved", "kamisado opening --report " + report_path);
  md.paragraph(fmt::format("Every value is proved by df-pn; every distance is exact (a win within d plies proved, within d - 1 refuted); "
                           "every proof tree was built and accepted by the checker, which uses the move generator alone "
                           "(`kamisado solve <kfen> --proof FILE`, then `kamisado check-proof FILE`). One transposition table of "
                           "{} MB is shared by all the searches, in the order below.",
                           r.hash_mb))
      .section("The start")
      .paragraph(fmt::format("`{}`: **Black, moving first, wins in {} plies** ({} moves of Black); fastest first move {}. "
                             "Proof tree: {} positions, {}. Time {:.2f} s.",
                             kStartKfen, root.result.plies, root.result.winner_moves, root.result.best ? to_string(*root.result.best) : "-",
                             root.proof_nodes, root.checked() ? "checked" : "CHECK FAILED: " + root.failure(), root.seconds))
      .section("Black's 102 first moves")
      .paragraph(fmt::format("{} of the {} first moves keep Black's win; after the other {} Gold wins. All {} proved, with distances and "
                             "checked proof trees, in {:.2f} s (target <= {:.0f} s: {}). The start is its own mirror image (B3: the board "
                             "mirrored left-right, the colours mapped by their involution), so the first moves come in {} mirror pairs: one "
                             "of each pair is searched, and the other's value, distance and proof tree are the mirror images, the tree "
                             "replayed on the mirrored board and accepted by the checker like any other (marked \"mirror\" below).",
                             r.black_wins(), r.moves.size(), int(r.moves.size()) - r.black_wins(), r.moves.size(), r.moves_seconds,
                             kOpeningTargetSeconds, r.target_met() ? "met" : "NOT met", mirrored))
      .paragraph(
          "The value is for the side that wins; the distance counts plies from the position after the first move, "
          "Gold to move, so the whole game lasts one ply more.")
      .table({"first move", "winner", "plies", "winner's moves", "best reply", "proof positions", "search nodes", "time (s)", "proof"});
  for (const FirstMove& m : r.moves) {
    const Certified& p = m.proved;
    md.row({m.move, side_name(p.winner), std::to_string(p.result.plies), std::to_string(p.result.winner_moves),
            p.result.best ? to_string(*p.result.best) : "-", std::to_string(p.proof_nodes), p.by_mirror ? "mirror" : std::to_string(p.result.nodes),
            fmt::format("{:.3f}", p.seconds), p.checked() ? "checked" : "FAILED"});
  }
  return md.markdown();
}

nlohmann::json opening_json(const OpeningResult& r) {
  nlohmann::json j = {
      {"start",
       {{"winner", side_id(r.start.winner)}, {"plies", r.start.result.plies}, {"proof_nodes", r.start.proof_nodes}, {"checked", r.start.checked()}}},
      {"first_moves", nlohmann::json::array()},
      {"seconds", r.moves_seconds},
      {"target_met", r.target_met()}};
  for (const FirstMove& m : r.moves)
    j["first_moves"].push_back({{"move", m.move},
                                {"winner", side_id(m.proved.winner)},
                                {"plies", m.proved.result.plies},
                                {"winner_moves", m.proved.result.winner_moves},
                                {"proof_nodes", m.proved.proof_nodes},
                                {"checked", m.proved.checked()},
                                {"by_mirror", m.proved.by_mirror},
                                {"search_seconds", m.proved.result.seconds},
                                {"seconds", m.proved.seconds}});
  return j;
}

std::string opening_summary(const OpeningResult& r) {
  std::string text = fmt::format("start: Black wins in {} plies ({} moves of Black), proof {} positions{}\n", r.start.result.plies,
                                 r.start.result.winner_moves, r.start.proof_nodes, r.start.checked() ? ", checked" : ", CHECK FAILED");
  text += fmt::format(
      "{} first moves: Black keeps the win after {}, Gold wins after {}; proved and checked in {:.2f} s (target <= 5 s: {}); total {:.2f} s\n",
      r.moves.size(), r.black_wins(), int(r.moves.size()) - r.black_wins(), r.moves_seconds, r.target_met() ? "met" : "NOT met", r.total_seconds);
  if (r.failures()) text += fmt::format("{} proofs FAILED their check\n", r.failures());
  return text;
}

std::string regrouped_summary(const RegroupedResult& r) {
  const auto& o = r.options;
  double share = o.count ? 100.0 * r.first_mover_wins / o.count : 0;
  const auto& sizes = r.proof_sizes;
  const int unchecked = r.resumed - r.rechecked;
  return fmt::format(
      "{} regrouped starts (seed {}): the side moving first wins {} ({:.1f}%); proved and checked in {:.1f} s in all; "
      "proof size median {}, largest {}{}",
      o.count, o.seed, r.first_mover_wins, share, r.seconds, sizes.empty() ? 0 : sizes[sizes.size() / 2], sizes.empty() ? 0 : sizes.back(),
      unchecked > 0 ? fmt::format("; {} of them as an earlier run wrote them in {}, unchecked (--recheck proves them again)", unchecked, o.checkpoint)
                    : "");
}

std::string regrouped_report(const RegroupedResult& r, const std::string& report_path) {
  const auto& o = r.options;
  io::Report md("Regrouped starts, proved",
                fmt::format("kamisado opening --regrouped {} --seed {} --checkpoint {} --report {}", o.count, o.seed, o.checkpoint, report_path));
  md.paragraph(fmt::format("Each start has both home rows in a random order (seeded) and either side to move with free choice (T1), "
                           "under single-round rules: what a round of a match after regrouping (F3) can start from. Each is proved "
                           "by df-pn (value only) with its own table of {} MB, and its proof tree is built and accepted by the checker. "
                           "The time is search, tree and check.",
                           o.hash_mb))
      .paragraph(regrouped_summary(r) + ".");
  std::string second = "Starts won by the side moving second:";
  for (const auto& [i, j] : r.done)
    if (j.at("winner") != j.at("mover")) second += fmt::format(" #{} `{}`;", i, j.at("kfen").get<std::string>());
  md.paragraph(second).table({"#", "KFEN", "to move", "winner", "proof positions", "nodes", "time (s)", "proof"});
  for (const auto& [i, j] : r.done)
    md.row({std::to_string(i), "`" + j.at("kfen").get<std::string>() + "`", j.at("mover").get<std::string>(), j.at("winner").get<std::string>(),
            std::to_string(j.at("proof_nodes").get<std::size_t>()), std::to_string(j.at("nodes").get<std::uint64_t>()),
            fmt::format("{:.3f}", j.at("seconds").get<double>()), j.at("checked").get<bool>() ? "checked" : "FAILED"});
  return md.markdown();
}

nlohmann::json regrouped_json(const RegroupedResult& r) {
  return {{"starts", r.options.count},
          {"first_mover_wins", r.first_mover_wins},
          {"seconds", r.seconds},
          {"failures", r.failures},
          {"read_back", r.resumed},
          {"rechecked", r.rechecked},
          {"unchecked", r.resumed - r.rechecked}};
}

Answer run_opening(const OpeningRequest& r, const io::Lines& lines, const std::atomic<bool>* stop) {
  if (r.regrouped.count > 0) {
    RegroupedOptions o = r.regrouped;
    if (o.checkpoint.empty()) o.checkpoint = fmt::format("regrouped-{}.jsonl", o.seed);
    io::check_writable(o.checkpoint);
    o.hash_mb = r.hash ? r.hash : 64;
    o.stop = stop;
    RegroupedResult g = prove_regrouped(o, lines);
    if (!r.report.empty()) io::write_file_atomically(r.report, regrouped_report(g, r.report));
    return {regrouped_json(g), regrouped_summary(g) + (g.failures ? fmt::format("; {} proofs FAILED their check", g.failures) : "") + "\n",
            g.failures ? Status::Failed : Status::Ok};
  }
  if (r.regrouped.recheck) throw InputError("--recheck proves again what a --regrouped checkpoint holds: add --regrouped N");
  if (!r.proofs.empty() && !std::filesystem::is_directory(r.proofs)) throw InputError("cannot write proofs into '" + r.proofs + "': no such folder");
  OpeningResult o = prove_opening(r.hash ? r.hash : 128, r.proofs, lines);
  if (!r.report.empty()) io::write_file_atomically(r.report, opening_report(o, r.report));
  if (!r.book.empty()) write_opening_book(o, r.book, lines);
  return {opening_json(o), opening_summary(o), o.failures() ? Status::Failed : Status::Ok};
}

}  // namespace kamisado::present
