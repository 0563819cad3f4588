// Reading a retrograde table file for a command: a missing, unreadable or damaged file is a
// UsageError naming the path and what is wrong (one line, exit 2).
#pragma once

#include <string>

#include "solver/retro_file.h"
#include "solver/retro_table.h"

namespace kamisado::cli {

solver::RetroTable load_table(const std::string& path, solver::RetroFileInfo* info = nullptr);

}  // namespace kamisado::cli
