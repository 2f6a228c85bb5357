// realign-rows (AVX-512F targets): the vector loop of an inner reduction
// over f32 rows of at least 16 KiB checks at run time whether a row of the
// J read at once starts off a 64-byte boundary (p lanes past it); then the
// row is read with 64-byte aligned loads only, the first aligned vector
// masked to lanes >= p (before them: outside the row) and the one after
// the last chunk to lanes < p. Sums of one input (rotated lanes) add the
// aligned vectors themselves and rotate each register's lanes back with
// one vpermi2ps at the end; other bodies (NaN flags, selections) rebuild
// each 16-lane vector as vpermi2ps(a_c, [p .. p + 15], a_c+1). Aligned
// rows keep the plain loop.
// RUN: dml-opt %s --dml-to-linalg --dml-bufferize --dml-codegen="realign-rows=true" | FileCheck %s
// RUN: dml-opt %s --dml-to-linalg --dml-bufferize --dml-codegen="realign-rows=true long-row-wide=true" | FileCheck %s --check-prefix=WIDE
// RUN: dml-opt %s --dml-to-linalg --dml-bufferize --dml-codegen | FileCheck %s --check-prefix=OFF
// RUN: dml-opt %s --dml-to-linalg --dml-bufferize --dml-codegen="realign-rows=true vector-bits=256" | FileCheck %s --check-prefix=OFF
// The whole pipeline lowers it to LLVM.
// RUN: dml-opt %s --dml-cpu-pipeline="realign-rows=true" | FileCheck %s --check-prefix=LLVM

// OFF-NOT: vpermi2var
// OFF-NOT: masked.load
// LLVM: llvm.call_intrinsic "llvm.x86.avx512.vpermi2var.ps.512"
// LLVM: llvm.intr.masked.load

// CHECK-LABEL: func.func @long_rows
// CHECK: %[[BASE:.*]] = memref.extract_aligned_pointer_as_index %arg0
// CHECK: %[[ROW:.*]] = arith.addi %[[BASE]],
// CHECK: %[[MOD:.*]] = arith.andi %[[ROW]], %c63
// CHECK: %[[P:.*]] = arith.shrui %[[MOD]], %c2
// CHECK: arith.cmpi ne, %[[P]], %c0
// CHECK: arith.ori
// CHECK: scf.if %{{.*}} -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>) {
// CHECK: arith.andi %[[ROW]], %c-64
// CHECK: %[[PI32:.*]] = arith.index_cast %[[P]] : index to i32
// CHECK: %[[SPLAT:.*]] = vector.broadcast %[[PI32]] : i32 to vector<16xi32>
// Head: lanes k >= p of the first aligned vector; the others keep their
// state.
// CHECK: %[[HEAD:.*]] = arith.cmpi sle, %[[SPLAT]], %[[IOTA:.*]] : vector<16xi32>
// CHECK: %[[A0:.*]] = llvm.intr.masked.load %{{.*}}, %[[HEAD]], %{{.*}} {alignment = 64 : i32}
// CHECK: arith.select %[[HEAD]], %[[A0]]
// The loop: aligned loads, no permutes.
// CHECK: scf.for %{{.*}} = %c16 to %c4096 step %c16
// CHECK-NOT: masked.load
// CHECK-NOT: vpermi2var
// CHECK: llvm.load %{{.*}} {alignment = 64 : i64} : !llvm.ptr -> vector<16xf32>
// CHECK-NEXT: arith.addf
// CHECK-NOT: masked.load
// CHECK-NOT: vpermi2var
// CHECK: } {loop_annotation
// Tail: lanes k < p of the aligned vector after the row's last chunk.
// CHECK: %[[TAIL:.*]] = arith.cmpi sgt, %[[SPLAT]], %[[IOTA]] : vector<16xi32>
// CHECK: llvm.intr.masked.load %{{.*}}, %[[TAIL]], %{{.*}} {alignment = 64 : i32}
// CHECK: %[[ACC:.*]] = arith.select %[[TAIL]]
// Lanes rotated back: lane j takes lane j + p (mod 16).
// CHECK: %[[PERM:.*]] = arith.addi %[[SPLAT]], %[[IOTA]] : vector<16xi32>
// CHECK: llvm.call_intrinsic "llvm.x86.avx512.vpermi2var.ps.512"(%[[ACC]], %[[PERM]], %[[ACC]])
// CHECK: } else {
// CHECK: scf.for %{{.*}} = %c0 to %c4096 step %c16
// CHECK: vector.load %arg0
// WIDE-LABEL: func.func @long_rows
// WIDE: scf.if %{{.*}} -> (vector<64xf32>, vector<64xf32>, vector<64xf32>, vector<64xf32>) {
// WIDE: scf.for %{{.*}} = %c64 to %c4096 step %c64
// WIDE-NOT: vpermi2var
// WIDE: } {loop_annotation
// 4 rows x 4 registers, each from two neighbours (the last from the
// first).
// WIDE-COUNT-16: llvm.call_intrinsic "llvm.x86.avx512.vpermi2var.ps.512"
// WIDE: } else {
func.func @long_rows(%x: tensor<8x4096xf32>) -> tensor<8x1xf32> {
  %r = dml.reduce %x, function = sum, axes = [1] : tensor<8x4096xf32> -> tensor<8x1xf32>
  return %r : tensor<8x1xf32>
}

