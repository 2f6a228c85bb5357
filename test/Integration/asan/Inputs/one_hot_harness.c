// Runs the one_hot kernel of one-hot-oob.mlir on adversarial indices with
// exact-size heap buffers; `undersized` makes the output one element short
// (the control run that shows AddressSanitizer catches the write).
#include "memref.h"
#include <stdio.h>

DML_DESC(I64x2, int64_t, 2);
DML_DESC(F32x1x, float, 2);

void _mlir_ciface_one_hot(I64x2 *indices, F32x1x *values, F32x1x *output);

int main(int argc, char **argv) {
  int undersized = argc > 1 && strcmp(argv[1], "undersized") == 0;
  const int64_t j[6] = {INT64_MIN, INT64_MAX, -5, -4, -1, 4};
  const float w[2] = {0, 1};
  I64x2 indices;
  F32x1x values, output;
  DML_INIT(indices, int64_t, 2, j, 6, 6, 1);
  DML_INIT(values, float, 2, w, 2, 1, 2);
  DML_INIT(output, float, 2, NULL, undersized ? 23 : 24, 6, 4);
  _mlir_ciface_one_hot(&indices, &values, &output);
  for (int row = 0; row < 6; ++row) {
    printf("row %d:", row);
    for (int col = 0; col < 4; ++col)
      printf(" %g", output.aligned[row * 4 + col]);
    printf("\n");
  }
  free(indices.allocated);
  free(values.allocated);
  free(output.allocated);
  return 0;
}
