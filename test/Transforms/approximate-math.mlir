// RUN: dml-opt %s --dml-approximate-math | FileCheck %s --check-prefixes=CHECK,INT
// RUN: dml-opt %s --dml-approximate-math=scale-by-ldexp=true | FileCheck %s --check-prefixes=CHECK,LDEXP
// RUN: dml-opt %s --dml-approximate-math=fast-exp=false | FileCheck %s --check-prefix=UPSTREAM
// RUN: dml-opt %s --dml-approximate-math="scale-by-ldexp=true x86-scalef=true" | FileCheck %s --check-prefix=SCALEF
// RUN: dml-opt %s --dml-approximate-math="scale-by-ldexp=true x86-scalef=true table-exp=true" | FileCheck %s --check-prefix=TABLE
// RUN: dml-opt %s --dml-approximate-math="table-exp=true" | FileCheck %s --check-prefix=TABLE-INT

// f32 exp: clamp from below (NaN passes: the comparison is false), k by
// the 1.5 * 2^23 shifter with its bits capped at k = 128 by a signed integer
// minimum (no second float clamp), r in two FMAs, the polynomial as
// 1 + (r + r^2 q(r)), then 2^k.
// CHECK-LABEL: func.func @vector_exp
// CHECK-SAME: (%[[X:.*]]: vector<16xf32>)
// CHECK-DAG: %[[LOW:.*]] = arith.constant dense<-1.040000e+02> : vector<16xf32>
// CHECK-DAG: %[[SHIFTER:.*]] = arith.constant dense<0x4B400000> : vector<16xf32>
// CHECK-DAG: %[[SHIFTER_BITS:.*]] = arith.constant dense<1262485504> : vector<16xi32>
// CHECK-DAG: %[[K_MAX_BITS:.*]] = arith.constant dense<1262485632> : vector<16xi32>
// CHECK-NOT: arith.cmpf ogt
// CHECK: %[[BELOW:.*]] = arith.cmpf olt, %[[X]], %[[LOW]]
// CHECK: %[[CLAMPED:.*]] = arith.select %[[BELOW]], %[[LOW]], %[[X]]
// CHECK: %[[SHIFTED_RAW:.*]] = math.fma %[[CLAMPED]], %{{.*}}, %[[SHIFTER]]
// CHECK: %[[RAW_BITS:.*]] = arith.bitcast %[[SHIFTED_RAW]] : vector<16xf32> to vector<16xi32>
// CHECK: %[[BITS:.*]] = arith.minsi %[[RAW_BITS]], %[[K_MAX_BITS]]
// CHECK: %[[SHIFTED:.*]] = arith.bitcast %[[BITS]] : vector<16xi32> to vector<16xf32>
// CHECK: %[[K:.*]] = arith.subf %[[SHIFTED]], %[[SHIFTER]]
// CHECK: %[[N:.*]] = arith.subi %[[BITS]], %[[SHIFTER_BITS]]
// CHECK: %[[R_HIGH:.*]] = math.fma %[[K]], %{{.*}}, %[[CLAMPED]]
// CHECK: %[[R:.*]] = math.fma %[[K]], %{{.*}}, %[[R_HIGH]]
// CHECK-COUNT-3: math.fma %{{.*}}, %[[R]], %{{.*}}
// CHECK: %[[Q:.*]] = math.fma %{{.*}}, %[[R]], %{{.*}}
// CHECK: %[[R2:.*]] = arith.mulf %[[R]], %[[R]]
// CHECK: %[[T:.*]] = math.fma %[[R2]], %[[Q]], %[[R]]
// CHECK: %[[P:.*]] = arith.addf %[[T]], %[[ONE:.*]] :
// LDEXP: %[[Y:.*]] = llvm.call_intrinsic "llvm.ldexp"(%[[P]], %[[N]]) : (vector<16xf32>, vector<16xi32>) -> vector<16xf32>
// INT: %[[HALF:.*]] = arith.shrsi %[[N]]
// INT: %[[REST:.*]] = arith.subi %[[N]], %[[HALF]]
// INT: %[[BIASED_HALF:.*]] = arith.addi %[[HALF]]
// INT: %[[BITS_HALF:.*]] = arith.shli %[[BIASED_HALF]]
// INT: %[[SCALE_HALF:.*]] = arith.bitcast %[[BITS_HALF]] : vector<16xi32> to vector<16xf32>
// INT: %[[PARTIAL:.*]] = arith.mulf %[[P]], %[[SCALE_HALF]]
// INT: %[[BIASED_REST:.*]] = arith.addi %[[REST]]
// INT: %[[BITS_REST:.*]] = arith.shli %[[BIASED_REST]]
// INT: %[[SCALE_REST:.*]] = arith.bitcast %[[BITS_REST]] : vector<16xi32> to vector<16xf32>
// INT: %[[Y:.*]] = arith.mulf %[[PARTIAL]], %[[SCALE_REST]]
// CHECK-NOT: math.exp
// CHECK: return %[[Y]]
// With x86-scalef (AVX-512F targets) 16 lanes scale by vscalefps on k as a
// float (k = shifted - shifter): no integer n is converted back to float.
// SCALEF-LABEL: func.func @vector_exp
// SCALEF-SAME: (%[[X:.*]]: vector<16xf32>)
// SCALEF-DAG: %[[SHIFTER:.*]] = arith.constant dense<0x4B400000> : vector<16xf32>
// SCALEF-DAG: %[[ALL:.*]] = arith.constant -1 : i16
// SCALEF-DAG: %[[CURRENT:.*]] = arith.constant 4 : i32
// SCALEF: %[[SHIFTED:.*]] = arith.bitcast %{{.*}} : vector<16xi32> to vector<16xf32>
// SCALEF: %[[K:.*]] = arith.subf %[[SHIFTED]], %[[SHIFTER]]
// SCALEF: %[[P:.*]] = arith.addf
// SCALEF-NOT: llvm.ldexp
// SCALEF: %[[Y:.*]] = llvm.call_intrinsic "llvm.x86.avx512.mask.scalef.ps.512"(%[[P]], %[[K]], %[[P]], %[[ALL]], %[[CURRENT]]) : (vector<16xf32>, vector<16xf32>, vector<16xf32>, i16, i32) -> vector<16xf32>
// SCALEF-NEXT: return %[[Y]]
// With table-exp (AVX-512F targets): k = round(16 x log2 e) / 16 by the
// 1.5 * 2^19 shifter (bits capped at 0x49400000 + 128 * 16), r in the same
// two FMAs, hi and lo = 2^(j/16) by two vpermps on the capped bits (the
// intrinsic reads their low 4 bits), s = r + r^2 (c2 + c3 r), p = hi +
// (hi s + lo), vscalefps(p, k): floor(k) is the binary exponent.
// TABLE-LABEL: func.func @vector_exp
// TABLE-SAME: (%[[X:.*]]: vector<16xf32>)
// TABLE-DAG: %[[SHIFTER:.*]] = arith.constant dense<7.864320e+05> : vector<16xf32>
// TABLE-DAG: %[[K_MAX_BITS:.*]] = arith.constant dense<1228933120> : vector<16xi32>
// TABLE-DAG: %[[HIGH_TABLE:.*]] = arith.constant dense<[1.000000e+00, 1.04427373, {{.*}}, 1.91520655]> : vector<16xf32>
// TABLE-DAG: %[[LOW_TABLE:.*]] = arith.constant dense<[0.000000e+00, 4.833470e-08, {{.*}}, 9.8453281E-9]> : vector<16xf32>
// TABLE-DAG: %[[C2:.*]] = arith.constant dense<0.500016212> : vector<16xf32>
// TABLE-DAG: %[[C3:.*]] = arith.constant dense<0.166668192> : vector<16xf32>
// TABLE: %[[CLAMPED:.*]] = arith.select
// TABLE: %[[SHIFTED_RAW:.*]] = math.fma %[[CLAMPED]], %{{.*}}, %[[SHIFTER]]
// TABLE: %[[RAW_BITS:.*]] = arith.bitcast %[[SHIFTED_RAW]]
// TABLE: %[[BITS:.*]] = arith.minsi %[[RAW_BITS]], %[[K_MAX_BITS]]
// TABLE: %[[SHIFTED:.*]] = arith.bitcast %[[BITS]]
// TABLE: %[[K:.*]] = arith.subf %[[SHIFTED]], %[[SHIFTER]]
// TABLE: %[[R_HIGH:.*]] = math.fma %[[K]], %{{.*}}, %[[CLAMPED]]
// TABLE: %[[R:.*]] = math.fma %[[K]], %{{.*}}, %[[R_HIGH]]
// TABLE: %[[HIGH:.*]] = llvm.call_intrinsic "llvm.x86.avx512.permvar.sf.512"(%[[HIGH_TABLE]], %[[BITS]]) : (vector<16xf32>, vector<16xi32>) -> vector<16xf32>
// TABLE: %[[LOW:.*]] = llvm.call_intrinsic "llvm.x86.avx512.permvar.sf.512"(%[[LOW_TABLE]], %[[BITS]])
// TABLE: %[[Q:.*]] = math.fma %[[C3]], %[[R]], %[[C2]]
// TABLE: %[[R2:.*]] = arith.mulf %[[R]], %[[R]]
// TABLE: %[[S:.*]] = math.fma %[[R2]], %[[Q]], %[[R]]
// TABLE: %[[HS_LOW:.*]] = math.fma %[[HIGH]], %[[S]], %[[LOW]]
// TABLE: %[[P:.*]] = arith.addf %[[HIGH]], %[[HS_LOW]]
// TABLE-NEXT: %[[Y:.*]] = llvm.call_intrinsic "llvm.x86.avx512.mask.scalef.ps.512"(%[[P]], %[[K]], %[[P]], %{{.*}}, %{{.*}})
// TABLE-NEXT: return %[[Y]]
// Without scale-by-ldexp: the integer exponent floor(k), bits - shifter
// bits shifted right by the 4 fraction bits.
// TABLE-INT-LABEL: func.func @vector_exp
// TABLE-INT: %[[BITS:.*]] = arith.minsi
// TABLE-INT: %[[N16:.*]] = arith.subi %[[BITS]], %{{.*}} : vector<16xi32>
// TABLE-INT: %[[N:.*]] = arith.shrsi %[[N16]], %{{.*}} : vector<16xi32>
// TABLE-INT: llvm.x86.avx512.permvar.sf.512
// TABLE-INT: arith.shrsi %[[N]], %{{.*}} : vector<16xi32>
// TABLE-INT-NOT: scalef
// TABLE-INT: return
// UPSTREAM-LABEL: func.func @vector_exp
// UPSTREAM-NOT: 0x4B400000
// UPSTREAM-NOT: math.exp
// UPSTREAM: return
func.func @vector_exp(%x: vector<16xf32>) -> vector<16xf32> {
  %e = math.exp %x : vector<16xf32>
  return %e : vector<16xf32>
}

