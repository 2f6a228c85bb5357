// The ends of every numeric option's range and its special values are
// accepted by dml-cpu-pipeline (option-ranges-invalid.mlir: one past them is
// an error): the whole pipeline lowers the module to the LLVM dialect.
// Lower ends; threads=0 lets the OpenMP runtime choose.
// RUN: dml-opt %s --dml-cpu-pipeline="vector-bits=1 items-per-thread=1 claims-per-thread=1 long-row-claims-per-thread=0 long-row-streams=1 long-row-prefetch=0 long-row-prefetch-locality=0 row-block-bytes=0 row-block-min-rows=2 next-block-prefetch=0 next-block-prefetch-locality=0 caller-streaming-bytes=0 threads=0" | FileCheck %s
// Upper ends.
// RUN: dml-opt %s --dml-cpu-pipeline="vector-bits=1024 items-per-thread=65536 claims-per-thread=65536 long-row-claims-per-thread=65536 long-row-streams=4 long-row-prefetch=1073741824 long-row-prefetch-locality=3 row-block-bytes=9223372036854775807 row-block-min-rows=8 next-block-prefetch=2147483647 next-block-prefetch-locality=3 caller-streaming-bytes=9223372036854775807 threads=1024" | FileCheck %s
// The widths targets choose, a sequential build and row-block-min-rows 4.
// RUN: dml-opt %s --dml-cpu-pipeline="vector-bits=128 threads=1 row-block-min-rows=4" | FileCheck %s
// RUN: dml-opt %s --dml-cpu-pipeline="vector-bits=256 threads=2" | FileCheck %s
// RUN: dml-opt %s --dml-cpu-pipeline="vector-bits=512" | FileCheck %s

// CHECK: llvm.func @_mlir_ciface_sum_rows
func.func @sum_rows(%x: tensor<8x4096xf32>) -> tensor<8x1xf32> {
  %r = dml.reduce %x, function = log_sum_exp, axes = [1] : tensor<8x4096xf32> -> tensor<8x1xf32>
  return %r : tensor<8x1xf32>
}

// CHECK: llvm.func @_mlir_ciface_softmax
func.func @softmax(%x: tensor<64x4096xf32>) -> tensor<64x4096xf32> {
  %m = dml.reduce %x, function = max, axes = [1] : tensor<64x4096xf32> -> tensor<64x1xf32>
  %r = dml.reduce %x, function = sum, axes = [1] : tensor<64x4096xf32> -> tensor<64x1xf32>
  %d = arith.divf %m, %r : tensor<64x1xf32>
  %b = tensor.collapse_shape %d [[0, 1]] : tensor<64x1xf32> into tensor<64xf32>
  %o = linalg.broadcast ins(%b : tensor<64xf32>) outs(%x : tensor<64x4096xf32>) dimensions = [1]
  return %o : tensor<64x4096xf32>
}
