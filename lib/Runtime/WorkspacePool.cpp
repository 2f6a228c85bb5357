//===- WorkspacePool.cpp - Reusable kernel workspaces ---------------------===//

#include "dml/Runtime/WorkspacePool.h"
#include "dml/Runtime/HostMemory.h"

using namespace mlir::dml;

WorkspaceMemory mlir::dml::allocateWorkspace(uint64_t bytes) {
  // A size that does not fit size_t cannot be allocated.
  if (bytes == 0 || bytes > uint64_t(SIZE_MAX))
    return nullptr;
  return WorkspaceMemory(
      allocateHostMemory(static_cast<size_t>(bytes), kWorkspaceAlignment));
}

void *WorkspacePool::acquire() {
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (!available.empty()) {
      void *workspace = available.back();
      available.pop_back();
      return workspace;
    }
  }
  WorkspaceMemory memory = allocateWorkspace(bytes);
  if (!memory)
    return nullptr;
  void *workspace = memory.get();
  std::lock_guard<std::mutex> lock(mutex);
  available.reserve(owned.size() + 1);
  owned.push_back(std::move(memory));
  return workspace;
}

void WorkspacePool::release(void *workspace) {
  if (!workspace)
    return;
  std::lock_guard<std::mutex> lock(mutex);
  available.push_back(workspace);
}
