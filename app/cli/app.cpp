#include "app/cli/app.h"

#include <ostream>
#include <string>

#include "app/cli/commands.h"
#include "app/present/one_line.h"

namespace kamisado::cli {

using present::one_line;

int run_cli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  CLI::App app{
      "kamisado: the rules of Kamisado, checked and played.\n"
      "Positions are written in KFEN (rules.md §6), e.g. the start:\n"
      "  \"obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -\"\n"
      "Moves are from-to squares (c1c4), pass, fill-left or fill-right.\n"
      "Every command takes --json to print one JSON object instead of text.\n"
      "Exit codes: 0 ok, 1 internal error or a failed check, 2 bad input, 3 the other side\n"
      "differs (conform, retro cross-checks), 130 stopped before the answer was complete.",
      "kamisado"};
  app.require_subcommand(1);
  app.set_help_all_flag("--help-all", "Print help for every subcommand");
  Action action;
  for (const auto add : kCommands) add(app, action);

  Io io{out, err};
  if (!args.empty() && !args[0].empty() && args[0][0] != '-') {
    std::string known;
    for (const CLI::App* sub : app.get_subcommands({})) known += " " + sub->get_name();
    if ((known + " ").find(" " + args[0] + " ") == std::string::npos) {
      err << "kamisado: error: unknown command '" << args[0] << "'; the commands are" << known << " (see kamisado --help)\n";
      return kBadInput;
    }
  }
  try {
    std::vector<std::string> reversed(args.rbegin(), args.rend());  // CLI11 parses a reversed vector
    app.parse(reversed);
  } catch (const CLI::CallForHelp&) {
    out << app.help();
    return kOk;
  } catch (const CLI::CallForAllHelp&) {
    out << app.help("", CLI::AppFormatMode::All);
    return kOk;
  } catch (const CLI::ParseError& e) {
    err << "kamisado: error: " << one_line(e.what()) << " (see kamisado --help)\n";
    return kBadInput;
  }
  try {
    return action(io);
  } catch (const InputError& e) {
    err << "kamisado: error: " << one_line(e, "--") << "\n";
  } catch (const Stopped& e) {
    err << "kamisado: " << one_line(e.what()) << "\n";
    return kStopped;
  } catch (const std::exception& e) {
    err << "kamisado: internal error: " << one_line(e.what()) << "\n";
    return kInternalError;
  }
  return kBadInput;
}

}  // namespace kamisado::cli
