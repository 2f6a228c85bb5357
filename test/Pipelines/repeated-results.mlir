// A function returning the same value more than once, or an argument, gets
// one out-param per result, each filled. Returning the result of one op twice
// used to crash dml-cpu-pipeline (use after free in upstream
// buffer-results-to-out-params with hoisted allocations; found by
// fuzz/dml-pipeline-fuzzer, test/Fuzz/regressions/pipeline).
// RUN: dml-opt %s --dml-to-linalg --dml-bufferize | FileCheck %s
// RUN: dml-opt %s --dml-cpu-pipeline | mlir-translate --mlir-to-llvmir -o /dev/null
// RUN: dml-opt %s --dml-cpu-pipeline="vectorize=0 threads=2" | mlir-translate --mlir-to-llvmir -o /dev/null

// The one_hot result is computed into the first out-param and copied into
// the second.
// CHECK-LABEL: func.func @twice(
// CHECK-SAME:    %{{.*}}: memref<5x1xi64>, %{{.*}}: memref<1x2xf16>, %[[OUT0:.*]]: memref<5x1xf16>, %[[OUT1:.*]]: memref<5x1xf16>)
// CHECK:         linalg.generic {{.*}} outs(%[[OUT0]] : memref<5x1xf16>)
// CHECK:         memref.copy %[[OUT0]], %[[OUT1]]
// CHECK-NEXT:    return
func.func @twice(%j: tensor<5x1xi64>, %w: tensor<1x2xf16>) -> (tensor<5x1xf16>, tensor<5x1xf16>) {
  %y = dml.one_hot %j, %w, axis = 1 : (tensor<5x1xi64>, tensor<1x2xf16>) -> tensor<5x1xf16>
  return %y, %y : tensor<5x1xf16>, tensor<5x1xf16>
}

// Three times, interleaved with an argument and another op's two results.
// CHECK-LABEL: func.func @mixed(
// CHECK-SAME:    %[[X:.*]]: memref<4x3xf32>, %[[V:.*]]: memref<2x3xf32>, %[[I:.*]]: memref<2x3xi32>, %[[V1:.*]]: memref<2x3xf32>, %[[XOUT:.*]]: memref<4x3xf32>, %[[V2:.*]]: memref<2x3xf32>)
// CHECK-DAG:     memref.copy %[[V]], %[[V1]]
// CHECK-DAG:     memref.copy %[[V]], %[[V2]]
// CHECK-DAG:     memref.copy %[[X]], %[[XOUT]]
// CHECK:         return
func.func @mixed(%x: tensor<4x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xui32>, tensor<2x3xf32>, tensor<4x3xf32>, tensor<2x3xf32>) {
  %v, %i = dml.top_k %x, axis = 0, k = 2, direction = decreasing : tensor<4x3xf32> -> tensor<2x3xf32>, tensor<2x3xui32>
  return %v, %i, %v, %x, %v : tensor<2x3xf32>, tensor<2x3xui32>, tensor<2x3xf32>, tensor<4x3xf32>, tensor<2x3xf32>
}
