// kamisado serve: the analysis board and the JSON API over HTTP (serve/server.h).
#include "app/cli/commands.h"
#include "app/serve/server.h"

namespace kamisado::cli {

namespace {

const CommandText kServeText{"serve", "Serve the analysis board and the JSON API over HTTP (loopback by default)",
                             "Open the printed address in a browser: set up any position, see every move with its value and\n"
                             "distance (win in N, loss in N, or unknown within the effort), play moves, follow the best line,\n"
                             "download the proof. Scripts use the API (docs/serve.md): /api/v1/position, /api/v1/analyse and\n"
                             "/api/v1/proof, each with kfen=...; bad parameters get HTTP 400 and a one-line JSON error. What\n"
                             "the book holds proved (--book) is answered at once, saying how it was checked; a file's claim\n"
                             "is searched, never given as proved. At most --searches analyses run at once (the others wait,\n"
                             "then get 503), sharing --hash MB of tables; a client that leaves stops its search. Ctrl-C or\n"
                             "SIGTERM stops the server.\n"
                             "Example: kamisado serve --port 8080 --puzzles reports/puzzles"};

int serve_command(const serve::ServeOptions& given, Io& io) {
  serve::ServeOptions o = given;
  o.api.progress = io.lines(), o.api.stop = io.stop;  // --check-book's progress, and Ctrl-C stops it
  serve::Server server(o);
  const int port = server.bind();
  const std::string address = "http://" + (o.host == "0.0.0.0" ? std::string("127.0.0.1") : o.host) + ":" + std::to_string(port) + "/";
  // One line that says where and with what, and nothing of stopping until it has.
  io.print({{"address", address}, {"port", port}, {"book", server.api().book_summary()}},
           "kamisado serve: the analysis board at " + address + " (book: " + server.api().book_summary() + "; Ctrl-C to stop)\n");
  io.out.flush();
  const std::size_t cancelled = server.run(io.stop);  // until Ctrl-C or SIGTERM
  io.err << "kamisado serve: stopped; analyses in flight answered with what they had: " << cancelled << "\n";
  return kOk;
}

}  // namespace

void add_serve(CLI::App& app, Action& action) {
  auto [cmd, opt] = command<serve::ServeOptions>(app, action, kServeText, serve_command, Needs::CtrlC);
  cmd->add_option("--port", opt->port, "The port (default 8080; 0: any free one, printed)")->check(CLI::Range(0, 65535));
  cmd->add_option("--host", opt->host, "The address to listen on (default 127.0.0.1, this machine only)");
  book_option(cmd, opt->api.book, opt->api.check_book);
  hash_option(cmd, opt->api.hash_mb, ", in all, shared by the searches");
  cmd->add_option("--searches", opt->api.searches, "Analyses at once (default 2)")->check(CLI::Range(1, 64));
  cmd->add_option("--puzzles", opt->puzzles_dir, "A puzzle collection's folder to serve under /puzzles/ (e.g. reports/puzzles)");
  const auto effort = [opt = opt](double seconds) { opt->api.max_ms = seconds * 1000; };
  cmd->add_option_function<double>("--max-effort", effort, "The longest analysis, in seconds (default 60)")->check(CLI::Range(1, 3600));
  cmd->add_option("--threads", opt->threads, "Connections served at once (default 64)")->check(CLI::Range(2, 1024));
}

}  // namespace kamisado::cli
