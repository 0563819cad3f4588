#include "solver/retro/retro_work.h"

#include <xxhash.h>

#include <fmt/format.h>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <ostream>

#include "src/io/files.h"
#include "src/kamisado/errors.h"

namespace kamisado::solver {

namespace fs = std::filesystem;

namespace {

constexpr const char* kFormat = "kamisado-retro-work 1";
constexpr const char* kManifest = "build.json";

bool ours(const std::string& name) {
  return name == kManifest || (name.rfind("layer-", 0) == 0 && name.size() > 11 && name.substr(name.size() - 5) == ".keys") || io::is_temporary(name);
}

}  // namespace

RetroWorkFolder::RetroWorkFolder(std::string dir, std::string root_kfen) : dir_(std::move(dir)), root_kfen_(std::move(root_kfen)) {
  std::error_code ec;
  fs::create_directories(dir_, ec);
  if (!fs::is_directory(dir_)) throw InputError("cannot make the build's work folder '" + dir_ + "'" + (ec ? ": " + ec.message() : ""));
  for (const auto& entry : fs::directory_iterator(dir_))
    if (!ours(entry.path().filename().string()))
      throw InputError("'" + dir_ + "' holds " + entry.path().filename().string() +
                       ", not a file of a retro build's work folder; nothing was written");
  io::remove_leftover_temporaries_in(dir_);
  const std::string manifest = dir_ + "/" + kManifest;
  if (!fs::exists(manifest)) return;  // the enumeration had not ended: it starts again
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(io::read_file(manifest, "work manifest"));
    if (j.at("format") != kFormat) throw InputError("not a retro build's manifest");
    if (j.at("root") != root_kfen_)
      throw InputError("the work folder '" + dir_ + "' is a build of another root (" + j.at("root").get<std::string>() +
                       "); remove it or choose another -o");
    state_.enumerated = true;
    state_.window = j.at("window").get<int>();
    state_.solved_from = j.at("solved_from").get<int>();
    for (const auto& [level, layer] : j.at("layers").items())
      state_.layers[std::stoi(level)] = {layer.at("count").get<std::uint64_t>(), std::stoull(layer.at("digest").get<std::string>(), nullptr, 16)};
    const auto& s = j.at("stats");
    state_.stats.positions = s.at("positions"), state_.stats.moves = s.at("moves"), state_.stats.graph_edges = s.at("edges");
    state_.stats.extra_turn_edges = s.at("extra_turn_edges"), state_.stats.peak_bytes = s.at("peak_bytes");
    state_.stats.enumerate_seconds = s.at("enumerate_seconds"), state_.stats.solve_seconds = s.at("solve_seconds");
  } catch (const InputError&) {
    throw;
  } catch (const std::exception& e) {
    throw InputError(manifest + ": a damaged manifest (" + e.what() + "); remove the work folder to build again");
  }
}

void RetroWorkFolder::save() const {
  nlohmann::json layers = nlohmann::json::object();
  for (const auto& [level, layer] : state_.layers)
    layers[std::to_string(level)] = {{"count", layer.count}, {"digest", fmt::format("{:016x}", layer.digest)}};
  const RetroBuildStats& s = state_.stats;
  const nlohmann::json j = {{"format", kFormat},
                            {"root", root_kfen_},
                            {"phase", "solving"},
                            {"window", state_.window},
                            {"solved_from", state_.solved_from},
                            {"layers", layers},
                            {"stats",
                             {{"positions", s.positions},
                              {"moves", s.moves},
                              {"edges", s.graph_edges},
                              {"extra_turn_edges", s.extra_turn_edges},
                              {"peak_bytes", s.peak_bytes},
                              {"enumerate_seconds", s.enumerate_seconds},
                              {"solve_seconds", s.solve_seconds}}}};
  io::write_file_atomically(dir_ + "/" + kManifest, j.dump(1) + "\n");
}

std::string RetroWorkFolder::path(int level) const { return dir_ + "/layer-" + std::to_string(level) + ".keys"; }

void RetroWorkFolder::put(int level, const std::vector<RetroEntry>& layer) {
  const std::size_t bytes = layer.size() * sizeof(RetroEntry);
  io::write_file_atomically(path(level), [&](std::ostream& out) { out.write(reinterpret_cast<const char*>(layer.data()), std::streamsize(bytes)); });
  state_.layers[level] = {layer.size(), XXH64(layer.data(), bytes, 0)};
}

struct RetroWorkFolder::Appending {
  std::unique_ptr<XXH64_state_t, XXH_errorcode (*)(XXH64_state_t*)> sum{XXH64_createState(), XXH64_freeState};
};

RetroWorkFolder::~RetroWorkFolder() = default;

void RetroWorkFolder::append(int level, std::span<const RetroEntry> entries) {
  std::unique_ptr<Appending>& a = appending_[level];
  if (!a) {
    a = std::make_unique<Appending>();
    XXH64_reset(a->sum.get(), 0);
    fs::remove(path(level));  // a layer a killed run began
  }
  const std::size_t bytes = entries.size() * sizeof(RetroEntry);
  std::ofstream out(path(level), std::ios::binary | std::ios::app);
  out.write(reinterpret_cast<const char*>(entries.data()), std::streamsize(bytes));
  if (!out.flush()) throw InputError(path(level) + ": cannot write (is the disk full?)");
  XXH64_update(a->sum.get(), entries.data(), bytes);
  Layer& layer = state_.layers[level];
  layer.count += entries.size(), layer.digest = XXH64_digest(a->sum.get());
}

std::vector<RetroEntry> RetroWorkFolder::get(int level) const {
  const Layer& want = state_.layers.at(level);
  std::vector<RetroEntry> layer(want.count);
  const std::size_t bytes = layer.size() * sizeof(RetroEntry);
  std::ifstream in = io::open_file(path(level), "layer");
  in.read(reinterpret_cast<char*>(layer.data()), std::streamsize(bytes));
  if (std::size_t(in.gcount()) != bytes || in.peek() != std::char_traits<char>::eof() || XXH64(layer.data(), bytes, 0) != want.digest)
    throw InputError(path(level) + ": damaged (its size or digest is not the manifest's); remove the work folder to build again");
  return layer;
}

std::ifstream RetroWorkFolder::open(int level) const { return io::open_file(path(level), "layer"); }

void RetroWorkFolder::remove() const {
  // The manifest first: a run killed while this removes the layers leaves a folder without one,
  // which the next run starts again from, not a manifest that names layers no longer there.
  std::error_code ec;
  fs::remove(dir_ + "/" + kManifest, ec);
  for (const auto& entry : fs::directory_iterator(dir_, ec))
    if (ours(entry.path().filename().string())) fs::remove(entry.path(), ec);
  fs::remove(dir_, ec);  // only if empty
}

}  // namespace kamisado::solver
