// An error is one line, whatever the input it quotes holds: every message the command line
// prints for an error goes through here.
#pragma once

#include <string>

namespace kamisado::present {

// `message` with a line break or another control character (typed into a KFEN or a path) shown
// escaped, as C would write it: \n, \r, \t, \xHH.
std::string one_line(const std::string& message);

}  // namespace kamisado::present
