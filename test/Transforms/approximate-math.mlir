// RUN: dml-opt %s --dml-approximate-math | FileCheck %s --check-prefixes=CHECK,INT
// RUN: dml-opt %s --dml-approximate-math=scale-by-ldexp=true | FileCheck %s --check-prefixes=CHECK,LDEXP
// RUN: dml-opt %s --dml-approximate-math=fast-exp=false | FileCheck %s --check-prefix=UPSTREAM
// RUN: dml-opt %s --dml-approximate-math="scale-by-ldexp=true x86-scalef=true" | FileCheck %s --check-prefix=SCALEF

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
func.func @matrix_exp(%x: vector<2x16xf32>) -> vector<2x16xf32> {
  %e = math.exp %x : vector<2x16xf32>
  return %e : vector<2x16xf32>
}

// Other element types are not this expansion's.
// CHECK-LABEL: func.func @f64_exp
// CHECK: math.exp %{{.*}} : f64
func.func @f64_exp(%x: f64) -> f64 {
  %e = math.exp %x : f64
  return %e : f64
}
