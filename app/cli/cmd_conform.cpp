// kamisado conform: check another Kamisado implementation against ours, over the line protocol
// (src/conform/harness.h, its report app/present/conformance_report.h); kamisado corpus: write the built-in conformance corpus.
#include <iostream>

#include "app/cli/commands.h"
#include "app/present/conformance_report.h"
#include "app/serve/engine_search.h"
#include "src/conform/engine_server.h"
#include "src/io/files.h"
#include "src/kamisado/kfen.h"
#include "src/kamisado/rules.h"

namespace kamisado::cli {

namespace {

const CommandText kConformText{"conform", "Check another Kamisado engine against this one, over the line protocol",
                               "The engine is started with /bin/sh -c CMD and spoken to on stdin/stdout, a request a line, an\n"
                               "answer a line: hello -> kamisado-protocol 1 [name] [features F...]; position <kfen> -> ok;\n"
                               "moves -> moves <move>...; play <move> -> position <kfen>; status -> status ongoing,\n"
                               "between-rounds, won <black|gold> <home-row|deadlock> or match-won <side>; quit. Kits that speak\n"
                               "it for an engine in Python, TypeScript, Java or C#: src/conform/adapters/ (docs/conformance.md).\n"
                               "Compared: the conformance corpus; a perft/divide walk to --depth from the start, from roots for\n"
                               "Sumo rounds and matches and from each --kfen; --random play-outs, single rounds unless --match.\n"
                               "A 'hello' ending 'features single-round sumo match' (any of them) says what the engine plays:\n"
                               "only that is checked, and the summary lists the rules not checked and why. A position refused\n"
                               "('error ...') is REFUSED and counts against it. Each deviation is labelled with its rule of\n"
                               "rules.md, its count, its smallest reproduction; --allow M6,M8 reads 'conforms except M6, M8'.\n"
                               "Exit codes: 0 the engine conforms, 3 it deviates or failed, 2 bad input, 1 internal error.\n"
                               "Example: kamisado conform --engine \"python3 my_engine.py\" --depth 2 --random 50 --match"};

const CommandText kCorpusText{"corpus", "Write the built-in conformance corpus (JSON) for other implementations",
                              "The format is documented in src/conform/corpus.h and the README.\n"
                              "Example: kamisado corpus --out conformance.json"};

struct ConformOptions {
  conform::HarnessOptions harness;  // the engine's command, the walk's depth, the play-outs, the timeout
  std::string corpus, match;
  std::vector<std::string> kfens, allow;
  bool match_given = false;
};

int conform(const ConformOptions& opt, Io& io) {
  // A walk of depth 0 compares nothing: a position given to walk from would be dropped in silence.
  if (!opt.kfens.empty() && opt.harness.depth == 0) throw UsageError("--kfen is walked from to --depth, which is 0: give --depth 1 or more");
  conform::HarnessOptions h = opt.harness;
  h.corpus = opt.corpus.empty() ? conform::builtin_corpus() : conform::read_corpus(opt.corpus);
  for (const std::string& k : opt.kfens) h.walk_roots.push_back(to_kfen(parse_kfen(k)));
  if (opt.match_given) h.match_target = match_target(opt.match.empty() ? "standard" : opt.match);
  h.allow = conform::parse_allow(opt.allow);
  io::Progress progress(io.lines());
  conform::HarnessReport r = conform::run_harness(h, [&progress](const std::string& line) { progress.tick([&] { return "conform: " + line; }); });
  return io.print(present::harness_json(r), present::harness_text(r), r.conforms() ? kOk : kDisagrees);
}

const CommandText kEngineText{"engine", "Be an engine: answer the line protocol on stdin and stdout, as the reference implementation",
                              "Reads requests one a line (hello, position <kfen>, moves, play <move>, status, quit) and\n"
                              "answers each with one line, as docs/conformance.md's protocol table says; a bad KFEN or an\n"
                              "illegal move is answered 'error ...'. It also searches: 'go [nodes N] [movetime MS] [goal\n"
                              "round|match|ring:P]' answers 'info ...' lines while the proof search runs, then 'bestmove\n"
                              "<move> value win|loss|unknown plies N|-'; 'stop' ends the search early with what it has.\n"
                              "What the book holds proved (--book) is answered at once; a file's claim is named and searched.\n"
                              "For GUIs, other harnesses and engines in other languages. Example: kamisado conform --engine \"kamisado engine\""};

struct EngineOptions {
  std::size_t hash_mb = 256;
  std::vector<std::string> book;
  bool check_book = false;
};

int engine(const EngineOptions& opt, Io& io) {
  serve::ProofSearcher searcher(opt.hash_mb, opt.book, {opt.check_book, 64, io.lines(), nullptr});
  conform::serve_protocol(std::cin, io.out, &searcher);
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
  cmd->add_option("--engine", opt->harness.command, "The command that starts the engine")->required();
  cmd->add_option("--corpus", opt->corpus, "A conformance corpus (JSON, see kamisado corpus); default: the built-in one");
  cmd->add_option("--kfen", opt->kfens, "Also walk from this position (repeatable)");
  cmd->add_option("--depth", opt->harness.depth, "Walk depth, 0 for none (default 2)")->check(CLI::Range(0, conform::kMostWalkDepth));
  cmd->add_option("--random", opt->harness.random_games, "Seeded random play-outs (default 20)")->check(CLI::Range(0, conform::kMostPlayOuts));
  seed_option(cmd, opt->harness.seed, "the play-outs");
  CLI::Option* match =
      cmd->add_option("--match", opt->match,
                      "Play-outs are matches (else single rounds): standard (3 points, when no value is given), long, marathon or N points")
          ->expected(0, 1);
  cmd->parse_complete_callback([opt, match] { opt->match_given = match->count() > 0; });
  cmd->add_option("--allow", opt->allow,
                  "Rule IDs the engine is known to deviate from, comma-separated (e.g. M6,M8), or 'refused': still reported and "
                  "counted, but the run conforms 'except' them; one never seen is named in the verdict");
  cmd->add_option("--timeout", opt->harness.timeout_seconds, "Seconds the engine has for each reply (default 5)")
      ->check(seconds_between(0.01, 3600.0));
}

void add_engine(CLI::App& app, Action& action) {
  auto [cmd, opt] = command<EngineOptions>(app, action, kEngineText, engine, Needs::OwnJson);
  hash_option(cmd, opt->hash_mb, " of the searches that go starts");
  book_option(cmd, opt->book, opt->check_book);
}

void add_corpus(CLI::App& app, Action& action) {
  auto [cmd, opt] = command<CorpusOptions>(app, action, kCorpusText, corpus);
  output_option(cmd, "--out", opt->out, "Write it to this file (default: standard output)");
}

}  // namespace kamisado::cli
