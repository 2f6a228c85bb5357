// long-row-claims-per-thread marks the parallel loop of an inner reduction
// of rows of at least 16 KiB without math ops with dml_claims_per_thread
// (dml-parallel-to-openmp then claims that many blocks per thread there);
// short rows, bodies with math ops and the default (0) keep the pass's.
// RUN: dml-opt %s --dml-to-linalg --dml-bufferize --dml-codegen="long-row-claims-per-thread=32" | FileCheck %s
// RUN: dml-opt %s --dml-to-linalg --dml-bufferize --dml-codegen | FileCheck %s --check-prefix=OFF
// OFF-NOT: dml_claims_per_thread

// CHECK-LABEL: func.func @long_rows
// CHECK: scf.parallel
// CHECK: } {dml_claims_per_thread = 32 : i64}
func.func @long_rows(%x: tensor<64x4096xf32>) -> tensor<64x1xf32> {
  %r = dml.reduce %x, function = sum, axes = [1] : tensor<64x4096xf32> -> tensor<64x1xf32>
  return %r : tensor<64x1xf32>
}

// CHECK-LABEL: func.func @short_rows
// CHECK: scf.parallel
// CHECK-NOT: dml_claims_per_thread
// CHECK: return
func.func @short_rows(%x: tensor<4096x64xf32>) -> tensor<4096x1xf32> {
  %r = dml.reduce %x, function = sum, axes = [1] : tensor<4096x64xf32> -> tensor<4096x1xf32>
  return %r : tensor<4096x1xf32>
}

// CHECK-LABEL: func.func @log_sum_exp
// CHECK-NOT: dml_claims_per_thread
// CHECK: return
func.func @log_sum_exp(%x: tensor<64x4096xf32>) -> tensor<64x1xf32> {
  %r = dml.reduce %x, function = log_sum_exp, axes = [1] : tensor<64x4096xf32> -> tensor<64x1xf32>
  return %r : tensor<64x1xf32>
}
