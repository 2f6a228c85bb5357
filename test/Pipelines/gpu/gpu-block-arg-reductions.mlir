// dml-gpu-block-reductions on arg_max/arg_min: a (value, index) pair per
// thread, combined with the lower index as the earlier element (the payload
// decides between the two); rows of 32-bit pairs through warp shuffles,
// columns through a shared-memory tree of both; rows read 16 bytes at a
// time when the buffer is aligned (else the scalar loop).
// RUN: dml-opt %s --dml-to-linalg=fusion=false --dml-bufferize --dml-gpu-block-reductions | FileCheck %s
// RUN: dml-opt %s --dml-to-linalg=fusion=false --dml-bufferize --dml-gpu-block-reductions=vector-loads=false | FileCheck %s --check-prefix=SCALAR
// RUN: dml-opt %s --dml-to-linalg=fusion=false --dml-bufferize --dml-gpu-block-reductions=fold-outputs=false | FileCheck %s --check-prefix=NOFOLD

// The values are a temporary nothing else reads: not stored, no buffer;
// the i32 -> i64 widening of the indices is applied where the kernel
// stores them, into the result (no temporary, no second kernel).
// CHECK-LABEL: func.func @argmax_rows
// CHECK-NOT: linalg.fill
// CHECK-NOT: memref.alloc
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %c300{{.*}}) threads({{.*}}) workgroup({{.*}} : memref<1024x1xf32, #gpu.address_space<workgroup>>, {{.*}} : memref<1024x1xi32, #gpu.address_space<workgroup>>)
// CHECK: %[[PTR:.*]] = memref.extract_aligned_pointer_as_index %arg0
// CHECK: arith.remui %[[PTR]]
// CHECK: scf.if
// CHECK: vector.load %arg0{{.*}} {alignment = 16 : i64} : memref<300x4000xf32>, vector<4xf32>
// CHECK: } else {
// CHECK: memref.load %arg0
// CHECK: gpu.shuffle xor {{.*}} : f32
// CHECK-NEXT: gpu.shuffle xor {{.*}} : i32
// CHECK-NEXT: %[[FIRST:.*]] = arith.cmpi ule
// CHECK: arith.cmpf ugt
// CHECK: gpu.barrier
// CHECK: %[[WIDE:.*]] = arith.extui {{.*}} : i32 to i64
// CHECK-NEXT: memref.store %[[WIDE]], %{{.*}} : memref<300xi64>
// CHECK-NOT: memref.store
// CHECK: gpu.terminator
// CHECK-NOT: linalg.generic
// CHECK-NOT: memref.dealloc
// CHECK: return
// NOFOLD-LABEL: func.func @argmax_rows
// NOFOLD: memref.alloc() {{.*}} : memref<300xf32>
// NOFOLD: memref.alloc() {{.*}} : memref<300xi32>
// NOFOLD: gpu.launch
// NOFOLD: memref.store {{.*}} : memref<300xf32>
// NOFOLD-NEXT: memref.store {{.*}} : memref<300xi32>
// NOFOLD: linalg.generic
// NOFOLD: arith.extui
// SCALAR-LABEL: func.func @argmax_rows
// SCALAR-NOT: vector.load
// SCALAR: gpu.shuffle
func.func @argmax_rows(%x: tensor<300x4000xf32>) -> tensor<300x1xi64> {
  %0 = dml.arg_max %x, axes = [1], direction = increasing : tensor<300x4000xf32> -> tensor<300x1xi64>
  return %0 : tensor<300x1xi64>
}

// f16 values: no shuffles, a tree over y of (value, index) in shared memory.
// CHECK-LABEL: func.func @argmin_cols
// CHECK-NOT: linalg.fill
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %c3{{.*}}) threads({{.*}}) in ({{.*}} = %c32{{.*}} = %c32{{.*}}) workgroup({{.*}} : memref<32x32xf16, #gpu.address_space<workgroup>>, {{.*}} : memref<32x32xi32, #gpu.address_space<workgroup>>)
// CHECK-NOT: vector.load
// CHECK-NOT: gpu.shuffle
// CHECK: gpu.barrier
// CHECK: memref.load {{.*}} : memref<32x32xi32, #gpu.address_space<workgroup>>
// CHECK: arith.cmpi ule
func.func @argmin_cols(%x: tensor<100x70xf16>) -> tensor<1x70xi32> {
  %0 = dml.arg_min %x, axes = [0], direction = decreasing : tensor<100x70xf16> -> tensor<1x70xi32>
  return %0 : tensor<1x70xi32>
}

// Two reduced axes (0 and 2): one block per output, the window flattened.
// CHECK-LABEL: func.func @argmax_two_axes
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %c5{{.*}})
// CHECK: vector.load %arg0{{.*}} : memref<6x5x72xf32>, vector<4xf32>
func.func @argmax_two_axes(%x: tensor<6x5x72xf32>) -> tensor<1x5x1xi32> {
  %0 = dml.arg_max %x, axes = [0, 2], direction = increasing : tensor<6x5x72xf32> -> tensor<1x5x1xi32>
  return %0 : tensor<1x5x1xi32>
}

// f32 columns: 4 (value, index) pairs per thread from 16-byte loads.
// CHECK-LABEL: func.func @argmax_cols_lanes
// CHECK: gpu.launch {{.*}} threads({{.*}}) in ({{.*}} = %c8{{.*}} = %c128
// CHECK: vector.load %arg0{{.*}} : memref<500x64xf32>, vector<4xf32>
// CHECK: gpu.barrier
// CHECK: arith.cmpi ule
// CHECK-COUNT-4: memref.store {{.*}} : memref<64xi32>
func.func @argmax_cols_lanes(%x: tensor<500x64xf32>) -> tensor<1x64xi32> {
  %0 = dml.arg_max %x, axes = [0], direction = increasing : tensor<500x64xf32> -> tensor<1x64xi32>
  return %0 : tensor<1x64xi32>
}
