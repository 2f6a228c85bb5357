//===- KernelCache.cpp - Persistent cache of compiled kernels -------------===//

#include "dml/Runtime/KernelCache.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace mlir::dml;
namespace fs = llvm::sys::fs;

#ifndef DML_MLIR_VERSION
#define DML_MLIR_VERSION "0"
#endif

/// "DMLKCACH" + format version: a format change makes old entries misses.
static constexpr char kMagic[8] = {'D', 'M', 'L', 'K', 'C', 'A', 'C', 'H'};
/// Version 2 added the workspace size.
static constexpr uint32_t kFormatVersion = 2;
static constexpr llvm::StringLiteral kEntrySuffix = ".dmlk";

/// magic[8], version u32, reserved u32, key SHA-256[32], workspace bytes
/// u64, payload size u64, payload xxh3 u64, header xxh3 u64 (of the
/// preceding bytes).
static constexpr size_t kHeaderSize = 8 + 4 + 4 + 32 + 8 + 8 + 8 + 8;

static std::array<uint8_t, 32> hashKey(llvm::StringRef key) {
  return llvm::SHA256::hash(llvm::arrayRefFromStringRef(key));
}

KernelCacheOptions KernelCacheOptions::fromEnvironment() {
  KernelCacheOptions options;
  options.directory = getDefaultDirectory();
  if (const char *bytes = std::getenv("DML_MLIR_CACHE_MAX_BYTES")) {
    uint64_t value = 0;
    if (!llvm::StringRef(bytes).getAsInteger(10, value))
      options.maxBytes = value;
  } else if (const char *megabytes = std::getenv("DML_MLIR_CACHE_MAX_MB")) {
    uint64_t value = 0;
    if (!llvm::StringRef(megabytes).getAsInteger(10, value))
      options.maxBytes = value << 20;
  }
  return options;
}

bool KernelCacheOptions::isEnabledByEnvironment() {
  const char *value = std::getenv("DML_MLIR_CACHE");
  if (!value)
    return true;
  std::string lower = llvm::StringRef(value).trim().lower();
  return !(lower == "0" || lower == "off" || lower == "false" || lower == "no");
}

std::string KernelCacheOptions::getDefaultDirectory() {
  if (const char *dir = std::getenv("DML_MLIR_CACHE_DIR"); dir && *dir)
    return dir;
  llvm::SmallString<256> path;
  if (const char *xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) {
    path = xdg;
  } else if (const char *home = std::getenv("HOME"); home && *home) {
    path = home;
    llvm::sys::path::append(path, ".cache");
  } else {
    return "";
  }
  llvm::sys::path::append(path, "dml-mlir");
  return std::string(path);
}

KernelCache::KernelCache(KernelCacheOptions options)
    : directory(options.directory.empty()
                    ? KernelCacheOptions::getDefaultDirectory()
                    : options.directory),
      maxBytes(options.maxBytes) {}

const std::string &KernelCache::getCompilerVersion() {
  static const std::string version = [] {
    std::string text =
        "dml-mlir " DML_MLIR_VERSION " llvm " LLVM_VERSION_STRING;
    // The binary that holds this code: a rebuild changes its size or time.
    Dl_info info;
    if (dladdr(reinterpret_cast<void *>(&KernelCache::getCompilerVersion),
               &info) &&
        info.dli_fname) {
      fs::file_status status;
      if (!fs::status(info.dli_fname, status))
        text += " build " + std::to_string(status.getSize()) + "@" +
                std::to_string(
                    std::chrono::duration_cast<std::chrono::nanoseconds>(
                        status.getLastModificationTime().time_since_epoch())
                        .count());
    }
    return text;
  }();
  return version;
}

std::string KernelCache::getEntryPath(llvm::StringRef key) const {
  llvm::SmallString<256> path(directory);
  llvm::sys::path::append(path, llvm::toHex(hashKey(key), /*LowerCase=*/true) +
                                    kEntrySuffix.str());
  return std::string(path);
}

std::optional<KernelCacheEntry> KernelCache::lookup(llvm::StringRef key) {
  if (directory.empty()) {
    ++misses;
    return std::nullopt;
  }
  std::string path = getEntryPath(key);
  // Volatile: read, not mapped, so that another process removing or
  // rewriting the file cannot fault this one.
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                  /*RequiresNullTerminator=*/false,
                                  /*IsVolatile=*/true);
  if (!file) {
    ++misses;
    return std::nullopt;
  }
  llvm::StringRef bytes = (*file)->getBuffer();
  auto reject = [&]() -> std::optional<KernelCacheEntry> {
    ++rejected;
    ++misses;
    return std::nullopt;
  };
  if (bytes.size() < kHeaderSize || std::memcmp(bytes.data(), kMagic, 8) != 0)
    return reject();
  const char *p = bytes.data() + 8;
  using namespace llvm::support;
  if (endian::read32le(p) != kFormatVersion)
    return reject();
  std::array<uint8_t, 32> keyHash = hashKey(key);
  if (std::memcmp(p + 8, keyHash.data(), 32) != 0)
    return reject();
  uint64_t workspaceBytes = endian::read64le(p + 40);
  uint64_t payloadSize = endian::read64le(p + 48);
  uint64_t payloadHash = endian::read64le(p + 56);
  uint64_t headerHash = endian::read64le(p + 64);
  if (llvm::xxh3_64bits(llvm::arrayRefFromStringRef(
          bytes.take_front(kHeaderSize - 8))) != headerHash)
    return reject();
  if (bytes.size() - kHeaderSize != payloadSize)
    return reject();
  llvm::StringRef payload = bytes.drop_front(kHeaderSize);
  if (llvm::xxh3_64bits(llvm::arrayRefFromStringRef(payload)) != payloadHash)
    return reject();
  ++hits;
  // Recently used entries are evicted last.
  (void)::utimensat(AT_FDCWD, path.c_str(), /*times=now*/ nullptr, 0);
  return KernelCacheEntry{payload.str(), workspaceBytes};
}

