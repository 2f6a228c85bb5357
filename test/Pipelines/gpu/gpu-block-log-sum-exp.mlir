// dml-gpu-block-reductions fuses log_sum_exp's max and exp-sum reductions
// (same input, same window) into one pass: each thread keeps (max, sum)
// and rescales its sum by exp(old max - new max) once per 16-byte load;
// pairs combine the same way through shuffles. exp(a - m) is exactly 1
// where a == m (inf - inf would be NaN). The post-op (max + log(sum)) runs
// at the kernel's store: the max is never stored (no temporary, one
// launch); with fold-outputs=false it stays a second op.
// RUN: dml-opt %s --dml-to-linalg=fusion=false --dml-bufferize --dml-gpu-block-reductions | FileCheck %s
// RUN: dml-opt %s --dml-to-linalg=fusion=false --dml-bufferize --dml-gpu-block-reductions=fold-outputs=false | FileCheck %s --check-prefix=NOFOLD
// RUN: dml-opt %s --dml-to-linalg=fusion=false --dml-bufferize --dml-gpu-block-reductions=online-log-sum-exp=false | FileCheck %s --check-prefix=TWO
// The kernel's exps (arguments <= 0, summed) become ex2.approx.ftz of
// (x - m) * log2(e) on the PTX; the post-op's log keeps its polynomial, and
// so do the exps with sum-of-exp-ex2=false.
// RUN: dml-opt %s --dml-gpu-pipeline | FileCheck %s --check-prefix=EX2
// RUN: dml-opt %s --dml-gpu-pipeline=sum-of-exp-ex2=false | FileCheck %s --check-prefix=POLY

// CHECK-LABEL: func.func @lse
// CHECK-NOT: linalg.fill
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %c64{{.*}}) threads({{.*}}) workgroup({{.*}} : memref<1024x1xf32, #gpu.address_space<workgroup>>, {{.*}} : memref<1024x1xf32, #gpu.address_space<workgroup>>)
// CHECK: vector.load %arg0
// CHECK: arith.maximumf
// CHECK: %[[EQ:.*]] = arith.cmpf oeq
// CHECK: %[[EXP:.*]] = math.exp {{.*}} {dml_gpu_sum_of_exp}
// CHECK: arith.select %[[EQ]], %{{.*}}, %[[EXP]]
// CHECK: arith.mulf
// CHECK: gpu.shuffle xor {{.*}} : f32
// CHECK-NEXT: gpu.shuffle xor {{.*}} : f32
// CHECK: math.log
// CHECK: memref.store {{.*}} : memref<64xf32>
// CHECK-NOT: memref.store
// CHECK-NOT: gpu.launch
// CHECK-NOT: linalg.generic
// CHECK-NOT: memref.dealloc
// CHECK: return
// NOFOLD: memref.alloc() {{.*}} : memref<64xf32>
// NOFOLD: gpu.launch
// NOFOLD: memref.store {{.*}} : memref<64xf32>
// NOFOLD-NEXT: memref.store {{.*}} : memref<64xf32>
// NOFOLD: linalg.generic
// NOFOLD: math.log
// NOFOLD: memref.dealloc
// EX2: ld.global.v4
// EX2-SAME: 0f3FB8AA3B;\0A\09// begin inline asm\0A\09ex2.approx.ftz.f32
// EX2-NOT: cvt.rmi
// EX2-SAME: shfl.sync.bfly
// POLY-NOT: ex2.approx
// POLY: cvt.rmi
// POLY-NOT: ex2.approx
// TWO-LABEL: func.func @lse
// TWO: gpu.launch
// TWO: gpu.launch
// TWO: linalg.generic
func.func @lse(%x: tensor<64x32000xf32>) -> tensor<64x1xf32> {
  %0 = dml.reduce %x, function = log_sum_exp, axes = [1] : tensor<64x32000xf32> -> tensor<64x1xf32>
  return %0 : tensor<64x1xf32>
}
