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
/// Version 2 added the workspace size, version 3 the signature.
static constexpr uint32_t kFormatVersion = 3;
static constexpr llvm::StringLiteral kEntrySuffix = ".dmlk";

/// magic[8], version u32, reserved u32, key SHA-256[32], workspace bytes
/// u64, signature size u64, object size u64, xxh3 of signature and object
/// u64, header xxh3 u64 (of the preceding bytes).
static constexpr size_t kHeaderSize = 8 + 4 + 4 + 32 + 8 + 8 + 8 + 8 + 8;

/// An alias: magic[8], version u32, reserved u32, raw key SHA-256[32], the
/// entry's key SHA-256[32], xxh3 u64 (of the preceding bytes).
static constexpr char kAliasMagic[8] = {'D', 'M', 'L', 'K', 'A', 'L', 'I', 'A'};
static constexpr uint32_t kAliasVersion = 1;
static constexpr llvm::StringLiteral kAliasSuffix = ".dmla";
static constexpr size_t kAliasSize = 8 + 4 + 4 + 32 + 32 + 8;

/// Shapes beyond this rank are not DirectML's (it allows 8): a bound on what
/// a signature may claim.
static constexpr uint32_t kMaxRank = 64;

//===----------------------------------------------------------------------===//
// Signature encoding: name length u32, name, input count u32, result count
// u32, then per tensor data type u8, has strides u8, rank u32, sizes i64[rank]
// and (with strides) strides i64[rank].
//===----------------------------------------------------------------------===//

static void appendU32(std::string &out, uint32_t value) {
  char bytes[4];
  llvm::support::endian::write32le(bytes, value);
  out.append(bytes, 4);
}

static void appendI64(std::string &out, int64_t value) {
  char bytes[8];
  llvm::support::endian::write64le(bytes, static_cast<uint64_t>(value));
  out.append(bytes, 8);
}

static std::string encodeSignature(const FunctionSignature &signature) {
  std::string out;
  appendU32(out, signature.name.size());
  out += signature.name;
  appendU32(out, signature.inputs.size());
  appendU32(out, signature.results.size());
  auto appendTensor = [&](const TensorSignature &tensor) {
    out.push_back(static_cast<char>(tensor.dataType));
    out.push_back(tensor.strides.empty() ? 0 : 1);
    appendU32(out, tensor.shape.size());
    for (int64_t size : tensor.shape)
      appendI64(out, size);
    for (int64_t stride : tensor.strides)
      appendI64(out, stride);
  };
  for (const TensorSignature &tensor : signature.inputs)
    appendTensor(tensor);
  for (const TensorSignature &tensor : signature.results)
    appendTensor(tensor);
  return out;
}

namespace {
/// Reads the encoding with bounds checks: a checksum collision or a writer
/// bug yields nothing, never an overread.
struct SignatureReader {
  llvm::StringRef bytes;
  bool failed = false;

  llvm::StringRef take(size_t size) {
    if (failed || bytes.size() < size) {
      failed = true;
      return {};
    }
    llvm::StringRef taken = bytes.take_front(size);
    bytes = bytes.drop_front(size);
    return taken;
  }
  uint8_t u8() {
    llvm::StringRef b = take(1);
    return failed ? 0 : static_cast<uint8_t>(b[0]);
  }
  uint32_t u32() {
    llvm::StringRef b = take(4);
    return failed ? 0 : llvm::support::endian::read32le(b.data());
  }
  int64_t i64() {
    llvm::StringRef b = take(8);
    return failed ? 0
                  : static_cast<int64_t>(
                        llvm::support::endian::read64le(b.data()));
  }
  std::optional<TensorSignature> tensor() {
    TensorSignature tensor;
    uint8_t dataType = u8();
    uint8_t hasStrides = u8();
    uint32_t rank = u32();
    if (failed || dataType < 1 || dataType > 11 || hasStrides > 1 ||
        rank > kMaxRank) {
      failed = true;
      return std::nullopt;
    }
    tensor.dataType = static_cast<DataType>(dataType);
    for (uint32_t dim = 0; dim < rank; ++dim)
      tensor.shape.push_back(i64());
    if (hasStrides)
      for (uint32_t dim = 0; dim < rank; ++dim)
        tensor.strides.push_back(i64());
    if (failed)
      return std::nullopt;
    return tensor;
  }
};
} // namespace

