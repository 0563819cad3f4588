#include "solver/retro/retro_file.h"

#include <xxhash.h>
#include <zstd.h>

#include <algorithm>
#include <bit>
#include <cstring>
#include <ostream>
#include <sstream>

#include "solver/retro/retro_file_fields.h"
#include "solver/retro/retro_file_v1.h"
#include "src/io/files.h"
#include "src/io/mapped_file.h"
#include "src/kamisado/kfen.h"
#include "src/kamisado/rules.h"

namespace kamisado::solver {

static_assert(std::endian::native == std::endian::little, "the table format is little-endian; add byte swaps here");
static_assert(sizeof(RetroEntry) == 16);

Position read_root(ByteReader& in, std::string& kfen) {
  const auto length = in.number(4, "head");
  if (length == 0 || length > kMaxRetroKfenLength) throw RetroFormatError("bad root KFEN length");
  kfen = std::string(in.take(length, "root KFEN"));
  Position root = Position::initial();
  try {
    root = parse_kfen(kfen);
  } catch (const std::exception& e) {
    throw RetroFormatError(std::string("bad root KFEN in the table: ") + e.what());
  }
  if (round_winner(root)) throw RetroFormatError("the table's root is a finished round");
  return root;
}

namespace {

constexpr int kZstdLevel = 3;
constexpr std::size_t kStart = 16;          // magic and versions; the first block begins here
constexpr std::size_t kTrailer = 16;        // the head's offset and the digest
constexpr std::size_t kIndexRecord = 40;    // first key (16), offset, length, checksum
constexpr std::uint64_t kIndexPage = 1024;  // records a page of the index
constexpr std::size_t kPageRecord = 32;     // a page in the head: first key (16), its first block's offset, checksum
constexpr std::uint32_t kMostBlockEntries = 1u << 20;

void put32(std::string& out, std::uint32_t v) { out.append(reinterpret_cast<const char*>(&v), 4); }
void put64(std::string& out, std::uint64_t v) { out.append(reinterpret_cast<const char*>(&v), 8); }
std::uint64_t get64(const char* p) {
  std::uint64_t v;
  std::memcpy(&v, p, 8);
  return v;
}

// XXH64 of the first 16 bytes and the head: the digest (FORMAT).
std::uint64_t head_digest(std::string_view start, std::string_view head) {
  XXH64_state_t* state = XXH64_createState();
  XXH64_reset(state, 0);
  XXH64_update(state, start.data(), start.size());
  XXH64_update(state, head.data(), head.size());
  const std::uint64_t d = XXH64_digest(state);
  XXH64_freeState(state);
  return d;
}

std::string version_words() {
  std::string out(kRetroMagic);
  put32(out, kRetroFormatVersion);
  put32(out, kRulesVersion);
  return out;
}

// The versions a file's first 16 bytes give, refused in one line unless this build reads them.
std::uint32_t read_version(std::string_view bytes) {
  if (bytes.size() < kRetroMagic.size() || bytes.substr(0, kRetroMagic.size()) != kRetroMagic)
    throw RetroFormatError("not a kamisado retrograde table (bad magic)");
  ByteReader in(bytes.substr(kRetroMagic.size()));
  const auto version = in.number(4, "versions");
  if (version != 1 && version != kRetroFormatVersion)
    throw RetroFormatError("table format version " + std::to_string(version) + " (this build reads versions 1 and " +
                           std::to_string(kRetroFormatVersion) + ")");
  if (const auto rules = in.number(4, "versions"); rules != kRulesVersion)
    throw RetroFormatError("table made under rules version " + std::to_string(rules) + " (this build has version " + std::to_string(kRulesVersion) +
                           "); build it again");
  return std::uint32_t(version);
}

}  // namespace

// ---- writing ----

struct RetroFileWriter::State {
  State(std::ostream& o, const std::string& root_kfen, const Position& root, std::uint32_t entries)
      : out(o), kfen(root_kfen), frame(RoundFrame::of(root)), block_entries(entries) {}
  std::ostream& out;
  std::string kfen;
  RoundFrame frame;
  std::uint32_t block_entries;
  std::vector<RetroEntry> block;
  std::string index, packed;
  std::uint64_t offset = kStart, n = 0, wins = 0, blocks = 0;
  int longest = 0;
  RetroKey last;  // the key added last, when n > 0
  std::unique_ptr<ZSTD_CCtx, std::size_t (*)(ZSTD_CCtx*)> zstd{ZSTD_createCCtx(), ZSTD_freeCCtx};

