// Runs the gather kernel of gather-oob.mlir on adversarial indices with
// exact-size heap buffers. With `undersized`, the input buffer is one
// element short of what the kernel was compiled for: the control run that
// shows AddressSanitizer does catch an out-of-bounds read here.
#include "memref.h"
#include <stdio.h>

DML_DESC(F32x1, float, 1);
DML_DESC(I64x1, int64_t, 1);
DML_DESC(U32x2, uint32_t, 2);
DML_DESC(F32x2, float, 2);

void _mlir_ciface_gather_signed(F32x1 *input, I64x1 *indices, F32x1 *output);
void _mlir_ciface_gather_unsigned(F32x2 *input, U32x2 *indices,
                                  F32x2 *output);

int main(int argc, char **argv) {
  int undersized = argc > 1 && strcmp(argv[1], "undersized") == 0;
  const float x[4] = {11, 12, 13, 14};
  const int64_t j[7] = {INT64_MIN, INT64_MAX, -5, -4, -1, 4, 2};
  F32x1 input, output;
  I64x1 indices;
  DML_INIT(input, float, 1, x, undersized ? 3 : 4, 4);
  DML_INIT(indices, int64_t, 1, j, 7, 7);
  DML_INIT(output, float, 1, NULL, 7, 7);
  _mlir_ciface_gather_signed(&input, &indices, &output);
  printf("signed:");
  for (int i = 0; i < 7; ++i)
    printf(" %g", output.aligned[i]);
  printf("\n");

  // Rows of a 3x2 input gathered along axis 1 with unsigned indices.
  const float x2[6] = {1, 2, 3, 4, 5, 6};
  const uint32_t j2[3] = {0xFFFFFFFFu, 2, 1};
  F32x2 input2, output2;
  U32x2 indices2;
  DML_INIT(input2, float, 2, x2, 6, 3, 2);
  DML_INIT(indices2, uint32_t, 2, j2, 3, 1, 3);
  DML_INIT(output2, float, 2, NULL, 9, 3, 3);
  _mlir_ciface_gather_unsigned(&input2, &indices2, &output2);
  printf("unsigned:");
  for (int i = 0; i < 9; ++i)
    printf(" %g", output2.aligned[i]);
  printf("\n");
  free(input.allocated);
  free(indices.allocated);
  free(output.allocated);
  free(input2.allocated);
  free(indices2.allocated);
  free(output2.allocated);
  return 0;
}
