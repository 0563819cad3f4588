// kamisado conform: check another Kamisado implementation against ours, over the line protocol
// (conform/harness.h); kamisado corpus: write the built-in conformance corpus.
#include <iostream>

#include "cli/commands.h"
#include "conform/engine_server.h"
#include "conform/harness.h"
#include "io/files.h"
#include "kamisado/kfen.h"

namespace kamisado::cli {

namespace {

const CommandText kConformText{"conform", "Check another Kamisado engine against this one, over the line protocol",
                               "The engine is started with /bin/sh -c CMD and spoken to on stdin/stdout (protocol in the\n"
                               "README). Compared: the conformance corpus, a perft/divide walk to --depth from the start and\n"
                               "each --kfen, and --random seeded play-outs of single rounds (of matches with --match).\n"
                               "The engine's 'hello' may list the features it plays (single-round, sumo, match): only those\n"
                               "are checked, and the summary lists what was not; any other feature word is an error. A\n"
                               "position or move the engine refuses ('error ...') counts as a disagreement. Each disagreement\n"
                               "is printed once per source and rule, as the shortest move sequence from a KFEN that shows it.\n"
                               "Exit codes: 0 the engine agrees, 3 it disagrees or failed, 2 bad input, 1 internal error.\n"
                               "Example: kamisado conform --engine \"python3 my_engine.py\" --depth 2 --random 50 --match 3"};

const CommandText kCorpusText{"corpus", "Write the built-in conformance corpus (JSON) for other implementations",
                              "The format is documented in src/conform/corpus.h and the README.\n"
                              "Example: kamisado corpus --out conformance.json"};

struct ConformOptions {
  std::string engine, corpus, match;
  std::vector<std::string> kfens;
  int depth = 2, random = 20;
  std::uint64_t seed = 1;
  double timeout = 5;
  bool match_given = false;
};

void show_progress(const std::string& line) {
  static auto last = std::chrono::steady_clock::now();
  auto now = std::chrono::steady_clock::now();
  if (now - last < std::chrono::seconds(1)) return;
  last = now;
  std::cerr << "conform: " << line << std::endl;
}

int conform(const ConformOptions& opt, Io& io) {
  // A walk of depth 0 compares nothing: a position given to walk from would be dropped in silence.
  if (!opt.kfens.empty() && opt.depth == 0) throw UsageError("--kfen is walked from to --depth, which is 0: give --depth 1 or more");
  conform::HarnessOptions h;
  h.command = opt.engine;
  h.corpus = opt.corpus.empty() ? conform::builtin_corpus() : conform::read_corpus(opt.corpus);
  h.depth = opt.depth;
  for (const std::string& k : opt.kfens) h.walk_roots.push_back(to_kfen(parse_kfen(k)));
  h.random_games = opt.random;
  h.seed = opt.seed;
  if (opt.match_given) h.match_target = match_target("--match", opt.match.empty() ? "standard" : opt.match);
  h.timeout_seconds = opt.timeout;
  conform::HarnessReport r = conform::run_harness(h, show_progress);
  return io.print(conform::harness_json(r), conform::harness_text(r), r.conforms() ? kOk : kDisagrees);
}

const CommandText kEngineText{"engine", "Be an engine: answer the line protocol on stdin and stdout, as the reference implementation",
                              "Reads requests one a line (hello, position <kfen>, moves, play <move>, status, quit) and\n"
                              "answers each with one line, as the README's protocol table says; a bad KFEN or an illegal move\n"
                              "is answered 'error ...'. For GUIs, other harnesses and engines in other languages.\n"
                              "Example: kamisado conform --engine \"kamisado engine\""};

struct EngineOptions {};

int engine(const EngineOptions&, Io& io) {
  conform::serve_protocol(std::cin, io.out);
  return kOk;
}

struct CorpusOptions {
  std::string out;
};

int corpus(const CorpusOptions& opt, Io& io) {
  std::string text = conform::corpus_to_json(conform::builtin_corpus()).dump(2) + "\n";
  if (opt.out.empty()) return io.out << text, kOk;
  io::write_file_atomically(opt.out, text);
  return io.print({{"file", opt.out}}, "wrote " + opt.out + "\n");
}

}  // namespace

void add_conform(CLI::App& app, Action& action) {
  auto [cmd, opt] = command<ConformOptions>(app, action, kConformText, conform);
  cmd->add_option("--engine", opt->engine, "The command that starts the engine")->required();
  cmd->add_option("--corpus", opt->corpus, "A conformance corpus (JSON, see kamisado corpus); default: the built-in one");
  cmd->add_option("--kfen", opt->kfens, "Also walk from this position (repeatable)");
  cmd->add_option("--depth", opt->depth, "Walk depth, 0 for none (default 2)")->check(CLI::Range(0, 6));
  cmd->add_option("--random", opt->random, "Seeded random play-outs (default 20)")->check(CLI::Range(0, 100000));
  seed_option(cmd, opt->seed, "the play-outs");
  CLI::Option* match =
      cmd->add_option("--match", opt->match,
                      "Play-outs are matches (else single rounds): standard (3 points, when no value is given), long, marathon or N points")
          ->expected(0, 1);
  cmd->parse_complete_callback([opt, match] { opt->match_given = match->count() > 0; });
  cmd->add_option("--timeout", opt->timeout, "Seconds the engine has for each reply (default 5)")->check(seconds_between(0.01, 3600.0));
}

void add_engine(CLI::App& app, Action& action) { command<EngineOptions>(app, action, kEngineText, engine, Needs::OwnJson); }

void add_corpus(CLI::App& app, Action& action) {
  auto [cmd, opt] = command<CorpusOptions>(app, action, kCorpusText, corpus);
  output_option(cmd, "--out", opt->out, "Write it to this file (default: standard output)");
}

}  // namespace kamisado::cli
