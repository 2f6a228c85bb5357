// f32 exp scaled by vscalefps on the float exponent (x86-scalef, AVX-512F
// targets) gives the bits of the integer-exponent scalings: the range ends
// of exp-range.mlir (+inf above 88.7228, NaN, the smallest subnormal at
// -103, 0 from -104 on), then exp-sums of two rows of 8192 values spanning
// [-110, 90] (subnormal results, overflow, 64-lane vectors sliced into
// 16-lane vscalefps with long-row-streams=1), compared bit for bit with
// x86-scalef=false (llvm.ldexp), with vector-bits=256 (integer scaling) and
// with vectorize=false (scalar exps: the table by a broadcast vpermps).
// All of these take the target's table-driven exp (x86-table-exp, AVX-512F):
// its results and those of x86-table-exp=false (the degree-6 polynomial)
// are within their bounds of numpy's double exp (0.763 and 1.018 ulp,
// docs/numerics.md) and differ in some last bits.
//
// REQUIRES: dml-run, avx512f
// RUN: dml-run %s --function=exp_range --pipeline-options=x86-scalef=true --input="2x20xf32=88.7228 88.7229 88.73 88.8 88.9 89 100 -103 2900000 3000000 1e10 1e30 3.4e38 inf nan -inf -1e30 -200 0 -104 -104 0 -200 -1e30 -inf nan inf 3.4e38 1e30 1e10 3000000 2900000 -103 100 89 88.9 88.8 88.73 88.7229 88.7228" | FileCheck %s --match-full-lines
// RUN: rm -rf %t && mkdir -p %t
// RUN: %PYTHON -c "import numpy as np; x = np.linspace(-110, 90, 2 * 8192, dtype=np.float32).reshape(2, 8192); x[1] = x[1][::-1] - 0.37; np.save('%t/x.npy', x)"
// RUN: dml-run %s --function=exp_sum --pipeline-options="x86-scalef=true long-row-streams=1" --input=@%t/x.npy --output=@%t/scalef.npy --output=@%t/scalef_sum.npy > /dev/null
// RUN: dml-run %s --function=exp_sum --pipeline-options="x86-scalef=false long-row-streams=1 vector-bits=512" --input=@%t/x.npy --output=@%t/ldexp.npy --output=@%t/ldexp_sum.npy > /dev/null
// RUN: dml-run %s --function=exp_sum --pipeline-options="x86-scalef=false vector-bits=256" --input=@%t/x.npy --output=@%t/int.npy --output=@%t/int_sum.npy > /dev/null
// RUN: dml-run %s --function=exp_sum --pipeline-options="vectorize=false" --input=@%t/x.npy --output=@%t/scalar.npy --output=@%t/scalar_sum.npy > /dev/null
// RUN: dml-run %s --function=exp_sum --pipeline-options="x86-table-exp=false long-row-streams=1" --input=@%t/x.npy --output=@%t/poly.npy --output=@%t/poly_sum.npy > /dev/null
// RUN: %PYTHON -c "import numpy as np; x = np.load('%t/x.npy').astype(np.float64); ref = np.exp(x); r32 = ref.astype(np.float32); fin = np.isfinite(r32); ulp = np.where(r32 < 2.0**-126, 2.0**-149, np.spacing(np.abs(r32)).astype(np.float64)); err = [float((np.abs(np.load('%t/%%s.npy' %% n).astype(np.float64) - ref) / ulp)[fin].max()) for n in ('scalef', 'poly')]; t, p = np.load('%t/scalef.npy'), np.load('%t/poly.npy'); print('table within', err[0] <= 0.763, 'poly within', err[1] <= 1.018, 'differ', bool((t.view(np.uint32) != p.view(np.uint32)).any()), 'inf alike', bool((np.isinf(t) == np.isinf(r32)).all()))" | FileCheck %s --check-prefix=NUMPY
// RUN: %PYTHON -c "import numpy as np; a = [np.load('%t/%%s.npy' %% n).view(np.uint32) for n in ('scalef', 'ldexp', 'int', 'scalar')]; assert (a[0] == a[1]).all() and (a[0] == a[2]).all() and (a[0] == a[3]).all(), 'exp bits differ'; s = [np.load('%t/%%s_sum.npy' %% n).view(np.uint32) for n in ('scalef', 'ldexp')]; assert (s[0] == s[1]).all(), 'exp-sum bits differ'; e = np.load('%t/scalef.npy'); print('subnormal', int(((e > 0) & (e < 1.1754944e-38)).sum()) > 0, 'inf', int(np.isinf(e).sum()) > 0)" | FileCheck %s --check-prefix=BITS

// CHECK:      tensor<2x20xf32>
// CHECK-NEXT: {{\[\[}}3.4026947e+38, inf, inf, inf, inf, inf, inf, 1e-45, inf, inf, inf, inf, inf, inf, nan, 0, 0, 0, 1, 0], [0, 1, 0, 0, 0, nan, inf, inf, inf, inf, inf, inf, 1e-45, inf, inf, inf, inf, inf, inf, 3.4026947e+38]]
// BITS: subnormal True inf True
// NUMPY: table within True poly within True differ True inf alike True
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

func.func @exp_sum(%x: tensor<2x8192xf32>) -> (tensor<2x8192xf32>, tensor<2x1xf32>) {
  %e0 = tensor.empty() : tensor<2x8192xf32>
  %e = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<2x8192xf32>) outs(%e0 : tensor<2x8192xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.exp %a : f32
    linalg.yield %r : f32
  } -> tensor<2x8192xf32>
  %s0 = tensor.empty() : tensor<2x1xf32>
  %zero = arith.constant 0.0 : f32
  %sz = linalg.fill ins(%zero : f32) outs(%s0 : tensor<2x1xf32>) -> tensor<2x1xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<2x8192xf32>) outs(%sz : tensor<2x1xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = math.exp %a : f32
    %t = arith.addf %acc, %r : f32
    linalg.yield %t : f32
  } -> tensor<2x1xf32>
  return %e, %s : tensor<2x8192xf32>, tensor<2x1xf32>
}
