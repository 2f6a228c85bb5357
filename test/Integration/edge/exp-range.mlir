// f32 exp at the ends of its range, in the vector chunk (lanes 0-15) and in
// the row's tail (16-19; the second row is the first reversed): above
// ln(FLT_MAX) = 88.7228 everything is +inf, also where the 1.5 * 2^23
// shifter no longer rounds x log2 e (2.9e6 and up) and at +inf (k is capped
// at 128 on the shifter's integer bits, not by a float clamp of x); NaN stays
// NaN; -103 rounds to the smallest subnormal, -104 and below (-inf too) to 0.
// The expected values are numpy's float32 exp (correctly rounded there).
//
// REQUIRES: dml-run
// RUN: dml-run %s --function=exp_range --input="2x20xf32=88.7228 88.7229 88.73 88.8 88.9 89 100 -103 2900000 3000000 1e10 1e30 3.4e38 inf nan -inf -1e30 -200 0 -104 -104 0 -200 -1e30 -inf nan inf 3.4e38 1e30 1e10 3000000 2900000 -103 100 89 88.9 88.8 88.73 88.7229 88.7228" | FileCheck %s --match-full-lines
// RUN: dml-run %s --function=exp_range --pipeline-options=vector-bits=256 --input="2x20xf32=88.7228 88.7229 88.73 88.8 88.9 89 100 -103 2900000 3000000 1e10 1e30 3.4e38 inf nan -inf -1e30 -200 0 -104 -104 0 -200 -1e30 -inf nan inf 3.4e38 1e30 1e10 3000000 2900000 -103 100 89 88.9 88.8 88.73 88.7229 88.7228" | FileCheck %s --match-full-lines
// RUN: dml-run %s --function=exp_range --pipeline-options=vectorize=false --input="2x20xf32=88.7228 88.7229 88.73 88.8 88.9 89 100 -103 2900000 3000000 1e10 1e30 3.4e38 inf nan -inf -1e30 -200 0 -104 -104 0 -200 -1e30 -inf nan inf 3.4e38 1e30 1e10 3000000 2900000 -103 100 89 88.9 88.8 88.73 88.7229 88.7228" | FileCheck %s --match-full-lines

// CHECK:      tensor<2x20xf32>
// CHECK-NEXT: {{\[\[}}3.4026947e+38, inf, inf, inf, inf, inf, inf, 1e-45, inf, inf, inf, inf, inf, inf, nan, 0, 0, 0, 1, 0], [0, 1, 0, 0, 0, nan, inf, inf, inf, inf, inf, inf, 1e-45, inf, inf, inf, inf, inf, inf, 3.4026947e+38]]
func.func @exp_range(%x: tensor<2x20xf32>) -> tensor<2x20xf32> {
  %e0 = tensor.empty() : tensor<2x20xf32>
  %e = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<2x20xf32>) outs(%e0 : tensor<2x20xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.exp %a : f32
    linalg.yield %r : f32
  } -> tensor<2x20xf32>
  return %e : tensor<2x20xf32>
}