// 64 lanes (long rows): one vscalefps per 16-lane slice.
// CHECK-LABEL: func.func @wide_exp
// LDEXP: llvm.call_intrinsic "llvm.ldexp"(%{{.*}}, %{{.*}}) : (vector<64xf32>, vector<64xi32>) -> vector<64xf32>
// SCALEF-LABEL: func.func @wide_exp
// SCALEF-NOT: llvm.ldexp
// SCALEF: %[[K:.*]] = arith.subf %{{.*}} : vector<64xf32>
// SCALEF: %[[P:.*]] = arith.addf %{{.*}} : vector<64xf32>
// SCALEF: %[[P0:.*]] = vector.extract_strided_slice %[[P]] {offsets = [0], sizes = [16], strides = [1]} : vector<64xf32> to vector<16xf32>
// SCALEF: %[[K0:.*]] = vector.extract_strided_slice %[[K]] {offsets = [0], sizes = [16], strides = [1]} : vector<64xf32> to vector<16xf32>
// SCALEF: %[[S0:.*]] = llvm.call_intrinsic "llvm.x86.avx512.mask.scalef.ps.512"(%[[P0]], %[[K0]], %[[P0]], %{{.*}}, %{{.*}})
// SCALEF: %[[Y0:.*]] = vector.insert_strided_slice %[[S0]], %[[P]] {offsets = [0], strides = [1]} : vector<16xf32> into vector<64xf32>
// SCALEF: vector.extract_strided_slice %[[P]] {offsets = [16]
// SCALEF: vector.insert_strided_slice %{{.*}}, %[[Y0]] {offsets = [16]
// SCALEF: vector.insert_strided_slice %{{.*}} {offsets = [32]
// SCALEF: %[[Y:.*]] = vector.insert_strided_slice %{{.*}} {offsets = [48]
// SCALEF-NEXT: return %[[Y]]
// TABLE-LABEL: func.func @wide_exp
// TABLE-COUNT-8: llvm.call_intrinsic "llvm.x86.avx512.permvar.sf.512"(%{{.*}}, %{{.*}}) : (vector<16xf32>, vector<16xi32>) -> vector<16xf32>
// TABLE-COUNT-4: llvm.call_intrinsic "llvm.x86.avx512.mask.scalef.ps.512"
// TABLE-INT-LABEL: func.func @wide_exp
func.func @wide_exp(%x: vector<64xf32>) -> vector<64xf32> {
  %e = math.exp %x : vector<64xf32>
  return %e : vector<64xf32>
}

