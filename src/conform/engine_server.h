// The engine side of the line protocol (remote_engine.h has the harness's side): kamisado-lab
// itself as an engine, `kamisado engine`, so that GUIs, other harnesses and other languages can
// use it as the reference implementation, and so that `kamisado conform --engine "kamisado
// engine"` checks the protocol end to end. It keeps the game's history, so that a deadlock
// caused by a push (which a KFEN cannot tell, §6) is reported as the rules say.
#pragma once

#include <iosfwd>

namespace kamisado::conform {

// Answers requests from `in`, one reply line each on `out` (flushed), until `quit` or the end
// of the input: every line gets its reply, a blank one too. A malformed KFEN, an illegal move, an
// unknown or empty request, or a line over 64 KiB is answered `error ...`, in at most 300
// characters (a long request is quoted only in part).
void serve_protocol(std::istream& in, std::ostream& out);

}  // namespace kamisado::conform