llvm::Error KernelCache::store(llvm::StringRef key,
                               const KernelCacheEntry &entry) {
  llvm::StringRef payload = entry.object;
  if (directory.empty())
    return llvm::createStringError("no cache directory (set "
                                   "DML_MLIR_CACHE_DIR or HOME)");
  if (std::error_code error = fs::create_directories(directory))
    return llvm::createStringError(error,
                                   "cannot create the cache directory '" +
                                       directory + "': " + error.message());
  std::string header(kHeaderSize, '\0');
  char *p = header.data();
  std::memcpy(p, kMagic, 8);
  using namespace llvm::support;
  endian::write32le(p + 8, kFormatVersion);
  std::array<uint8_t, 32> keyHash = hashKey(key);
  std::memcpy(p + 16, keyHash.data(), 32);
  endian::write64le(p + 48, entry.workspaceBytes);
  endian::write64le(p + 56, payload.size());
  endian::write64le(p + 64,
                    llvm::xxh3_64bits(llvm::arrayRefFromStringRef(payload)));
  endian::write64le(p + 72,
                    llvm::xxh3_64bits(llvm::arrayRefFromStringRef(
                        llvm::StringRef(header).take_front(kHeaderSize - 8))));

  std::string path = getEntryPath(key);
  llvm::Expected<fs::TempFile> temp = fs::TempFile::create(
      path + ".tmp-%%%%%%%%", fs::owner_read | fs::owner_write);
  if (!temp)
    return temp.takeError();
  {
    llvm::raw_fd_ostream os(temp->FD, /*shouldClose=*/false);
    os << header << payload;
    os.flush();
    if (os.has_error()) {
      std::string message = os.error().message();
      os.clear_error();
      llvm::consumeError(temp->discard());
      return llvm::createStringError("cannot write the cache entry '" + path +
                                     "': " + message);
    }
  }
  // Atomic: readers see the old entry, the new one, or none.
  if (llvm::Error error = temp->keep(path))
    return error;
  ++stores;
  evict();
  return llvm::Error::success();
}

std::vector<std::string> KernelCache::listEntries() const {
  std::vector<std::string> entries;
  std::error_code error;
  for (fs::directory_iterator it(directory, error), end; !error && it != end;
       it.increment(error))
    if (llvm::StringRef(it->path()).ends_with(kEntrySuffix))
      entries.push_back(it->path());
  std::sort(entries.begin(), entries.end());
  return entries;
}

void KernelCache::clear() {
  for (const std::string &entry : listEntries())
    (void)fs::remove(entry);
}

void KernelCache::evict() {
  struct Entry {
    std::string path;
    uint64_t size;
    llvm::sys::TimePoint<> time;
  };
  std::vector<Entry> entries;
  uint64_t total = 0;
  auto now = std::chrono::system_clock::now();
  std::error_code error;
  for (fs::directory_iterator it(directory, error), end; !error && it != end;
       it.increment(error)) {
    fs::file_status status;
    if (fs::status(it->path(), status))
      continue;
    llvm::StringRef path = it->path();
    // Temporaries of processes that died before renaming them.
    if (path.contains(".dmlk.tmp-")) {
      if (now - status.getLastModificationTime() > std::chrono::hours(1))
        (void)fs::remove(path);
      continue;
    }
    if (!path.ends_with(kEntrySuffix))
      continue;
    entries.push_back(
        {path.str(), status.getSize(), status.getLastModificationTime()});
    total += status.getSize();
  }
  if (total <= maxBytes)
    return;
  std::sort(entries.begin(), entries.end(),
            [](const Entry &a, const Entry &b) { return a.time < b.time; });
  for (const Entry &entry : entries) {
    if (total <= maxBytes)
      break;
    // Another process may have removed it already.
    if (!fs::remove(entry.path))
      ++evictions;
    total -= entry.size;
  }
}

KernelCacheCounters KernelCache::getCounters() const {
  KernelCacheCounters counters;
  counters.hits = hits;
  counters.misses = misses;
  counters.rejected = rejected;
  counters.stores = stores;
  counters.evictions = evictions;
  return counters;
}
