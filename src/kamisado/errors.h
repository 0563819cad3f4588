// The two ways a library call ends without its answer, the same in every library of the
// project, so that a command maps them to one exit code each (app.cpp):
//
//   InputError  what the user gave is wrong: a malformed KFEN or move (NotationError), an
//               illegal move (IllegalMove), a damaged proof, table or collection file, an
//               unwritable path. The message is one line naming the culprit; exit code 2.
//   Stopped     the work was asked to stop (Ctrl-C, or its time limit) before its answer was
//               complete. What it had finished and stored (a checkpoint line, a puzzle in the
//               collection) stays; nothing half-done is written. A search's own answer is not a
//               stop: solve() reports "unknown" as a value, with what it proved so far.
//
// Anything else that escapes is a bug of ours: exit code 1.
#pragma once

#include <stdexcept>
#include <string>
#include <utility>

namespace kamisado {

class InputError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
  // What the caller gave that is wrong, named as the request's field ("goal", "hash", "allow")
  // where the library knows it: the message speaks of the problem, and the caller adds its own
  // name for the field (the command line its option, --goal; a binding its argument; issue 72).
  InputError(const std::string& message, std::string field) : std::invalid_argument(message), field_(std::move(field)) {}
  const std::string& field() const { return field_; }

 private:
  std::string field_;
};

class Stopped : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace kamisado
