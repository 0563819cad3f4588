#include "src/conform/remote_engine.h"

#include <sstream>

#include "src/conform/harness.h"

namespace kamisado::conform {

RemoteEngine::RemoteEngine(const std::string& command, double timeout_seconds)
    : process_(std::make_unique<EngineProcess>(command)), timeout_(timeout_seconds) {
  std::string reply = process_->request("hello", timeout_seconds);
  if (reply.rfind("kamisado-protocol 1", 0) != 0)
    throw EngineFailure(EngineFailure::Kind::Garbled,
                        process_->with_stderr("'hello' should be answered 'kamisado-protocol 1 [name]', got '" + reply.substr(0, 80) + "'"));
  std::istringstream words(reply.substr(19));
  std::string word;
  bool listing = false;
  std::vector<std::string> features;
  for (name_.clear(); words >> word;) {
    if (word == "features")
      listing = true;
    else if (listing)
      features.push_back(word);
    else
      name_ += (name_.empty() ? "" : " ") + word;
  }
  features_ = declared_features(features, "'hello'");
  if (name_.empty()) name_ = "engine";
}

// The reply to `line`, less its leading `expected_word` (and a space); "error ..." as it came.
std::string RemoteEngine::ask(const std::string& line, const std::string& expected_word) {
  std::string reply = process_->request(line, timeout_);
  if (reply.rfind("error", 0) == 0) return reply;
  if (reply == expected_word) return "";
  if (reply.rfind(expected_word + " ", 0) != 0)
    throw EngineFailure(EngineFailure::Kind::Garbled, process_->with_stderr("'" + line.substr(0, 80) + "' should be answered '" + expected_word +
                                                                            " ...', got '" + reply.substr(0, 80) + "'"));
  return reply.substr(expected_word.size() + 1);
}

std::string RemoteEngine::set_position(const std::string& kfen) {
  std::string reply = process_->request("position " + kfen, timeout_);
  if (reply == "ok" || reply.rfind("error", 0) == 0) return reply;
  throw EngineFailure(EngineFailure::Kind::Garbled, process_->with_stderr("'position' should be answered 'ok', got '" + reply.substr(0, 80) + "'"));
}

std::string RemoteEngine::moves(std::vector<std::string>& out) {
  std::string reply = ask("moves", "moves");
  if (reply.rfind("error", 0) == 0) return reply;
  out.clear();
  std::istringstream words(reply);
  for (std::string w; words >> w;) out.push_back(w);
  return "ok";
}

std::string RemoteEngine::play(const std::string& move) { return ask("play " + move, "position"); }

std::string RemoteEngine::status() { return ask("status", "status"); }

// The harness's first form (harness.h), here so that the harness itself needs no processes (the
// WebAssembly build checks engines in-process only).
HarnessReport run_harness(const HarnessOptions& options, const std::function<void(const std::string&)>& progress) {
  return run_harness([&] { return std::make_unique<RemoteEngine>(options.command, options.timeout_seconds); }, options, progress);
}

}  // namespace kamisado::conform