// Scalars get the same expansion (remainder loops, the top_k carrier limit's
// bisection), so an element's exp does not depend on where it is computed.
// CHECK-LABEL: func.func @scalar_exp
// CHECK: arith.constant 0x4B400000 : f32
// LDEXP: llvm.call_intrinsic "llvm.ldexp"(%{{.*}}, %{{.*}}) : (f32, i32) -> f32
// INT: arith.shrsi %{{.*}} : i32
// Scalars and other shapes keep llvm.ldexp with x86-scalef (same bits).
// SCALEF-LABEL: func.func @scalar_exp
// SCALEF-NOT: scalef.ps
// SCALEF: llvm.call_intrinsic "llvm.ldexp"(%{{.*}}, %{{.*}}) : (f32, i32) -> f32
// CHECK-NOT: math.exp
// Scalars look up the same table (broadcast to 16 lanes, lane 0), so that
// remainder loops give the vector loop's bits.
// TABLE-LABEL: func.func @scalar_exp
// TABLE: %[[BITS:.*]] = arith.minsi %{{.*}} : i32
// TABLE: %[[LANES:.*]] = vector.broadcast %[[BITS]] : i32 to vector<16xi32>
// TABLE: %[[ROW:.*]] = llvm.call_intrinsic "llvm.x86.avx512.permvar.sf.512"(%{{.*}}, %[[LANES]])
// TABLE: vector.extract %[[ROW]][0] : f32 from vector<16xf32>
// TABLE: llvm.call_intrinsic "llvm.ldexp"(%{{.*}}, %{{.*}}) : (f32, i32) -> f32
// TABLE-INT-LABEL: func.func @scalar_exp
func.func @scalar_exp(%x: f32) -> f32 {
  %e = math.exp %x : f32
  return %e : f32
}

