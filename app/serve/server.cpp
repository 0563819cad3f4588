#include "app/serve/server.h"

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <future>
#include <mutex>
#include <set>
#include <thread>

#include <dirent.h>
#include <httplib.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include "src/kamisado/errors.h"

namespace kamisado::serve {

// The board's page, script and style (serve/board/), built into the binary (board_assets.cpp).
extern const char* const kBoardIndexHtml;
extern const char* const kBoardJs;
extern const char* const kBoardCss;

namespace {

void send(httplib::Response& res, const Answer& a) {
  res.status = a.status;
  if (a.retry_after > 0) res.set_header("Retry-After", std::to_string(a.retry_after));
  res.set_header("Cache-Control", "no-store");
  res.set_content(a.body, a.content_type.c_str());
}

// The query's parameters, each once; false (and a 400 sent) if one is given twice.
bool params_of(const httplib::Request& req, Params& out, httplib::Response& res) {
  for (const auto& [name, value] : req.params)
    if (!out.emplace(name, value).second) {
      send(res, error_answer(400, "parameter '" + name.substr(0, 30) + "' is given twice"));
      return false;
    }
  return true;
}

// A socket of this process by its ends: `local` its port here, `peer` the other end's (-1: a
// socket with no other end, a listener), found among /proc/self/fd; -1 if there is none. For what
// cpp-httplib 0.11 keeps to itself: a handler is given its request, not its socket.
int socket_with(int local, int peer) {
  DIR* fds = opendir("/proc/self/fd");
  if (!fds) return -1;
  const auto port_of = [](const sockaddr_storage& a) {
    return a.ss_family == AF_INET    ? ntohs(reinterpret_cast<const sockaddr_in&>(a).sin_port)
           : a.ss_family == AF_INET6 ? ntohs(reinterpret_cast<const sockaddr_in6&>(a).sin6_port)
                                     : -1;
  };
  int found = -1;
  while (dirent* e = readdir(fds)) {
    const int fd = std::atoi(e->d_name);
    sockaddr_storage here{}, there{};
    socklen_t here_size = sizeof here, there_size = sizeof there;
    if (fd <= 2 || getsockname(fd, reinterpret_cast<sockaddr*>(&here), &here_size) != 0 || port_of(here) != local) continue;
    const int other = getpeername(fd, reinterpret_cast<sockaddr*>(&there), &there_size) == 0 ? port_of(there) : -1;
    if (other == peer) found = fd;
  }
  closedir(fds);
  return found;
}

// Whether the client at the other end of `fd` has closed its side (a request pipelined after
// this one is not that).
bool client_gone(int fd) {
  char byte;
  const ssize_t n = ::recv(fd, &byte, 1, MSG_PEEK | MSG_DONTWAIT);
  return n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR);
}

}  // namespace

std::size_t resident_bytes() {
  std::ifstream statm("/proc/self/statm");
  std::size_t pages = 0, resident = 0;
  statm >> pages >> resident;
  return resident * std::size_t(sysconf(_SC_PAGESIZE));
}

struct Server::Impl {
  ServeOptions options;
  Api api;
  httplib::Server http;
  bool bound = false;

  // The cancel flags of the searches running, so that stopping the server stops them at once
  // rather than waiting for each to spend its budget.
  std::mutex searches_mutex;
  std::set<std::atomic<bool>*> searches;
  bool stopping = false;  // under searches_mutex: a search that starts now is cancelled at once

  // A running search's cancel flag, tracked for as long as the object lives.
  struct Tracked {
    Impl& impl;
    std::atomic<bool> cancel{false};
    explicit Tracked(Impl& i) : impl(i) {
      std::lock_guard<std::mutex> guard(impl.searches_mutex);
      cancel = impl.stopping;
      impl.searches.insert(&cancel);
    }
    ~Tracked() {
      std::lock_guard<std::mutex> guard(impl.searches_mutex);
      impl.searches.erase(&cancel);
    }
    Tracked(const Tracked&) = delete;
    Tracked& operator=(const Tracked&) = delete;
  };

  // Cancels every running search; returns how many there were.
  std::size_t cancel_searches() {
    std::lock_guard<std::mutex> guard(searches_mutex);
    stopping = true;
    for (std::atomic<bool>* c : searches) c->store(true);
    return searches.size();
  }

  explicit Impl(const ServeOptions& o) : options(o), api(with_puzzles(o)) {}
  static ApiOptions with_puzzles(const ServeOptions& o) {
    ApiOptions a = o.api;
    a.puzzles = !o.puzzles_dir.empty();
    return a;
  }

  void routes() {
    set_up_http();
    page_routes();
    api_routes();
    error_handlers();
  }

