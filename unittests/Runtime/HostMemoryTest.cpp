//===- HostMemoryTest.cpp - Tests of allocateHostMemory -------------------===//

#include "dml/Runtime/HostMemory.h"
#include "dml/Runtime/HostTensor.h"
#include "dml/Runtime/WorkspacePool.h"

#include "gtest/gtest.h"

#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>

using namespace mlir::dml;

namespace {

bool isAligned(const void *pointer, size_t alignment) {
  return reinterpret_cast<uintptr_t>(pointer) % alignment == 0;
}

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define DML_TEST_UNDER_ASAN 1
#endif
#endif

/// Whether the kernel offers transparent huge pages to madvise (Linux, THP
/// mode "always" or "madvise").
bool hostOffersHugePages() {
  std::ifstream mode("/sys/kernel/mm/transparent_hugepage/enabled");
  std::string line;
  return std::getline(mode, line) && line.find("[never]") == std::string::npos;
}

/// Whether the mapping that holds `pointer` carries the MADV_HUGEPAGE advice
/// ("hg" among the VmFlags of /proc/self/smaps).
bool isAdvisedHuge(const void *pointer) {
  std::ifstream smaps("/proc/self/smaps");
  uintptr_t address = reinterpret_cast<uintptr_t>(pointer);
  bool inside = false;
  std::string line;
  while (std::getline(smaps, line)) {
    uintptr_t start, end;
    if (std::sscanf(line.c_str(), "%" SCNxPTR "-%" SCNxPTR, &start, &end) ==
            2 &&
        line.find(':') > line.find(' ')) {
      inside = start <= address && address < end;
      continue;
    }
    if (inside && line.rfind("VmFlags:", 0) == 0)
      return (line + " ").find(" hg ") != std::string::npos;
  }
  return false;
}

TEST(HostMemory, SmallBuffersKeepTheirAlignment) {
  void *pointer = allocateHostMemory(1000, 64);
  ASSERT_NE(pointer, nullptr);
  EXPECT_TRUE(isAligned(pointer, 64));
  std::memset(pointer, 1, 1000);
  std::free(pointer);
}

TEST(HostMemory, LargeBuffersAreOnHugePages) {
  void *pointer = allocateHostMemory(kHugePageThreshold, 64);
  ASSERT_NE(pointer, nullptr);
  EXPECT_TRUE(isAligned(pointer, kHugePageBytes));
  std::memset(pointer, 1, kHugePageThreshold);
#if defined(__linux__) && !defined(DML_TEST_UNDER_ASAN)
  // ASan's allocator maps large blocks on its own; the advice is checked in
  // the uninstrumented build.
  if (hostOffersHugePages()) {
    EXPECT_TRUE(isAdvisedHuge(pointer));
    // The control: the same allocation without the advice.
    void *plain = std::aligned_alloc(kHugePageBytes, kHugePageThreshold);
    ASSERT_NE(plain, nullptr);
    EXPECT_FALSE(isAdvisedHuge(plain));
    std::free(plain);
  }
#endif
  std::free(pointer);
}

TEST(HostMemory, ImpossibleSizesAreNull) {
  EXPECT_EQ(allocateHostMemory(0, 64), nullptr);
  EXPECT_EQ(allocateHostMemory(SIZE_MAX, 64), nullptr);
  EXPECT_EQ(allocateHostMemory(SIZE_MAX - 100, 64), nullptr);
}

TEST(HostMemory, TensorsAndWorkspacesUseIt) {
  // 4 MiB of f32: the first size numpy puts on huge pages too.
  llvm::Expected<HostTensor> tensor =
      HostTensor::create(DataType::Float32, {1024, 1024});
  ASSERT_TRUE(bool(tensor)) << llvm::toString(tensor.takeError());
  EXPECT_TRUE(isAligned(tensor->data(), kHugePageBytes));
  WorkspaceMemory workspace = allocateWorkspace(kHugePageThreshold + 1);
  ASSERT_NE(workspace, nullptr);
  EXPECT_TRUE(isAligned(workspace.get(), kHugePageBytes));
#if defined(__linux__) && !defined(DML_TEST_UNDER_ASAN)
  if (hostOffersHugePages()) {
    EXPECT_TRUE(isAdvisedHuge(tensor->data()));
    EXPECT_TRUE(isAdvisedHuge(workspace.get()));
  }
#endif
  // Below the threshold: the 64-byte alignment the kernels need.
  llvm::Expected<HostTensor> small =
      HostTensor::create(DataType::Float32, {3, 5});
  ASSERT_TRUE(bool(small)) << llvm::toString(small.takeError());
  EXPECT_TRUE(isAligned(small->data(), HostTensor::kAlignment));
}

} // namespace
