#include "cli/app.h"

#include <ostream>
#include <string>

#include <fmt/format.h>

#include "cli/commands.h"

namespace kamisado::cli {

namespace {

// An error is one line, whatever the input it quotes holds: a line break or another control
// character typed into a KFEN or a path is shown escaped, as C would write it.
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

}  // namespace

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
  add_show(app, action);
  add_moves(app, action);
  add_play(app, action);
  add_perft(app, action);
  add_bench(app, action);
  add_selfcheck(app, action);
  add_conform(app, action);
  add_corpus(app, action);
  add_engine(app, action);
  add_serve(app, action);
  add_serve_bench(app, action);
  add_verify(app, action);
  add_solve(app, action);
  add_check_proof(app, action);
  add_solve_bench(app, action);
  add_match_report(app, action);
  add_opening(app, action);
  add_census(app, action);
  add_retro(app, action);
  add_puzzles(app, action);
  add_starts(app, action);

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
    err << "kamisado: error: " << one_line(e.what()) << "\n";
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
