#include <malloc.h>

#include <iostream>

#include "app/cli/app.h"

int main(int argc, char** argv) {
  // Process-wide: big arrays straight from the system (mmap), so that a grown vector's old
  // buffer goes back at once instead of staying resident in the heap; glibc would otherwise
  // raise this threshold to 32 MB as a retrograde build frees its first arrays, and the memory a
  // position costs (retro bench) would be measured wrong.
  mallopt(M_MMAP_THRESHOLD, 1 << 20);
  std::vector<std::string> args(argv + 1, argv + argc);
  return kamisado::cli::run_cli(args, std::cout, std::cerr);
}
