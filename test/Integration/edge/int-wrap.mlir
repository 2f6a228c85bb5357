// Integer reductions wrap around modulo 2^bits of the type (spec 1.7,
// proposal): SUM, MULTIPLY and SUM_SQUARE overflow silently; L1 of INT_MIN is
// INT_MIN (|INT_MIN| wraps, spec 4); L1 of an unsigned type is SUM.

// REQUIRES: dml-run
// RUN: dml-run %s --function=sum_wrap --input="3x2xi32=2147483647 1 -2147483648 -1 1000000000 2000000000" --input="2x2xui32=4294967295 2 3000000000 3000000000" --input="2x2xi64=9223372036854775807 1 -9223372036854775808 -1" --input="2x2xui64=18446744073709551615 1 10000000000000000000 10000000000000000000" | FileCheck %s --check-prefix=SUM --match-full-lines
// RUN: dml-run %s --function=multiply_wrap --input="3x2xi32=65536 65536 65536 65537 -2147483648 -1" --input="2x2xi64=3037000500 3037000500 4611686018427387904 4" --input="1x2xui32=2147483653 3" --input="1x2xui64=9223372036854775813 3" | FileCheck %s --check-prefix=MUL --match-full-lines
// RUN: dml-run %s --function=l1_wrap --input="3x2xi32=-2147483648 0 -2147483648 1 -2147483647 -1" --input="2x2xi64=-9223372036854775808 0 -5 7" --input="1x2xui32=4294967295 1" --input="1x2xui64=18446744073709551615 2" | FileCheck %s --check-prefix=L1 --match-full-lines
// RUN: dml-run %s --function=sum_square_wrap --input="3x2xi32=46341 0 65536 0 -3 4" --input="2x2xui64=4294967296 0 3 4" --input="1x2xi64=-3037000500 0" --input="1x2xui32=65536 1" | FileCheck %s --check-prefix=SSQ --match-full-lines

// SUM:      tensor<3x1xi32>
// SUM-NEXT: {{\[\[}}-2147483648], [2147483647], [-1294967296]]
// SUM-NEXT: tensor<2x1xui32>
// SUM-NEXT: {{\[\[}}1], [1705032704]]
// SUM-NEXT: tensor<2x1xi64>
// SUM-NEXT: {{\[\[}}-9223372036854775808], [9223372036854775807]]
// SUM-NEXT: tensor<2x1xui64>
// SUM-NEXT: {{\[\[}}0], [1553255926290448384]]
func.func @sum_wrap(%a: tensor<3x2xi32>, %b: tensor<2x2xui32>, %c: tensor<2x2xi64>, %d: tensor<2x2xui64>) -> (tensor<3x1xi32>, tensor<2x1xui32>, tensor<2x1xi64>, tensor<2x1xui64>) {
  %0 = dml.reduce %a, function = sum, axes = [1] : tensor<3x2xi32> -> tensor<3x1xi32>
  %1 = dml.reduce %b, function = sum, axes = [1] : tensor<2x2xui32> -> tensor<2x1xui32>
  %2 = dml.reduce %c, function = sum, axes = [1] : tensor<2x2xi64> -> tensor<2x1xi64>
  %3 = dml.reduce %d, function = sum, axes = [1] : tensor<2x2xui64> -> tensor<2x1xui64>
  return %0, %1, %2, %3 : tensor<3x1xi32>, tensor<2x1xui32>, tensor<2x1xi64>, tensor<2x1xui64>
}

