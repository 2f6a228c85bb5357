// dml-gpu-vector-stores: an elementwise op whose output rows hold a multiple
// of 16 bytes becomes a kernel in which each thread computes 4 consecutive
// f32 elements (the payload once per element) and writes them with one
// 16-byte store where the output buffer is aligned, else 4 scalar stores;
// `groups` such groups per thread (default 2), 256 groups apart.
// Host-level loads of the payload's operands (one_hot's values) move into
// the kernel.
// RUN: dml-opt %s --dml-to-linalg=fusion=false --dml-bufferize --dml-gpu-vector-stores="min-elements=1 groups=4 scattered-gathers=false" | FileCheck %s
// RUN: dml-opt %s --dml-to-linalg=fusion=false --dml-bufferize --dml-gpu-vector-stores=min-elements=8192 | FileCheck %s --check-prefix=SMALL
// RUN: dml-opt %s --dml-to-linalg=fusion=false --dml-bufferize --dml-gpu-vector-stores="min-elements=1 groups=1" | FileCheck %s --check-prefix=GROUP1
// RUN: dml-opt %s --dml-to-linalg=fusion=false --dml-bufferize --dml-gpu-vector-stores="min-elements=1 row-gathers=false scattered-gathers=false" | FileCheck %s --check-prefix=NOROW
// RUN: dml-opt %s --dml-to-linalg=fusion=false --dml-bufferize --dml-gpu-vector-stores=min-elements=1 | FileCheck %s --check-prefix=SCATTER