  void flush() {
    if (block.empty()) return;
    const std::size_t raw = block.size() * sizeof(RetroEntry);
    packed.resize(ZSTD_compressBound(raw));
    const std::size_t size = ZSTD_compressCCtx(zstd.get(), packed.data(), packed.size(), block.data(), raw, kZstdLevel);
    if (ZSTD_isError(size)) throw std::runtime_error(std::string("zstd: ") + ZSTD_getErrorName(size));
    const RetroKey first = block.front().key();
    put64(index, first.lo), put64(index, first.hi), put64(index, offset), put64(index, size), put64(index, XXH64(packed.data(), size, 0));
    out.write(packed.data(), std::streamsize(size));
    offset += size, ++blocks;
    block.clear();
  }
};

RetroFileWriter::RetroFileWriter(std::ostream& out, const std::string& root_kfen, const Position& root, std::uint32_t block_entries)
    : s_(std::make_unique<State>(out, root_kfen, root, block_entries)) {
  if (block_entries == 0 || block_entries > kMostBlockEntries) throw std::invalid_argument("a table file's block holds 1 to 2^20 entries");
  const std::string start = version_words();
  out.write(start.data(), std::streamsize(start.size()));
  s_->block.reserve(block_entries);
}

RetroFileWriter::~RetroFileWriter() = default;

void RetroFileWriter::add(const RetroEntry& entry) {
  State& s = *s_;
  if (s.n > 0 && !(s.last < entry.key())) throw std::logic_error("a table file's entries come in increasing key order");
  s.last = entry.key();
  ++s.n, s.wins += entry.value().win;
  s.longest = std::max(s.longest, entry.value().distance);
  s.block.push_back(entry);
  if (s.block.size() == s.block_entries) s.flush();
}

RetroFileInfo RetroFileWriter::finish() {
  State& s = *s_;
  s.flush();
  std::string head;
  put32(head, std::uint32_t(s.kfen.size()));
  head += s.kfen;
  put64(head, s.n), put64(head, s.wins);
  put32(head, std::uint32_t(s.longest)), put32(head, s.frame.symmetries());
  put32(head, s.block_entries), put64(head, s.blocks), put32(head, std::uint32_t(kIndexPage));
  for (std::uint64_t first = 0; first < s.blocks; first += kIndexPage) {
    const std::string_view page = std::string_view(s.index).substr(first * kIndexRecord, std::min(kIndexPage, s.blocks - first) * kIndexRecord);
    head.append(page.substr(0, 24));  // the first block's key and offset
    put64(head, XXH64(page.data(), page.size(), 0));
  }
  const std::uint64_t digest = head_digest(version_words(), head);
  std::string trailer;
  put64(trailer, s.offset + s.index.size()), put64(trailer, digest);
  s.out.write(s.index.data(), std::streamsize(s.index.size()));
  s.out.write(head.data(), std::streamsize(head.size()));
  s.out.write(trailer.data(), std::streamsize(trailer.size()));
  if (!s.out) throw std::runtime_error("the table file could not be written");
  return {s.offset + s.index.size() + head.size() + trailer.size(), true, digest, kRetroFormatVersion, s.blocks};
}

// ---- reading ----

RetroFile::RetroFile(std::string_view bytes) : bytes_(bytes) {
  if (read_version(bytes) != kRetroFormatVersion) throw RetroFormatError("a version 1 table file: it is read whole (open_retro)");
  if (bytes.size() < kStart + kTrailer) throw RetroFormatError("truncated table file: it ends before its trailer");
  const std::uint64_t head_at = get64(bytes.data() + bytes.size() - kTrailer);
  digest_ = get64(bytes.data() + bytes.size() - 8);
  if (head_at < kStart || head_at > bytes.size() - kTrailer)
    throw RetroFormatError("truncated or damaged: the trailer points outside the file (its size is " + std::to_string(bytes.size()) + " bytes)");
  const std::string_view head = bytes.substr(std::size_t(head_at), bytes.size() - kTrailer - std::size_t(head_at));
  if (head_digest(bytes.substr(0, kStart), head) != digest_)
    throw RetroFormatError("damaged: the head's checksum does not match (or the file is truncated)");
  ByteReader in(head);
  root_ = read_root(in, kfen_);
  frame_ = RoundFrame::of(root_);
  n_ = in.number(8, "head"), wins_ = in.number(8, "head"), longest_ = in.number(4, "head");
  const auto symmetries = in.number(4, "head");
  block_entries_ = std::uint32_t(in.number(4, "head"));
  blocks_ = in.number(8, "head");
  const std::uint64_t page_size = in.number(4, "head");
  if (symmetries != frame_.symmetries()) throw RetroFormatError("the symmetries field does not match the root");
  if (block_entries_ == 0 || block_entries_ > kMostBlockEntries) throw RetroFormatError("bad block size");
  if (n_ == 0 || n_ > (std::uint64_t(1) << 40)) throw RetroFormatError("implausible number of positions");
  if (wins_ > n_ || longest_ == 0 || longest_ > std::uint64_t(kMaxRetroDistance)) throw RetroFormatError("the head's counts are out of range");
  pages_ = (blocks_ + kIndexPage - 1) / kIndexPage;
  if (page_size != kIndexPage || blocks_ != (n_ + block_entries_ - 1) / block_entries_ || in.left() != pages_ * kPageRecord)
    throw RetroFormatError("the head does not hold a page of the index for each 1024 blocks");
  page_table_ = head.data() + (head.size() - in.left());
  // The index lies just before the head; its pages' first blocks, in order, from the 16th byte.
  if (head_at < kStart + blocks_ * kIndexRecord) throw RetroFormatError("the index does not fit before the head");
  index_at_ = head_at - blocks_ * kIndexRecord;
  RetroKey previous;
  for (std::uint64_t p = 0; p < pages_; ++p) {
    const char* r = page_table_ + p * kPageRecord;
    const RetroKey first{get64(r), get64(r + 8)};
    if ((p == 0 ? get64(r + 16) != kStart : get64(r + 16) <= get64(r + 16 - kPageRecord)) || get64(r + 16) >= index_at_ ||
        (first.hi & ~kKeyHiMask) != 0 || (p > 0 && !(previous < first)))
      throw RetroFormatError("the head's table of index pages is damaged at page " + std::to_string(p));
    previous = first;
  }
  if (!value_of(frame_.canonical_key(root_))) throw RetroFormatError("the table does not hold its own root");
}

RetroFile::~RetroFile() = default;

// An index page, checked against the head's table (its checksum, its first key, its blocks
// following one another from the page's first offset to the next page's) before it is used.
const char* RetroFile::page(std::uint64_t p) const {
  const std::uint64_t count = std::min(kIndexPage, blocks_ - p * kIndexPage);
  const char* r = index_begin() + p * kIndexPage * kIndexRecord;
  const char* t = page_table_ + p * kPageRecord;
  const std::uint64_t end = p + 1 < pages_ ? get64(t + kPageRecord + 16) : index_at_;
  const auto damaged = [&](const std::string& what) {
    return RetroFormatError(named_file() + "index page " + std::to_string(p) + " of " + std::to_string(pages_) + " (bytes " +
                            std::to_string(index_at_ + p * kIndexPage * kIndexRecord) + " to " +
                            std::to_string(index_at_ + (p * kIndexPage + count) * kIndexRecord) + ") is damaged: " + what);
  };
  if (XXH64(r, count * kIndexRecord, 0) != get64(t + 24)) throw damaged("its checksum does not match");
  std::uint64_t at = get64(t + 16);
  for (std::uint64_t i = 0; i < count; ++i) {
    const char* q = r + i * kIndexRecord;
    const RetroKey first{get64(q), get64(q + 8)};
    if (get64(q + 16) != at || get64(q + 24) == 0 || (first.hi & ~kKeyHiMask) != 0 ||
        (i == 0 ? first != RetroKey{get64(t), get64(t + 8)} : !(RetroKey{get64(q - kIndexRecord), get64(q - kIndexRecord + 8)} < first)))
      throw damaged("block " + std::to_string(p * kIndexPage + i) + "'s record");
    at += get64(q + 24);
  }
  if (at != end) throw damaged("its blocks do not end where the next page's begin");
  return r;
}

const char* RetroFile::index_begin() const { return bytes_.data() + index_at_; }

// A damage found once the file is open (its opening names the file otherwise): "PATH: ".
std::string RetroFile::named_file() const { return file_ ? file_->path() + ": " : ""; }

std::string RetroFile::where(std::uint64_t b, const char* r) const {
  return named_file() + "block " + std::to_string(b) + " of " + std::to_string(blocks_) + " (bytes " + std::to_string(get64(r + 16)) + " to " +
         std::to_string(get64(r + 16) + get64(r + 24)) + ")";
}

std::vector<RetroEntry> RetroFile::read_block(std::uint64_t b, const char* r) const {
  const std::string_view stored = bytes_.substr(std::size_t(get64(r + 16)), std::size_t(get64(r + 24)));
  if (XXH64(stored.data(), stored.size(), 0) != get64(r + 32)) throw RetroFormatError(where(b, r) + " is damaged: its checksum does not match");
  const std::uint64_t count = b + 1 < blocks_ ? block_entries_ : n_ - b * block_entries_;
  if (ZSTD_getFrameContentSize(stored.data(), stored.size()) != count * sizeof(RetroEntry))
    throw RetroFormatError(where(b, r) + " does not hold its " + std::to_string(count) + " entries");
  std::vector<RetroEntry> entries(count);
  thread_local std::unique_ptr<ZSTD_DCtx, std::size_t (*)(ZSTD_DCtx*)> zstd{ZSTD_createDCtx(), ZSTD_freeDCtx};
  const std::size_t got = ZSTD_decompressDCtx(zstd.get(), entries.data(), count * sizeof(RetroEntry), stored.data(), stored.size());
  if (ZSTD_isError(got) || got != count * sizeof(RetroEntry)) throw RetroFormatError(where(b, r) + " does not decompress");
  const RetroKey first{get64(r), get64(r + 8)};
  if (entries.front().key() != first) throw RetroFormatError(where(b, r) + " does not begin with the key its index gives");
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const RetroValue v = entries[i].value();
    if (v.distance < 1 || std::uint64_t(v.distance) > longest_)
      throw RetroFormatError(where(b, r) + ": entry " + std::to_string(i) + " has no result in range");
    if (i > 0 && !(entries[i - 1].key() < entries[i].key()))
      throw RetroFormatError(where(b, r) + ": entry " + std::to_string(i) + " is out of order");
  }
  // The next block's first key: in this page's next record, or the next page's in the head.
  if (b + 1 < blocks_) {
    const char* next = (b + 1) % kIndexPage ? r + kIndexRecord : page_table_ + (b + 1) / kIndexPage * kPageRecord;
    if (!(entries.back().key() < RetroKey{get64(next), get64(next + 8)})) throw RetroFormatError(where(b, r) + " runs into the next block's keys");
  }
  return entries;
}

