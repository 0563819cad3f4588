#include "solver/proof/checkpoint.h"

#include <zstd.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <memory>
#include <sstream>
#include <vector>

#include <fmt/format.h>

#include "src/io/files.h"
#include "src/kamisado/errors.h"

namespace kamisado::solver {

namespace {

constexpr const char* kMagic = "kamisado-search-checkpoint 1";
constexpr std::size_t kChunk = std::size_t{1} << 20;

std::string header_text(const CheckpointHeader& h) {
  std::string text = fmt::format("{}\nkfen {}\ngoal {}\ntable-mb {}\ntable-bytes {}\nused {}\nnodes {}\nseconds {:.3f}\nsaves {}\n", kMagic, h.kfen,
                                 h.goal, h.table_mb, h.table_bytes, h.used, h.nodes, h.seconds, h.saves);
  for (const CheckpointSave& e : h.history)
    text += fmt::format("save {:.3f} {} {} {} {:.1f}\n", e.seconds, e.nodes, e.root_pn, e.root_dn, e.fill_percent);
  return text + "\n";
}

InputError damaged(const std::string& path, const std::string& why) { return InputError("checkpoint '" + path + "' is damaged: " + why); }

// The header's lines, read from `in` up to the blank line; the text read is kept in `raw`.
CheckpointHeader parse_header(std::istream& in, const std::string& path, std::string& raw) {
  std::string line;
  if (!std::getline(in, line) || line != kMagic) throw InputError("'" + path + "' is not a kamisado search checkpoint (version 1)");
  raw = line + "\n";
  CheckpointHeader h;
  std::vector<std::string> seen;
  while (std::getline(in, line) && !line.empty()) {
    raw += line + "\n";
    const std::size_t space = line.find(' ');
    const std::string field = line.substr(0, space), value = space == std::string::npos ? "" : line.substr(space + 1);
    auto number = [&]() -> std::uint64_t {
      if (value.empty() || value.find_first_not_of("0123456789") != std::string::npos || value.size() > 19)
        throw damaged(path, "'" + field + "' is not a count: '" + value + "'");
      return std::stoull(value);
    };
    if (field == "kfen")
      h.kfen = value;
    else if (field == "goal")
      h.goal = value;
    else if (field == "table-mb")
      h.table_mb = std::size_t(number());
    else if (field == "table-bytes")
      h.table_bytes = number();
    else if (field == "used")
      h.used = number();
    else if (field == "nodes")
      h.nodes = number();
    else if (field == "saves")
      h.saves = number();
    else if (field == "seconds") {
      std::istringstream v(value);
      if (!(v >> h.seconds) || !v.eof() || h.seconds < 0) throw damaged(path, "'seconds' is not a time: '" + value + "'");
    } else if (field == "save") {
      std::istringstream v(value);
      CheckpointSave e;
      if (!(v >> e.seconds >> e.nodes >> e.root_pn >> e.root_dn >> e.fill_percent) || !v.eof() || e.seconds < 0)
        throw damaged(path, "'save' is not a time, nodes, two numbers and a fill: '" + value + "'");
      h.history.push_back(e);
    } else
      throw damaged(path, "unknown header line '" + line + "'");
    if (field != "save") seen.push_back(field);
  }
  raw += "\n";
  for (const char* needed : {"kfen", "goal", "table-mb", "table-bytes", "used", "nodes", "seconds", "saves"})
    if (std::find(seen.begin(), seen.end(), needed) == seen.end()) throw damaged(path, std::string("no '") + needed + "' line");
  if (!in) throw damaged(path, "it ends in its header");
  return h;
}

}  // namespace

void check_checkpoint(const CheckpointHeader& h, const std::string& path, const std::string& kfen, const std::string& goal, std::size_t table_mb) {
  if (h.kfen != kfen || h.goal != goal)
    throw InputError(fmt::format("checkpoint '{}' is of another search: {} with goal {}, not {} with goal {}", path, h.kfen, h.goal, kfen, goal));
  if (h.table_mb != table_mb)
    throw InputError(fmt::format("checkpoint '{}' holds a table of {} MB: resume it with a table of {} MB", path, h.table_mb, h.table_mb), "hash");
}

std::optional<CheckpointHeader> read_checkpoint_header(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return std::nullopt;
  std::ifstream in = io::open_file(path, "checkpoint");
  std::string raw;
  return parse_header(in, path, raw);
}

void save_checkpoint(const std::string& path, const TranspositionTable& table, CheckpointHeader header) {
  const auto memory = table.memory();
  header.table_bytes = memory.size();
  header.used = table.used();
  const std::string text = header_text(header);
  io::remove_leftover_temporaries(path);  // a save cut short by a kill: as large as the table
  io::write_file_atomically(path, [&](std::ostream& out) {
    out << text;
    std::unique_ptr<ZSTD_CCtx, std::size_t (*)(ZSTD_CCtx*)> cctx(ZSTD_createCCtx(), ZSTD_freeCCtx);
    if (!cctx) throw std::bad_alloc();
    // Level 1: a large table is mostly empty buckets and random keys; speed is what counts.
    ZSTD_CCtx_setParameter(cctx.get(), ZSTD_c_compressionLevel, 1);
    ZSTD_CCtx_setParameter(cctx.get(), ZSTD_c_checksumFlag, 1);
    ZSTD_CCtx_setPledgedSrcSize(cctx.get(), text.size() + memory.size());
    std::vector<char> buffer(ZSTD_CStreamOutSize());
    auto feed = [&](const void* data, std::size_t size, bool last) {
      ZSTD_inBuffer input{data, size, 0};
      for (bool done = false; !done;) {
        ZSTD_outBuffer output{buffer.data(), buffer.size(), 0};
        std::size_t left = ZSTD_compressStream2(cctx.get(), &output, &input, last ? ZSTD_e_end : ZSTD_e_continue);
        if (ZSTD_isError(left)) throw std::runtime_error(std::string("zstd: ") + ZSTD_getErrorName(left));
        out.write(buffer.data(), std::streamsize(output.pos));
        done = last ? left == 0 : input.pos == input.size;
      }
    };
    feed(text.data(), text.size(), false);
    for (std::size_t at = 0; at < memory.size(); at += kChunk) {
      const std::size_t n = std::min(kChunk, memory.size() - at);
      feed(memory.data() + at, n, at + n == memory.size());
    }
    if (memory.empty()) feed(nullptr, 0, true);
  });
}

CheckpointHeader load_checkpoint(const std::string& path, TranspositionTable& table, const std::string& kfen, const std::string& goal) {
  std::ifstream in = io::open_file(path, "checkpoint");
  std::string raw;
  CheckpointHeader h = parse_header(in, path, raw);
  const auto memory = table.memory();
  check_checkpoint(h, path, kfen, goal, h.table_bytes == memory.size() ? h.table_mb : 0);
  std::unique_ptr<ZSTD_DCtx, std::size_t (*)(ZSTD_DCtx*)> dctx(ZSTD_createDCtx(), ZSTD_freeDCtx);
  if (!dctx) throw std::bad_alloc();
  std::vector<char> input_buffer(ZSTD_DStreamInSize());
  std::string echoed(raw.size(), '\0');  // the header again, first in the frame
  std::size_t got = 0;
  const std::size_t total = raw.size() + memory.size();
  std::size_t left = 1;
  try {
    while (got < total || left != 0) {
      in.read(input_buffer.data(), std::streamsize(input_buffer.size()));
      const std::size_t n = std::size_t(in.gcount());
      if (n == 0) throw damaged(path, "it is cut short");
      ZSTD_inBuffer input{input_buffer.data(), n, 0};
      while (input.pos < input.size) {
        if (left == 0) throw damaged(path, "bytes follow its end");
        // Into the echoed header first, then straight into the table's memory.
        const bool in_header = got < raw.size();
        char* to = in_header ? echoed.data() + got : reinterpret_cast<char*>(memory.data()) + (got - raw.size());
        const std::size_t room = in_header ? raw.size() - got : total - got;
        ZSTD_outBuffer output{to, room, 0};
        if (room == 0) {
          // All the content is in: what remains may only be the frame's end (its checksum).
          char extra;
          ZSTD_outBuffer probe{&extra, 1, 0};
          left = ZSTD_decompressStream(dctx.get(), &probe, &input);
          if (ZSTD_isError(left)) throw damaged(path, ZSTD_getErrorName(left));
          if (probe.pos) throw damaged(path, "it holds more than its table");
          continue;
        }
        left = ZSTD_decompressStream(dctx.get(), &output, &input);
        if (ZSTD_isError(left)) throw damaged(path, ZSTD_getErrorName(left));
        got += output.pos;
        if (left == 0 && got < total) throw damaged(path, "its table is cut short");
        if (in_header && got >= raw.size() && echoed != raw) throw damaged(path, "its header was changed");
      }
    }
    if (in.peek() != std::char_traits<char>::eof()) throw damaged(path, "bytes follow its end");
  } catch (...) {
    table.clear();
    throw;
  }
  table.restore_used(h.used);
  return h;
}

}  // namespace kamisado::solver
