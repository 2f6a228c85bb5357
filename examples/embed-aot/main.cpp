// AOT: call a kernel compiled by dml-compile; no LLVM or MLIR at run time.
#include "topk.h" // generated: int topk(const float *, float *, uint32_t *)

#include <cstdint>
#include <cstdio>

int main() {
  // Rows {3,1,4,1,5,9} and {2,6,5,3,5,8}, stored column-major
  // (strides [1, 2], as declared in topk.mlir).
  const float x[TOPK_IN0_ELEMENTS] = {3, 2, 1, 6, 4, 5, 1, 3, 5, 5, 9, 8};
  float values[TOPK_OUT0_ELEMENTS];
  uint32_t indices[TOPK_OUT1_ELEMENTS];
  // Intermediates (top_k's scratch) live in a workspace of
  // TOPK_WORKSPACE_BYTES bytes: topk() uses one of the calling thread,
  // allocated on its first call (1: that allocation failed) ...
  if (topk(x, values, indices) != 0)
    return 1;
  // ... and topk_with_workspace() the caller's (64-byte aligned).
  alignas(64) static unsigned char workspace[TOPK_WORKSPACE_BYTES + 1];
  float values2[TOPK_OUT0_ELEMENTS];
  uint32_t indices2[TOPK_OUT1_ELEMENTS];
  if (topk_with_workspace(x, values2, indices2, workspace) != 0)
    return 1;
  for (int k = 0; k < TOPK_OUT0_ELEMENTS; ++k)
    if (values2[k] != values[k] || indices2[k] != indices[k])
      return 1;

  const float expectedValues[] = {9, 5, 4, 8, 6, 5};
  const uint32_t expectedIndices[] = {5, 4, 2, 5, 1, 2};
  int errors = 0;
  for (int k = 0; k < TOPK_OUT0_ELEMENTS; ++k) {
    std::printf("%g@%u%s", values[k], indices[k], k % 3 == 2 ? "\n" : " ");
    errors += values[k] != expectedValues[k] || indices[k] != expectedIndices[k];
  }
  return errors == 0 ? 0 : 1;
}