std::optional<RetroValue> RetroFile::value_of(RetroKey canonical) const {
  // The last page, then the last block in it, whose first key is not above the key.
  std::uint64_t lo = 0, hi = pages_;
  while (hi - lo > 1) {
    const std::uint64_t mid = (lo + hi) / 2;
    const char* t = page_table_ + mid * kPageRecord;
    (RetroKey{get64(t), get64(t + 8)} <= canonical ? lo : hi) = mid;
  }
  const char* records = page(lo);
  const std::uint64_t first = lo * kIndexPage;
  std::uint64_t b = 0, end = std::min(kIndexPage, blocks_ - first);
  while (end - b > 1) {
    const std::uint64_t mid = (b + end) / 2;
    const char* r = records + mid * kIndexRecord;
    (RetroKey{get64(r), get64(r + 8)} <= canonical ? b : end) = mid;
  }
  const std::vector<RetroEntry> block = read_block(first + b, records + b * kIndexRecord);
  auto it = std::lower_bound(block.begin(), block.end(), canonical, [](const RetroEntry& e, const RetroKey& k) { return e.key() < k; });
  if (it == block.end() || it->key() != canonical) return std::nullopt;
  return it->value();
}

RetroFileInfo RetroFile::info() const { return {bytes_.size(), true, digest_, kRetroFormatVersion, blocks_}; }

