// kamisado serve: the analysis board and the JSON API over HTTP (serve/server.h).
#include "cli/commands.h"
#include "serve/server.h"

namespace kamisado::cli {

namespace {

const CommandText kServeText{"serve", "Serve the analysis board and the JSON API over HTTP (loopback by default)",
                             "Open the printed address in a browser: set up any position, see every move with its value\n"
                             "and distance (win in N, loss in N, or unknown within the effort), play moves, follow the\n"
                             "best line, download the proof. Scripts use the API (docs/serve.md): /api/v1/position,\n"
                             "/api/v1/analyse and /api/v1/proof, each with kfen=...; bad parameters get HTTP 400 and a\n"
                             "one-line JSON error. What the book holds (--book: the opening, the puzzles, round-start and\n"
                             "retrograde tables) is answered from it at once, saying where it was proved; a search fills\n"
                             "in the rest. At most --searches analyses run at once\n"
                             "(the others wait, then get 503), sharing --hash MB of search tables; a client that leaves\n"
                             "stops its search. Ctrl-C stops the server.\n"
                             "Example: kamisado serve --port 8080 --puzzles reports/puzzles"};

int serve_command(const serve::ServeOptions& o, Io& io) {
  serve::Server server(o);
  const int port = server.bind();
  const std::string address = "http://" + (o.host == "0.0.0.0" ? std::string("127.0.0.1") : o.host) + ":" + std::to_string(port) + "/";
  io.print({{"address", address}, {"port", port}, {"book", server.api().book_summary()}},
           "kamisado serve: the analysis board at " + address + " (Ctrl-C stops)\nbook: " + server.api().book_summary() + "\n");
  io.out.flush();
  io.err << "kamisado serve: stopped; searches in flight cancelled: " << server.run(io.stop) << "\n";
  return kOk;
}

}  // namespace

void add_serve(CLI::App& app, Action& action) {
  auto [cmd, opt] = command<serve::ServeOptions>(app, action, kServeText, serve_command, Needs::CtrlC);
  cmd->add_option("--port", opt->port, "The port (default 8080; 0: any free one, printed)")->check(CLI::Range(0, 65535));
  cmd->add_option("--host", opt->host, "The address to listen on (default 127.0.0.1, this machine only)");
  book_option(cmd, opt->api.book);
  hash_option(cmd, opt->api.hash_mb, ", in all, shared by the searches");
  cmd->add_option("--searches", opt->api.searches, "Analyses at once (default 2)")->check(CLI::Range(1, 64));
  cmd->add_option("--puzzles", opt->puzzles_dir, "A puzzle collection's folder to serve under /puzzles/ (e.g. reports/puzzles)");
  cmd->add_option("--threads", opt->threads, "Connections served at once (default 64)")->check(CLI::Range(2, 1024));
}

}  // namespace kamisado::cli
