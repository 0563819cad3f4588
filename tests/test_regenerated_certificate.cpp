// A match certificate that stores its root's layer and its table, and lists the other layers to
// be made again when checked (solver/match/regenerated_certificate.h, issue 43; rules P3, F1–F3,
// B3): it holds when whole, and each forged, cut or swapped part is refused in one line.

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <optional>
#include <sstream>
#include <tuple>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <xxhash.h>

#include "app/cli/app.h"
#include "app/present/match_report.h"
#include "solver/match/by_rounds.h"
#include "solver/match/layer_list.h"
#include "solver/match/regenerated_certificate.h"
#include "solver/match/regenerated_layer.h"
#include "solver/match/starts_check.h"
#include "solver/match/tree_certificate.h"
#include "solver/proof/proof_file.h"
#include "solver/proof/proof_io.h"
#include "solver/search/transposition_table.h"
#include "solver/starts/round_start_table.h"
#include "src/kamisado/errors.h"
#include "src/kamisado/kfen.h"

using namespace kamisado;
using namespace kamisado::solver;
namespace fs = std::filesystem;

namespace {

// A path of this test's own (ctest runs the tests at once, each in its own process).
fs::path scratch(const std::string& name) {
  const fs::path dir =
      fs::path(KAMISADO_TEST_TMP) / "regenerated_certificate" / ::testing::UnitTest::GetInstance()->current_test_info()->name() / name;
  fs::remove_all(dir);
  fs::create_directories(dir.parent_path());
  return dir;
}

std::string read_bytes(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}
void write_bytes(const fs::path& p, const std::string& bytes) { std::ofstream(p, std::ios::binary) << bytes; }

// Gold to move at 2:1-0 loses; its proof by rounds ends at some 60 round starts (test_by_rounds).
Position busiest_case() { return parse_kfen("gr4p1/4P1Gy/5b2/8/o7/3n1R2/2Y3Nk/1B1O2K1 g o 2:1-0"); }

// The round-start table of a run by rounds from busiest_case, made once.
const fs::path& proved_table() {
  static const fs::path path = [] {
    const fs::path p = scratch("proved.starts");
    ByRoundsOptions o;
    o.hash_mb = 4;
    o.table_path = p.string();
    RoundStartTable table;
    EXPECT_TRUE(solve_by_rounds(busiest_case(), table, o).winner);
    return p;
  }();
  return path;
}

RegenerationOptions small(unsigned threads = 1) {
  RegenerationOptions o;
  o.hash_mb = 4;
  o.threads = threads;
  return o;
}

// A whole certificate of busiest_case in a new folder `name`.
std::string written(const std::string& name, unsigned threads = 1) {
  const fs::path dir = scratch(name);
  const RegeneratedWrite w = write_regenerated_certificate(busiest_case(), proved_table().string(), dir.string(), small(threads));
  EXPECT_TRUE(w.winner);
  return dir.string();
}

LayerList list_of(const std::string& dir) { return decode_layer_list(read_bytes(fs::path(dir) / kLayerList), kLayerList); }
// Writes `list` back, its end line made to agree (a forger's list, not a damaged one).
void forge(const std::string& dir, const LayerList& list) { write_bytes(fs::path(dir) / kLayerList, encode_layer_list(list)); }

void expect_refused_naming(const std::string& dir, const std::string& what) {
  const MatchCertificateCheck c = check_regenerated_certificate(dir, 2, "");
  EXPECT_FALSE(c.holds);
  EXPECT_FALSE(c.winner);
  EXPECT_NE(c.failure.find(what), std::string::npos) << c.failure;
  EXPECT_EQ(c.failure.find('\n'), std::string::npos) << c.failure;
}

}  // namespace