void RetroFile::for_each_block(const std::function<void(std::span<const RetroEntry>)>& take, const std::atomic<bool>* stop) const {
  std::uint64_t n = 0, wins = 0, longest = 0;
  const char* records = nullptr;
  for (std::uint64_t b = 0; b < blocks_; ++b) {
    if (stop && stop->load()) throw Stopped("stopped while reading the table");
    if (b % kIndexPage == 0) records = page(b / kIndexPage);
    const std::vector<RetroEntry> block = read_block(b, records + b % kIndexPage * kIndexRecord);
    for (const RetroEntry& e : block) wins += e.value().win, longest = std::max<std::uint64_t>(longest, std::uint64_t(e.value().distance));
    n += block.size();
    take(block);
  }
  if (n != n_ || wins != wins_ || longest != longest_) throw RetroFormatError("the head's counts do not match the entries");
}

// ---- whole tables ----

namespace {

// The table's entries through a writer into `out`; `stop` heard between blocks and before the
// head, and nothing finished then.
RetroFileInfo write_entries(std::ostream& out, const RetroTable& table, const std::atomic<bool>* stop) {
  RetroFileWriter writer(out, table.root_kfen(), table.root());
  const auto stopped = [&] {
    if (stop && stop->load()) throw Stopped("stopped before the table was written; nothing was written");
  };
  for (std::size_t i = 0; i < table.entries().size(); ++i) {
    if (i % kRetroBlockEntries == 0) stopped();
    writer.add(table.entries()[i]);
  }
  stopped();
  return writer.finish();
}

// `read`'s result, a RetroFormatError from it an InputError naming the file.
template <class Read>
auto named(const std::string& path, Read read) {
  try {
    return read();
  } catch (const RetroFormatError& e) {
    throw InputError(path + ": " + e.what());
  }
}

}  // namespace

