//===- KernelCache.h - Persistent cache of compiled kernels -----*- C++ -*-===//
//
// A content-addressed on-disk cache of JIT-compiled object code, shared by
// every process of the user: the C++ API, dml-run and the Python module.
//
// An entry is one file `<sha256 of the key>.dmlk` holding a header (magic,
// format version, the key's SHA-256, the kernel's workspace size, the sizes
// of the signature and the object and their xxh3 checksum), the function's
// signature (name, data types, shapes, input strides) and the object file.
// The workspace size and the signature live in the entry because a cache hit
// runs no pipeline and parses no IR that could provide them.
//
// An alias is a file `<sha256 of a raw key>.dmla` naming an entry by its
// key's SHA-256 (with its own checksum): the raw key is built from the input
// as given (MLIR text bytes, a graph's printed module) and the same options,
// host and compiler parts as the entry's key, so that a process can find the
// entry without creating an MLIRContext or parsing anything
// (JitKernel::getRawCacheKey).
//
// Files are written to a temporary file and renamed, so concurrent processes
// see a whole file or none; an entry or alias whose header or checksum does
// not match is ignored (and replaced by the next store), never loaded.
// Loading refreshes the modification time of what was read; after a store,
// the oldest files (entries and aliases) are evicted until the directory
// holds at most `maxBytes`.
//
//===----------------------------------------------------------------------===//

#ifndef DML_RUNTIME_KERNELCACHE_H
#define DML_RUNTIME_KERNELCACHE_H

#include "dml/Runtime/JitKernel.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <array>
#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace mlir::dml {

struct KernelCacheOptions {
  /// Where the entries live; empty: getDefaultDirectory().
  std::string directory;
  /// Upper bound of the entries' total size.
  uint64_t maxBytes = 256ull << 20;

  /// Options from the environment: DML_MLIR_CACHE_DIR (directory),
  /// DML_MLIR_CACHE_MAX_BYTES or DML_MLIR_CACHE_MAX_MB (size bound).
  static KernelCacheOptions fromEnvironment();
  /// False when DML_MLIR_CACHE is "0", "off", "false" or "no".
  static bool isEnabledByEnvironment();
  /// $DML_MLIR_CACHE_DIR, else $XDG_CACHE_HOME/dml-mlir, else
  /// ~/.cache/dml-mlir; empty when none can be determined.
  static std::string getDefaultDirectory();
};

/// What one entry holds: the object file and what loading it needs beyond
/// the object.
struct KernelCacheEntry {
  std::string object;
  /// Bytes of the workspace one call of the kernel needs (0: none).
  uint64_t workspaceBytes = 0;
  /// The compiled function's name, inputs (with their strides) and results.
  FunctionSignature signature;
};

/// Counters of one KernelCache object (this process only).
struct KernelCacheCounters {
  uint64_t hits = 0;
  uint64_t misses = 0;
  /// Entries that existed but failed the header or checksum test.
  uint64_t rejected = 0;
  uint64_t stores = 0;
  uint64_t evictions = 0;
  /// Of the hits, those found through an alias (lookupAlias), and the alias
  /// lookups that found no usable entry.
  uint64_t rawHits = 0;
  uint64_t rawMisses = 0;
};

class KernelCache {
public:
  explicit KernelCache(KernelCacheOptions options = {});

  const std::string &getDirectory() const { return directory; }
  uint64_t getMaxBytes() const { return maxBytes; }

  /// The entry stored under `key`, or nothing (miss, unreadable, corrupt
  /// or older-format entry).
  std::optional<KernelCacheEntry> lookup(llvm::StringRef key);
  /// Stores `entry` under `key` (atomically), then evicts the oldest
  /// entries beyond the size bound.
  llvm::Error store(llvm::StringRef key, const KernelCacheEntry &entry);

  /// The entry that the alias of `rawKey` names, or nothing. A missing,
  /// corrupt or dangling alias is a raw miss (a corrupt alias also counts as
  /// rejected); an entry that fails its checks is left for the lookup by
  /// its own key, which the caller makes next, to reject.
  std::optional<KernelCacheEntry> lookupAlias(llvm::StringRef rawKey);
  /// Records (atomically) that `rawKey` names the entry of `key`.
  llvm::Error storeAlias(llvm::StringRef rawKey, llvm::StringRef key);

  /// The file of `key`'s entry.
  std::string getEntryPath(llvm::StringRef key) const;
  /// The file of `rawKey`'s alias.
  std::string getAliasPath(llvm::StringRef rawKey) const;
  /// The entry files currently in the directory.
  std::vector<std::string> listEntries() const;
  /// The alias files currently in the directory.
  std::vector<std::string> listAliases() const;
  /// Removes every entry and alias.
  void clear();

  KernelCacheCounters getCounters() const;

  /// Identifies the compiler build: the DML-MLIR and LLVM versions and the
  /// size and time of the binary holding this code, so that a rebuilt
  /// compiler never loads another build's objects. Part of every key.
  static const std::string &getCompilerVersion();

private:
  /// The entry in `path`, checked against `keyHash`; `countRejected`:
  /// whether a failed check counts as rejected.
  std::optional<KernelCacheEntry>
  readEntry(const std::string &path, const std::array<uint8_t, 32> &keyHash,
            bool countRejected);
  /// Writes `bytes` to `path` through a temporary file and a rename.
  llvm::Error writeAtomically(const std::string &path, llvm::StringRef bytes);
  std::vector<std::string> listFiles(llvm::StringRef suffix) const;
  void evict();

  std::string directory;
  uint64_t maxBytes;
  std::atomic<uint64_t> hits{0}, misses{0}, rejected{0}, stores{0},
      evictions{0}, rawHits{0}, rawMisses{0};
};

} // namespace mlir::dml

#endif // DML_RUNTIME_KERNELCACHE_H
