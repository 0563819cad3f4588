#include "app/serve/book_check.h"

#include "solver/proof/proof_check.h"
#include "solver/proof/proof_io.h"
#include "solver/retro/retro_verify.h"
#include "solver/search/solve.h"
#include "src/io/progress.h"
#include "src/kamisado/errors.h"
#include "src/kamisado/kfen.h"

namespace kamisado::serve {

std::string check_certificate(const std::string& certificate, const Position& pos, const solver::BookValue& value) {
  try {
    const solver::ProofTree tree = solver::read_proof_file(certificate);
    if (tree.aim.kind != solver::AimKind::Round) return "it proves another question than the round";
    if (tree.nodes.empty() || parse_kfen(tree.nodes[0].kfen) != pos) return "its root is another position";
    if (tree.winner != value.winner) return "it proves that " + std::string(side_name(tree.winner)) + " wins";
    const auto& first = tree.nodes[0].children;
    if (value.best && (first.size() != 1 || first[0].first != to_string(*value.best))) return "its first move is not " + to_string(*value.best);
    const solver::ProofCheck c = solver::check_proof(tree);
    return c.holds ? "" : c.failure;
  } catch (const InputError& e) {
    return e.what();
  }
}

Prover::Prover(const BookCheck& check) : check_(check), table_(std::make_unique<solver::TranspositionTable>(check.hash_mb)) {}

// What the search proves otherwise than `e` says, or "".
std::string Prover::wrong_with(const solver::BookEntry& e) {
  const solver::Aim aim = e.goal == solver::AimKind::Match ? solver::Aim::match() : solver::Aim::round();
  solver::SolveLimits limits;
  limits.stop = check_.stop;
  limits.hash_mb = 0;
  auto proved = [&](const Position& p) {
    const solver::SolveResult r = solver::solve(p, limits, *table_, true, aim);
    if (r.value == solver::Value::Unknown) throw Stopped("stopped while proving the book's claims (--check-book); nothing was served");
    return r;
  };
  const solver::SolveResult r = proved(e.pos);
  const Side w = solver::winner(r, e.pos);
  const std::string proves = std::string("the search proves ") + side_name(w) + " wins in " + std::to_string(r.plies) + " plies";
  if (w != e.value.winner || (e.value.plies && *e.value.plies != int(r.plies)) ||
      (e.value.winner_moves && *e.value.winner_moves != int(r.winner_moves)))
    return proves;
  if (!e.value.best) return "";
  const Position child = e.pos.after(*e.value.best);
  if (const std::optional<Side> at_once = solver::decided(aim, child))
    return *at_once == w && (!e.value.plies || *e.value.plies == 1) ? "" : "its best move " + to_string(*e.value.best) + " ends it otherwise";
  const solver::SolveResult after = proved(child);
  if (solver::winner(after, child) != w || (e.value.plies && int(after.plies) + 1 != *e.value.plies))
    return "its best move " + to_string(*e.value.best) + " does not keep the value: after it " + side_name(solver::winner(after, child)) +
           " wins in " + std::to_string(after.plies) + " plies";
  return "";
}

void Prover::prove(std::vector<solver::BookEntry>& entries, const std::string& path) {
  io::Progress progress(check_.progress);
  for (std::size_t i = 0; i < entries.size(); ++i) {
    solver::BookEntry& e = entries[i];
    progress.count("checking the book: " + path, i, entries.size(), "entries");
    if (e.value.trust.proved) continue;
    if (!e.value.certificate.empty() && check_certificate(e.value.certificate, e.pos, e.value).empty()) {
      e.value.trust = solver::Trust::certified(e.value.certificate);
      continue;
    }
    if (const std::string wrong = wrong_with(e); !wrong.empty())
      throw InputError(e.value.source + ": " + to_kfen(e.pos) + ": the file is wrong: " + wrong + " (--check-book)");
    e.value.trust = solver::Trust::proof("proved again on load by the search (--check-book)");
    e.value.certificate.clear();
  }
}

solver::Trust verify_table(const solver::RetroLookup& table, const std::string& path, const BookCheck& check) {
  io::Progress progress(check.progress);
  const solver::RetroVerifyResult r = solver::verify_retro(table, 2, path + ".verify", [&](const char* phase, std::uint64_t done) {
    progress.count("checking the book, " + std::string(phase) + ": " + path, done, table.size(), "positions");
  });
  if (!r.holds()) throw InputError(path + ": the table is wrong: " + r.first_failure + " (retro verify, --check-book)");
  return solver::Trust::proof("verified on load by retro verify (--check-book): every value re-derived from its children by the rules");
}

}  // namespace kamisado::serve