std::string write_retro_table(const RetroTable& table, RetroFileInfo* info) {
  std::ostringstream out;
  const RetroFileInfo written = write_entries(out, table, nullptr);
  if (info) *info = written;
  return std::move(out).str();
}

RetroTable read_retro_table(std::string_view bytes, RetroFileInfo* info) {
  if (read_version(bytes) == 1) return read_retro_table_v1(bytes, info);
  const RetroFile file(bytes);
  // Memory grows with the entries read and checked, not with what the head claims.
  std::vector<RetroEntry> entries;
  entries.reserve(std::size_t(std::min<std::uint64_t>(file.size(), std::uint64_t(1) << 20)));
  file.for_each_block([&](std::span<const RetroEntry> block) { entries.insert(entries.end(), block.begin(), block.end()); });
  if (info) *info = file.info();
  return RetroTable(file.root_kfen(), file.root(), std::move(entries));
}

RetroTable load_retro_table(const std::string& path, RetroFileInfo* info) {
  const io::MappedFile file(path, "table");
  return named(path, [&] { return read_retro_table(file.bytes(), info); });
}

std::unique_ptr<RetroFile> RetroFile::open(const std::string& path) { return open(std::make_unique<io::MappedFile>(path, "table")); }

std::unique_ptr<RetroFile> RetroFile::open(std::unique_ptr<io::MappedFile> file) {
  auto table = named(file->path(), [&] { return std::make_unique<RetroFile>(file->bytes()); });
  table->file_ = std::move(file);
  return table;
}

std::unique_ptr<RetroLookup> open_retro(const std::string& path, RetroFileInfo* info) {
  auto file = std::make_unique<io::MappedFile>(path, "table");
  if (named(path, [&] { return read_version(file->bytes()); }) == 1)  // read whole
    return std::make_unique<RetroTable>(named(path, [&] { return read_retro_table_v1(file->bytes(), info); }));
  std::unique_ptr<RetroFile> table = RetroFile::open(std::move(file));
  if (info) *info = table->info();
  return table;
}

RetroFileInfo save_retro_table(const RetroTable& table, const std::string& path, const std::atomic<bool>* stop) {
  RetroFileInfo info;
  io::write_file_atomically(path, [&](std::ostream& out) { info = write_entries(out, table, stop); });
  return info;
}

}  // namespace kamisado::solver