// llvm.ldexp on 2-D vectors would not lower: the integer scaling (same bits).
// SCALEF-LABEL: func.func @matrix_exp
// SCALEF-NOT: llvm.call_intrinsic
// SCALEF: return
// CHECK-LABEL: func.func @matrix_exp
// CHECK-NOT: llvm.call_intrinsic
// CHECK: arith.shrsi %{{.*}} : vector<2x16xi32>
// CHECK-NOT: math.exp
// CHECK: return
// n-D vectors are flattened for the lookup; other widths are padded to 16.
// TABLE-LABEL: func.func @matrix_exp
// TABLE: vector.shape_cast %{{.*}} : vector<2x16xi32> to vector<32xi32>
// TABLE: llvm.x86.avx512.permvar.sf.512
// TABLE: vector.shape_cast %{{.*}} : vector<32xf32> to vector<2x16xf32>
// TABLE-INT-LABEL: func.func @matrix_exp
func.func @matrix_exp(%x: vector<2x16xf32>) -> vector<2x16xf32> {
  %e = math.exp %x : vector<2x16xf32>
  return %e : vector<2x16xf32>
}

// TABLE-LABEL: func.func @narrow_exp
// TABLE: %[[PADDED:.*]] = vector.insert_strided_slice %{{.*}}, %{{.*}} {offsets = [0], strides = [1]} : vector<8xi32> into vector<16xi32>
// TABLE: %[[ROW:.*]] = llvm.call_intrinsic "llvm.x86.avx512.permvar.sf.512"(%{{.*}}, %[[PADDED]])
// TABLE: vector.extract_strided_slice %[[ROW]] {offsets = [0], sizes = [8], strides = [1]} : vector<16xf32> to vector<8xf32>
// TABLE-INT-LABEL: func.func @narrow_exp
// CHECK-LABEL: func.func @narrow_exp
func.func @narrow_exp(%x: vector<8xf32>) -> vector<8xf32> {
  %e = math.exp %x : vector<8xf32>
  return %e : vector<8xf32>
}

// Other element types are not this expansion's.
// CHECK-LABEL: func.func @f64_exp
// CHECK: math.exp %{{.*}} : f64
func.func @f64_exp(%x: f64) -> f64 {
  %e = math.exp %x : f64
  return %e : f64
}

