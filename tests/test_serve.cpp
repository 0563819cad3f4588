// kamisado serve (issue 31): the JSON API's answers and errors, checked against the solver
// itself; its limits (busy, cancelled); and the HTTP server around it, on a loopback port.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <sstream>
#include <thread>

#include <httplib.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>
#include <nlohmann/json.hpp>

#include "app/serve/api.h"
#include "app/serve/book_files.h"
#include "app/serve/server.h"
#include "solver/bench/suite.h"
#include "solver/proof/proof_check.h"
#include "solver/proof/proof_file.h"
#include "solver/retro/retro_build.h"
#include "solver/retro/retro_file.h"
#include "solver/search/solve.h"
#include "src/kamisado/errors.h"
#include "src/kamisado/kfen.h"
#include "src/kamisado/movegen.h"

using namespace kamisado;
using namespace kamisado::serve;

namespace {

const std::string kAfterC1C4 = "obpkyrgn/8/8/8/2R5/8/8/NG1YKPBO g g";

// A KFEN in a query: its spaces and rings (+) escaped.
std::string url(const std::string& kfen) {
  std::string out;
  for (char c : kfen) out += c == ' ' ? "%20" : c == '+' ? "%2B" : std::string(1, c);
  return out;
}

nlohmann::json body(const Answer& a) { return nlohmann::json::parse(a.body); }

ApiOptions small_api() {
  ApiOptions o;
  o.hash_mb = 32;
  o.searches = 2;
  o.default_ms = 60000;
  o.max_ms = 600000;
  o.default_nodes = 50'000'000;
  o.max_nodes = 50'000'000;
  o.book = {"none"};  // the searches themselves, not the repository's book
  return o;
}

// A server on any free port, with small_api's searches.
ServeOptions any_port() {
  ServeOptions o;
  o.port = 0;
  o.api = small_api();
  return o;
}

}  // namespace

TEST(Serve_Api, PositionGivesEveryLegalMoveWithWhereItLeads) {
  Api api(small_api());
  Answer a = api.position({{"kfen", std::string(kStartKfen)}});
  ASSERT_EQ(a.status, 200) << a.body;
  nlohmann::json j = body(a);
  EXPECT_EQ(j["moves"].size(), 102u);  // T1: every tower's every move from the set-up
  for (const auto& m : j["moves"]) {
    Position start = parse_kfen(kStartKfen);
    EXPECT_EQ(m["kfen"], to_kfen(start.after(parse_move(start, m["move"].get<std::string>()))));
  }
  EXPECT_EQ(j["side_to_move"], "black");
  EXPECT_TRUE(j["designated"].is_null());
  EXPECT_NE(j["svg"].get<std::string>().find("<svg"), std::string::npos);
  EXPECT_FALSE(j["words"].get<std::string>().empty());
  j = body(api.position({{"kfen", kAfterC1C4}}));
  EXPECT_EQ(j["designated"], "Gold Green");  // T2: the colour of c4's square
  EXPECT_EQ(j["moves"].size(), 10u);
}

// S3/S4 (issue 71): a push names the towers it moved back, nearest the pusher first, so that the
// board can name the push and mark them; a step names none.
TEST(Serve_Api, APushNamesTheTowersItMovedBack) {
  Api api(small_api());
  const std::string double_push = "obp1y1gn/8/8/2r5/2k5/2R++5/8/NG1YKPBO b R 7:3-0";  // Black's Double Sumo on c3, two towers above it
  const nlohmann::json j = body(api.position({{"kfen", double_push}}));
  int pushes = 0;
  for (const auto& m : j["moves"]) {
    if (m["move"] != "c3c4") {
      EXPECT_FALSE(m.contains("pushed")) << m;
      continue;
    }
    ++pushes;
    EXPECT_EQ(m["pushed"], nlohmann::json::parse(R"([{"tower": "Gold Pink", "from": "c4", "to": "c5"},
                                                     {"tower": "Gold Red", "from": "c5", "to": "c6"}])"));
    EXPECT_EQ(m["kfen"], "obp1y1gn/8/2r5/2k5/2R++5/8/8/NG1YKPBO b O 7:3-0");  // S4: again, with c6's colour (Orange)
  }
  EXPECT_EQ(pushes, 1);
}

