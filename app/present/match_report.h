// reports/match.md, as `kamisado match-report` writes it from the study (solver/match/
// match_study.h): its sections, and the command that makes it again. The engines return data;
// this is where it is written out.
#pragma once

#include <string>
#include <vector>

#include "app/present/answer.h"
#include "solver/match/by_rounds_study.h"
#include "solver/match/match_certificate.h"
#include "solver/match/match_study.h"
#include "src/io/progress.h"
#include "src/io/report.h"

namespace kamisado::present {

// The whole report, naming `command` (match_report_command) as the one that makes it.
std::string match_study_report(const solver::MatchStudy& s, const std::string& command);

// The command that makes the same study again: `kamisado match-report` with every option of
// `options` (a report names it; `report` is where it was written, "" for none).
std::string match_report_command(const solver::MatchStudyOptions& options, const std::string& report);

// kamisado match-report: the study made (Stopped if `options.stop` was raised during it), and its
// report written to `report` if named.
Answer run_match_report(const solver::MatchStudyOptions& options, const std::string& report, const io::Lines& lines);

// The report's sections, each also on its own (the tests read them):
// a match certificate in layers (the one in `dir`) as the check found it: its winner and weight
// per depth, or why it was refused;
void certificate_section(io::Report& md, const std::string& dir, const solver::MatchCertificateCheck& c);
// its round starts (`round`: 3 or 2) valued again by the whole-match search, each against the
// value its layer proves;
void cross_check_section(io::Report& md, int round, const solver::StartsCheck& c);
// the 2-point match's plan by rounds and its sample, projected; `whole_search_core_hours` (0: not
// known) is the whole-match search's projection, to compare with;
void by_rounds_section(io::Report& md, const solver::ByRoundsProjection& p, double whole_search_core_hours);
// a run measured: the rates, and the command that runs the match whole (its table is its
// checkpoint, so anyone can continue it);
void run_rates_section(io::Report& md, const std::vector<solver::RunRate>& rates);
// the projections of several matches level by level.
void levels_section(io::Report& md, const std::vector<solver::LevelProjection>& projections);

}  // namespace kamisado::present