static std::optional<FunctionSignature> decodeSignature(llvm::StringRef bytes) {
  SignatureReader reader{bytes};
  FunctionSignature signature;
  uint32_t nameSize = reader.u32();
  signature.name = reader.take(nameSize).str();
  uint32_t numInputs = reader.u32();
  uint32_t numResults = reader.u32();
  // Every tensor takes at least 6 bytes.
  if (reader.failed || signature.name.empty() ||
      uint64_t(numInputs) + numResults > reader.bytes.size() / 6)
    return std::nullopt;
  for (uint32_t i = 0; i < numInputs + numResults; ++i) {
    std::optional<TensorSignature> tensor = reader.tensor();
    if (!tensor)
      return std::nullopt;
    (i < numInputs ? signature.inputs : signature.results)
        .push_back(std::move(*tensor));
  }
  if (!reader.bytes.empty())
    return std::nullopt;
  return signature;
}

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

std::string KernelCache::getAliasPath(llvm::StringRef rawKey) const {
  llvm::SmallString<256> path(directory);
  llvm::sys::path::append(path,
                          llvm::toHex(hashKey(rawKey), /*LowerCase=*/true) +
                              kAliasSuffix.str());
  return std::string(path);
}

/// The whole file, or nothing. Volatile: read, not mapped, so that another
/// process removing or rewriting the file cannot fault this one.
static std::unique_ptr<llvm::MemoryBuffer> readFile(const std::string &path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                  /*RequiresNullTerminator=*/false,
                                  /*IsVolatile=*/true);
  if (!file)
    return nullptr;
  return std::move(*file);
}

/// Recently used files are evicted last.
static void touch(const std::string &path) {
  (void)::utimensat(AT_FDCWD, path.c_str(), /*times=now*/ nullptr, 0);
}

std::optional<KernelCacheEntry>
KernelCache::readEntry(const std::string &path,
                       const std::array<uint8_t, 32> &keyHash,
                       bool countRejected) {
  std::unique_ptr<llvm::MemoryBuffer> file = readFile(path);
  if (!file)
    return std::nullopt;
  llvm::StringRef bytes = file->getBuffer();
  auto reject = [&]() -> std::optional<KernelCacheEntry> {
    if (countRejected)
      ++rejected;
    return std::nullopt;
  };
  if (bytes.size() < kHeaderSize || std::memcmp(bytes.data(), kMagic, 8) != 0)
    return reject();
  const char *p = bytes.data() + 8;
  using namespace llvm::support;
  if (endian::read32le(p) != kFormatVersion)
    return reject();
  if (std::memcmp(p + 8, keyHash.data(), 32) != 0)
    return reject();
  uint64_t workspaceBytes = endian::read64le(p + 40);
  uint64_t signatureSize = endian::read64le(p + 48);
  uint64_t objectSize = endian::read64le(p + 56);
  uint64_t bodyHash = endian::read64le(p + 64);
  uint64_t headerHash = endian::read64le(p + 72);
  if (llvm::xxh3_64bits(llvm::arrayRefFromStringRef(
          bytes.take_front(kHeaderSize - 8))) != headerHash)
    return reject();
  llvm::StringRef body = bytes.drop_front(kHeaderSize);
  if (signatureSize > body.size() || body.size() - signatureSize != objectSize)
    return reject();
  if (llvm::xxh3_64bits(llvm::arrayRefFromStringRef(body)) != bodyHash)
    return reject();
  std::optional<FunctionSignature> signature =
      decodeSignature(body.take_front(signatureSize));
  if (!signature)
    return reject();
  touch(path);
  return KernelCacheEntry{body.drop_front(signatureSize).str(), workspaceBytes,
                          std::move(*signature)};
}