TEST(Serve_Api, EveryBadRequestIsA400WithOneLine) {
  Api api(small_api());
  const std::vector<std::pair<Params, std::string>> cases = {
      {{}, "kfen is missing"},
      {{{"kfen", "nonsense"}}, "kfen: "},
      {{{"kfen", std::string(300, 'x')}}, "longer than any KFEN"},
      {{{"kfen", std::string(kStartKfen)}, {"frob", "1"}}, "unknown parameter 'frob'"},
  };
  for (const auto& [params, words] : cases) {
    Answer a = api.position(params);
    EXPECT_EQ(a.status, 400) << words;
    EXPECT_NE(body(a)["error"].get<std::string>().find(words), std::string::npos) << a.body;
    EXPECT_EQ(a.body.find('\n'), std::string::npos);
  }
  const std::vector<std::pair<Params, std::string>> analyse_cases = {
      {{{"kfen", kAfterC1C4}, {"goal", "match"}}, "goal: the goal match needs a match position"},
      {{{"kfen", kAfterC1C4}, {"goal", "ring:3"}}, "goal: the goal ring:3: a ring is worth 1, 2, 4 or 8"},
      {{{"kfen", kAfterC1C4}, {"nodes", "abc"}}, "nodes must be a positive number"},
      {{{"kfen", kAfterC1C4}, {"ms", "-5"}}, "ms must be a positive number"},
      {{{"kfen", kAfterC1C4}, {"ms", "0x10"}}, "ms must be a positive number in whole digits"},
      {{{"kfen", kAfterC1C4}, {"ms", "1e3"}}, "ms must be a positive number in whole digits"},
      {{{"kfen", kAfterC1C4}, {"nodes", "1.5"}}, "nodes must be a positive number in whole digits"},
      {{{"kfen", kAfterC1C4}, {"nodes", "+5"}}, "nodes must be a positive number in whole digits"},
      {{{"kfen", kAfterC1C4}, {"nodes", "0"}}, "nodes must be a positive number in whole digits"},
      {{{"kfen", "Nbpkyrgn/8/7o/8/8/8/8/1GRYKPBO g o"}}, "the round is already over"},  // M7
      // A budget past 2^64 is the cap, no error: the position is what is refused.
      {{{"kfen", "Nbpkyrgn/8/7o/8/8/8/8/1GRYKPBO g o"}, {"nodes", "99999999999999999999"}}, "the round is already over"},
  };
  for (const auto& [params, words] : analyse_cases) {
    Answer a = api.analyse(params, nullptr);
    EXPECT_EQ(a.status, 400) << words << ": " << a.body;
    EXPECT_NE(a.body.find(words), std::string::npos) << words << ": " << a.body;
    EXPECT_EQ(api.proof(params, nullptr).status, 400) << words;
  }
}

// Each move's value and distance are its child's, seen from the mover (P1, M7, M8; after a push
// the pusher moves again, S4): checked against the solver run on each child.
TEST(Serve_Api, AnalyseGivesEachMoveTheValueAndDistanceOfItsChild) {
  Api api(small_api());
  for (const std::string& kfen : {kAfterC1C4, std::string("ob1kyrgn/8/8/8/2p5/2R+5/8/NG1YKPBO b R"),
                                  std::string("y+g++4n+1/K4k+2/8/1b+p+5/1P++2o++Y+N+1/5B+O1/2r++5/2G+4R b P 15:7-14")}) {
    Answer a = api.analyse({{"kfen", kfen}}, nullptr);
    ASSERT_EQ(a.status, 200) << a.body;
    nlohmann::json j = body(a);
    ASSERT_TRUE(j["complete"]) << kfen;
    const Position pos = parse_kfen(kfen);
    MoveList legal;
    generate_moves(pos, legal);
    ASSERT_EQ(j["moves"].size(), legal.size());
    for (const auto& m : j["moves"]) {
      const Position child = pos.after(parse_move(pos, m["move"].get<std::string>()));
      if (auto w = round_winner(child)) {
        EXPECT_EQ(m["value"], *w == pos.side_to_move() ? "win" : "loss");
        EXPECT_EQ(m["plies"], 1);
        continue;
      }
      const solver::SolveResult r = solver::solve(child);
      const bool mover_wins = solver::winner(r, child) == pos.side_to_move();
      EXPECT_EQ(m["value"], mover_wins ? "win" : "loss") << kfen << " " << m["move"];
      EXPECT_EQ(m["plies"], int(r.plies) + 1) << kfen << " " << m["move"];
    }
    const solver::SolveResult root = solver::solve(pos);
    EXPECT_EQ(j["value"], solver::value_name(root.value));
    EXPECT_EQ(j["plies"], int(root.plies));
    EXPECT_EQ(j["best"], j["best_line"][0]);
  }
}

