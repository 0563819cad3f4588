#include "app/present/one_line.h"

#include <fmt/format.h>

namespace kamisado::present {

std::string one_line(const std::string& message) {
  std::string out;
  for (const char c : message) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '\n')
      out += "\\n";
    else if (c == '\r')
      out += "\\r";
    else if (c == '\t')
      out += "\\t";
    else if (u < 0x20 || u == 0x7f)
      out += fmt::format("\\x{:02x}", u);
    else
      out += c;
  }
  return out;
}

std::string one_line(const InputError& e, std::string_view prefix, std::initializer_list<std::pair<std::string_view, std::string_view>> names) {
  if (e.field().empty()) return one_line(e.what());
  std::string_view field = e.field();
  for (const auto& [library, asker] : names)
    if (field == library) field = asker;
  return std::string(prefix) + std::string(field) + ": " + one_line(e.what());
}

}  // namespace kamisado::present
