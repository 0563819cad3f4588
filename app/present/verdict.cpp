#include "app/present/verdict.h"

#include <filesystem>

#include <fmt/format.h>

#include "app/present/by_rounds_answer.h"
#include "app/present/search_answer.h"
#include "app/present/words.h"
#include "solver/proof/proof_file.h"
#include "solver/proof/proof_io.h"
#include "src/kamisado/errors.h"
#include "src/kamisado/kfen.h"

namespace kamisado::present {

using namespace kamisado::solver;

namespace {

std::string distance_text(const SolveResult& r, Side winner, bool value_only) {
  if (r.distance_known)
    return fmt::format("distance: {} wins in {} plies ({} moves of {})\n", side_name(winner), r.plies, r.winner_moves, side_name(winner));
  if (r.value == Value::Unknown || value_only) return "";
  if (r.plies_bounds.at_most == kNever) return "distance: unknown (stopped before it was proved)\n";
  if (r.plies_bounds.exact())
    return fmt::format("distance: {} wins in {} plies (exact; {}'s own moves unknown: stopped before they were proved)\n", side_name(winner),
                       r.plies_bounds.at_most, side_name(winner));
  return fmt::format("distance: unknown, {} to {} plies so far (stopped before it was proved exact)\n", r.plies_bounds.at_least,
                     r.plies_bounds.at_most);
}

// What the best move is (solve.h): the winner's fastest win once the plies are exact, before that
// any proved win; the loser's is the longest defence (given only once the plies are exact).
std::string best_label(const SolveResult& r) {
  if (r.value == Value::Loss) return "longest defence: ";
  return r.distance_known || r.plies_bounds.exact() ? "best move: " : "a winning move: ";
}

std::string stakes_text(const Position& pos, const RoundStakes& s, nlohmann::json& j) {
  std::string text;
  for (Side side : {pos.side_to_move(), ~pos.side_to_move()}) {
    const auto& best = s.best_ring[index(side)];
    j["round_stakes"][side_id(side)] = best ? nlohmann::json(*best) : nlohmann::json("unknown");
    text += !best   ? fmt::format("this round: {}'s best ring is unknown (stopped)\n", side_name(side))
            : *best ? fmt::format("this round: {} can force a win with a ring worth {}{}\n", side_name(side), *best, *best < 8 ? " or more" : "")
                    : fmt::format("this round: {} cannot win it\n", side_name(side));
  }
  return text;
}

}  // namespace

Answer verdict_of(const Position& pos, const CertifyOptions& c, const Certified& proved, const std::optional<RoundStakes>& stakes) {
  const SolveResult& r = proved.result;
  const bool known = r.value != Value::Unknown;
  const double rate = r.seconds > 0 ? double(r.nodes) / r.seconds : 0;
  nlohmann::json j = search_answer_json(pos, c.aim, r);
  // A search resumed from a checkpoint rests on the table it read back: unchecked (a checksum is
  // no proof) unless its proof tree was checked, and the answer's own line says so.
  const bool unchecked = proved.resumed.has_value() && !(proved.check && proved.check->holds);
  const std::string resting =
      unchecked && known ? fmt::format(", resting on the search read back from {} unchecked (--check proves it by its tree)", c.checkpoint) : "";
  std::string text = known ? fmt::format("{} to move {}{}{}\n", side_name(pos.side_to_move()), r.value == Value::Win ? "wins" : "loses",
                                         c.aim.kind == AimKind::Round ? "" : " " + aim_text(c.aim), resting)
                           : fmt::format("unknown (stopped: root proof number {}, disproof number {})\n", r.root_pn, r.root_dn);
  text += distance_text(r, proved.winner, c.value_only);
  if (r.best) text += best_label(r) + to_string(*r.best) + "\n";
  if (stakes) text += stakes_text(pos, *stakes, j);
  text += fmt::format("{} nodes, {:.2f} s, {:.2f} M nodes/s\n", r.nodes, r.seconds, rate / 1e6);
  if (!c.checkpoint.empty()) {
    const std::uint64_t before = proved.resumed ? proved.resumed->nodes : 0;
    j["checkpoint"] = {{"path", c.checkpoint},   {"resumed", proved.resumed.has_value()},
                       {"nodes_before", before}, {"seconds_before", proved.resumed ? proved.resumed->seconds : 0.0},
                       {"unchecked", unchecked}, {"saves", proved.checkpoint_saves}};
    text += fmt::format("checkpoint {}: {}{} saves by this run\n", c.checkpoint,
                        proved.resumed ? fmt::format("resumed after {} nodes, ", before) : std::string(), proved.checkpoint_saves);
  }
  if (proved.tree) {
    j["proof"] = {{"nodes", proved.proof_nodes}, {"seconds", proved.tree_seconds}};
    j["proof"]["compressed"] = proved.proof_compressed;
    text += fmt::format("proof tree: {} positions{}{}\n", proved.proof_nodes, c.proof_path.empty() ? "" : ", written to " + c.proof_path,
                        proved.proof_compressed ? " (zstd-compressed)" : "");
  }
  if (const auto& check = proved.check) {
    j["check"] = {{"holds", check->holds}, {"nodes", check->nodes}, {"failure", check->failure}};
    text += check->holds ? fmt::format("checked: the proof holds ({} positions, {} leaves)\n", check->nodes, check->leaves)
                         : "CHECK FAILED: " + check->failure + "\n";
  }
  return {j, text};
}

Answer proof_check_answer(const std::string& path, const ProofTree& tree, const ProofCheck& check) {
  const bool moves = tree.metric == Metric::WinnerMoves;
  std::string within = moves ? fmt::format("{} of {}'s moves", tree.plies, side_name(tree.winner)) : fmt::format("{} plies", tree.plies);
  const Aim& aim = tree.aim;
  std::string what = aim.kind != AimKind::Ring  ? aim_text(aim)
                     : aim.owner == tree.winner ? fmt::format("the round with a ring worth {} or more", aim.points)
                                                : fmt::format("against {}'s ring worth {} or more", side_name(aim.owner), aim.points);
  // A layer alone holds only if the round starts it ends at are won: their layers say so.
  const std::string layer = tree.to_round_starts ? fmt::format(" if the {} round starts it ends at are won (a layer: check its certificate's folder)",
                                                               check.round_starts.size())
                                                 : "";
  return {{{"file", path},
           {"holds", check.holds},
           {"round_start_leaves", check.round_starts.size()},
           {"winner", side_id(tree.winner)},
           {"goal", aim_id(aim)},
           {moves ? "winner_moves" : "plies", tree.plies},
           {"nodes", check.nodes},
           {"leaves", check.leaves},
           {"failure", check.failure}},
          check.holds ? fmt::format("proof holds: {} wins {} within {} from {} ({} positions, {} leaves){}\n", side_name(tree.winner), what, within,
                                    tree.nodes[0].kfen, check.nodes, check.leaves, layer)
                      : "proof REJECTED: " + check.failure + "\n"};
}

std::optional<Answer> run_check_proof(const std::string& path, const CertificateCheckOptions& options) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    const auto check = check_certificate_folder(path, options);
    if (!check) return std::nullopt;
    return Answer{match_certificate_json(path, *check), match_certificate_text(*check),
                  check->holds     ? Status::Ok
                  : check->stopped ? Status::Stopped
                                   : Status::Failed};
  }
  if (!options.journal.empty() || options.mpi)
    throw InputError("--journal and --mpi go on with the check of a certificate that lists its layers, not of a proof file");
  const ProofTree tree = read_proof_file(path);
  const ProofCheck check = check_proof(tree);
  Answer a = proof_check_answer(path, tree, check);
  a.status = check.holds ? Status::Ok : Status::Failed;
  return a;
}

}  // namespace kamisado::present