std::optional<KernelCacheEntry> KernelCache::lookup(llvm::StringRef key) {
  if (directory.empty()) {
    ++misses;
    return std::nullopt;
  }
  std::optional<KernelCacheEntry> entry =
      readEntry(getEntryPath(key), hashKey(key), /*countRejected=*/true);
  if (!entry) {
    ++misses;
    return std::nullopt;
  }
  ++hits;
  return entry;
}

std::optional<KernelCacheEntry>
KernelCache::lookupAlias(llvm::StringRef rawKey) {
  if (directory.empty()) {
    ++rawMisses;
    return std::nullopt;
  }
  std::string aliasPath = getAliasPath(rawKey);
  std::unique_ptr<llvm::MemoryBuffer> file = readFile(aliasPath);
  if (!file) {
    ++rawMisses;
    return std::nullopt;
  }
  llvm::StringRef bytes = file->getBuffer();
  using namespace llvm::support;
  std::array<uint8_t, 32> rawHash = hashKey(rawKey);
  if (bytes.size() != kAliasSize ||
      std::memcmp(bytes.data(), kAliasMagic, 8) != 0 ||
      endian::read32le(bytes.data() + 8) != kAliasVersion ||
      std::memcmp(bytes.data() + 16, rawHash.data(), 32) != 0 ||
      llvm::xxh3_64bits(
          llvm::arrayRefFromStringRef(bytes.take_front(kAliasSize - 8))) !=
          endian::read64le(bytes.data() + kAliasSize - 8)) {
    ++rejected;
    ++rawMisses;
    return std::nullopt;
  }
  std::array<uint8_t, 32> keyHash;
  std::memcpy(keyHash.data(), bytes.data() + 48, 32);
  llvm::SmallString<256> entryPath(directory);
  llvm::sys::path::append(entryPath, llvm::toHex(keyHash, /*LowerCase=*/true) +
                                         kEntrySuffix.str());
  std::optional<KernelCacheEntry> entry =
      readEntry(std::string(entryPath), keyHash, /*countRejected=*/false);
  if (!entry) {
    ++rawMisses;
    return std::nullopt;
  }
  touch(aliasPath);
  ++hits;
  ++rawHits;
  return entry;
}

llvm::Error KernelCache::writeAtomically(const std::string &path,
                                         llvm::StringRef bytes) {
  if (directory.empty())
    return llvm::createStringError("no cache directory (set "
                                   "DML_MLIR_CACHE_DIR or HOME)");
  if (std::error_code error = fs::create_directories(directory))
    return llvm::createStringError(error,
                                   "cannot create the cache directory '" +
                                       directory + "': " + error.message());
  llvm::Expected<fs::TempFile> temp = fs::TempFile::create(
      path + ".tmp-%%%%%%%%", fs::owner_read | fs::owner_write);
  if (!temp)
    return temp.takeError();
  {
    llvm::raw_fd_ostream os(temp->FD, /*shouldClose=*/false);
    os << bytes;
    os.flush();
    if (os.has_error()) {
      std::string message = os.error().message();
      os.clear_error();
      llvm::consumeError(temp->discard());
      return llvm::createStringError("cannot write the cache file '" + path +
                                     "': " + message);
    }
  }
  // Atomic: readers see the old file, the new one, or none.
  return temp->keep(path);
}

