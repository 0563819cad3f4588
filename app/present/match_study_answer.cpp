#include "app/present/match_study_answer.h"

#include <fmt/format.h>

#include "app/present/by_rounds_answer.h"

namespace kamisado::present {

using namespace kamisado::solver;

nlohmann::json match_study_json(const MatchStudy& s) {
  nlohmann::json matches = nlohmann::json::array();
  for (const MatchValue& v : s.values) {
    const SolveResult& r = v.proved.result;
    matches.push_back(
        {{"target", v.target}, {"value", value_name(r.value)}, {"nodes", r.nodes}, {"seconds", r.seconds}, {"checked", v.proved.checked()}});
  }
  const nlohmann::json by_rounds = {{"plan_jobs", s.by_rounds.plan.jobs.size()},
                                    {"sampled", s.by_rounds.sample.size()},
                                    {"mean_seconds", s.by_rounds.mean_seconds()},
                                    {"core_hours", s.by_rounds.core_hours()},
                                    {"core_hours_standard_error", s.by_rounds.core_hours_standard_error()}};
  nlohmann::json levels = nlohmann::json::array(), runs = nlohmann::json::array();
  for (const RunRate& r : s.run_rates) runs.push_back(run_rate_json(r));
  for (const LevelProjection& l : s.levels) levels.push_back(level_projection_json(l));
  return {{"matches", matches},
          {"two_point_certificate", s.certificate ? match_certificate_json(s.options.certificate_dir, *s.certificate) : nlohmann::json()},
          {"two_point_cross_check_round_three",
           s.cross_round_three ? starts_check_answer(s.options.certificate_dir, *s.cross_round_three).json : nlohmann::json()},
          {"two_point_cross_check_round_two",
           s.cross_round_two ? starts_check_answer(s.options.certificate_dir, *s.cross_round_two).json : nlohmann::json()},
          {"round_two_starts", s.round_two.size()},
          {"round_three_starts", s.round_three.kfens},
          {"by_rounds", by_rounds},
          {"levels", levels},
          {"run_rates", runs},
          {"seconds", s.seconds}};
}

std::string match_study_text(const MatchStudy& s) {
  std::string text;
  for (const MatchValue& v : s.values) {
    const SolveResult& r = v.proved.result;
    text += fmt::format("{}-point match from the set-up: Black {}{} ({} nodes, {:.1f} s{})\n", v.target,
                        r.value == Value::Win    ? "wins"
                        : r.value == Value::Loss ? "loses"
                                                 : "unknown",
                        r.distance_known ? fmt::format(" in {} plies", r.plies) : "", r.nodes, r.seconds,
                        v.proved.checked() ? ", certificate checked" : "");
  }
  if (s.certificate)
    text += s.certificate->holds
                ? fmt::format("2-point match from the set-up: {} wins, by rounds; its certificate {} checked whole\n",
                              side_name(*s.certificate->winner), s.options.certificate_dir)
                : fmt::format("2-point match: the certificate {} is refused: {}\n", s.options.certificate_dir, s.certificate->failure);
  for (const auto& [round, c] : {std::pair{3, &s.cross_round_three}, std::pair{2, &s.cross_round_two}})
    if (*c)
      text += fmt::format("its round-{} starts valued again by the whole-match search: {} agree, {} disagree, {} open\n", round, (*c)->agreeing(),
                          (*c)->disagreeing(), (*c)->undecided());
  return text;
}

}  // namespace kamisado::present
