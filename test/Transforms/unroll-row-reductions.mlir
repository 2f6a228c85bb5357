// dml-linalg-to-vector-loops asks LLVM to unroll the vector loop of a
// reduction over the innermost dimension 4 times (loop metadata that the
// JIT's light LLVM pipeline honours, and only there); loops of a reduction
// over outer dimensions are not marked. A loop with math.exp holds at most
// 8 registers of elements per unrolled iteration (4 rows x 16 lanes per
// step here: unrolled twice); more left LLVM spilling on Zen's 64-lane
// steps.
// RUN: dml-opt %s --dml-linalg-to-vector-loops --canonicalize | FileCheck %s
// RUN: dml-opt %s --dml-cpu-pipeline | mlir-translate --mlir-to-llvmir \
// RUN:   | FileCheck %s --check-prefix=LLVM

// CHECK: #loop_unroll = #llvm.loop_unroll<count = 4 : i32>
// CHECK: #loop_unroll1 = #llvm.loop_unroll<count = 2 : i32>
// CHECK: #loop_annotation = #llvm.loop_annotation<unroll = #loop_unroll>
// CHECK: #loop_annotation1 = #llvm.loop_annotation<unroll = #loop_unroll1>
// CHECK-LABEL: func.func @row_max
// CHECK: scf.for %{{.*}} = %c0 to %c4096 step %c16 iter_args
// CHECK: arith.maximumf
// CHECK: } {loop_annotation = #loop_annotation}
// CHECK-LABEL: func.func @column_sum
// CHECK-NOT: loop_annotation
// CHECK: return
// CHECK-LABEL: func.func @exp_sum_rows
// CHECK: scf.for %{{.*}} = %c0 to %c8192 step %c16 iter_args
// CHECK-SAME: -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// CHECK: math.exp
// CHECK: } {loop_annotation = #loop_annotation1}

// LLVM-LABEL: define void @row_max
// LLVM: br label %{{.*}}, !llvm.loop ![[$LOOP:[0-9]+]]
// LLVM-LABEL: define void @column_sum
// LLVM-NOT: !llvm.loop
// LLVM-LABEL: define void @exp_sum_rows
// LLVM: br {{.*}}, !llvm.loop ![[$EXPLOOP:[0-9]+]]
// LLVM-DAG: ![[$LOOP]] = distinct !{![[$LOOP]], ![[COUNT:[0-9]+]]}
// LLVM-DAG: ![[COUNT]] = !{!"llvm.loop.unroll.count", i32 4}
// LLVM-DAG: ![[$EXPLOOP]] = distinct !{![[$EXPLOOP]], ![[EXPCOUNT:[0-9]+]]}
// LLVM-DAG: ![[EXPCOUNT]] = !{!"llvm.loop.unroll.count", i32 2}
#in = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
#col = affine_map<(i, j) -> (j)>
func.func @row_max(%x: memref<64x4096xf32>, %o: memref<64xf32>) {
  linalg.generic {indexing_maps = [#in, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<64x4096xf32>) outs(%o : memref<64xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %m = arith.maximumf %a, %acc : f32
    linalg.yield %m : f32
  }
  return
}
func.func @column_sum(%x: memref<64x4096xf32>, %o: memref<4096xf32>) {
  linalg.generic {indexing_maps = [#in, #col], iterator_types = ["reduction", "parallel"]}
      ins(%x : memref<64x4096xf32>) outs(%o : memref<4096xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %a, %acc : f32
    linalg.yield %s : f32
  }
  return
}
func.func @exp_sum_rows(%x: memref<8x8192xf32>, %m: memref<8xf32>, %o: memref<8xf32>) {
  linalg.generic {indexing_maps = [#in, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x, %m : memref<8x8192xf32>, memref<8xf32>) outs(%o : memref<8xf32>) {
  ^bb0(%a: f32, %max: f32, %acc: f32):
    %d = arith.subf %a, %max : f32
    %e = math.exp %d : f32
    %s = arith.addf %e, %acc : f32
    linalg.yield %s : f32
  }
  return
}
