// Another Kamisado engine as the harness sees it (harness.h): the requests of the line protocol
// (remote_engine.h), whether they travel over a pipe to a child process (RemoteEngine) or are
// calls into an object of the user's own language, in-process (the Python module's helper,
// app/python/conform.cpp). The harness compares the answers the same way either way, so the rule
// labels and the verdict are the same.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace kamisado::conform {

// The engine failed to answer: it timed out, exited, or answered something that is not a reply
// (a reply of the wrong form, or of the wrong type from an in-process engine). A refusal
// ("error ...") is an answer, not a failure: the harness reports it as a disagreement.
class EngineFailure : public std::runtime_error {
 public:
  enum class Kind { Timeout, Exited, Garbled };
  EngineFailure(Kind kind, const std::string& what) : std::runtime_error(what), kind(kind) {}
  Kind kind;
};

// The features an engine declares (single-round, sumo, match), checked: a misspelt word must not
// make the check smaller in silence (every case of the feature it meant would be skipped and the
// run would still say "agrees"), so it is an EngineFailure of kind Garbled naming it.
std::vector<std::string> declared_features(const std::vector<std::string>& words, const std::string& where);

// Each request returns the engine's answer, or its refusal as "error <text>".
class Engine {
 public:
  virtual ~Engine() = default;
  virtual const std::string& name() const = 0;
  // The features it declared (single-round, sumo, match; empty: it plays everything).
  virtual const std::vector<std::string>& features() const = 0;

  virtual std::string set_position(const std::string& kfen) = 0;  // "ok" or "error ..."
  virtual std::string moves(std::vector<std::string>& out) = 0;   // "ok" (out filled, any order) or "error ..."
  virtual std::string play(const std::string& move) = 0;          // the KFEN after it, or "error ..."
  virtual std::string status() = 0;                               // the protocol's words, e.g. "ongoing", or "error ..."
};

}  // namespace kamisado::conform
