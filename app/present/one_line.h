// An error is one line, whatever the input it quotes holds: every message the command line
// prints for an error goes through here.
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>

#include "src/kamisado/errors.h"

namespace kamisado::present {

// `message` with a line break or another control character (typed into a KFEN or a path) shown
// escaped, as C would write it: \n, \r, \t, \xHH.
std::string one_line(const std::string& message);
// A library's InputError as one line, led by the field it names as the asker calls it: `prefix`
// and the field ("--" and "goal" make "--goal: ..." on the command line; a binding's "" makes
// "goal: ..."), or the asker's own name for it in `names` (Python's hash_mb for "hash"). The
// library speaks of the problem; the asker adds its own word for it (issue 72).
std::string one_line(const InputError& e, std::string_view prefix, std::initializer_list<std::pair<std::string_view, std::string_view>> names = {});

}  // namespace kamisado::present