  // The connection's rules: threads, the body guard, time-outs, the socket's options.
  void set_up_http() {
    const int threads = std::max(2, options.threads);
    http.new_task_queue = [threads] { return new httplib::ThreadPool(std::size_t(threads)); };
    http.set_payload_max_length(options.max_request_bytes);
    // A body is judged by its headers before a byte of it is read: one larger than the limit,
    // or one of unknown length (chunked, which the limit above does not see), is a 413 whatever
    // the method, and the connection is closed rather than read to its end.
    http.set_pre_routing_handler([this](const httplib::Request& req, httplib::Response& res) {
      const bool chunked = req.has_header("Transfer-Encoding");
      const std::string length = req.get_header_value("Content-Length");
      if (!chunked && (length.empty() || std::strtoull(length.c_str(), nullptr, 10) <= options.max_request_bytes))
        return httplib::Server::HandlerResponse::Unhandled;
      res.set_header("Connection", "close");
      send(res, error_answer(413, chunked ? "a body of unknown length (chunked) is not taken: the API reads no body"
                                          : "the body is larger than this server takes (" + std::to_string(options.max_request_bytes) + " bytes)"));
      return httplib::Server::HandlerResponse::Handled;
    });
    http.set_read_timeout(5, 0);
    http.set_write_timeout(5, 0);
    http.set_keep_alive_max_count(100);
    http.set_keep_alive_timeout(5);
    http.set_tcp_nodelay(true);  // replies are small: Nagle's delay would dominate them
    // The library's default sets SO_REUSEPORT, with which a second server on the same port binds
    // too and the two split the requests; SO_REUSEADDR alone lets a restarted server bind past
    // its predecessor's closing connections, and refuses a port that anything listens on.
    http.set_socket_options([](socket_t sock) {
      int yes = 1;
      ::setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    });
  }

  // The board's page and its files, and the puzzles' folder where one is given.
  void page_routes() {
    http.Get("/", [](const httplib::Request&, httplib::Response& res) { res.set_content(kBoardIndexHtml, "text/html; charset=utf-8"); });
    http.Get("/board.js", [](const httplib::Request&, httplib::Response& res) { res.set_content(kBoardJs, "text/javascript; charset=utf-8"); });
    http.Get("/favicon.ico", [](const httplib::Request&, httplib::Response& res) { res.status = 204; });  // none: not an error
    http.Get("/board.css", [](const httplib::Request&, httplib::Response& res) { res.set_content(kBoardCss, "text/css; charset=utf-8"); });
    if (!options.puzzles_dir.empty()) {
      std::error_code ec;
      if (!std::filesystem::is_directory(options.puzzles_dir, ec)) throw InputError("--puzzles: '" + options.puzzles_dir + "' is not a folder");
      http.set_mount_point("/puzzles", options.puzzles_dir);
    }
  }

  // The API: a position's moves, the server's counters, a proof, an analysis that streams.
  void api_routes() {
    http.Get("/api/v1/position", [this](const httplib::Request& req, httplib::Response& res) {
      Params p;
      if (params_of(req, p, res)) send(res, api.position(p));
    });
    http.Get("/api/v1/server", [this](const httplib::Request&, httplib::Response& res) { send(res, api.server()); });
    http.Get("/api/v1/stats", [this](const httplib::Request&, httplib::Response& res) {
      const Api::Stats s = api.stats();
      send(res, {200,
                 nlohmann::json{{"analyses", s.analyses},
                                {"cache_hits", s.cache_hits},
                                {"busy", s.busy},
                                {"cancelled", s.cancelled},
                                {"cache_size", s.cache_size},
                                {"cache_bytes", s.cache_bytes},
                                {"table_bytes", s.table_bytes},
                                {"resident_bytes", resident_bytes()}}
                     .dump(),
                 "application/json", 0});
    });
    http.Get("/api/v1/proof", [this](const httplib::Request& req, httplib::Response& res) {
      Params p;
      if (!params_of(req, p, res)) return;
      Tracked tracked(*this);
      // The proof runs beside the connection's thread, which watches the socket: a client that
      // leaves stops its proof at once, as an analysis's does.
      std::future<Answer> proof = std::async(std::launch::async, [this, &p, &tracked] { return api.proof(p, &tracked.cancel); });
      const int fd = socket_with(req.local_port, req.remote_port);  // a proof sends nothing until it ends: the socket tells
      while (proof.wait_for(std::chrono::milliseconds(20)) != std::future_status::ready)
        if (fd >= 0 && client_gone(fd)) tracked.cancel = true;
      send(res, proof.get());
    });
    http.Get("/api/v1/analyse", [this](const httplib::Request& req, httplib::Response& res) {
      Params p;
      if (!params_of(req, p, res)) return;
      auto tracked = std::make_shared<Tracked>(*this);  // lives as long as the answer's writer
      std::atomic<bool>* const cancel = &tracked->cancel;
      Answer now;
      std::shared_ptr<AnalysisJob> job = api.start_analysis(p, cancel, now);
      if (!job) return send(res, now);
      res.set_header("Cache-Control", "no-store");
      // The search runs beside the connection's thread, which sends a space every half second:
      // a write that fails means the client is gone, and the search is stopped. It looks at the
      // search more often than it writes, so that an answer (one the server's stop cut short
      // too) is sent as soon as it is ready.
      res.set_chunked_content_provider("application/json", [job, tracked, cancel](std::size_t, httplib::DataSink& sink) {
        std::future<Answer> result = std::async(std::launch::async, [job] { return job->run(); });
        for (int tick = 1; result.wait_for(std::chrono::milliseconds(10)) != std::future_status::ready; ++tick)
          if (tick % 50 == 0 && !sink.write(" ", 1)) {
            cancel->store(true);
            result.wait();
            return false;
          }
        const Answer a = result.get();
        if (!sink.write(a.body.data(), a.body.size())) return false;
        sink.done();
        return true;
      });
    });
    // Another method on an API route is 405 with the method it takes (RFC 9110 §15.5.6), not a 404
    // that says the route is not there.
    for (const char* route : {"/api/v1/position", "/api/v1/server", "/api/v1/stats", "/api/v1/proof", "/api/v1/analyse"}) {
      const auto refuse = [](const httplib::Request& req, httplib::Response& res) {
        res.set_header("Allow", "GET");
        send(res, error_answer(405, req.method + " is not allowed here: the API takes GET"));
      };
      http.Post(route, refuse), http.Put(route, refuse), http.Delete(route, refuse), http.Patch(route, refuse);
    }
  }