// Max (a NaN flag per lane): each vector rebuilt by a permute.
// CHECK-LABEL: func.func @max_rows
// CHECK: scf.if
// CHECK: %[[PI32:.*]] = arith.index_cast %{{.*}} : index to i32
// CHECK: %[[SPLAT:.*]] = vector.broadcast %[[PI32]] : i32 to vector<16xi32>
// CHECK: %[[PERM:.*]] = arith.addi %[[SPLAT]], %[[IOTA:.*]] : vector<16xi32>
// CHECK: %[[HEAD:.*]] = arith.cmpi sle, %[[SPLAT]], %[[IOTA]] : vector<16xi32>
// CHECK: %[[A0:.*]] = llvm.intr.masked.load %{{.*}}, %[[HEAD]], %{{.*}} {alignment = 64 : i32}
// CHECK: %[[A1:.*]] = llvm.load %{{.*}} {alignment = 64 : i64} : !llvm.ptr -> vector<16xf32>
// CHECK: llvm.call_intrinsic "llvm.x86.avx512.vpermi2var.ps.512"(%[[A0]], %[[PERM]], %[[A1]])
// The middle steps: aligned loads and a permute per vector.
// CHECK: scf.for %{{.*}} = %c16 to %c4080 step %c16
// CHECK-NOT: masked.load
// CHECK: llvm.call_intrinsic "llvm.x86.avx512.vpermi2var.ps.512"
// CHECK-NOT: masked.load
// CHECK: } {loop_annotation
// CHECK: %[[LAST:.*]] = llvm.load %{{.*}} {alignment = 64 : i64} : !llvm.ptr -> vector<16xf32>
// CHECK: %[[TAIL:.*]] = arith.cmpi sgt, %[[SPLAT]], %[[IOTA]] : vector<16xi32>
// CHECK: %[[AN:.*]] = llvm.intr.masked.load %{{.*}}, %[[TAIL]], %{{.*}} {alignment = 64 : i32}
// CHECK: llvm.call_intrinsic "llvm.x86.avx512.vpermi2var.ps.512"(%[[LAST]], %[[PERM]], %[[AN]])
// CHECK: } else {
func.func @max_rows(%x: tensor<8x4096xf32>) -> tensor<8x1xf32> {
  %r = dml.reduce %x, function = max, axes = [1] : tensor<8x4096xf32> -> tensor<8x1xf32>
  return %r : tensor<8x1xf32>
}

// An outer reduction axis: the accumulators carried in from the previous
// outer step enter the rotated order (lane k takes lane k - p + 16 of the
// register before it, mod 16: indices 16 + k - p) before the row is read.
// CHECK-LABEL: func.func @outer_sum
// CHECK: scf.for %{{.*}} = %c0 to %c3 step %c1 iter_args(%[[ACC:[a-z0-9]+]] =
// CHECK: scf.if
// CHECK: %[[INDEX:.*]] = arith.subi %[[SIXTEENS:.*]], %{{.*}} : vector<16xi32>
// CHECK: llvm.call_intrinsic "llvm.x86.avx512.vpermi2var.ps.512"(%[[ACC]], %[[INDEX]], %[[ACC]])
// CHECK: scf.for %{{.*}} = %c16 to %c4096 step %c16
func.func @outer_sum(%x: tensor<3x4x4100xf32>) -> tensor<1x4x1xf32> {
  %r = dml.reduce %x, function = sum, axes = [0, 2] : tensor<3x4x4100xf32> -> tensor<1x4x1xf32>
  return %r : tensor<1x4x1xf32>
}

// Rows one element short of 16 KiB keep the plain loop.
// CHECK-LABEL: func.func @short_rows
// CHECK-NOT: vpermi2var
// CHECK: return
func.func @short_rows(%x: tensor<8x4095xf32>) -> tensor<8x1xf32> {
  %r = dml.reduce %x, function = sum, axes = [1] : tensor<8x4095xf32> -> tensor<8x1xf32>
  return %r : tensor<8x1xf32>
}

// Not f32: plain loop.
// CHECK-LABEL: func.func @i32_rows
// CHECK-NOT: vpermi2var
// CHECK: return
func.func @i32_rows(%x: tensor<8x8192xi32>) -> tensor<8x1xi32> {
  %r = dml.reduce %x, function = sum, axes = [1] : tensor<8x8192xi32> -> tensor<8x1xi32>
  return %r : tensor<8x1xi32>
}

// log_sum_exp: the max pass reads realigned rows, the exp pass (math ops:
// compute-bound, the permutes would compete with the polynomial) does not.
// CHECK-LABEL: func.func @log_sum_exp
// CHECK: scf.if
// CHECK: vpermi2var
// CHECK: } else {
// The exp pass (four f32 sums, no NaN flags):
// CHECK: scf.for %{{.*}} = %c0 to %c8192 step %c16 iter_args({{.*}}) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// CHECK-NOT: vpermi2var
// CHECK: return
func.func @log_sum_exp(%x: tensor<4x8192xf32>) -> tensor<4x1xf32> {
  %r = dml.reduce %x, function = log_sum_exp, axes = [1] : tensor<4x8192xf32> -> tensor<4x1xf32>
  return %r : tensor<4x1xf32>
}
