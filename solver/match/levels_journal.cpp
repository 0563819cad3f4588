#include "solver/match/levels_journal.h"

#include <fmt/format.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "src/io/build_id.h"
#include "src/kamisado/errors.h"
#include "src/kamisado/kfen.h"

namespace kamisado::solver {

namespace {

constexpr const char* kMagic = "kamisado-levels-journal 1";

// The header a journal of this projection starts with.
nlohmann::json header_of(const Position& root, std::size_t hash_mb, bool depth_prices) {
  return {{"format", kMagic}, {"root", to_kfen(root)}, {"hash_mb", hash_mb}, {"depth_prices", depth_prices}, {"build", io::build_id()}};
}

// What a journal's header says of its projection that this projection's does not ("" if it is
// this projection's): not its build, which makes it a record (levels_journal.h).
std::string differs(const nlohmann::json& file, const nlohmann::json& mine) {
  for (const auto& [field, value] : mine.items()) {
    if (field == "build") continue;
    const auto it = file.find(field);
    if (it == file.end() || *it != value)
      return fmt::format("its {} is {}, this projection's {}", field, it == file.end() ? "missing" : it->dump(), value.dump());
  }
  return "";
}

// The header line of the journal whose text is `text`: an InputError if it is none.
nlohmann::json header_line(const std::string& text, const std::string& path) {
  const std::size_t end = text.find('\n');
  const nlohmann::json head = nlohmann::json::parse(text.substr(0, end), nullptr, false);
  if (end == std::string::npos || !head.is_object() || head.value("format", "") != kMagic || !head.contains("build"))
    throw InputError(fmt::format("{}: not a levels journal (its first line is not a '{}' header): name another file", path, kMagic), "journal");
  return head;
}

}  // namespace

JournalHeader LevelsJournal::header(const std::string& path) {
  const nlohmann::json head = header_line(io::read_file(path, "levels journal"), path);
  try {
    return {parse_kfen(head.at("root").get<std::string>()), head.at("hash_mb").get<std::size_t>(), head.at("depth_prices").get<bool>(),
            head.at("build").get<std::string>()};
  } catch (const std::exception& e) {  // JSON of the wrong shape, or a root that is no KFEN
    throw InputError(fmt::format("{}: its header is malformed ({}): not this tool's journal", path, e.what()), "journal");
  }
}

LevelsJournal::LevelsJournal(const std::string& path, const Position& root, std::size_t hash_mb, bool depth_prices)
    : path_(path), lock_(io::RunLock::on_file(path, "solve --levels")) {
  const nlohmann::json header = header_of(root, hash_mb, depth_prices);
  std::error_code ec;
  const bool empty = !std::filesystem::exists(path, ec) || std::filesystem::file_size(path, ec) == 0;
  if (!empty) {
    const std::string text = io::read_file(path, "levels journal");
    const nlohmann::json head = header_line(text, path);
    const std::size_t end = text.find('\n');
    if (const std::string why = differs(head, header); !why.empty())
      throw InputError(fmt::format("{}: the journal of another projection ({}): name another file", path, why), "journal");
    if (head.at("build") != header.at("build")) other_build_ = head.at("build").get<std::string>();
    // Each whole line after it is a plan; one a kill cut short (ended by the next run's first
    // line, or the file's last, without its newline) is not JSON and is planned again.
    for (std::size_t at = end + 1, nl; (nl = text.find('\n', at)) != std::string::npos; at = nl + 1) {
      const nlohmann::json line = nlohmann::json::parse(text.substr(at, nl - at), nullptr, false);
      if (line.is_discarded()) continue;
      try {
        JournalPlan plan{line.at("seconds").get<double>(), line.at("nodes").get<std::uint64_t>(), {}};
        for (const nlohmann::json& job : line.at("jobs")) plan.jobs.push_back(parse_kfen(job.get<std::string>()));
        plans_[line.at("kfen").get<std::string>()] = std::move(plan);
      } catch (const std::exception& e) {  // JSON of the wrong shape, or a start that is no KFEN
        throw InputError(fmt::format("{}: a plan's line is malformed ({}): not this tool's journal", path, e.what()), "journal");
      }
    }
  }
  if (!other_build_.empty()) return;  // a record: read, never written
  out_.emplace(path);
  if (empty) out_->add(header.dump());
}

const JournalPlan* LevelsJournal::find(const std::string& kfen) const {
  const auto it = plans_.find(kfen);
  return it == plans_.end() ? nullptr : &it->second;
}

void LevelsJournal::check_can_add(const std::string& kfen) const {
  if (!other_build_.empty())
    throw InputError(fmt::format("{}: written by build {}, not this one ({}): its plans are read as that build measured them, but this build may "
                                 "plan otherwise and adds none, and it lacks {}: plan with that build, or name a new journal",
                                 path_, other_build_, io::build_id(), kfen),
                     "journal");
}

void LevelsJournal::add(const std::string& kfen, const JournalPlan& plan) {
  check_can_add(kfen);
  nlohmann::json jobs = nlohmann::json::array();
  for (const Position& job : plan.jobs) jobs.push_back(to_kfen(job));
  out_->add(nlohmann::json{{"kfen", kfen}, {"seconds", plan.seconds}, {"nodes", plan.nodes}, {"jobs", std::move(jobs)}}.dump());
  plans_[kfen] = plan;
}

}  // namespace kamisado::solver