// The solver suite's stored values and exact distances (tests/data/solver_suite.json).
TEST(Serve_Api, AnalyseAgreesWithTheSolverSuite) {
  Api api(small_api());
  for (const solver::SuiteEntry& e : solver::read_suite(KAMISADO_DATA "/solver_suite.json")) {
    Answer a = api.analyse({{"kfen", to_kfen(e.pos)}}, nullptr);
    ASSERT_EQ(a.status, 200) << a.body;
    nlohmann::json j = body(a);
    EXPECT_EQ(j["value"], e.value) << to_kfen(e.pos);
    EXPECT_EQ(j["plies"], e.plies) << to_kfen(e.pos);
    EXPECT_EQ(j["winner_moves"], e.winner_moves) << to_kfen(e.pos);
  }
}

// A position a loaded retrograde table holds is answered from it, exact, each move's value and
// distance the table's (the table's own tests check its values against a plain search).
TEST(Serve_Api, AnalysesComeFromALoadedRetrogradeTable) {
  const std::string root = "o2ky1gn/N3K2O/8/8/8/5r2/1bp5/1GRY1PB1 b Y";
  const auto folder = std::filesystem::path(KAMISADO_TEST_TMP) / "serve_tables";
  std::filesystem::remove_all(folder);
  std::filesystem::create_directories(folder);
  const solver::RetroTable table = solver::build_retro_table(parse_kfen(root), {});
  solver::save_retro_table(table, (folder / "late.retro").string(), nullptr);
  ApiOptions o = small_api();
  o.book = {folder.string()};
  // A table the project did not publish is a claim: the position is searched (issue 67).
  EXPECT_EQ(body(Api(o).analyse({{"kfen", root}}, nullptr))["by"], "search");
  o.check_book = true;  // verified on load: then every value comes from it
  Api api(o);
  nlohmann::json j = body(api.analyse({{"kfen", root}}, nullptr));
  EXPECT_EQ(j["by"], "table");
  EXPECT_NE(j["sources"][j["source"].get<std::string>()]["checked_by"].get<std::string>().find("retro verify"), std::string::npos) << j;
  EXPECT_EQ(j["value"], "win");
  EXPECT_EQ(j["plies"], 3);  // Black wins in 3 (test_retro.cpp's small root)
  const Position pos = parse_kfen(root);
  for (const auto& m : j["moves"]) {
    const Position child = pos.after(parse_move(pos, m["move"].get<std::string>()));
    const solver::MoveOutcome mo = solver::move_outcome(table, pos, child);
    ASSERT_TRUE(mo.known);
    EXPECT_EQ(m["value"], mo.mover_wins ? "win" : "loss");
    EXPECT_EQ(m["plies"], mo.distance);
  }
  o.book = {(folder / "none").string()};
  std::filesystem::create_directories(folder / "none");
  EXPECT_THROW(Api{o}, InputError);
}

TEST(Serve_Api, AProofIsACheckedCertificateAndTooSmallABudgetSaysSo) {
  Api api(small_api());
  Answer a = api.proof({{"kfen", kAfterC1C4}}, nullptr);
  ASSERT_EQ(a.status, 200) << a.body;
  EXPECT_EQ(a.content_type, "text/plain");
  std::istringstream in(a.body);
  const solver::ProofCheck check = solver::check_proof(solver::read_proof(in));
  EXPECT_TRUE(check.holds);
  Answer tiny = api.proof({{"kfen", std::string(kStartKfen)}, {"nodes", "10"}}, nullptr);
  EXPECT_EQ(tiny.status, 422) << tiny.body;
  EXPECT_NE(body(tiny)["error"].get<std::string>().find("not proved within the budget"), std::string::npos);
}

