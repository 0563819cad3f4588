// The `kamisado` command line, as a function so that tests can run it in-process.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace kamisado::cli {

// Exit codes: 0 ok, 2 bad input (usage, KFEN, move, path), 1 internal error; `conform` also
// returns 3 when the engine under test disagrees or fails; 130 (as a shell reports Ctrl-C) when
// a long run was stopped before its answer was complete, what it finished kept.
enum ExitCode { kOk = 0, kInternalError = 1, kBadInput = 2, kDisagrees = 3, kStopped = 130 };

int run_cli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace kamisado::cli
