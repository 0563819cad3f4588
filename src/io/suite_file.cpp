#include "src/io/suite_file.h"

#include <fmt/format.h>

#include "src/io/files.h"
#include "src/kamisado/kfen.h"

namespace kamisado::io {

nlohmann::json read_suite_document(const std::string& path, const std::string& format, const std::string& what) {
  std::ifstream in = open_file(path, what);
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(in);
  } catch (const nlohmann::json::exception& e) {
    throw InputError(path + ": not JSON: " + e.what());
  }
  if (!j.is_object() || !j.contains("format") || j["format"] != format || !j.contains("positions") || !j["positions"].is_array())
    throw InputError(fmt::format("{}: not a kamisado {} (format \"{}\")", path, what, format));
  return j;
}

InputError SuiteFields::bad(const std::string& what) const { return InputError(fmt::format("{}: position {}: {}", path_, number_, what)); }

std::string SuiteFields::text(const char* field) const {
  if (!e_.is_object() || !e_.contains(field) || !e_[field].is_string()) throw bad(std::string("no text field \"") + field + "\"");
  return e_[field].get<std::string>();
}

// A distance is a whole number of plies that a table entry could hold (no wrap-around).
int SuiteFields::count(const char* field) const {
  if (!e_.is_object() || !e_.contains(field) || !e_[field].is_number_unsigned() || e_[field].get<std::uint64_t>() > 1000)
    throw bad(std::string("no whole number field \"") + field + "\" from 0 to 1000");
  return e_[field].get<int>();
}

bool SuiteFields::flag(const char* field) const {
  if (!e_.is_object() || !e_.contains(field) || !e_[field].is_boolean()) throw bad(std::string("no true/false field \"") + field + "\"");
  return e_[field].get<bool>();
}

Position SuiteFields::kfen(const char* field) const {
  try {
    return parse_kfen(text(field));
  } catch (const NotationError& n) {
    throw bad(n.what());
  }
}

}  // namespace kamisado::io