// The writer on two threads lists the layers the check makes again, digest for digest; the
// certificate holds on one thread and on three with the same counts, and its winner is the run's.
TEST(RegeneratedCertificate_P3, AWrittenCertificateHoldsOnAnyThreads) {
  const std::string dir = written("whole", 2);
  const MatchCertificateCheck one = check_regenerated_certificate(dir, 1, ""), three = check_regenerated_certificate(dir, 3, "");
  ASSERT_TRUE(one.holds) << one.failure;
  ASSERT_TRUE(three.holds) << three.failure;
  EXPECT_EQ(one.winner, Side::Black);
  EXPECT_EQ(one.root_kfen, to_kfen(busiest_case()));
  ASSERT_GE(one.depths.size(), 2u);
  EXPECT_EQ(one.depths.size(), three.depths.size());
  EXPECT_EQ(one.depths[1].layers, list_of(dir).layers.size());
  EXPECT_EQ(one.regenerated, list_of(dir).layers.size());
  EXPECT_EQ(one.leaves_at_starts, three.leaves_at_starts);
  EXPECT_GT(one.stored_bytes, 0u);
  std::cout << one.regenerated << " layers made again, " << one.stored_bytes << " bytes stored\n";
}

// A layer stored after all (starts/<key>.proof) is read and checked in place of being made; the
// certificate still holds, and a stored layer of another class is refused.
TEST(RegeneratedCertificate_B3, AStoredLayerIsCheckedAndOneOfAnotherClassRefused) {
  const std::string dir = written("stored");
  const LayerList list = list_of(dir);
  ASSERT_GE(list.layers.size(), 2u);
  const RoundStartTable table = read_round_starts((fs::path(dir) / kLayerTable).string());
  const auto layer_of = [&](const ListedLayer& l) {
    const Position start = round_start_position(round_start_of_key(l.key));
    TranspositionTable search(l.hash_mb);
    return regenerate_layer(start, l.first_mover_wins ? start.side_to_move() : ~start.side_to_move(), table, search)->tree;
  };
  fs::create_directories(fs::path(dir) / "starts");
  const fs::path stored = fs::path(dir) / start_layer_name(list.layers[0].key);
  write_proof_file(layer_of(list.layers[0]), stored.string(), true);
  const MatchCertificateCheck c = check_regenerated_certificate(dir, 1, "");
  ASSERT_TRUE(c.holds) << c.failure;
  EXPECT_EQ(c.regenerated, list.layers.size());
  write_proof_file(layer_of(list.layers[1]), stored.string(), true);  // another class's layer under the first's name
  expect_refused_naming(dir, "its root is not");
}

// A list that claims the other value for a start, a digest not of the layer made, a list cut
// short or with a layer nobody reaches, and a table other than the one listed: each refused.
TEST(RegeneratedCertificate_Input, AForgedCutOrSwappedPartIsRefusedInOneLine) {
  const std::string dir = written("forged");
  const LayerList list = list_of(dir);
  const std::string original = read_bytes(fs::path(dir) / kLayerList);

  LayerList wrong_value = list;
  wrong_value.layers[0].first_mover_wins = !wrong_value.layers[0].first_mover_wins;
  forge(dir, wrong_value);
  expect_refused_naming(dir, "but its layer is listed as won by");

  LayerList wrong_digest = list;
  wrong_digest.layers.back().digest ^= 1;
  forge(dir, wrong_digest);
  expect_refused_naming(dir, "the layer made differs from its digest");

  LayerList unreached = list;
  unreached.layers.push_back(list.layers[0]);
  unreached.layers.back().key.lo ^= 0x10;
  forge(dir, unreached);
  expect_refused_naming(dir, "no layer ends at its start");

  write_bytes(fs::path(dir) / kLayerList, original.substr(0, original.rfind("layer ")));  // cut short, as by a kill
  expect_refused_naming(dir, "unfinished");
  LayerList cut = list;
  cut.layers.pop_back();
  forge(dir, cut);
  expect_refused_naming(dir, "has no listed layer");

  write_bytes(fs::path(dir) / kLayerList, original);
  ASSERT_TRUE(check_regenerated_certificate(dir, 1, "").holds);
  // The table's values are claims that only steer the searches: a value turned where no layer
  // made again uses it (a start that only the stored root layer ends at) changes nothing.
  const RoundStartTable table = read_round_starts((fs::path(dir) / kLayerTable).string());
  const auto turned = [&](const RoundStartKey& start) {
    RoundStartTable t;
    for (const auto& [key, value] : table.entries()) {
      RoundStartValue v = value;
      if (key == start) v.first_mover_wins = !v.first_mover_wins;
      t.add(key, v);
    }
    return t;
  };
  write_round_starts(turned(list.layers[0].key), (fs::path(dir) / kLayerTable).string());
  expect_refused_naming(dir, "not the table the layers were made from");
  const std::string bytes = read_bytes(fs::path(dir) / kLayerTable);
  LayerList renamed = list;
  renamed.table_digest = XXH64(bytes.data(), bytes.size(), 0);
  forge(dir, renamed);
  EXPECT_TRUE(check_regenerated_certificate(dir, 2, "").holds);
}

