#include "solver/retro/retro_roots.h"

#include <nlohmann/json.hpp>

#include "src/io/files.h"
#include "src/kamisado/errors.h"

namespace kamisado::solver {

std::vector<RetroRoot> read_retro_roots(const std::string& path) {
  std::string text = io::read_file(path, "roots");
  std::vector<RetroRoot> roots;
  try {
    for (auto& r : nlohmann::json::parse(text)) roots.push_back({r.at("name"), r.at("kfen"), r.value("source", "")});
  } catch (const nlohmann::json::exception& e) {
    throw InputError("roots '" + path + "': " + e.what());
  }
  return roots;
}

}  // namespace kamisado::solver
