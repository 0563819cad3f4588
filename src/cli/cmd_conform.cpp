// kamisado conform: check another Kamisado implementation against ours, over the line protocol.
// kamisado corpus: write the built-in conformance corpus.
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <ostream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/output.h"
#include "conform/corpus.h"
#include "conform/harness.h"
#include "kamisado/kfen.h"

namespace kamisado::cli {

namespace {
std::vector<conform::CorpusCase> read_corpus(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw UsageError("cannot read corpus '" + path + "': it is a folder");
  std::ifstream in(path);
  if (!in) throw UsageError("cannot read corpus '" + path + "'");
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(in);
  } catch (const nlohmann::json::exception& e) {
    throw UsageError("corpus '" + path + "' is not JSON: " + e.what());
  }
  std::vector<conform::CorpusCase> cases;
  try {
    cases = conform::corpus_from_json(j);
  } catch (const std::invalid_argument& e) {
    throw UsageError("corpus '" + path + "': " + e.what());
  }
  // The corpus is only as good as its expectations: they must be ours too.
  for (const conform::CorpusCase& c : cases) {
    conform::CorpusCase mine = conform::expect(c.name, c.rule, c.kfen, c.setup);
    if (mine.position != c.position || mine.status != c.status || mine.moves != c.moves)
      throw UsageError("corpus '" + path + "', case '" + c.name + "': its expectations differ from this engine's");
  }
  return cases;
}

void show_progress(const std::string& line) {
  static auto last = std::chrono::steady_clock::now();
  auto now = std::chrono::steady_clock::now();
  if (now - last < std::chrono::seconds(1)) return;
  last = now;
  std::cerr << "conform: " << line << std::endl;
}

nlohmann::json report_json(const conform::HarnessReport& r) {
  nlohmann::json sources = nlohmann::json::array();
  for (const auto& s : r.sources)
    sources.push_back({{"source", s.source}, {"positions", s.positions}, {"requests", s.requests},
                       {"disagreements", s.disagreements}});
  nlohmann::json list = nlohmann::json::array();
  for (const auto& d : r.disagreements)
    list.push_back({{"source", d.source}, {"rule", d.rule}, {"kfen", d.kfen}, {"moves", d.moves},
                    {"request", d.what}, {"ours", d.ours}, {"theirs", d.theirs}});
  nlohmann::json j = {{"engine", r.engine_name}, {"conforms", r.conforms()}, {"sources", sources},
                      {"disagreements", list}};
  if (r.failure) j["failure"] = *r.failure;
  return j;
}
}  // namespace

void add_conform(CLI::App& app, Action& action) {
  struct Options {
    std::string engine, corpus;
    std::vector<std::string> kfens;
    int depth = 2, random = 20;
    std::uint64_t seed = 1;
    std::string match;
    double timeout = 5;
    bool json = false;
  };
  auto opt = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand("conform", "Check another Kamisado engine against this one, over the line protocol");
  cmd->footer(
      "The engine is started with /bin/sh -c CMD and spoken to on stdin/stdout (protocol in the\n"
      "README). Compared: the conformance corpus, a perft/divide walk to --depth from the start and\n"
      "each --kfen, and --random seeded play-outs (matches with --match). Each disagreement is\n"
      "printed once per source and rule, as the shortest move sequence from a KFEN that shows it.\n"
      "Exit codes: 0 the engine agrees, 3 it disagrees or failed, 2 bad input, 1 internal error.\n"
      "Example: kamisado conform --engine \"python3 my_engine.py\" --depth 2 --random 50 --match 3");
  cmd->add_option("--engine", opt->engine, "The command that starts the engine")->required();
  cmd->add_option("--corpus", opt->corpus, "A conformance corpus (JSON, see kamisado corpus); default: the built-in one");
  cmd->add_option("--kfen", opt->kfens, "Also walk from this position (repeatable)");
  cmd->add_option("--depth", opt->depth, "Walk depth, 0 for none (default 2)")->check(CLI::Range(0, 6));
  cmd->add_option("--random", opt->random, "Seeded random play-outs (default 20)")->check(CLI::Range(0, 100000));
  cmd->add_option("--seed", opt->seed, "Seed of the play-outs (default 1)")->check(kSeed);
  CLI::Option* match = cmd->add_option("--match", opt->match, "Play-outs are matches: standard (the default), long, marathon or N points")
                           ->expected(0, 1);
  cmd->add_option("--timeout", opt->timeout, "Seconds the engine has for each reply (default 5)")->check(CLI::Range(0.01, 3600.0));
  cmd->add_flag("--json", opt->json, "Print one JSON object");
  cmd->callback([&action, opt, match] {
    if (match->count() > 0 && opt->match.empty()) opt->match = "standard";
    action = [opt](Io& io) {
      conform::HarnessOptions h;
      h.command = opt->engine;
      h.corpus = opt->corpus.empty() ? conform::builtin_corpus() : read_corpus(opt->corpus);
      h.depth = opt->depth;
      for (const std::string& k : opt->kfens) h.walk_roots.push_back(to_kfen(parse_kfen(k)));
      h.random_games = opt->random;
      h.seed = opt->seed;
      if (!opt->match.empty()) h.match_target = match_target("--match", opt->match);
      h.timeout_seconds = opt->timeout;
      conform::HarnessReport r = conform::run_harness(h, show_progress);
      if (opt->json) {
        io.out << report_json(r).dump(2) << "\n";
        return r.conforms() ? kOk : kDisagrees;
      }
      for (const auto& d : r.disagreements) {
        io.out << fmt::format("DISAGREE [{}] {}\n  from {}\n", d.rule, d.source, d.kfen);
        if (!d.moves.empty()) {
          std::string line;
          for (const std::string& m : d.moves) line += " " + m;
          io.out << "  play" << line << "\n";
        }
        io.out << fmt::format("  then '{}'\n  ours:   {}\n  theirs: {}\n", d.what, d.ours, d.theirs);
      }
      if (r.failure) io.out << "ENGINE FAILURE: " << *r.failure << "\n";
      io.out << fmt::format("\nengine: {}\n{:<10} {:>10} {:>10} {:>14}\n", r.engine_name, "source", "positions",
                            "requests", "disagreements");
      for (const auto& s : r.sources)
        io.out << fmt::format("{:<10} {:>10} {:>10} {:>14}\n", s.source, s.positions, s.requests, s.disagreements);
      io.out << (r.conforms() ? "the engine agrees with kamisado-lab on everything checked\n"
                              : "the engine DIFFERS from kamisado-lab (see above)\n");
      return r.conforms() ? kOk : kDisagrees;
    };
  });
}

void add_corpus(CLI::App& app, Action& action) {
  auto out = std::make_shared<std::string>();
  CLI::App* cmd = app.add_subcommand("corpus", "Write the built-in conformance corpus (JSON) for other implementations");
  cmd->footer("The format is documented in src/conform/corpus.h and the README.\nExample: kamisado corpus --out conformance.json");
  cmd->add_option("--out", *out, "Write it to this file (default: standard output)");
  cmd->callback([&action, out] {
    action = [out](Io& io) {
      std::string text = conform::corpus_to_json(conform::builtin_corpus()).dump(2) + "\n";
      if (out->empty()) {
        io.out << text;
      } else {
        write_file_atomically(*out, text);
        io.out << "wrote " << *out << "\n";
      }
      return kOk;
    };
  });
}

}  // namespace kamisado::cli
