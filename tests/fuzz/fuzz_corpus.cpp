// libFuzzer target: the conformance corpus reader (conform/corpus.h). Any text is refused (not
// JSON, or an InputError naming the case and field) or read as cases whose KFENs parse.
#include <cstddef>
#include <cstdint>

#include <nlohmann/json.hpp>

#include "src/conform/corpus.h"
#include "src/kamisado/errors.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace kamisado;
  nlohmann::json j = nlohmann::json::parse(data, data + size, nullptr, false);
  if (j.is_discarded()) return 0;
  try {
    (void)conform::corpus_from_json(j);
  } catch (const InputError&) {
  }
  return 0;
}
