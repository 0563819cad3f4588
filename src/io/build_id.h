// Which sources a binary was built from, for records that only the same search may continue (a
// projection's journal, by_rounds_study.h): the git trees of src/ and solver/ (the rules engine
// and the solver, what a search's nodes depend on), and a digest of their uncommitted changes,
// "unknown" outside a git clone. Written at each build by build_id.cmake; a commit that changes
// only the CLI, tests, docs or reports keeps it.
#pragma once

#include <string_view>

namespace kamisado::io {

std::string_view build_id();

}  // namespace kamisado::io
