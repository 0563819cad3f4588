#include <iostream>

#include "cli/app.h"

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  return kamisado::cli::run_cli(args, std::cout, std::cerr);
}
