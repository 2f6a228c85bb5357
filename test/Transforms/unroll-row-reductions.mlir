// dml-linalg-to-vector-loops asks LLVM to unroll the vector loop of a
// reduction over the innermost dimension 4 times (loop metadata that the
// JIT's light LLVM pipeline honours, and only there); loops of a reduction
// over outer dimensions are not marked.
// RUN: dml-opt %s --dml-linalg-to-vector-loops --canonicalize | FileCheck %s
// RUN: dml-opt %s --dml-cpu-pipeline | mlir-translate --mlir-to-llvmir \
// RUN:   | FileCheck %s --check-prefix=LLVM

// CHECK: #loop_unroll = #llvm.loop_unroll<count = 4 : i32>
// CHECK: #loop_annotation = #llvm.loop_annotation<unroll = #loop_unroll>
// CHECK-LABEL: func.func @row_max
// CHECK: scf.for %{{.*}} = %c0 to %c4096 step %c16 iter_args
// CHECK: arith.maximumf
// CHECK: } {loop_annotation = #loop_annotation}
// CHECK-LABEL: func.func @column_sum
// CHECK-NOT: loop_annotation
// CHECK: return

// LLVM-LABEL: define void @row_max
// LLVM: br label %{{.*}}, !llvm.loop ![[$LOOP:[0-9]+]]
// LLVM-LABEL: define void @column_sum
// LLVM-NOT: !llvm.loop
// LLVM: ![[$LOOP]] = distinct !{![[$LOOP]], ![[COUNT:[0-9]+]]}
// LLVM: ![[COUNT]] = !{!"llvm.loop.unroll.count", i32 4}
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