// MUL:      tensor<3x1xi32>
// MUL-NEXT: {{\[\[}}0], [65536], [-2147483648]]
// MUL-NEXT: tensor<2x1xi64>
// MUL-NEXT: {{\[\[}}-9223372036709301616], [0]]
// MUL-NEXT: tensor<1x1xui32>
// MUL-NEXT: {{\[\[}}2147483663]]
// MUL-NEXT: tensor<1x1xui64>
// MUL-NEXT: {{\[\[}}9223372036854775823]]
func.func @multiply_wrap(%a: tensor<3x2xi32>, %b: tensor<2x2xi64>, %c: tensor<1x2xui32>, %d: tensor<1x2xui64>) -> (tensor<3x1xi32>, tensor<2x1xi64>, tensor<1x1xui32>, tensor<1x1xui64>) {
  %0 = dml.reduce %a, function = multiply, axes = [1] : tensor<3x2xi32> -> tensor<3x1xi32>
  %1 = dml.reduce %b, function = multiply, axes = [1] : tensor<2x2xi64> -> tensor<2x1xi64>
  %2 = dml.reduce %c, function = multiply, axes = [1] : tensor<1x2xui32> -> tensor<1x1xui32>
  %3 = dml.reduce %d, function = multiply, axes = [1] : tensor<1x2xui64> -> tensor<1x1xui64>
  return %0, %1, %2, %3 : tensor<3x1xi32>, tensor<2x1xi64>, tensor<1x1xui32>, tensor<1x1xui64>
}

// L1:      tensor<3x1xi32>
// L1-NEXT: {{\[\[}}-2147483648], [-2147483647], [-2147483648]]
// L1-NEXT: tensor<2x1xi64>
// L1-NEXT: {{\[\[}}-9223372036854775808], [12]]
// L1-NEXT: tensor<1x1xui32>
// L1-NEXT: {{\[\[}}0]]
// L1-NEXT: tensor<1x1xui64>
// L1-NEXT: {{\[\[}}1]]
func.func @l1_wrap(%a: tensor<3x2xi32>, %b: tensor<2x2xi64>, %c: tensor<1x2xui32>, %d: tensor<1x2xui64>) -> (tensor<3x1xi32>, tensor<2x1xi64>, tensor<1x1xui32>, tensor<1x1xui64>) {
  %0 = dml.reduce %a, function = l1, axes = [1] : tensor<3x2xi32> -> tensor<3x1xi32>
  %1 = dml.reduce %b, function = l1, axes = [1] : tensor<2x2xi64> -> tensor<2x1xi64>
  %2 = dml.reduce %c, function = l1, axes = [1] : tensor<1x2xui32> -> tensor<1x1xui32>
  %3 = dml.reduce %d, function = l1, axes = [1] : tensor<1x2xui64> -> tensor<1x1xui64>
  return %0, %1, %2, %3 : tensor<3x1xi32>, tensor<2x1xi64>, tensor<1x1xui32>, tensor<1x1xui64>
}

// 46341^2 = 2^31 + 4633 wraps; 65536^2 = 2^32; (2^32)^2 = 2^64.
// SSQ:      tensor<3x1xi32>
// SSQ-NEXT: {{\[\[}}-2147479015], [0], [25]]
// SSQ-NEXT: tensor<2x1xui64>
// SSQ-NEXT: {{\[\[}}0], [25]]
// SSQ-NEXT: tensor<1x1xi64>
// SSQ-NEXT: {{\[\[}}-9223372036709301616]]
// SSQ-NEXT: tensor<1x1xui32>
// SSQ-NEXT: {{\[\[}}1]]
func.func @sum_square_wrap(%a: tensor<3x2xi32>, %b: tensor<2x2xui64>, %c: tensor<1x2xi64>, %d: tensor<1x2xui32>) -> (tensor<3x1xi32>, tensor<2x1xui64>, tensor<1x1xi64>, tensor<1x1xui32>) {
  %0 = dml.reduce %a, function = sum_square, axes = [1] : tensor<3x2xi32> -> tensor<3x1xi32>
  %1 = dml.reduce %b, function = sum_square, axes = [1] : tensor<2x2xui64> -> tensor<2x1xui64>
  %2 = dml.reduce %c, function = sum_square, axes = [1] : tensor<1x2xi64> -> tensor<1x1xi64>
  %3 = dml.reduce %d, function = sum_square, axes = [1] : tensor<1x2xui32> -> tensor<1x1xui32>
  return %0, %1, %2, %3 : tensor<3x1xi32>, tensor<2x1xui64>, tensor<1x1xi64>, tensor<1x1xui32>
}
