// A gather along the innermost axis reads each row at scattered positions
// (its indices): no stream for the hardware prefetchers. When it is dense
// (at least one gathered element per line on average) and the rows are at
// least a page, the row two steps ahead (clamped to the last row) is
// prefetched whole across the chunk loop: per chunk of W outputs, W *
// ceil(row / outputs) elements in proportion, clamped inside the row.
// RUN: dml-opt %s --dml-to-linalg --dml-bufferize --dml-codegen="vector-bits=512" | FileCheck %s
// RUN: dml-opt %s --dml-to-linalg --dml-bufferize --dml-codegen="vector-bits=512 prefetch-rows=false" | FileCheck %s --check-prefix=OFF

// 4096 columns (16 KiB) -> 1024: 4 row elements per output, 128 (8 lines)
// per chunk of 32.
// CHECK-LABEL: func.func @dense
// CHECK-DAG: %[[LAST:.*]] = arith.constant 1023 : index
// CHECK-DAG: %[[TWO:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[FOUR:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[END:.*]] = arith.constant 3968 : index
// CHECK: scf.parallel (%[[ROW:.*]]) =
// CHECK: %[[NEXT:.*]] = arith.addi %[[ROW]], %[[TWO]]
// CHECK: %[[AHEAD:.*]] = arith.minui %[[NEXT]], %[[LAST]]
// CHECK: scf.for %[[COL:.*]] =
// CHECK: %[[SCALED:.*]] = arith.muli %[[COL]], %[[FOUR]]
// CHECK: %[[START:.*]] = arith.minui %[[SCALED]], %[[END]]
// CHECK: memref.prefetch %{{.*}}[%[[AHEAD]], %[[START]]], read, locality<3>, data : memref<1024x4096xf32>
// CHECK-COUNT-7: memref.prefetch %{{.*}}[%[[AHEAD]], %{{.*}}], read, locality<3>, data : memref<1024x4096xf32>
// CHECK-NOT: memref.prefetch
// CHECK: vector.gather
// OFF-LABEL: func.func @dense
// OFF-NOT: memref.prefetch
// OFF: return
func.func @dense(%x: tensor<1024x4096xf32>, %j: tensor<1x1024xi32>) -> tensor<1024x1024xf32> {
  %g = dml.gather %x, %j, axis = 1, index_dimensions = 1 : (tensor<1024x4096xf32>, tensor<1x1024xi32>) -> tensor<1024x1024xf32>
  return %g : tensor<1024x1024xf32>
}

// 64 of 4096 columns: one element per 4 lines, no prefetch.
// CHECK-LABEL: func.func @sparse
// CHECK-NOT: memref.prefetch
// CHECK: return
func.func @sparse(%x: tensor<1024x4096xf32>, %j: tensor<1x64xi32>) -> tensor<1024x64xf32> {
  %g = dml.gather %x, %j, axis = 1, index_dimensions = 1 : (tensor<1024x4096xf32>, tensor<1x64xi32>) -> tensor<1024x64xf32>
  return %g : tensor<1024x64xf32>
}

// Rows of 2 KiB: no prefetch.
// CHECK-LABEL: func.func @short_rows
// CHECK-NOT: memref.prefetch
// CHECK: return
func.func @short_rows(%x: tensor<1024x512xf32>, %j: tensor<1x1024xi32>) -> tensor<1024x1024xf32> {
  %g = dml.gather %x, %j, axis = 1, index_dimensions = 1 : (tensor<1024x512xf32>, tensor<1x1024xi32>) -> tensor<1024x1024xf32>
  return %g : tensor<1024x1024xf32>
}
