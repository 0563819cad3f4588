// libFuzzer target: the proof file reader and the checker (solver/proof). A file is refused with
// a ProofFormatError at its first bad line, or read and then checked, which names a fault or holds.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "solver/proof/proof_check.h"
#include "solver/proof/proof_file.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace kamisado::solver;
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  ProofTree tree;
  try {
    tree = read_proof(in);
  } catch (const ProofFormatError&) {
    return 0;
  }
  (void)check_proof(tree);
  return 0;
}