// A table that claims wrong values: the writer makes the root's layer from it, and where it rests
// on a turned start, that start's own layer cannot be made; so the writer refuses in one line
// (the root undecided, or a start with no proof), or its proof goes round the turned starts and
// the certificate holds with the true winner. Never a certificate of the wrong winner.
TEST(RegeneratedCertificate_Input, ATableThatClaimsWrongValuesGivesNoCertificateOfTheWrongWinner) {
  const LayerList list = list_of(written("true"));
  const RoundStartTable table = read_round_starts(proved_table().string());
  int refused = 0, held = 0;
  const std::size_t last = std::min<std::size_t>(list.layers.size(), 5);
  for (std::size_t i = 0; i <= last; ++i) {
    RoundStartTable t;  // the i-th listed start turned; the last time, every start
    for (const auto& [key, value] : table.entries()) {
      RoundStartValue v = value;
      if (i == last || key == list.layers[i].key) v.first_mover_wins = !v.first_mover_wins;
      t.add(key, v);
    }
    const fs::path forged = scratch("forged.starts"), dir = scratch("from-forged");
    write_round_starts(t, forged.string());
    try {
      const RegeneratedWrite w = write_regenerated_certificate(busiest_case(), forged.string(), dir.string(), small());
      ASSERT_TRUE(w.winner);
      EXPECT_EQ(*w.winner, Side::Black);
      const MatchCertificateCheck c = check_regenerated_certificate(dir.string(), 1, "");
      EXPECT_TRUE(c.holds) << c.failure;
      EXPECT_EQ(c.winner, Side::Black);
      ++held;
    } catch (const InputError& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find("table.starts: its starts"), std::string::npos) << what;
      EXPECT_EQ(what.find('\n'), std::string::npos) << what;
      std::cout << what << "\n";
      ++refused;
    }
  }
  EXPECT_GE(refused, 1);
  std::cout << refused << " forged tables refused by the writer, " << held << " not used by its proof\n";
}

// Stopped after a few layers, the writer keeps the list so far; the same call goes on and lists
// exactly what a writer never stopped lists. A check stopped after a few layers goes on from its
// journal to the same verdict, and a journal of another list is refused.
TEST(RegeneratedCertificate_P3, AStoppedWriterAndAStoppedCheckGoOnToTheSameResult) {
  const std::string whole = written("uninterrupted");
  const fs::path dir = scratch("resumed");
  std::atomic<bool> stop{false};
  RegenerationOptions o = small();
  o.stop = &stop;
  o.commit_seconds = 0;
  o.progress = [&](std::uint64_t listed, std::uint64_t) { stop = stop || listed >= 3; };
  const RegeneratedWrite first = write_regenerated_certificate(busiest_case(), proved_table().string(), dir.string(), o);
  EXPECT_FALSE(first.winner);
  EXPECT_GE(first.layers, 3u);
  EXPECT_FALSE(check_regenerated_certificate(dir.string(), 1, "").holds);
  stop = false;
  o.progress = {};
  const RegeneratedWrite second = write_regenerated_certificate(busiest_case(), proved_table().string(), dir.string(), o);
  ASSERT_TRUE(second.winner);
  EXPECT_EQ(second.written + first.layers, second.layers);
  EXPECT_EQ(read_bytes(dir / kLayerList), read_bytes(fs::path(whole) / kLayerList));

  const std::string journal = scratch("check.journal").string();
  const std::function<void(const ListedCheckProgress&)> stop_at_two = [&](const ListedCheckProgress& p) {
    if (p.layers_done >= 2) stop = true;
  };
  const MatchCertificateCheck stopped = check_regenerated_certificate(whole, 1, journal, stop_at_two, &stop);
  EXPECT_TRUE(stopped.stopped);
  EXPECT_FALSE(stopped.holds);
  stop = false;
  const MatchCertificateCheck resumed = check_regenerated_certificate(whole, 2, journal, {}, &stop);
  ASSERT_TRUE(resumed.holds) << resumed.failure;
  EXPECT_GE(resumed.from_journal, 2u);
  EXPECT_EQ(resumed.from_journal + resumed.regenerated, list_of(whole).layers.size());
  EXPECT_EQ(resumed.winner, check_regenerated_certificate(whole, 1, "").winner);
  write_bytes(journal, "kamisado-check-journal 1 0123456789abcdef\n0 0\n");  // of another list
  EXPECT_THROW(check_regenerated_certificate(whole, 1, journal), InputError);
  write_bytes(journal, "a user's notes\n");  // not a journal: never appended to
  EXPECT_THROW(check_regenerated_certificate(whole, 1, journal), InputError);
  EXPECT_EQ(read_bytes(journal), "a user's notes\n");
}

