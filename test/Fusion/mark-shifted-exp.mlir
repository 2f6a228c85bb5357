// RUN: dml-opt %s --split-input-file --dml-mark-shifted-exp | FileCheck %s
// RUN: dml-opt %s --split-input-file --dml-mark-shifted-exp --dml-bufferize --dml-codegen | FileCheck %s --check-prefix=CODEGEN

// exp(x - max(x)): the max reduction of the same x, read through the same
// maps, so every argument is <= 0 or NaN. The marked exp's expansion has
// no upper bound on k (no arith.minsi); the plain exp keeps it. Its only
// use adds it into the reduced output: dml.summed_exp too, and r in one
// FMA (the polynomial's first FMA reads it).
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @shifted
// CHECK: math.exp %{{.*}} {dml.shifted_exp, dml.summed_exp} : f32
// CODEGEN-LABEL: func.func @shifted
// CODEGEN-NOT: arith.minsi
// CODEGEN: arith.cmpf olt
// CODEGEN-NEXT: %[[CLAMPED:.*]] = arith.select
// CODEGEN-NEXT: %[[SHIFTED:.*]] = math.fma %[[CLAMPED]]
// CODEGEN-NOT: arith.minsi
// CODEGEN: %[[K:.*]] = arith.subf %[[SHIFTED]],
// CODEGEN: %[[R:.*]] = math.fma %[[K]], %{{.*}}, %[[CLAMPED]]
// CODEGEN-NEXT: math.fma %{{.*}}, %[[R]], %{{.*}}
// CODEGEN-NOT: arith.minsi
// CODEGEN: return
func.func @shifted(%x: tensor<8x64xf32>) -> tensor<8xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %m0 = linalg.fill ins(%ninf : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %m = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x64xf32>) outs(%m0 : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.maximumf %out, %in : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %s0 = linalg.fill ins(%zero : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %s = linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x, %m : tensor<8x64xf32>, tensor<8xf32>) outs(%s0 : tensor<8xf32>) {
  ^bb0(%in: f32, %mx: f32, %out: f32):
    %d = arith.subf %in, %mx : f32
    %ex = math.exp %d : f32
    %r = arith.addf %out, %ex : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  return %s : tensor<8xf32>
}

// -----

// f16 input extended to f32, maxnumf (NaN-ignoring: a NaN x still gives a
// NaN argument), the max in a multi-result producer: marked.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @extended_maxnum
// CHECK: math.exp %{{.*}} {dml.shifted_exp, dml.summed_exp} : f32
func.func @extended_maxnum(%x: tensor<8x64xf16>, %m0: tensor<8xf32>, %t0: tensor<8xf32>, %s0: tensor<8xf32>) -> tensor<8xf32> {
  %t, %m = linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x64xf16>) outs(%t0, %m0 : tensor<8xf32>, tensor<8xf32>) {
  ^bb0(%in: f16, %tot: f32, %out: f32):
    %w = arith.extf %in : f16 to f32
    %a = arith.addf %tot, %w : f32
    %r = arith.maxnumf %w, %out : f32
    linalg.yield %a, %r : f32, f32
  } -> (tensor<8xf32>, tensor<8xf32>)
  %s = linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x, %m : tensor<8x64xf16>, tensor<8xf32>) outs(%s0 : tensor<8xf32>) {
  ^bb0(%in: f16, %mx: f32, %out: f32):
    %w = arith.extf %in : f16 to f32
    %d = arith.subf %w, %mx : f32
    %ex = math.exp %d : f32
    %r = arith.addf %out, %ex : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  return %s : tensor<8xf32>
}

// -----

