/* Calls the AOT-compiled @topk and @rowsum of ../topk.mlir and prints the
   results. Only the generated header and libc are needed. */
#include "kernels.h"
#include <stdio.h>

int main(void) {
  /* logical rows {1,5,2,4}, {8,6,7,5}, {0,9,3,1}, stored column-major as
     the strides [1, 3] of the input say */
  const float x[TOPK_IN0_ELEMENTS] = {1, 8, 0, 5, 6, 9, 2, 7, 3, 4, 5, 1};
  float values[TOPK_OUT0_ELEMENTS];
  uint32_t indices[TOPK_OUT1_ELEMENTS];
  topk(x, values, indices);
  for (int row = 0; row < 3; ++row)
    printf("row %d: %g@%u %g@%u\n", row, values[2 * row], indices[2 * row],
           values[2 * row + 1], indices[2 * row + 1]);
  /* one row of 4 broadcast to 3 rows (strides [0, 1]) */
  const float row[ROWSUM_IN0_ELEMENTS] = {1, 2, 3, 4};
  float sums[ROWSUM_OUT0_ELEMENTS];
  rowsum(row, sums);
  printf("sums: %g %g %g\n", sums[0], sums[1], sums[2]);
  return 0;
}