// The commands: solve --by-rounds --certificate DIR --regenerate-layers writes it from --starts,
// check-proof DIR checks it (exit 0) with --journal going on from the layers checked, and what
// does not go together is refused in one line.
TEST(CLI_Certificate, RegeneratedLayersAreWrittenAndCheckedByTheCommands) {
  const auto run = [](std::vector<std::string> args) {
    std::ostringstream out, err;
    const int code = cli::run_cli(args, out, err);
    return std::tuple{code, out.str(), err.str()};
  };
  const std::string kfen = to_kfen(busiest_case()), dir = scratch("cli").string();
  const std::string journal = scratch("cli.journal").string();
  auto [code, out, err] = run({"solve", kfen, "--goal", "match", "--by-rounds", "--hash", "4", "--starts", proved_table().string(), "--certificate",
                               dir, "--regenerate-layers"});
  ASSERT_EQ(code, cli::kOk) << err;
  EXPECT_NE(out.find("Gold to move loses the match; its certificate is in " + dir), std::string::npos) << out;
  std::tie(code, out, err) = run({"check-proof", dir, "--threads", "2", "--journal", journal});
  ASSERT_EQ(code, cli::kOk) << out << err;
  EXPECT_NE(out.find("certificate holds: Black wins the match"), std::string::npos) << out;
  // Issue 67: a journal is a file, and a file is a claim. One that lists every layer (an earlier
  // check's, or a forger's: they read the same) leaves every layer unchecked, and the answer says
  // so in its first words, never "certificate holds" alone.
  std::tie(code, out, err) = run({"check-proof", dir, "--journal", journal});
  ASSERT_EQ(code, cli::kOk) << out << err;
  EXPECT_EQ(
      out.rfind(
          "certificate holds if its journal is right: " + std::to_string(list_of(dir).layers.size()) + " layers taken from the journal unchecked", 0),
      0u)
      << out;
  std::tie(code, out, err) = run({"check-proof", dir, "--journal", journal, "--json"});
  ASSERT_EQ(code, cli::kOk) << out << err;
  const nlohmann::json j = nlohmann::json::parse(out);
  EXPECT_EQ(j["layers_made_again"], 0);
  EXPECT_EQ(j["layers_from_journal"], list_of(dir).layers.size());
  EXPECT_EQ(j["checked_whole"], false);
  // A run that fails before it writes a layer leaves no folder behind: a file that is no table,
  // refused before it is copied in (issue 67).
  std::tie(code, out, err) =
      run({"solve", kfen, "--goal", "match", "--by-rounds", "--starts", journal, "--certificate", dir + "3", "--regenerate-layers"});
  EXPECT_EQ(code, cli::kBadInput) << err;
  EXPECT_NE(err.find(journal + "': not a round-start table"), std::string::npos) << err;
  EXPECT_FALSE(fs::exists(dir + "3"));
  for (const auto& [args, why] : std::vector<std::pair<std::vector<std::string>, std::string>>{
           {{"solve", kfen, "--goal", "match", "--by-rounds", "--certificate", dir + "2", "--regenerate-layers"},
            "--regenerate-layers requires --starts"},
           {{"solve", kfen, "--goal", "match", "--regenerate-layers"}, "--regenerate-layers requires --"},
           {{"check-proof", proved_table().string(), "--journal", journal}, "not of a proof file"}}) {
    std::tie(code, out, err) = run(args);
    EXPECT_EQ(code, cli::kBadInput) << err;
    EXPECT_NE(err.find(why), std::string::npos) << err;
    EXPECT_EQ(err.find('\n'), err.size() - 1) << err;
  }
}