TEST(Serve_Api, WhenEverySearchIsBusyTheAnswerIs503WithRetryAfter) {
  ApiOptions o = small_api();
  o.searches = 1;
  o.queue_seconds = 0.2;
  Api api(o);
  Answer now;
  std::unique_ptr<AnalysisJob> held = api.start_analysis({{"kfen", kAfterC1C4}}, nullptr, now);
  ASSERT_TRUE(held);
  Answer busy = api.analyse({{"kfen", std::string(kStartKfen)}}, nullptr);
  EXPECT_EQ(busy.status, 503);
  EXPECT_GT(busy.retry_after, 0);
  held.reset();  // the table goes back
  EXPECT_EQ(api.analyse({{"kfen", kAfterC1C4}}, nullptr).status, 200);
  EXPECT_EQ(api.stats().busy, 1u);
}

TEST(Serve_Api, ACancelledAnalysisStopsAtOnce) {
  Api api(small_api());
  std::atomic<bool> cancel{false};
  std::thread client_leaves([&cancel] {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    cancel = true;
  });
  const auto t0 = std::chrono::steady_clock::now();
  // The set-up of a Marathon match: far more than a minute's search.
  Answer a = api.analyse({{"kfen", std::string(kStartKfen) + " 15:0-0"}, {"goal", "match"}}, &cancel);
  client_leaves.join();
  EXPECT_EQ(a.status, 499);
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(30));
  EXPECT_EQ(api.stats().cancelled, 1u);
}

// Issue 71: an answer cut short names what cut it, so that a player knows whether a longer effort
// helps; the time asked is the bound when no node count is asked (the default node cap is not);
// at the server's stop an analysis is answered with what it has.
TEST(Serve_Api, AnAnswerCutShortSaysWhatCutIt) {
  ApiOptions o = small_api();
  o.default_nodes = 1000;  // far below what 1.5 s searches
  o.max_nodes = 20'000'000;
  Api api(o);
  const std::string match = std::string(kStartKfen) + " 3:0-0";  // who wins the match: far beyond seconds
  nlohmann::json j = body(api.analyse({{"kfen", match}, {"goal", "match"}, {"ms", "1500"}}, nullptr));
  EXPECT_EQ(j["value"], "unknown");
  EXPECT_EQ(j["cut_by"], nlohmann::json::array({"time"})) << j["cut_by"] << " after " << j["nodes"] << " nodes";
  EXPECT_GE(j["seconds"].get<double>(), 1.4);
  j = body(api.analyse({{"kfen", match}, {"goal", "match"}, {"ms", "600000"}, {"nodes", "2000"}}, nullptr));
  EXPECT_EQ(j["cut_by"], nlohmann::json::array({"nodes"})) << j["cut_by"];
  // Proved whole (a small root Black wins in 3, test_retro.cpp's): nothing cut.
  EXPECT_TRUE(body(api.analyse({{"kfen", "o2ky1gn/N3K2O/8/8/8/5r2/1bp5/1GRY1PB1 b Y"}}, nullptr))["cut_by"].empty());
  std::atomic<bool> cancel{false};
  std::thread server_stops([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    api.stopping();
    cancel = true;
  });
  const Answer stopped = api.analyse({{"kfen", match}, {"goal", "match"}}, &cancel);
  server_stops.join();
  ASSERT_EQ(stopped.status, 200) << stopped.body;
  EXPECT_EQ(body(stopped)["cut_by"], nlohmann::json::array({"stopped"}));
}

// Issue 71: the page offers what the server allows, and links only to what it serves.
TEST(Serve_Api, TheServerSaysItsLimitsAndWhatItServes) {
  ApiOptions o = small_api();
  o.max_ms = 120000;
  o.puzzles = true;
  const nlohmann::json j = body(Api(o).server());
  EXPECT_EQ(j["max_ms"], 120000.0);
  EXPECT_EQ(j["max_nodes"], 50'000'000);
  EXPECT_EQ(j["puzzles"], true);
  EXPECT_NE(j["book"].get<std::string>().find("positions"), std::string::npos);
}

