// A kernel never writes its inputs: elementwise ops on tensors may update
// an operand in place, which must not be a function argument (DirectML's
// input tensors are read-only, and a compiled kernel runs many times on the
// same buffers). --benchmark runs the kernel 1 + 3 times on one input
// buffer: y = 2x - 1 each time, not ((x * 2 - 1) * 2 - 1)....
//
// REQUIRES: dml-run
// RUN: dml-run %s --benchmark=3 --input="4xf32=1 2 3 4" 2>/dev/null | FileCheck %s --match-full-lines
// RUN: dml-run %s --benchmark=3 --pipeline-options=fusion=false --input="4xf32=1 2 3 4" 2>/dev/null | FileCheck %s --match-full-lines
// RUN: dml-opt %s --dml-to-linalg="fusion=false" --dml-bufferize | FileCheck %s --check-prefix=BUFFER

// CHECK:      tensor<4xf32>
// CHECK-NEXT: [1, 3, 5, 7]
// CHECK-NEXT: tensor<4xf32>
// CHECK-NEXT: [2, 4, 6, 8]
// The argument is never an output of a linalg op.
// BUFFER-LABEL: func.func @main
// BUFFER-SAME: (%[[X:.*]]: memref<4xf32>,
// BUFFER-NOT: outs(%[[X]]
// BUFFER: return
func.func @main(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %two = arith.addf %x, %x : tensor<4xf32>
  %one = arith.constant dense<1.0> : tensor<4xf32>
  %y = arith.subf %two, %one : tensor<4xf32>
  %z = arith.addf %x, %x : tensor<4xf32>
  return %y, %z : tensor<4xf32>, tensor<4xf32>
}