// The committed certificate of the 2-point match (reports/match/two-point.certificate) ties its
// digests to the search that made its layers: a change to the search or its table that makes
// another proof would leave it unchecked (check-proof names the first layer that differs). Three
// of its last-round layers, made again here, must still have their listed digests and leaves.
TEST(RegeneratedCertificate_P3, TheCommittedTwoPointLayersAreMadeAgainToTheirDigests) {
  const fs::path dir = fs::path(KAMISADO_DATA) / ".." / ".." / "reports" / "match" / "two-point.certificate";
  const LayerList list = decode_layer_list(read_bytes(dir / kLayerList), kLayerList);
  ASSERT_TRUE(list.finished);
  EXPECT_EQ(list.winner, Side::Black);
  const RoundStartTable table = read_round_starts((dir / kLayerTable).string());
  int made = 0;
  for (auto it = list.layers.rbegin(); it != list.layers.rend() && made < 3; ++it) {
    const Position start = round_start_position(round_start_of_key(it->key));
    TranspositionTable search(it->hash_mb);
    const std::optional<RoundLayer> layer =
        regenerate_layer(start, it->first_mover_wins ? start.side_to_move() : ~start.side_to_move(), table, search);
    ASSERT_TRUE(layer) << it->key.hex();
    EXPECT_EQ(layer_digest(layer->tree), it->digest) << it->key.hex() << ": the search no longer makes the committed layer";
    std::ostringstream text;  // the digest is of the proof file's text (regenerated_layer.h), streamed
    write_proof(layer->tree, text);
    EXPECT_GT(text.str().size(), std::size_t{1} << 16) << "a layer longer than the digest's buffer";
    EXPECT_EQ(XXH64(text.str().data(), text.str().size(), 0), it->digest) << it->key.hex();
    EXPECT_EQ(layer->tree.nodes.size(), it->nodes) << it->key.hex();
    EXPECT_EQ(leaves_of(layer->round_starts, layer->tree.winner), it->leaves) << it->key.hex();
    ++made;
  }
  EXPECT_EQ(made, 3);
}

// The cross-checks (starts_check.h): every start a written certificate lists, valued again by
// the whole-match search, agrees with the value its layer proves, on one thread or two; a list
// that claims the other value for one start (its end line made to agree, as a forger would)
// disagrees there and nowhere else, and the report's section names that start.
TEST(CrossCheck_P3, TheWholeMatchSearchAgreesWithEveryListedValueAndFindsAForgedOne) {
  const std::string dir = written("cross");
  const LayerList list = list_of(dir);
  StartsCheckOptions o;
  o.sample = 1000;
  o.hash_mb = 8;
  o.nodes = 5'000'000;
  o.threads = 2;
  const StartsCheck all = check_starts(listed_starts(dir), o);
  ASSERT_EQ(all.starts.size(), list.layers.size());
  EXPECT_EQ(all.agreeing(), list.layers.size());
  o.threads = 1;
  const StartsCheck one = check_starts(listed_starts(dir), o);
  for (std::size_t i = 0; i < all.starts.size(); ++i) EXPECT_EQ(one.starts[i].kfen, all.starts[i].kfen);

  LayerList turned = list;
  turned.layers[0].first_mover_wins = !turned.layers[0].first_mover_wins;
  forge(dir, turned);
  const StartsCheck forged = check_starts(listed_starts(dir), o);
  ASSERT_EQ(forged.disagreeing(), 1u);
  EXPECT_EQ(forged.agreeing(), list.layers.size() - 1);
  const Position start = round_start_position(round_start_of_key(list.layers[0].key));
  io::Report md("test", "test");
  present::cross_check_section(md, 3, forged);
  const std::string text = md.markdown();
  EXPECT_NE(text.find(fmt::format("**{} agree, 1 disagree, 0 open**", list.layers.size() - 1)), std::string::npos) << text;
  EXPECT_NE(text.find("`" + to_kfen(start) + "` | " + (list.layers[0].first_mover_wins ? "loses" : "wins")), std::string::npos) << text;
  EXPECT_NE(text.find("(**disagrees**)"), std::string::npos) << text;
}