// exp(x - max(x)) (dml.shifted_exp, dml-mark-shifted-exp): the argument is
// <= 0 or NaN, so the clamp from below stays and the cap on k's bits goes:
// no arith.minsi, in the polynomial and the table expansions; the plain
// exp beside it keeps the cap.
// CHECK-LABEL: func.func @shifted_exp
// CHECK: arith.cmpf olt
// CHECK-NOT: arith.minsi
// CHECK: arith.subf
// CHECK-NOT: arith.minsi
// CHECK: arith.minsi
// CHECK-NOT: arith.minsi
// CHECK: return
// TABLE-LABEL: func.func @shifted_exp
// TABLE: arith.cmpf olt
// TABLE-NOT: arith.minsi
// TABLE: llvm.x86.avx512.mask.scalef.ps.512
// TABLE: arith.minsi
// TABLE-NOT: arith.minsi
// TABLE: return
func.func @shifted_exp(%x: vector<16xf32>) -> (vector<16xf32>, vector<16xf32>) {
  %e = math.exp %x {dml.shifted_exp} : vector<16xf32>
  %p = math.exp %x : vector<16xf32>
  return %e, %p : vector<16xf32>, vector<16xf32>
}

// A summed exp (dml.summed_exp: exp(x - max(x)) whose only use is a sum):
// r in one FMA (k * ln2High, no ln2Low). With the table: k with 5 fraction
// bits (shifter 1.5 * 2^18), hi from a 32-entry table (one vpermi2ps), a
// degree-2 polynomial s = c0 + r (c1 + c2 r) in two FMAs and hi + hi s in
// one: no low table, no add before the scaling.
// CHECK-LABEL: func.func @summed_exp
// CHECK: %[[CLAMPED:.*]] = arith.select
// CHECK: %[[K:.*]] = arith.subf
// CHECK: %[[R:.*]] = math.fma %[[K]], %{{.*}}, %[[CLAMPED]]
// CHECK-NEXT: math.fma %{{.*}}, %[[R]], %{{.*}}
// CHECK: return
// TABLE-LABEL: func.func @summed_exp
// TABLE-DAG: %[[C0:.*]] = arith.constant dense<-9.69874225E-9>
// TABLE-DAG: %[[C1:.*]] = arith.constant dense<1.00001466>
// TABLE-DAG: %[[C2:.*]] = arith.constant dense<0.499997079>
// TABLE-DAG: %[[UPPER:.*]] = arith.constant dense<[1.41421354, {{.*}}, 1.95714414]>
// TABLE-DAG: %[[LOWER:.*]] = arith.constant dense<[1.000000e+00, 1.0218972, {{.*}}, 1.383910e+00]>
// TABLE-DAG: %[[SHIFTER:.*]] = arith.constant dense<3.932160e+05>
// TABLE: %[[CLAMPED:.*]] = arith.select
// TABLE-NOT: arith.minsi
// TABLE: %[[SHIFTED:.*]] = math.fma %[[CLAMPED]], %{{.*}}, %[[SHIFTER]]
// TABLE: %[[BITS:.*]] = arith.bitcast %[[SHIFTED]]
// TABLE: %[[K:.*]] = arith.subf %{{.*}}, %[[SHIFTER]]
// TABLE: %[[R:.*]] = math.fma %[[K]], %{{.*}}, %[[CLAMPED]]
// TABLE-NEXT: %[[HIGH:.*]] = llvm.call_intrinsic "llvm.x86.avx512.vpermi2var.ps.512"(%[[LOWER]], %[[BITS]], %[[UPPER]])
// TABLE-NEXT: %[[Q:.*]] = math.fma %[[C2]], %[[R]], %[[C1]]
// TABLE-NEXT: %[[S:.*]] = math.fma %[[Q]], %[[R]], %[[C0]]
// TABLE-NEXT: %[[P:.*]] = math.fma %[[HIGH]], %[[S]], %[[HIGH]]
// TABLE-NEXT: llvm.call_intrinsic "llvm.x86.avx512.mask.scalef.ps.512"(%[[P]], %[[K]], %[[P]], %{{.*}}, %{{.*}})
// TABLE-NOT: permvar
// TABLE: return
func.func @summed_exp(%x: vector<16xf32>) -> vector<16xf32> {
  %e = math.exp %x {dml.shifted_exp, dml.summed_exp} : vector<16xf32>
  return %e : vector<16xf32>
}