TEST(Serve_Api, FinishedAnswersAreKeptAndAnsweredFromTheCache) {
  Api api(small_api());
  Answer first = api.analyse({{"kfen", kAfterC1C4}}, nullptr);
  Answer second = api.analyse({{"kfen", kAfterC1C4}, {"ms", "1"}}, nullptr);
  EXPECT_EQ(first.body, second.body);
  EXPECT_EQ(api.stats().cache_hits, 1u);
  // The cache is bounded in bytes too: with room for one answer, the older one goes.
  ApiOptions tight = small_api();
  tight.cache_bytes = first.body.size() + 200;
  Api small(tight);
  small.analyse({{"kfen", kAfterC1C4}}, nullptr);
  small.proof({{"kfen", kAfterC1C4}}, nullptr);  // larger than the room: not kept
  small.analyse({{"kfen", "ob1kyrgn/8/8/8/2p5/2R+5/8/NG1YKPBO b R"}}, nullptr);
  EXPECT_EQ(small.stats().cache_size, 1u);
  EXPECT_LE(small.stats().cache_bytes, tight.cache_bytes);
  small.analyse({{"kfen", kAfterC1C4}}, nullptr);
  EXPECT_EQ(small.stats().cache_hits, 0u);
}

// The server on a loopback port: the board, the API, errors as JSON, and a client that leaves.
TEST(Serve_Http, TheBoardTheApiAndItsErrorsOverHttp) {
  Server server(any_port());
  const int port = server.bind();
  std::thread run([&server] { server.run(); });
  httplib::Client client("127.0.0.1", port);
  client.set_read_timeout(60, 0);

  auto page = client.Get("/");
  ASSERT_TRUE(page);
  EXPECT_EQ(page->status, 200);
  EXPECT_NE(page->body.find("Kamisado analysis board"), std::string::npos);
  EXPECT_EQ(client.Get("/board.js")->status, 200);
  EXPECT_EQ(client.Get("/board.css")->status, 200);

  auto pos = client.Get(("/api/v1/position?kfen=" + url(kAfterC1C4)).c_str());
  ASSERT_TRUE(pos);
  EXPECT_EQ(pos->status, 200);
  EXPECT_EQ(nlohmann::json::parse(pos->body)["moves"].size(), 10u);

  auto analysis = client.Get(("/api/v1/analyse?kfen=" + url(kAfterC1C4)).c_str());
  ASSERT_TRUE(analysis);
  EXPECT_EQ(analysis->status, 200);
  EXPECT_EQ(nlohmann::json::parse(analysis->body)["plies"], 20);

  auto proof = client.Get(("/api/v1/proof?kfen=" + url(kAfterC1C4)).c_str());
  ASSERT_TRUE(proof);
  EXPECT_EQ(proof->status, 200);

  auto missing = client.Get("/api/v1/nope");
  EXPECT_EQ(missing->status, 404);
  EXPECT_TRUE(nlohmann::json::parse(missing->body).contains("error"));
  auto twice = client.Get("/api/v1/position?kfen=a&kfen=b");
  EXPECT_EQ(twice->status, 400);
  EXPECT_NE(twice->body.find("given twice"), std::string::npos);
  auto bad = client.Get("/api/v1/analyse?kfen=bad");
  EXPECT_EQ(bad->status, 400);
  auto huge = client.Get(("/api/v1/position?kfen=" + std::string(20000, 'x')).c_str());
  ASSERT_TRUE(huge);
  EXPECT_GE(huge->status, 400);
  auto posted = client.Post("/api/v1/position", std::string(64 * 1024, 'x'), "text/plain");
  ASSERT_TRUE(posted);
  EXPECT_GE(posted->status, 400);
  // Another method on an API route: 405, and the method the route takes.
  const auto expect_405 = [](const httplib::Result& answer) {
    ASSERT_TRUE(answer);
    EXPECT_EQ(answer->status, 405);
    EXPECT_EQ(answer->get_header_value("Allow"), "GET");
    EXPECT_NE(nlohmann::json::parse(answer->body)["error"].get<std::string>().find("the API takes GET"), std::string::npos);
  };
  expect_405(client.Post("/api/v1/analyse", "x", "text/plain"));
  expect_405(client.Delete("/api/v1/position"));
  expect_405(client.Put("/api/v1/stats", "x", "text/plain"));

  // A client that gives up after the first bytes: its search is stopped, not left to run out
  // its budget.
  httplib::Client impatient("127.0.0.1", port);
  auto gone = impatient.Get(("/api/v1/analyse?goal=match&kfen=" + url(std::string(kStartKfen) + " 15:0-0")).c_str(),
                            [](const char*, std::size_t) { return false; });
  EXPECT_FALSE(gone);
  std::uint64_t cancelled = 0;
  for (int i = 0; i < 100 && cancelled == 0; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    cancelled = nlohmann::json::parse(client.Get("/api/v1/stats")->body)["cancelled"].get<std::uint64_t>();
  }
  EXPECT_EQ(cancelled, 1u);
  server.stop();
  run.join();
}

