// The kamisado line protocol, version 1, seen from the harness. One request, one reply line:
//
//   hello              -> kamisado-protocol 1 [name] [features <feature> ...]
//                         features, if given, say what the engine plays: single-round (rounds
//                         without Sumos), sumo (a round with Sumos on its own), match (matches);
//                         without them it plays everything
//   position <kfen>    -> ok                           (the engine sets up that position)
//   moves              -> moves [<move> ...]           (the legal moves, any order)
//   play <move>        -> position <kfen>              (the position after it)
//   status             -> status ongoing | status between-rounds
//                       | status won <black|gold> <home-row|deadlock> | status match-won <black|gold>
//   quit               (no reply)
// Any request may be answered `error <text>`. Moves and KFEN are as in rules.md §6.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "src/conform/engine.h"
#include "src/conform/engine_process.h"

namespace kamisado::conform {

// The engine of `kamisado conform --engine CMD`. A reply of the wrong form is an EngineFailure of
// kind Garbled; `error ...` replies are returned as such so that the harness can report them as
// disagreements.
class RemoteEngine : public Engine {
 public:
  RemoteEngine(const std::string& command, double timeout_seconds);
  const std::string& name() const override { return name_; }
  const std::vector<std::string>& features() const override { return features_; }

  std::string set_position(const std::string& kfen) override;
  std::string moves(std::vector<std::string>& out) override;
  std::string play(const std::string& move) override;
  std::string status() override;

 private:
  std::string ask(const std::string& line, const std::string& expected_word);
  std::unique_ptr<EngineProcess> process_;
  double timeout_;
  std::string name_;
  std::vector<std::string> features_;
};

}  // namespace kamisado::conform