// Not marked: m - x (arguments >= 0); the sum (not a max) of x; the max
// of another tensor; the max over a transposed read of x; the min. Their
// expansions keep the upper bound on k.
#id = affine_map<(d0, d1) -> (d0, d1)>
#tr = affine_map<(d0, d1) -> (d1, d0)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @not_shifted
// CHECK-NOT: dml.shifted_exp
// CHECK: return
// CODEGEN-LABEL: func.func @not_shifted
// CODEGEN-COUNT-5: arith.minsi
func.func @not_shifted(%x: tensor<8x8xf32>, %y: tensor<8x8xf32>, %i: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
  %m = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x8xf32>) outs(%i : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.maximumf %out, %in : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %sum = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x8xf32>) outs(%i : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.addf %out, %in : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %my = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%y : tensor<8x8xf32>) outs(%i : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.maximumf %out, %in : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %mt = linalg.generic {indexing_maps = [#tr, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x8xf32>) outs(%i : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.maximumf %out, %in : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %mn = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x8xf32>) outs(%i : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.minimumf %out, %in : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %a = linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x, %m : tensor<8x8xf32>, tensor<8xf32>) outs(%i : tensor<8xf32>) {
  ^bb0(%in: f32, %mx: f32, %out: f32):
    %d = arith.subf %mx, %in : f32
    %ex = math.exp %d : f32
    %r = arith.addf %out, %ex : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %b = linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x, %sum : tensor<8x8xf32>, tensor<8xf32>) outs(%i : tensor<8xf32>) {
  ^bb0(%in: f32, %mx: f32, %out: f32):
    %d = arith.subf %in, %mx : f32
    %ex = math.exp %d : f32
    %r = arith.addf %out, %ex : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %c = linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x, %my : tensor<8x8xf32>, tensor<8xf32>) outs(%i : tensor<8xf32>) {
  ^bb0(%in: f32, %mx: f32, %out: f32):
    %d = arith.subf %in, %mx : f32
    %ex = math.exp %d : f32
    %r = arith.addf %out, %ex : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %t = linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x, %mt : tensor<8x8xf32>, tensor<8xf32>) outs(%i : tensor<8xf32>) {
  ^bb0(%in: f32, %mx: f32, %out: f32):
    %d = arith.subf %in, %mx : f32
    %ex = math.exp %d : f32
    %r = arith.addf %out, %ex : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %n = linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x, %mn : tensor<8x8xf32>, tensor<8xf32>) outs(%i : tensor<8xf32>) {
  ^bb0(%in: f32, %mx: f32, %out: f32):
    %d = arith.subf %in, %mx : f32
    %ex = math.exp %d : f32
    %r = arith.addf %out, %ex : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  return %a, %b, %c, %t, %n : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
}

// -----

// Shifted but not only summed: stored (no reduction); summed and stored;
// scaled before the sum; added into an output that is not reduced (the
// output's map has every loop); added to an input, not to the output.
// These keep the full expansion: two FMAs for r.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @shifted_not_summed
// CHECK-NOT: dml.summed_exp
// CHECK-COUNT-5: math.exp %{{.*}} {dml.shifted_exp} : f32
// CHECK-NOT: dml.summed_exp
// CHECK: return
func.func @shifted_not_summed(%x: tensor<8x8xf32>, %i: tensor<8xf32>, %j: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8x8xf32>, tensor<8xf32>) {
  %m = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x8xf32>) outs(%i : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.maximumf %out, %in : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %stored = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %m : tensor<8x8xf32>, tensor<8xf32>) outs(%j : tensor<8x8xf32>) {
  ^bb0(%in: f32, %mx: f32, %out: f32):
    %d = arith.subf %in, %mx : f32
    %ex = math.exp %d : f32
    linalg.yield %ex : f32
  } -> tensor<8x8xf32>
  %both:2 = linalg.generic {indexing_maps = [#id, #row, #row, #id], iterator_types = ["parallel", "reduction"]}
      ins(%x, %m : tensor<8x8xf32>, tensor<8xf32>) outs(%i, %j : tensor<8xf32>, tensor<8x8xf32>) {
  ^bb0(%in: f32, %mx: f32, %out: f32, %o2: f32):
    %d = arith.subf %in, %mx : f32
    %ex = math.exp %d : f32
    %r = arith.addf %out, %ex : f32
    linalg.yield %r, %ex : f32, f32
  } -> (tensor<8xf32>, tensor<8x8xf32>)
  %scaled = linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x, %m : tensor<8x8xf32>, tensor<8xf32>) outs(%i : tensor<8xf32>) {
  ^bb0(%in: f32, %mx: f32, %out: f32):
    %d = arith.subf %in, %mx : f32
    %ex = math.exp %d : f32
    %h = arith.mulf %ex, %ex : f32
    %r = arith.addf %out, %h : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %accumulated = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %m : tensor<8x8xf32>, tensor<8xf32>) outs(%j : tensor<8x8xf32>) {
  ^bb0(%in: f32, %mx: f32, %out: f32):
    %d = arith.subf %in, %mx : f32
    %ex = math.exp %d : f32
    %r = arith.addf %out, %ex : f32
    linalg.yield %r : f32
  } -> tensor<8x8xf32>
  %to_input = linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x, %m : tensor<8x8xf32>, tensor<8xf32>) outs(%i : tensor<8xf32>) {
  ^bb0(%in: f32, %mx: f32, %out: f32):
    %d = arith.subf %in, %mx : f32
    %ex = math.exp %d : f32
    %r = arith.addf %mx, %ex : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  return %stored, %both#0, %both#1, %scaled, %accumulated, %to_input : tensor<8x8xf32>, tensor<8xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8x8xf32>, tensor<8xf32>
}