  // A refused request's page, and an unexpected failure's 500.
  void error_handlers() {
    http.set_error_handler([](const httplib::Request& req, httplib::Response& res) {
      if (!res.body.empty()) return;
      const std::string what =
          res.status == 404 ? "no such page: " + req.path.substr(0, 60) : "request refused (HTTP " + std::to_string(res.status) + ")";
      if (req.path.rfind("/api/", 0) == 0 || res.status != 404)
        res.set_content(nlohmann::json{{"error", what}}.dump(), "application/json");
      else
        res.set_content(what + "\n", "text/plain");
    });
    // Nothing a request does takes the server down: an unexpected failure is that request's 500.
    http.set_exception_handler([](const httplib::Request&, httplib::Response& res, std::exception_ptr ep) {
      std::string what = "internal error";
      try {
        std::rethrow_exception(ep);
      } catch (const std::exception& e) {
        what += std::string(": ") + e.what();
      } catch (...) {
      }
      res.status = 500;
      res.set_content(nlohmann::json{{"error", what}}.dump(), "application/json");
    });
  }
};

Server::Server(const ServeOptions& options) : impl_(std::make_unique<Impl>(options)) { impl_->routes(); }
Server::~Server() { stop(); }

int Server::bind() {
  int port = impl_->options.port == 0 ? impl_->http.bind_to_any_port(impl_->options.host)
                                      : (impl_->http.bind_to_port(impl_->options.host, impl_->options.port) ? impl_->options.port : -1);
  if (port < 0)
    throw InputError("cannot listen on " + impl_->options.host + ":" + std::to_string(impl_->options.port) +
                     " (in use, or not an address of this machine)");
  impl_->bound = true;
  // cpp-httplib listens with a backlog of 5 (compiled into Debian's library): clients connecting
  // together past it wait a second for their SYN to be sent again. Listening again sets it.
  if (const int listener = socket_with(port, -1); listener >= 0) ::listen(listener, SOMAXCONN);
  return port;
}

std::size_t Server::run(const std::atomic<bool>* stop) {
  std::atomic<bool> ended{false};
  std::atomic<std::size_t> cancelled{0};
  std::thread watch;
  if (stop)
    watch = std::thread([this, stop, &ended, &cancelled] {
      while (!ended && !stop->load()) std::this_thread::sleep_for(std::chrono::milliseconds(10));
      if (!ended) cancelled = this->stop();
    });
  impl_->http.listen_after_bind();
  ended = true;
  if (watch.joinable()) watch.join();
  return cancelled;
}
std::size_t Server::stop() {
  // The searches first: the listener's stop waits for the requests in flight, which answer
  // with what they have.
  impl_->api.stopping();
  const std::size_t cancelled = impl_->cancel_searches();
  if (impl_->http.is_running()) impl_->http.stop();
  return cancelled;
}
std::size_t Server::running_searches() {
  std::lock_guard<std::mutex> guard(impl_->searches_mutex);
  return impl_->searches.size();
}
Api& Server::api() { return impl_->api; }

}  // namespace kamisado::serve
