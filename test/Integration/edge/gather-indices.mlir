// Gather with adversarial indices (spec 1.6 and 5): signed indices count
// from the end once (-1 is the last element), then every index is clamped to
// [0, S-1] (proposal), so INT min/max, -S-1 and S read the first/last slice.
// Unsigned indices are never negative (0xFFFFFFFE is out of range, not -2),
// 64-bit indices are not truncated (2^32 is out of range, not 0).
// index_dimensions 0, N, and below the rank of the indices.
//
// %x = [10, 20, 30, 40] (S = 4).

// REQUIRES: dml-run
// RUN: dml-run %s --function=index_types --input="4xf32=10 20 30 40" --input="9xi64=-9223372036854775808 9223372036854775807 -1 -4 -5 3 4 4294967297 -4294967295" --input="5xi32=-2147483648 2147483647 -2147483647 -2 2" --input="5xui32=4294967295 4294967294 2147483648 4 1" --input="5xui64=18446744073709551615 18446744073709551614 9223372036854775808 4294967296 0" | FileCheck %s --check-prefix=TYPES --match-full-lines
// RUN: dml-run %s --function=shapes --input="3x2xi64=1 2 3 4 5 6" --input="1x4xi32=-4 3 100 -100" --input="2x3xf64=1 2 3 4 5 6" --input="1x1xi64=-9223372036854775808" --input="1x3x2xui16=1 2 3 4 5 6" --input="1x1x3xui64=2 18446744073709551615 0" --input="1x1x4xi8=-128 -1 0 127" --input="1x2x2xi32=-1 -5 4 1" | FileCheck %s --check-prefix=SHAPES --match-full-lines

// TYPES:      tensor<9xf32>
// TYPES-NEXT: [10, 40, 40, 10, 10, 40, 40, 40, 10]
// TYPES-NEXT: tensor<5xf32>
// TYPES-NEXT: [10, 40, 10, 30, 30]
// TYPES-NEXT: tensor<5xf32>
// TYPES-NEXT: [40, 40, 40, 40, 20]
// TYPES-NEXT: tensor<5xf32>
// TYPES-NEXT: [40, 40, 40, 40, 10]
func.func @index_types(%x: tensor<4xf32>, %a: tensor<9xi64>, %b: tensor<5xi32>, %c: tensor<5xui32>, %d: tensor<5xui64>) -> (tensor<9xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>) {
  %0 = dml.gather %x, %a, axis = 0, index_dimensions = 1 : (tensor<4xf32>, tensor<9xi64>) -> tensor<9xf32>
  %1 = dml.gather %x, %b, axis = 0, index_dimensions = 1 : (tensor<4xf32>, tensor<5xi32>) -> tensor<5xf32>
  %2 = dml.gather %x, %c, axis = 0, index_dimensions = 1 : (tensor<4xf32>, tensor<5xui32>) -> tensor<5xf32>
  %3 = dml.gather %x, %d, axis = 0, index_dimensions = 1 : (tensor<4xf32>, tensor<5xui64>) -> tensor<5xf32>
  return %0, %1, %2, %3 : tensor<9xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>
}

// All out of range on rows of a 3x2 tensor: -4 -> -1 -> 0; 3, 100 -> 2;
// -100 -> 0. index_dimensions = 0 (scalar index, the axis disappears and a
// leading 1 is added): Y[0, i] = X[i, clamp(J)] with J = INT64_MIN.
// index_dimensions = 1 below the rank 3 of the indices {1, 1, 3}.
// index_dimensions = N = 3 at axis 2: Y[0, a, b] = X[0, 0, J[0, a, b]].
// SHAPES:      tensor<4x2xi64>
// SHAPES-NEXT: {{\[\[}}1, 2], [5, 6], [5, 6], [1, 2]]
// SHAPES-NEXT: tensor<1x2xf64>
// SHAPES-NEXT: {{\[\[}}1, 4]]
// SHAPES-NEXT: tensor<1x3x2xui16>
// SHAPES-NEXT: {{\[\[\[}}5, 6], [5, 6], [1, 2]]]
// SHAPES-NEXT: tensor<1x2x2xi8>
// SHAPES-NEXT: {{\[\[\[}}127, -128], [127, -1]]]
func.func @shapes(%x0: tensor<3x2xi64>, %j0: tensor<1x4xi32>, %x1: tensor<2x3xf64>, %j1: tensor<1x1xi64>, %x2: tensor<1x3x2xui16>, %j2: tensor<1x1x3xui64>, %x3: tensor<1x1x4xi8>, %j3: tensor<1x2x2xi32>) -> (tensor<4x2xi64>, tensor<1x2xf64>, tensor<1x3x2xui16>, tensor<1x2x2xi8>) {
  %0 = dml.gather %x0, %j0, axis = 0, index_dimensions = 1 : (tensor<3x2xi64>, tensor<1x4xi32>) -> tensor<4x2xi64>
  %1 = dml.gather %x1, %j1, axis = 1, index_dimensions = 0 : (tensor<2x3xf64>, tensor<1x1xi64>) -> tensor<1x2xf64>
  %2 = dml.gather %x2, %j2, axis = 1, index_dimensions = 1 : (tensor<1x3x2xui16>, tensor<1x1x3xui64>) -> tensor<1x3x2xui16>
  %3 = dml.gather %x3, %j3, axis = 2, index_dimensions = 3 : (tensor<1x1x4xi8>, tensor<1x2x2xi32>) -> tensor<1x2x2xi8>
  return %0, %1, %2, %3 : tensor<4x2xi64>, tensor<1x2xf64>, tensor<1x3x2xui16>, tensor<1x2x2xi8>
}