// The committed 2-point certificate: a few of its round-3 starts (1–1), valued by the whole-match
// search, agree with the values its layers prove.
TEST(CrossCheck_P3, RoundThreeStartsOfTheCommittedTwoPointCertificateAgree) {
  const fs::path dir = fs::path(KAMISADO_DATA) / ".." / ".." / "reports" / "match" / "two-point.certificate";
  StartsCheckOptions o;
  o.sample = 4;
  o.score = std::array{1u, 1u};
  o.hash_mb = 16;
  o.nodes = 20'000'000;
  const StartsCheck c = check_starts(listed_starts(dir.string()), o);
  EXPECT_EQ(c.eligible, 77337u);
  ASSERT_EQ(c.starts.size(), 4u);
  for (const StartChecked& s : c.starts) {
    EXPECT_TRUE(s.agrees()) << s.kfen << ": " << value_name(s.search);
    EXPECT_NE(s.kfen.find(" 2:1-1"), std::string::npos) << s.kfen;
  }
}

// Issue 68: each rank of a run on the job tree keeps its own list lines (tree_certificate.h); a
// line reads back as written, and one cut short by a kill is refused, naming the file.
TEST(RegeneratedCertificate_Input, ALayerLineReadsBackAsWrittenAndACutOneIsRefused) {
  const ListedLayer layer{{0x0123456789abcdefULL, 0xfedcba9876543210ULL}, true, 16, 8900, 0x1122334455667788ULL, {{{1, 2}, true}, {{3, 4}, false}}};
  const std::string line = encode_layer_line(layer);
  const ListedLayer back = decode_layer_line(line, "layers.part");
  EXPECT_EQ(back.key, layer.key);
  EXPECT_EQ(back.first_mover_wins, layer.first_mover_wins);
  EXPECT_EQ(back.hash_mb, layer.hash_mb);
  EXPECT_EQ(back.nodes, layer.nodes);
  EXPECT_EQ(back.digest, layer.digest);
  EXPECT_EQ(back.leaves, layer.leaves);
  try {
    decode_layer_line(line.substr(0, line.size() - 20), "layers.part");
    ADD_FAILURE() << "a cut line was read";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("layers.part"), std::string::npos) << e.what();
  }
}

// ---- A run on the job tree taking the layers of the starts it read back (tree_certificate.h) ----

namespace {

// The table the earlier certificate was written from, as a rank of a run going on from it holds it.
RoundStartTable earlier_table() { return read_round_starts(proved_table().string()); }

// A run's certificate in `name` whose only rank (1) proved the root's job and stored the layers
// of `proved`, finished with layers taken from `earlier` (none: without).
RegeneratedWrite finish_tree(const fs::path& dir, const std::string& earlier, const std::vector<std::pair<RoundStartKey, bool>>& proved = {}) {
  TreeCertificate cert({dir.string(), earlier, {}});
  RankLayers(dir.string(), 1).write(proved, std::pair{busiest_case(), Side::Black}, earlier_table(), 4, nullptr);
  return cert.finish(busiest_case(), Side::Black, 4);
}

void expect_refused_at_start(const std::string& earlier, const fs::path& dir, const std::string& what) {
  try {
    TreeCertificate cert({dir.string(), earlier, {}});
    ADD_FAILURE() << "taken from " << earlier;
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find(what), std::string::npos) << e.what();
    EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos) << e.what();
  }
}

}  // namespace

