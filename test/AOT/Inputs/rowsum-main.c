/* Calls the AOT-compiled, OpenMP-parallel @rowsum of ../threads.mlir. */
#include "sum.h"
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  float *x = malloc(sizeof(float) * ROWSUM_IN0_ELEMENTS);
  float *sums = malloc(sizeof(float) * ROWSUM_OUT0_ELEMENTS);
  for (int k = 0; k < ROWSUM_IN0_ELEMENTS; ++k)
    x[k] = (float)(k / 1024 % 8); /* row r holds r % 8 */
  rowsum(x, sums);
  int errors = 0;
  for (int r = 0; r < ROWSUM_OUT0_ELEMENTS; ++r)
    errors += sums[r] != 1024.0f * (float)(r % 8);
  printf("%d errors\n", errors);
  free(x);
  free(sums);
  return errors != 0;
}