// Issue 45: stopping the server (Ctrl-C) cancels the searches in flight, an analysis and a proof
// of a minute's budget each, instead of waiting for them to spend it; and says how many.
TEST(Serve_Http, StoppingTheServerCancelsTheSearchesInFlight) {
  Server server(any_port());
  const int port = server.bind();
  std::atomic<bool> stop{false};
  std::size_t cancelled = 0;
  std::thread run([&] { cancelled = server.run(&stop); });
  const std::string marathon = "goal=match&ms=60000&nodes=50000000&kfen=" + url(std::string(kStartKfen) + " 15:0-0");
  std::vector<std::thread> clients;
  for (const char* route : {"/api/v1/analyse?", "/api/v1/proof?"})
    clients.emplace_back([port, route, &marathon] {
      httplib::Client c("127.0.0.1", port);
      c.set_read_timeout(120, 0);
      c.Get((route + marathon).c_str());
    });
  // Both under way (however slow the machine) before the stop.
  for (int i = 0; i < 6000 && server.running_searches() < 2; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_EQ(server.running_searches(), 2u);
  const auto t0 = std::chrono::steady_clock::now();
  stop = true;
  run.join();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  for (auto& c : clients) c.join();
  EXPECT_LT(seconds, 30) << "a minute's searches were waited for";  // 2 s here; generous for slow machines
  EXPECT_EQ(cancelled, 2u);
}

namespace {

// Sends `head` (and nothing after it) on a fresh connection and returns the status line of the
// answer, or "" if none came within `seconds`.
std::string status_after_head(int port, const std::string& head, int seconds) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in to{};
  to.sin_family = AF_INET;
  to.sin_port = htons(std::uint16_t(port));
  to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  timeval limit{seconds, 0};
  ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, sizeof limit);
  std::string answer;
  if (::connect(fd, reinterpret_cast<sockaddr*>(&to), sizeof to) == 0 && ::send(fd, head.data(), head.size(), MSG_NOSIGNAL) > 0) {
    char buffer[512];
    const ssize_t n = ::recv(fd, buffer, sizeof buffer, 0);
    if (n > 0) answer.assign(buffer, std::size_t(n));
  }
  ::close(fd);
  return answer.substr(0, answer.find("\r\n"));
}

}  // namespace

// Issue 45: a body is refused by its headers, before any of it is read, whatever the method: one
// of unknown length (chunked: 200 MB of it were read whole before) and one longer than the limit.
// Only the headers are sent, so a server that waited for the body would answer nothing.
TEST(Serve_Http, ABodyIsRefusedByItsHeadersBeforeItIsRead) {
  Server server(any_port());
  const int port = server.bind();
  std::thread run([&server] { server.run(); });
  EXPECT_EQ(status_after_head(port, "POST /api/v1/position HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n10000\r\n", 30),
            "HTTP/1.1 413 Payload Too Large");
  EXPECT_EQ(status_after_head(port, "GET /api/v1/position?kfen=x HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n", 30),
            "HTTP/1.1 413 Payload Too Large");
  EXPECT_EQ(status_after_head(port, "GET /api/v1/position HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n", 30),
            "HTTP/1.1 413 Payload Too Large");
  // A small body is read and the request answered as it would be without it.
  EXPECT_EQ(status_after_head(port, "GET /api/v1/position?kfen=x HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\nab", 30),
            "HTTP/1.1 400 Bad Request");
  server.stop();
  run.join();
}

// Issue 45: a client that leaves a proof stops it (two abandoned proofs held both searches for
// their whole budgets), as a client that leaves an analysis does.
TEST(Serve_Http, AProofWhoseClientLeavesIsStopped) {
  Server server(any_port());
  const int port = server.bind();
  std::thread run([&server] { server.run(); });
  httplib::Client impatient("127.0.0.1", port);
  impatient.set_read_timeout(1, 0);
  const auto gone = impatient.Get(("/api/v1/proof?goal=match&ms=600000&kfen=" + url(std::string(kStartKfen) + " 15:0-0")).c_str());
  EXPECT_FALSE(gone);  // it timed out and closed its connection
  impatient.stop();
  for (int i = 0; i < 600 && server.api().stats().cancelled == 0; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(100));
  EXPECT_EQ(server.api().stats().cancelled, 1u);
  for (int i = 0; i < 600 && server.running_searches() > 0; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(100));
  EXPECT_EQ(server.running_searches(), 0u);
  server.stop();
  run.join();
}

