// AOT: call a kernel compiled by dml-compile; no LLVM or MLIR at run time.
#include "topk.h" // generated: void topk(const float *, float *, uint32_t *)

#include <cstdint>
#include <cstdio>

int main() {
  // Rows {3,1,4,1,5,9} and {2,6,5,3,5,8}, stored column-major
  // (strides [1, 2], as declared in topk.mlir).
  const float x[TOPK_IN0_ELEMENTS] = {3, 2, 1, 6, 4, 5, 1, 3, 5, 5, 9, 8};
  float values[TOPK_OUT0_ELEMENTS];
  uint32_t indices[TOPK_OUT1_ELEMENTS];
  topk(x, values, indices);

  const float expectedValues[] = {9, 5, 4, 8, 6, 5};
  const uint32_t expectedIndices[] = {5, 4, 2, 5, 1, 2};
  int errors = 0;
  for (int k = 0; k < TOPK_OUT0_ELEMENTS; ++k) {
    std::printf("%g@%u%s", values[k], indices[k], k % 3 == 2 ? "\n" : " ");
    errors += values[k] != expectedValues[k] || indices[k] != expectedIndices[k];
  }
  return errors == 0 ? 0 : 1;
}
