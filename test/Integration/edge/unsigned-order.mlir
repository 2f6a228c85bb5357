// Unsigned types compare as unsigned (values >= 2^(bits-1) are large, not
// negative) and signed 8-bit types as signed, in every selection operator.

// REQUIRES: dml-run
// RUN: dml-run %s --function=max_min --input="1x4xui8=255 1 128 0" --input="1x2xui64=18446744073709551615 1" --input="1x4xi8=-128 127 -1 0" | FileCheck %s --check-prefix=MAXMIN --match-full-lines
// RUN: dml-run %s --function=arg --input="1x3xui32=4294967295 0 2147483648" --input="1x3xui16=65535 32768 1" | FileCheck %s --check-prefix=ARG --match-full-lines
// RUN: dml-run %s --function=topk --input="1x4xui64=18446744073709551615 0 9223372036854775808 1" --input="1x4xi8=-128 127 -1 0" --input="4xui8=127 255 0 128" | FileCheck %s --check-prefix=TOPK --match-full-lines

// MAXMIN:      tensor<1x1xui8>
// MAXMIN-NEXT: {{\[\[}}255]]
// MAXMIN-NEXT: tensor<1x1xui8>
// MAXMIN-NEXT: {{\[\[}}0]]
// MAXMIN-NEXT: tensor<1x1xui64>
// MAXMIN-NEXT: {{\[\[}}18446744073709551615]]
// MAXMIN-NEXT: tensor<1x1xui64>
// MAXMIN-NEXT: {{\[\[}}1]]
// MAXMIN-NEXT: tensor<1x1xi8>
// MAXMIN-NEXT: {{\[\[}}127]]
// MAXMIN-NEXT: tensor<1x1xi8>
// MAXMIN-NEXT: {{\[\[}}-128]]
func.func @max_min(%a: tensor<1x4xui8>, %b: tensor<1x2xui64>, %c: tensor<1x4xi8>) -> (tensor<1x1xui8>, tensor<1x1xui8>, tensor<1x1xui64>, tensor<1x1xui64>, tensor<1x1xi8>, tensor<1x1xi8>) {
  %0 = dml.reduce %a, function = max, axes = [1] : tensor<1x4xui8> -> tensor<1x1xui8>
  %1 = dml.reduce %a, function = min, axes = [1] : tensor<1x4xui8> -> tensor<1x1xui8>
  %2 = dml.reduce %b, function = max, axes = [1] : tensor<1x2xui64> -> tensor<1x1xui64>
  %3 = dml.reduce %b, function = min, axes = [1] : tensor<1x2xui64> -> tensor<1x1xui64>
  %4 = dml.reduce %c, function = max, axes = [1] : tensor<1x4xi8> -> tensor<1x1xi8>
  %5 = dml.reduce %c, function = min, axes = [1] : tensor<1x4xi8> -> tensor<1x1xi8>
  return %0, %1, %2, %3, %4, %5 : tensor<1x1xui8>, tensor<1x1xui8>, tensor<1x1xui64>, tensor<1x1xui64>, tensor<1x1xi8>, tensor<1x1xi8>
}

// ARG:      tensor<1x1xui32>
// ARG-NEXT: {{\[\[}}0]]
// ARG-NEXT: tensor<1x1xi32>
// ARG-NEXT: {{\[\[}}1]]
// ARG-NEXT: tensor<1x1xi64>
// ARG-NEXT: {{\[\[}}2]]
// ARG-NEXT: tensor<1x1xui64>
// ARG-NEXT: {{\[\[}}0]]
func.func @arg(%a: tensor<1x3xui32>, %b: tensor<1x3xui16>) -> (tensor<1x1xui32>, tensor<1x1xi32>, tensor<1x1xi64>, tensor<1x1xui64>) {
  %0 = dml.arg_max %a, axes = [1], direction = increasing : tensor<1x3xui32> -> tensor<1x1xui32>
  %1 = dml.arg_min %a, axes = [1], direction = decreasing : tensor<1x3xui32> -> tensor<1x1xi32>
  %2 = dml.arg_min %b, axes = [1], direction = increasing : tensor<1x3xui16> -> tensor<1x1xi64>
  %3 = dml.reduce %b, function = argmax, axes = [1] : tensor<1x3xui16> -> tensor<1x1xui64>
  return %0, %1, %2, %3 : tensor<1x1xui32>, tensor<1x1xi32>, tensor<1x1xi64>, tensor<1x1xui64>
}

// TOPK:      tensor<1x2xui64>
// TOPK-NEXT: {{\[\[}}18446744073709551615, 9223372036854775808]]
// TOPK-NEXT: tensor<1x2xui32>
// TOPK-NEXT: {{\[\[}}0, 2]]
// TOPK-NEXT: tensor<1x2xui64>
// TOPK-NEXT: {{\[\[}}0, 1]]
// TOPK-NEXT: tensor<1x2xui64>
// TOPK-NEXT: {{\[\[}}1, 3]]
// TOPK-NEXT: tensor<1x4xi8>
// TOPK-NEXT: {{\[\[}}-128, -1, 0, 127]]
// TOPK-NEXT: tensor<1x4xui32>
// TOPK-NEXT: {{\[\[}}0, 2, 3, 1]]
// TOPK-NEXT: tensor<4xui8>
// TOPK-NEXT: [255, 128, 127, 0]
// TOPK-NEXT: tensor<4xui32>
// TOPK-NEXT: [1, 3, 0, 2]
func.func @topk(%a: tensor<1x4xui64>, %b: tensor<1x4xi8>, %c: tensor<4xui8>) -> (tensor<1x2xui64>, tensor<1x2xui32>, tensor<1x2xui64>, tensor<1x2xui64>, tensor<1x4xi8>, tensor<1x4xui32>, tensor<4xui8>, tensor<4xui32>) {
  %0, %1 = dml.top_k %a, axis = 1, k = 2, direction = decreasing : tensor<1x4xui64> -> tensor<1x2xui64>, tensor<1x2xui32>
  %2, %3 = dml.top_k %a, axis = 1, k = 2, direction = increasing : tensor<1x4xui64> -> tensor<1x2xui64>, tensor<1x2xui64>
  %4, %5 = dml.top_k %b, axis = 1, k = 4, direction = increasing : tensor<1x4xi8> -> tensor<1x4xi8>, tensor<1x4xui32>
  %6, %7 = dml.top_k %c, axis = 0, k = 4, direction = decreasing : tensor<4xui8> -> tensor<4xui8>, tensor<4xui32>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<1x2xui64>, tensor<1x2xui32>, tensor<1x2xui64>, tensor<1x2xui64>, tensor<1x4xi8>, tensor<1x4xui32>, tensor<4xui8>, tensor<4xui32>
}
