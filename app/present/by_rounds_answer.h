// The match by rounds as a user reads it (solve --by-rounds and its plan and certificate,
// check-proof of a certificate in layers, match-report's projections): the results the engines
// return (solver/match) as JSON and as text. The engines print nothing.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "app/present/answer.h"
#include "solver/match/by_rounds.h"
#include "solver/match/by_rounds_request.h"
#include "solver/match/by_rounds_study.h"
#include "solver/match/match_certificate.h"
#include "solver/match/starts_check.h"

namespace kamisado::present {

// The answer for the side to move at `root`, with the counts per round.
nlohmann::json by_rounds_json(const Position& root, const solver::ByRoundsResult& r);
std::string by_rounds_text(const Position& root, const solver::ByRoundsResult& r);

// A certificate in layers written (solve --by-rounds --certificate DIR).
nlohmann::json by_rounds_certificate_json(const Position& root, const std::string& dir, const solver::ByRoundsCertificate& c);
std::string by_rounds_certificate_text(const Position& root, const std::string& dir, const solver::ByRoundsCertificate& c);

// A plan (solve --by-rounds --plan): the starts a proof needs if every guess holds.
nlohmann::json by_rounds_plan_json(const Position& root, const solver::ByRoundsPlan& plan);
std::string by_rounds_plan_text(const Position& root, const solver::ByRoundsPlan& plan);

// A projection level by level (solve --by-rounds --plan --levels N).
nlohmann::json level_projection_json(const solver::LevelProjection& p);
std::string level_projection_text(const solver::LevelProjection& p);

// A run measured (match-report): solve --by-rounds --json's object with its threads and rate.
nlohmann::json run_rate_json(const solver::RunRate& r);

// Whichever of the above `solve --by-rounds` answered (an answer, by_rounds_request.h).
nlohmann::json by_rounds_answer_json(const Position& root, const solver::ByRoundsAnswer& a);
std::string by_rounds_answer_text(const Position& root, const solver::ByRoundsAnswer& a);

// A run's progress, one line (stderr, every few seconds).
std::string by_rounds_progress_line(const solver::ByRoundsProgress& p);

// A certificate in layers checked (check-proof DIR).
nlohmann::json regenerated_write_json(const Position& root, const std::string& dir, const solver::RegeneratedWrite& w);
std::string regenerated_write_text(const Position& root, const std::string& dir, const solver::RegeneratedWrite& w);
nlohmann::json match_certificate_json(const std::string& dir, const solver::MatchCertificateCheck& check);
std::string match_certificate_text(const solver::MatchCertificateCheck& check);

// A round-start table (`path`) cross-checked by the whole-match search (kamisado starts check).
Answer starts_check_answer(const std::string& path, const solver::StartsCheck& c);

}  // namespace kamisado::present
