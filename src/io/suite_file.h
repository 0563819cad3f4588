// What every suite file shares (the solver suite, solver/bench/suite.h; the match suite and its
// long wins, solver/match/match_suite.h): a JSON document of a given "format" with an array
// "positions", whose entries' fields are read and checked one by one, a bad one an InputError
// naming the file and the entry's number.
#pragma once

#include <cstddef>
#include <string>

#include <nlohmann/json.hpp>

#include "src/kamisado/errors.h"
#include "src/kamisado/position.h"

namespace kamisado::io {

// The document at `path`, if it is JSON of that "format" with an array "positions"; `what` names
// the kind of file in the error ("solver suite").
nlohmann::json read_suite_document(const std::string& path, const std::string& format, const std::string& what);

class SuiteFields {
 public:
  SuiteFields(const nlohmann::json& entry, const std::string& path, std::size_t number) : e_(entry), path_(path), number_(number) {}
  InputError bad(const std::string& what) const;
  std::string text(const char* field) const;
  int count(const char* field) const;  // a whole number of plies a table entry could hold: 0 to 1000
  bool flag(const char* field) const;
  Position kfen(const char* field = "kfen") const;

 private:
  const nlohmann::json& e_;
  const std::string& path_;
  std::size_t number_;
};

}  // namespace kamisado::io
