// Each stage of dml-gpu-pipeline (no GPU needed): stages 1-2 are the CPU
// pipeline's; dml-gpu-map makes one gpu.launch per bufferized linalg op on
// device buffers (prefixes MAP and PTX with block-wide reductions off, the
// mapping that short reductions still get; prefix BLOCK the default);
// dml-gpu-lower embeds PTX for sm_90.
// RUN: dml-opt %s --dml-to-linalg --dml-gpu-shape-reductions | FileCheck %s --check-prefix=SHAPE
// RUN: dml-opt %s --dml-to-linalg --dml-bufferize --dml-gpu-map=block-reductions=false | FileCheck %s --check-prefix=MAP
// RUN: dml-opt %s --dml-gpu-pipeline=block-reductions=false | FileCheck %s --check-prefix=PTX
// RUN: dml-opt %s --dml-gpu-pipeline | FileCheck %s --check-prefix=BLOCK
// RUN: dml-opt %s --dml-gpu-pipeline="chip=sm_80 features=+ptx70" | FileCheck %s --check-prefix=CHIP
// RUN: dml-opt %s --dml-gpu-pipeline | FileCheck %s --check-prefix=SINK

// Shapes are constants inside the kernels, not kernel parameters (greedy
// rewrites after the mapping hoist constants out of gpu.launch; they are
// sunk again): one_hot's and the column kernels' index arithmetic divides
// by constants, which PTX does without a division instruction.
// SINK: gpu.binary @onehot_kernel
// SINK-NOT: {{(div|rem)\.[us](32|64)}}

// Rows of a [300, 70] reduction: 300 threads in 2 blocks of 256, each
// thread looping over its row; the sums go straight into the out-param,
// viewed without its kept axis (no temporary, no copy).
// MAP-LABEL: func.func @rowsum
// MAP-NOT: memref.alloc
// MAP-NOT: gpu.alloc
// MAP: memref.collapse_shape %arg1 {{\[\[}}0, 1]] : memref<300x1xf32> into memref<300xf32>
// MAP: gpu.launch blocks({{.*}}) in ({{.*}} = %c2{{.*}}) threads({{.*}}) in ({{.*}} = %c256
// MAP: scf.for
// MAP: arith.addf
// MAP-NOT: memref.copy

// one_hot's scalar values are loaded inside the kernel, not by the host.
// MAP-LABEL: func.func @onehot
// MAP: gpu.launch
// MAP: memref.load %arg1
// MAP: arith.select

// A reduction over every axis is serial code: one thread runs it.
// MAP-LABEL: func.func @total
// MAP: gpu.launch blocks({{.*}}) in ({{.*}} = %c1{{.*}}) threads({{.*}}) in ({{.*}} = %c256

// PTX-NOT: gpu.launch {
// PTX: llvm.func @rowsum(
// PTX: gpu.launch_func @rowsum_kernel
// PTX: gpu.binary @rowsum_kernel {{.*}}#nvvm.target<O = 3, chip = "sm_90", features = "+ptx80">
// PTX-SAME: .version 8.0
// PTX-SAME: .target sm_90
// PTX-SAME: .entry rowsum_kernel
// The row loop of the sum kernel (a thread per row):
// PTX: gpu.binary @rowsum_kernel_0 {{.*}}ld.global.b32{{.*}}add.rn.f32{{.*}}st.global.b32
// exp/log are polynomials: the PTX calls no libdevice function.
// PTX-NOT: __nv_
// PTX: llvm.func @logsumexp(
// PTX-NOT: __nv_

// CHIP: .target sm_80

// Default: a block per row, warp shuffles and a barrier, one kernel for
// the fill and the sum.
// log_sum_exp: one kernel (max, exp-sum and the post-op at its store; no
// temporary).
// BLOCK: llvm.func @rowsum(
// BLOCK: gpu.launch_func @rowsum_kernel::@rowsum_kernel
// BLOCK-NOT: gpu.launch_func
// BLOCK: gpu.binary @rowsum_kernel {{.*}}shfl.sync.bfly.b32{{.*}}bar.sync
// BLOCK: llvm.func @logsumexp(
// BLOCK-NOT: mgpuMemAlloc
// BLOCK: gpu.launch_func @logsumexp_kernel::@logsumexp_kernel
// BLOCK-NOT: gpu.launch_func
// BLOCK-NOT: mgpuMemAlloc
// BLOCK: gpu.binary @logsumexp_kernel
// BLOCK-NOT: __nv_

// Short reductions are left alone; long ones are split into 32 partials:
// contiguous (partial p takes elements r * 32 + p, p the fast thread index)
// or strided (partial p takes a block of rows); parallel loops go first.
// SHAPE-LABEL: func.func @rowsum
// SHAPE: iterator_types = ["parallel", "reduction"]
// SHAPE-LABEL: func.func @wide
// SHAPE: tensor.expand_shape %arg0 {{\[}}[0], [1, 2]] output_shape [8, 128, 32]
// SHAPE: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]{{.*}}outs({{.*}} : tensor<8x32xf32>)
// SHAPE: linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]{{.*}}ins({{.*}} : tensor<8x32xf32>)
// SHAPE-LABEL: func.func @tall
// SHAPE: tensor.expand_shape %arg0 {{\[}}[0, 1], [2]] output_shape [32, 128, 8]
// SHAPE: iterator_types = ["parallel", "parallel", "reduction"]{{.*}}outs({{.*}} : tensor<32x8xf32>)

func.func @rowsum(%x: tensor<300x70xf32>) -> tensor<300x1xf32> {
  %0 = dml.reduce %x, function = sum, axes = [1] : tensor<300x70xf32> -> tensor<300x1xf32>
  return %0 : tensor<300x1xf32>
}

func.func @logsumexp(%x: tensor<8x70xf32>) -> tensor<8x1xf32> {
  %0 = dml.reduce %x, function = log_sum_exp, axes = [1] : tensor<8x70xf32> -> tensor<8x1xf32>
  return %0 : tensor<8x1xf32>
}

func.func @onehot(%i: tensor<5x1xui32>, %v: tensor<1x2xf32>) -> tensor<5x7xf32> {
  %0 = dml.one_hot %i, %v, axis = 1 : (tensor<5x1xui32>, tensor<1x2xf32>) -> tensor<5x7xf32>
  return %0 : tensor<5x7xf32>
}

func.func @total(%x: tensor<3x4xi32>) -> tensor<1x1xi32> {
  %0 = dml.reduce %x, function = sum, axes = [0, 1] : tensor<3x4xi32> -> tensor<1x1xi32>
  return %0 : tensor<1x1xi32>
}

func.func @wide(%x: tensor<8x4096xf32>) -> tensor<8x1xf32> {
  %0 = dml.reduce %x, function = sum, axes = [1] : tensor<8x4096xf32> -> tensor<8x1xf32>
  return %0 : tensor<8x1xf32>
}

func.func @tall(%x: tensor<4096x8xf32>) -> tensor<1x8xf32> {
  %0 = dml.reduce %x, function = sum, axes = [0] : tensor<4096x8xf32> -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}