// Issue 45: searches waiting for a slot hold connections' threads, so their queue is bounded
// (ApiOptions::waiting; past it a 503 at once) and the threads outnumber it: with every search
// busy for a minute and the queue full, a position is answered at once, not after the searches.
TEST(Serve_Http, APositionIsAnsweredWhileSearchesQueue) {
  ServeOptions o = any_port();
  o.api.waiting = 4;
  o.threads = 12;
  Server server(o);
  const int port = server.bind();
  std::atomic<bool> stop{false};
  std::thread run([&] { server.run(&stop); });
  const std::string minute = "/api/v1/analyse?goal=match&ms=60000&kfen=" + url(std::string(kStartKfen) + " 15:0-0");
  std::atomic<int> refused{0};
  std::vector<std::thread> clients;
  for (int i = 0; i < 8; ++i)
    clients.emplace_back([port, &minute, &refused] {
      httplib::Client c("127.0.0.1", port);
      c.set_read_timeout(120, 0);
      const auto a = c.Get(minute.c_str());
      if (a && a->status == 503) ++refused;
    });
  // The two searches running and the queue full (four waiting, two refused), however slow the machine.
  for (int i = 0; i < 6000 && (server.running_searches() < 2 || refused < 2); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_EQ(refused, 2);
  httplib::Client client("127.0.0.1", port);
  client.set_read_timeout(40, 0);  // the searches take 60 s: an answer before it is not behind them
  const auto t0 = std::chrono::steady_clock::now();
  const auto pos = client.Get(("/api/v1/position?kfen=" + url(kAfterC1C4)).c_str());
  ASSERT_TRUE(pos);
  EXPECT_EQ(pos->status, 200);
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), 40);
  stop = true;
  run.join();
  for (auto& c : clients) c.join();
}

// Issue 45: an analysis the book holds whole is answered at once, without a search's table:
// with the only search busy and no room to wait, the set-up is still answered (from the book),
// and a position the book lacks gets the 503.
TEST(Serve_Api, AnAnalysisTheBookHoldsNeedsNoSearch) {
  ApiOptions o = small_api();
  o.searches = 1;
  o.waiting = 0;
  o.book = {serve::default_book_folder() + "/opening.book"};
  Api api(o);
  // Two positions four plies in, which the opening's book does not hold.
  MoveList replies, seconds, fourths;
  generate_moves(parse_kfen(kAfterC1C4), replies);
  const Position after = parse_kfen(kAfterC1C4).after(replies[0]);
  generate_moves(after, seconds);
  const Position third_ply = after.after(seconds[0]);
  generate_moves(third_ply, fourths);
  const std::string second = to_kfen(third_ply.after(fourths[0])), third = to_kfen(third_ply.after(fourths[1]));
  Answer held;
  const std::unique_ptr<AnalysisJob> busy = api.start_analysis({{"kfen", second}}, nullptr, held);
  ASSERT_TRUE(busy) << held.body;  // it holds the only search
  const nlohmann::json j = body(api.analyse({{"kfen", std::string(kStartKfen)}}, nullptr));
  EXPECT_EQ(j["by"], "book");
  EXPECT_EQ(j["moves"].size(), 102u);
  EXPECT_TRUE(j["complete"].get<bool>());
  // Its source described once, each move naming it by a short id (issue 71: it was 33 kB).
  ASSERT_EQ(j["sources"].size(), 1u) << j["sources"];
  EXPECT_NE(j["sources"]["s1"]["file"].get<std::string>().find("opening.book"), std::string::npos);
  EXPECT_NE(j["sources"]["s1"]["checked_by"].get<std::string>().find("published"), std::string::npos) << j["sources"];
  for (const auto& m : j["moves"]) EXPECT_EQ(m["source"], "s1");
  EXPECT_LT(j.dump().size(), 10'000u);
  EXPECT_EQ(api.analyse({{"kfen", third}}, nullptr).status, 503);
}
