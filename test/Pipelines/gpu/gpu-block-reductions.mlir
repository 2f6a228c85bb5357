// dml-gpu-block-reductions (opt-in: block-reductions=true): rows get one
// block per output with warp shuffles; columns 32 x 32 threads per 32
// outputs with a tree in shared memory. The initial fill joins the kernel.
// RUN: dml-opt %s --dml-to-linalg --dml-bufferize --dml-gpu-block-reductions | FileCheck %s

// CHECK-LABEL: func.func @rowsum
// CHECK-NOT: linalg.fill
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %c300{{.*}}) threads({{.*}}) in ({{.*}} = %c1{{.*}} = %c128{{.*}}) workgroup({{.*}} : memref<128x1xf32, #gpu.address_space<workgroup>>)
// CHECK: scf.for
// CHECK: arith.addf
// CHECK: gpu.shuffle xor
// CHECK: gpu.barrier
func.func @rowsum(%x: tensor<300x70xf32>) -> tensor<300x1xf32> {
  %0 = dml.reduce %x, function = sum, axes = [1] : tensor<300x70xf32> -> tensor<300x1xf32>
  return %0 : tensor<300x1xf32>
}

// CHECK-LABEL: func.func @colmax
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %c3{{.*}}) threads({{.*}}) in ({{.*}} = %c32{{.*}} = %c32{{.*}}) workgroup({{.*}} : memref<32x32xf32, #gpu.address_space<workgroup>>)
// CHECK: arith.maximumf
// CHECK-NOT: gpu.shuffle
// CHECK: gpu.barrier
func.func @colmax(%x: tensor<100x70xf32>) -> tensor<1x70xf32> {
  %0 = dml.reduce %x, function = max, axes = [0] : tensor<100x70xf32> -> tensor<1x70xf32>
  return %0 : tensor<1x70xf32>
}

// 200 rows over 32 threads: 6 rounds, unrolled by 4 into straight-line code
// plus a 2-round loop; the remainder round uses the unrolled result (this
// shape used to crash: the loop was unrolled before its result had users).
// CHECK-LABEL: func.func @colsum_unrolled
// CHECK: gpu.launch
// CHECK-COUNT-4: arith.addf
// CHECK: scf.for
// CHECK: scf.if
// CHECK: gpu.barrier
func.func @colsum_unrolled(%x: tensor<200x40xf32>) -> tensor<1x40xf32> {
  %0 = dml.reduce %x, function = sum, axes = [0] : tensor<200x40xf32> -> tensor<1x40xf32>
  return %0 : tensor<1x40xf32>
}

// Columns whose row holds a multiple of 16 bytes: 8 x 128 threads, each
// thread 4 neighbouring outputs from one 16-byte load per row (4
// accumulators, 4 shared-memory tiles), scalar loads if misaligned.
// CHECK-LABEL: func.func @colsum_lanes
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %c2{{.*}}) threads({{.*}}) in ({{.*}} = %c8{{.*}} = %c128{{.*}}) workgroup({{.*}} : memref<128x8xf32, #gpu.address_space<workgroup>>, {{.*}} : memref<128x8xf32, #gpu.address_space<workgroup>>, {{.*}} : memref<128x8xf32, #gpu.address_space<workgroup>>, {{.*}} : memref<128x8xf32, #gpu.address_space<workgroup>>)
// CHECK: scf.if {{.*}} -> (f32, f32, f32, f32)
// CHECK: vector.load %arg0{{.*}} : memref<300x64xf32>, vector<4xf32>
// CHECK: } else {
// CHECK-COUNT-4: memref.load %arg0
// CHECK: gpu.barrier
// CHECK-COUNT-4: memref.store {{.*}} : memref<64xf32>
func.func @colsum_lanes(%x: tensor<300x64xf32>) -> tensor<1x64xf32> {
  %0 = dml.reduce %x, function = sum, axes = [0] : tensor<300x64xf32> -> tensor<1x64xf32>
  return %0 : tensor<1x64xf32>
}
