//===- KernelCache.h - Persistent cache of compiled kernels -----*- C++ -*-===//
//
// A content-addressed on-disk cache of JIT-compiled object code, shared by
// every process of the user: the C++ API, dml-run and the Python module.
//
// An entry is one file `<sha256 of the key>.dmlk` holding a header (magic,
// format version, the key's SHA-256, the kernel's workspace size, the payload
// size and its xxh3 checksum) and the object file. The workspace size lives
// in the header because a cache hit runs no pipeline that could read
// `dml.workspace_bytes`. Entries are written to a temporary file and renamed,
// so concurrent processes see a whole entry or none; an entry whose header or
// checksum does not match is ignored (and replaced by the next store), never
// loaded. Loading an entry refreshes its modification time; after a store,
// the oldest entries are evicted until the directory holds at most
// `maxBytes`.
//
//===----------------------------------------------------------------------===//

#ifndef DML_RUNTIME_KERNELCACHE_H
#define DML_RUNTIME_KERNELCACHE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

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
};

/// Counters of one KernelCache object (this process only).
struct KernelCacheCounters {
  uint64_t hits = 0;
  uint64_t misses = 0;
  /// Entries that existed but failed the header or checksum test.
  uint64_t rejected = 0;
  uint64_t stores = 0;
  uint64_t evictions = 0;
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

  /// The file of `key`'s entry.
  std::string getEntryPath(llvm::StringRef key) const;
  /// The entry files currently in the directory.
  std::vector<std::string> listEntries() const;
  /// Removes every entry.
  void clear();

  KernelCacheCounters getCounters() const;

  /// Identifies the compiler build: the DML-MLIR and LLVM versions and the
  /// size and time of the binary holding this code, so that a rebuilt
  /// compiler never loads another build's objects. Part of every key.
  static const std::string &getCompilerVersion();

private:
  void evict();

  std::string directory;
  uint64_t maxBytes;
  std::atomic<uint64_t> hits{0}, misses{0}, rejected{0}, stores{0},
      evictions{0};
};

} // namespace mlir::dml

#endif // DML_RUNTIME_KERNELCACHE_H