// CHECK-LABEL: func.func @one_hot
// CHECK-NOT: memref.load
// 1280 groups of 16 bytes, 4 per thread: 2 blocks of 256 threads.
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %c2{{.*}}) threads({{.*}}) in ({{.*}} = %c256
// CHECK: memref.load %arg1
// CHECK: memref.load %arg1
// CHECK: %[[PTR:.*]] = memref.extract_aligned_pointer_as_index %arg2
// CHECK: %[[REM:.*]] = arith.remui %[[PTR]]
// CHECK: %[[ALIGNED:.*]] = arith.cmpi eq, %[[REM]]
// CHECK: %[[BLOCK:.*]] = arith.muli %{{.*}}, %c1024
// Round k writes group block * 1024 + k * 256 + t.
// CHECK: %[[R0:.*]] = arith.addi %[[BLOCK]], %c0
// CHECK: %[[G0:.*]] = arith.addi %[[R0]], %arg6
// CHECK: %[[IN0:.*]] = arith.cmpi ult, %[[G0]], %c1280
// CHECK: scf.if %[[IN0]]
// CHECK-COUNT-4: arith.select
// CHECK: scf.if %[[ALIGNED]]
// CHECK: %[[V:.*]] = vector.from_elements {{.*}} : vector<4xf32>
// CHECK: vector.store %[[V]], %arg2{{.*}} {alignment = 16 : i64} : memref<40x128xf32>, vector<4xf32>
// CHECK: } else {
// CHECK-COUNT-4: memref.store {{.*}} : memref<40x128xf32>
// CHECK: arith.addi %[[BLOCK]], %c256
// CHECK: vector.store
// CHECK: arith.addi %[[BLOCK]], %c512
// CHECK: vector.store
// CHECK: arith.addi %[[BLOCK]], %c768
// CHECK: vector.store
// CHECK-NOT: vector.store
// CHECK-NOT: linalg.generic
// GROUP1-LABEL: func.func @one_hot
// GROUP1: gpu.launch blocks({{.*}}) in ({{.*}} = %c5{{.*}}) threads({{.*}}) in ({{.*}} = %c256
// GROUP1-COUNT-1: vector.store
// GROUP1-NOT: vector.store
// GROUP1-LABEL: func.func @odd_rows
// SMALL-LABEL: func.func @one_hot
// SMALL-NOT: gpu.launch
// SMALL: linalg.generic
func.func @one_hot(%i: tensor<40x1xi32>, %v: tensor<1x2xf32>) -> tensor<40x128xf32> {
  %0 = dml.one_hot %i, %v, axis = 1 : (tensor<40x1xi32>, tensor<1x2xf32>) -> tensor<40x128xf32>
  return %0 : tensor<40x128xf32>
}

// A row of 6 f32 is not a multiple of 16 bytes: left to dml-gpu-map.
// CHECK-LABEL: func.func @odd_rows
// CHECK-NOT: gpu.launch
// CHECK: linalg.generic
func.func @odd_rows(%t: tensor<10x6xf32>, %i: tensor<1x3xi32>) -> tensor<3x6xf32> {
  %0 = dml.gather %t, %i, axis = 0, index_dimensions = 1 : (tensor<10x6xf32>, tensor<1x3xi32>) -> tensor<3x6xf32>
  return %0 : tensor<3x6xf32>
}

// A gather of whole rows (axis 0: the output's last index is the gathered
// row's own) reads 16 bytes of the gathered row per group: one vector.load
// from the clamped row where the table and the output are aligned, else
// the scalar lanes.
// CHECK-LABEL: func.func @gather_rows
// CHECK: gpu.launch
// CHECK: %[[OUT:.*]] = memref.extract_aligned_pointer_as_index %arg2
// CHECK: %[[TABLE:.*]] = memref.extract_aligned_pointer_as_index %arg0
// CHECK: arith.remui %[[TABLE]]
// CHECK: %[[BOTH:.*]] = arith.andi
// CHECK: scf.if %[[BOTH]]
// CHECK: arith.maxsi
// CHECK: arith.minsi
// CHECK: %[[ROW:.*]] = arith.index_cast
// CHECK: %[[V:.*]] = vector.load %arg0[%[[ROW]], {{.*}}] {alignment = 16 : i64} : memref<10x8xf32>, vector<4xf32>
// CHECK: vector.store %[[V]], %arg2
// CHECK: } else {
// CHECK-COUNT-4: memref.load %arg0
// CHECK-NOT: linalg.generic
// NOROW-LABEL: func.func @gather_rows
// NOROW-NOT: gpu.launch
// NOROW: linalg.generic
func.func @gather_rows(%t: tensor<10x8xf32>, %i: tensor<1x3xi32>) -> tensor<3x8xf32> {
  %0 = dml.gather %t, %i, axis = 0, index_dimensions = 1 : (tensor<10x8xf32>, tensor<1x3xi32>) -> tensor<3x8xf32>
  return %0 : tensor<3x8xf32>
}

// A gather along the last axis (G2) reads scattered elements: with
// scattered-gathers=false, one thread per element.
// CHECK-LABEL: func.func @gather_columns
// CHECK-NOT: gpu.launch
// CHECK: linalg.generic
// By default (scattered-gathers): four scalar gathered loads, one 16-byte
// store; 2 groups per thread (one_hot: 1280 groups in 3 blocks).
// SCATTER-LABEL: func.func @one_hot
// SCATTER: gpu.launch blocks({{.*}}) in ({{.*}} = %c3{{.*}}) threads({{.*}}) in ({{.*}} = %c256
// SCATTER-COUNT-2: vector.store
// SCATTER-NOT: vector.store
// SCATTER-LABEL: func.func @odd_rows
// SCATTER-LABEL: func.func @gather_columns
// SCATTER: gpu.launch
// SCATTER-COUNT-4: memref.load %arg0
// SCATTER: vector.store {{.*}} : memref<8x4xf32>, vector<4xf32>
func.func @gather_columns(%t: tensor<8x10xf32>, %i: tensor<1x4xi32>) -> tensor<8x4xf32> {
  %0 = dml.gather %t, %i, axis = 1, index_dimensions = 1 : (tensor<8x10xf32>, tensor<1x4xi32>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}
