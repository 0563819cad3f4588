// kamisado serve-bench: the analysis server under load on loopback (serve/load_test.h).
#include "app/cli/commands.h"
#include "app/serve/load_test.h"

namespace kamisado::cli {

namespace {

const CommandText kServeBenchText{"serve-bench", "Put the analysis server under load on loopback and measure it",
                                  "Starts kamisado serve in this process on a loopback port and runs --clients clients for\n"
                                  "--seconds: position requests, analyses (from the cache and searched) and bad requests, each\n"
                                  "of which must get a 4xx. Fails (exit 1) if a good request gets anything but 200, a bad one\n"
                                  "anything but a 4xx, or the resident memory passes the cap (--memory-cap, default the\n"
                                  "search tables plus 256 MB). --report writes throughput and p50/p99 latencies as Markdown.\n"
                                  "Example: kamisado serve-bench --clients 32 --seconds 60 --report reports/serve.md"};

struct ServeBenchOptions {
  serve::LoadOptions load;
  std::string report;
};

int serve_bench(const ServeBenchOptions& opt, Io& io) {
  serve::LoadOptions o = opt.load;
  const serve::LoadResult r = serve::run_load(o);
  if (!opt.report.empty()) serve::write_load_report(r, o, opt.report);
  present::Answer a = serve::load_answer(r, o);
  if (!opt.report.empty()) a.text += "wrote " + opt.report + "\n";
  return io.print(a, r.passed() ? kOk : kInternalError);
}

}  // namespace

void add_serve_bench(CLI::App& app, Action& action) {
  auto [cmd, opt] = command<ServeBenchOptions>(app, action, kServeBenchText, serve_bench);
  opt->load.suite = "tests/data/solver_suite.json";
  cmd->add_option("--clients", opt->load.clients, "Concurrent clients (default 32)")->check(CLI::Range(1, 256));
  cmd->add_option("--seconds", opt->load.seconds, "How long (default 60)")->check(seconds_between(0.1, 3600.0));
  cmd->add_option("--analyse-ms", opt->load.analyse_ms, "The budget of each analysis in milliseconds (default 100)")->check(CLI::Range(1.0, 60000.0));
  hash_option(cmd, opt->load.server.api.hash_mb, ", in all, of the server's searches");
  book_option(cmd, opt->load.server.api.book, opt->load.server.api.check_book);
  cmd->add_option("--searches", opt->load.server.api.searches, "The server's analyses at once (default 2)")->check(CLI::Range(1, 64));
  cmd->add_option("--memory-cap", opt->load.memory_cap_mb, "Resident memory allowed, in MB (default: --hash plus 256)")
      ->check(CLI::Range(1, 1 << 20));
  cmd->add_option("--suite", opt->load.suite, "Known positions for the analyses (default tests/data/solver_suite.json)")->check(CLI::ExistingFile);
  seed_option(cmd, opt->load.seed, "the clients' requests");
  report_option(cmd, opt->report);
}

}  // namespace kamisado::cli