llvm::Error KernelCache::store(llvm::StringRef key,
                               const KernelCacheEntry &entry) {
  std::string signature = encodeSignature(entry.signature);
  std::string file(kHeaderSize, '\0');
  file += signature;
  file += entry.object;
  char *p = file.data();
  std::memcpy(p, kMagic, 8);
  using namespace llvm::support;
  endian::write32le(p + 8, kFormatVersion);
  std::array<uint8_t, 32> keyHash = hashKey(key);
  std::memcpy(p + 16, keyHash.data(), 32);
  endian::write64le(p + 48, entry.workspaceBytes);
  endian::write64le(p + 56, signature.size());
  endian::write64le(p + 64, entry.object.size());
  endian::write64le(p + 72,
                    llvm::xxh3_64bits(llvm::arrayRefFromStringRef(
                        llvm::StringRef(file).drop_front(kHeaderSize))));
  endian::write64le(p + 80,
                    llvm::xxh3_64bits(llvm::arrayRefFromStringRef(
                        llvm::StringRef(file).take_front(kHeaderSize - 8))));
  if (llvm::Error error = writeAtomically(getEntryPath(key), file))
    return error;
  ++stores;
  evict();
  return llvm::Error::success();
}

llvm::Error KernelCache::storeAlias(llvm::StringRef rawKey,
                                    llvm::StringRef key) {
  std::string alias(kAliasSize, '\0');
  char *p = alias.data();
  std::memcpy(p, kAliasMagic, 8);
  using namespace llvm::support;
  endian::write32le(p + 8, kAliasVersion);
  std::array<uint8_t, 32> rawHash = hashKey(rawKey);
  std::array<uint8_t, 32> keyHash = hashKey(key);
  std::memcpy(p + 16, rawHash.data(), 32);
  std::memcpy(p + 48, keyHash.data(), 32);
  endian::write64le(p + kAliasSize - 8,
                    llvm::xxh3_64bits(llvm::arrayRefFromStringRef(
                        llvm::StringRef(alias).take_front(kAliasSize - 8))));
  if (llvm::Error error = writeAtomically(getAliasPath(rawKey), alias))
    return error;
  evict();
  return llvm::Error::success();
}

std::vector<std::string> KernelCache::listFiles(llvm::StringRef suffix) const {
  std::vector<std::string> files;
  std::error_code error;
  for (fs::directory_iterator it(directory, error), end; !error && it != end;
       it.increment(error))
    if (llvm::StringRef(it->path()).ends_with(suffix))
      files.push_back(it->path());
  std::sort(files.begin(), files.end());
  return files;
}

std::vector<std::string> KernelCache::listEntries() const {
  return listFiles(kEntrySuffix);
}

std::vector<std::string> KernelCache::listAliases() const {
  return listFiles(kAliasSuffix);
}

void KernelCache::clear() {
  for (const std::string &entry : listEntries())
    (void)fs::remove(entry);
  for (const std::string &alias : listAliases())
    (void)fs::remove(alias);
}

void KernelCache::evict() {
  struct File {
    std::string path;
    uint64_t size;
    llvm::sys::TimePoint<> time;
  };
  std::vector<File> files;
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
    if (path.contains(".dmlk.tmp-") || path.contains(".dmla.tmp-")) {
      if (now - status.getLastModificationTime() > std::chrono::hours(1))
        (void)fs::remove(path);
      continue;
    }
    // Aliases count: they are small, but a bound is a bound. An alias whose
    // entry was evicted is a raw miss that rewrites it.
    if (!path.ends_with(kEntrySuffix) && !path.ends_with(kAliasSuffix))
      continue;
    files.push_back(
        {path.str(), status.getSize(), status.getLastModificationTime()});
    total += status.getSize();
  }
  if (total <= maxBytes)
    return;
  std::sort(files.begin(), files.end(),
            [](const File &a, const File &b) { return a.time < b.time; });
  for (const File &file : files) {
    if (total <= maxBytes)
      break;
    // Another process may have removed it already.
    if (!fs::remove(file.path))
      ++evictions;
    total -= file.size;
  }
}

KernelCacheCounters KernelCache::getCounters() const {
  KernelCacheCounters counters;
  counters.hits = hits;
  counters.misses = misses;
  counters.rejected = rejected;
  counters.stores = stores;
  counters.evictions = evictions;
  counters.rawHits = rawHits;
  counters.rawMisses = rawMisses;
  return counters;
}