// A start the run read back (no rank stored its layer) has the earlier certificate's listed
// layer, made again from that certificate's table, now the run's: the whole holds, each layer a
// rank stored read as stored and the others made again.
TEST(TreeCertificate_P3, LayersOfStartsReadBackAreTakenFromTheEarlierCertificate) {
  const std::string earlier = written("earlier");
  const LayerList listed = list_of(earlier);
  const fs::path taken = scratch("taken");
  const RegeneratedWrite w = finish_tree(taken, earlier);
  ASSERT_TRUE(w.winner);
  EXPECT_EQ(w.layers, listed.layers.size());
  EXPECT_EQ(w.written, 0u);
  EXPECT_EQ(w.search_nodes, 0u);
  const MatchCertificateCheck all = check_regenerated_certificate(taken.string(), 2, "");
  ASSERT_TRUE(all.holds) << all.failure;
  EXPECT_EQ(all.winner, Side::Black);
  EXPECT_EQ(all.regenerated, listed.layers.size());
  EXPECT_EQ(all.stored, 0u);

  const ListedLayer& first = listed.layers[0];  // a start of the root's layer, proved by the rank this time
  const fs::path dir = scratch("mixed");
  const RegeneratedWrite mixed = finish_tree(dir, earlier, {{first.key, first.first_mover_wins}});
  EXPECT_EQ(mixed.layers, listed.layers.size());
  EXPECT_EQ(mixed.written, 1u);
  const MatchCertificateCheck c = check_regenerated_certificate(dir.string(), 2, "");
  ASSERT_TRUE(c.holds) << c.failure;
  EXPECT_EQ(c.stored, 1u);
}

// A start the earlier certificate does not list is made from its table now, as its writer would
// have, and listed: the whole holds; stopped while it is made, nothing is written. Without an earlier certificate, a start no rank stored is
// refused in one line that says where its layer may come from.
TEST(TreeCertificate_P3, AStartTheEarlierListLacksIsMadeFromItsTable) {
  const std::string earlier = written("earlier");
  LayerList cut = list_of(earlier);
  const std::size_t layers = cut.layers.size();
  cut.layers.pop_back();  // a leaf of some layer: no longer listed
  forge(earlier, cut);
  const fs::path dir = scratch("made");
  const RegeneratedWrite w = finish_tree(dir, earlier);
  EXPECT_EQ(w.layers, layers);
  EXPECT_GT(w.search_nodes, 0u);
  const MatchCertificateCheck c = check_regenerated_certificate(dir.string(), 2, "");
  ASSERT_TRUE(c.holds) << c.failure;

  const fs::path stopped = scratch("stopped");  // Ctrl-C while it is made: nothing written, and no winner
  TreeCertificate cert({stopped.string(), earlier, {}});
  RankLayers(stopped.string(), 1).write({}, std::pair{busiest_case(), Side::Black}, earlier_table(), 4, nullptr);
  const std::atomic<bool> stop{true};
  EXPECT_FALSE(cert.finish(busiest_case(), Side::Black, 4, &stop).winner);
  EXPECT_FALSE(fs::exists(stopped / kLayerList));

  try {
    finish_tree(scratch("without"), "");
    ADD_FAILURE() << "a start no rank stored was listed";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("no rank stored the layer of the round start"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("--layers-from"), std::string::npos) << e.what();
  }
}

// An earlier certificate that cannot lend its layers is refused when the run begins, in one line:
// no list, an unfinished list, a table not the list's, layers it stores, the folder written itself.
TEST(TreeCertificate_Input, AnEarlierCertificateThatCannotLendItsLayersIsRefused) {
  const fs::path dir = scratch("tree");
  const fs::path none = scratch("none");
  fs::create_directories(none);
  expect_refused_at_start(none.string(), dir, "no layers.txt");

  const std::string unfinished = written("unfinished");
  LayerList list = list_of(unfinished);
  list.finished = false;
  forge(unfinished, list);
  expect_refused_at_start(unfinished, dir, "unfinished");

  const std::string other_table = written("other_table");
  write_bytes(fs::path(other_table) / kLayerTable, encode_round_starts({}));
  expect_refused_at_start(other_table, dir, "not the table its layers were made from");

  const std::string storing = written("storing");
  fs::create_directories(fs::path(storing) / "starts");
  expect_refused_at_start(storing, dir, "stores layers");

  const std::string itself = written("itself");
  expect_refused_at_start(itself, itself, "not one to take layers from");
}
