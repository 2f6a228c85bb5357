//===- WorkspacePool.h - Reusable kernel workspaces --------------*- C++
//-*-===//
//
// A kernel compiled by the CPU pipeline keeps its intermediates in one
// workspace of a size fixed at compile time (dml-assign-workspace). Calls
// that run concurrently need distinct workspaces; a pool hands each call a
// free one and allocates a new one only when all are in use, so that a
// steady stream of calls allocates nothing.
//
//===----------------------------------------------------------------------===//

#ifndef DML_RUNTIME_WORKSPACEPOOL_H
#define DML_RUNTIME_WORKSPACEPOOL_H

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <vector>

namespace mlir::dml {

/// Alignment of every workspace (the pass aligns offsets to it).
constexpr uint64_t kWorkspaceAlignment = 64;

struct FreeDeleter {
  void operator()(void *pointer) const { std::free(pointer); }
};
using WorkspaceMemory = std::unique_ptr<void, FreeDeleter>;

/// `bytes` of 64-byte aligned memory, or null when it cannot be allocated
/// (or `bytes` is 0).
WorkspaceMemory allocateWorkspace(uint64_t bytes);

class WorkspacePool {
public:
  explicit WorkspacePool(uint64_t bytes) : bytes(bytes) {}
  WorkspacePool(const WorkspacePool &) = delete;
  WorkspacePool &operator=(const WorkspacePool &) = delete;

  uint64_t getBytes() const { return bytes; }

  /// A workspace for one call: a free one, or a new one when every
  /// workspace is in use; null when a new one cannot be allocated.
  void *acquire();
  /// Returns a workspace obtained from acquire() (never allocates).
  void release(void *workspace);

private:
  uint64_t bytes;
  std::mutex mutex;
  std::vector<WorkspaceMemory> owned;
  /// Capacity kept at owned.size(), so that release() does not allocate.
  std::vector<void *> available;
};

} // namespace mlir::dml

#endif // DML_RUNTIME_WORKSPACEPOOL_H
