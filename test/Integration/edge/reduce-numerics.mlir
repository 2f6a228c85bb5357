// Overflow and underflow edges of the float reductions (docs/numerics.md),
// beyond reduce-float.mlir:
// * MULTIPLY of many values: the product overflows to inf and underflows to
//   0 as IEEE 754 says; a subnormal result is kept (no flush to zero); signs
//   of long products are exact; FLOAT16 products accumulate in FLOAT32, so an
//   intermediate product above the f16 maximum does not overflow.
// * LOG_SUM_EXP of very negative values: the max shift keeps the result
//   finite where exp() of every element underflows (to 0 in f32, and in f16).
// * AVERAGE of 65536 FLOAT16 values near the f16 maximum: the f32 sum
//   (3.9e9) is far above 65504 but the average is exact; alternating
//   +-65504 averages to exactly 0. AVERAGE of f32 values near the f32
//   maximum accumulates in f64.

// REQUIRES: dml-run
// RUN: %PYTHON %S/Inputs/make_numerics_npy.py %t
// RUN: dml-run %s --function=multiply_many --input=@%t/multiply.npy | FileCheck %s --check-prefix=MUL --match-full-lines
// RUN: dml-run %s --function=multiply_many --pipeline-options="vectorize=0" --input=@%t/multiply.npy | FileCheck %s --check-prefix=MUL --match-full-lines
// RUN: dml-run %s --function=multiply_f16 --input="3x4xf16=300 300 0.0033333 1  2 2 2 2  256 256 0.00390625 0.00390625" | FileCheck %s --check-prefix=MUL16 --match-full-lines
// RUN: dml-run %s --function=lse_negative --input="5x2xf32=-1000 -1000 -100 -103.5 -inf -5 -3e38 -3e38 -88 -89" | FileCheck %s --check-prefix=LSE --match-full-lines
// RUN: dml-run %s --function=lse_negative_f16 --input="3x2xf16=-20 -20 -60000 -65504 -inf -inf" | FileCheck %s --check-prefix=LSE16 --match-full-lines
// RUN: dml-run %s --function=average_f16_large --input=@%t/f16_60000.npy | FileCheck %s --check-prefix=AVG60000 --match-full-lines
// RUN: dml-run %s --function=average_f16_large --input=@%t/f16_alternating.npy | FileCheck %s --check-prefix=AVGALT --match-full-lines
// RUN: dml-run %s --function=average_f32_large --input="1x8xf32=3e38 3e38 3e38 3e38 3.4e38 3.4e38 3.4e38 3.4e38" | FileCheck %s --check-prefix=AVG32 --match-full-lines

// Rows of 200: 2^200 (inf); 2^-200 (0); 199 factors -1 and one 1 (-1);
// 1e-20 * 1e-20 (1e-40, subnormal); 101 factors -1 (-1).
// MUL:      tensor<5x1xf32>
// MUL-NEXT: {{\[\[}}inf], [0], [-1], [1e-40], [-1]]
func.func @multiply_many(%x: tensor<5x200xf32>) -> tensor<5x1xf32> {
  %0 = dml.reduce %x, function = multiply, axes = [1] : tensor<5x200xf32> -> tensor<5x1xf32>
  return %0 : tensor<5x1xf32>
}

// 300 * 300 = 90000 > 65504 on the way; 2^4; 256 * 256 / 256 / 256.
// MUL16:      tensor<3x1xf16>
// MUL16-NEXT: {{\[\[}}300], [16], [1]]
func.func @multiply_f16(%x: tensor<3x4xf16>) -> tensor<3x1xf16> {
  %0 = dml.reduce %x, function = multiply, axes = [1] : tensor<3x4xf16> -> tensor<3x1xf16>
  return %0 : tensor<3x1xf16>
}

// -1000 + ln 2; -100 + ln(1 + e^-3.5); -inf ignored; -3e38 (+ ln 2 is lost
// in the rounding); -88 + ln(1 + e^-1) where e^-88 is near the f32 minimum.
// LSE:      tensor<5x1xf32>
// LSE-NEXT: {{\[\[}}-999.306{{[0-9]*}}], [-99.9702{{[0-9]*}}], [-5], [-3e+38], [-87.686{{[0-9]*}}]]
func.func @lse_negative(%x: tensor<5x2xf32>) -> tensor<5x1xf32> {
  %0 = dml.reduce %x, function = log_sum_exp, axes = [1] : tensor<5x2xf32> -> tensor<5x1xf32>
  return %0 : tensor<5x1xf32>
}

// e^-20 is below the smallest f16 subnormal; -20 + ln 2 = -19.307 rounds to
// -19.3125 in f16. An all -inf window is -inf.
// LSE16:      tensor<3x1xf16>
// LSE16-NEXT: {{\[\[}}-19.3125], [-60000], [-inf]]
func.func @lse_negative_f16(%x: tensor<3x2xf16>) -> tensor<3x1xf16> {
  %0 = dml.reduce %x, function = log_sum_exp, axes = [1] : tensor<3x2xf16> -> tensor<3x1xf16>
  return %0 : tensor<3x1xf16>
}

// AVG60000:      tensor<1x1xf16>
// AVG60000-NEXT: {{\[\[}}60000]]
// AVGALT:        tensor<1x1xf16>
// AVGALT-NEXT:   {{\[\[}}0]]
func.func @average_f16_large(%x: tensor<256x256xf16>) -> tensor<1x1xf16> {
  %0 = dml.reduce %x, function = average, axes = [0, 1] : tensor<256x256xf16> -> tensor<1x1xf16>
  return %0 : tensor<1x1xf16>
}

// (4 * 3e38 + 4 * 3.4e38) / 8 = 3.2e38; the f32 sum would be inf.
// AVG32:      tensor<1x1xf32>
// AVG32-NEXT: {{\[\[}}3.2e+38]]
func.func @average_f32_large(%x: tensor<1x8xf32>) -> tensor<1x1xf32> {
  %0 = dml.reduce %x, function = average, axes = [1] : tensor<1x8xf32> -> tensor<1x1xf32>
  return %0 : tensor<1x1xf32>
}
