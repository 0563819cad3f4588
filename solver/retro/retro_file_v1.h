// Version 1 of the retrograde table file (retro_file.h describes it), read whole into memory so
// that tables built before version 2 still answer.
#pragma once

#include <string_view>

#include "solver/retro/retro_file.h"

namespace kamisado::solver {

// Throws RetroFormatError.
RetroTable read_retro_table_v1(std::string_view bytes, RetroFileInfo* info);

}  // namespace kamisado::solver
