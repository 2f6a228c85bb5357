// Float reductions at the edges of the range (spec 1.7 and 4): LOG_SUM_EXP is
// evaluated max-shifted (finite for huge inputs, -inf for an all -inf window,
// +inf with a +inf element); L2 of f32 values whose squares overflow (or
// underflow) f32 is still the exact norm; FLOAT16 accumulates in FLOAT32, so
// AVERAGE/SUM of 4096 f16 ones and of values near the f16 maximum are exact;
// IEEE rules for LOG_SUM (ln 0 = -inf, negative sum = nan), MULTIPLY and SUM
// with Inf/NaN. Inexact results are matched to the leading digits.

// REQUIRES: dml-run
// RUN: dml-run %s --function=lse_f32 --input="6x3xf32=1000 1000 1000 -inf -inf -inf inf 1 2 100 -1000 50 3e38 3e38 1 -1e30 -1e30 -1e30" | FileCheck %s --check-prefix=LSE --match-full-lines
// RUN: dml-run %s --function=lse_f16 --input="3x2xf16=60000 60000 -60000 -60000 11 11" | FileCheck %s --check-prefix=LSE16 --match-full-lines
// RUN: dml-run %s --function=l2_f32 --input="3x4xf32=1e20 1e20 1e20 1e20 3e30 -4e30 0 0 1e-30 1e-30 -1e-30 1e-30" | FileCheck %s --check-prefix=L2 --match-full-lines
// RUN: dml-run %s --function=l2_f16 --input="2x2xf16=3000 4000 -65504 0" | FileCheck %s --check-prefix=L216 --match-full-lines
// RUN: %PYTHON -c "import numpy; numpy.save('%t.ones.npy', numpy.ones((64, 64), numpy.float16))"
// RUN: dml-run %s --function=average_f16_long --input=@%t.ones.npy | FileCheck %s --check-prefix=AVG16LONG --match-full-lines
// RUN: dml-run %s --function=sum_f16_long --input=@%t.ones.npy | FileCheck %s --check-prefix=SUM16LONG --match-full-lines
// RUN: dml-run %s --function=average_f16 --input="2x4xf16=65504 65504 65504 65504 0.5 0.25 0.125 0.125" | FileCheck %s --check-prefix=AVG16 --match-full-lines
// RUN: dml-run %s --function=log_sum --input="4x2xf32=0 0 -1 0.5 1 1.718281828 inf 1" | FileCheck %s --check-prefix=LOGSUM --match-full-lines
// RUN: dml-run %s --function=multiply --input="4x2xf32=inf 0 1e20 1e20 -2 3 -inf -1" | FileCheck %s --check-prefix=MUL --match-full-lines
// RUN: dml-run %s --function=sum --input="4x2xf32=inf -inf inf 1 nan 1 3e38 3e38" | FileCheck %s --check-prefix=SUM --match-full-lines

// Rows: 1000 + ln 3; all -inf; +inf present; 100 + ln(1 + e^-1100 + e^-50);
// 3e38 + ln 2; -1e30 + ln 3.
// LSE:      tensor<6x1xf32>
// LSE-NEXT: {{\[\[}}1001.09{{[0-9]*}}], [-inf], [inf], [100], [3e+38], [-1e+30]]
func.func @lse_f32(%x: tensor<6x3xf32>) -> tensor<6x1xf32> {
  %0 = dml.reduce %x, function = log_sum_exp, axes = [1] : tensor<6x3xf32> -> tensor<6x1xf32>
  return %0 : tensor<6x1xf32>
}

// e^60000 overflows even f32: 60000 + ln 2 rounds to 60000 in f16.
// LSE16:      tensor<3x1xf16>
// LSE16-NEXT: {{\[\[}}60000], [-60000], [11.69{{[0-9]*}}]]
func.func @lse_f16(%x: tensor<3x2xf16>) -> tensor<3x1xf16> {
  %0 = dml.reduce %x, function = log_sum_exp, axes = [1] : tensor<3x2xf16> -> tensor<3x1xf16>
  return %0 : tensor<3x1xf16>
}

// sqrt(4 * 1e40) = 2e20; sqrt(9e60 + 16e60) = 5e30; sqrt(4e-60) = 2e-30.
// L2:      tensor<3x1xf32>
// L2-NEXT: {{\[\[}}{{(2|2\.0000[0-9]*|1\.9999[0-9]*)}}e+20], [{{(5|5\.0000[0-9]*|4\.9999[0-9]*)}}e+30], [{{(2|2\.0000[0-9]*|1\.9999[0-9]*)}}e-30]]
func.func @l2_f32(%x: tensor<3x4xf32>) -> tensor<3x1xf32> {
  %0 = dml.reduce %x, function = l2, axes = [1] : tensor<3x4xf32> -> tensor<3x1xf32>
  return %0 : tensor<3x1xf32>
}

// The squares overflow f16 (max 65504) but not the f32 accumulator.
// L216:      tensor<2x1xf16>
// L216-NEXT: {{\[\[}}5000], [65504]]
func.func @l2_f16(%x: tensor<2x2xf16>) -> tensor<2x1xf16> {
  %0 = dml.reduce %x, function = l2, axes = [1] : tensor<2x2xf16> -> tensor<2x1xf16>
  return %0 : tensor<2x1xf16>
}

// An f16 accumulator would stall at 2048 (2048 + 1 rounds to 2048).
// AVG16LONG:      tensor<1x1xf16>
// AVG16LONG-NEXT: {{\[\[}}1]]
func.func @average_f16_long(%x: tensor<64x64xf16>) -> tensor<1x1xf16> {
  %0 = dml.reduce %x, function = average, axes = [1, 0] : tensor<64x64xf16> -> tensor<1x1xf16>
  return %0 : tensor<1x1xf16>
}

// SUM16LONG:      tensor<1x1xf16>
// SUM16LONG-NEXT: {{\[\[}}4096]]
func.func @sum_f16_long(%x: tensor<64x64xf16>) -> tensor<1x1xf16> {
  %0 = dml.reduce %x, function = sum, axes = [0, 1] : tensor<64x64xf16> -> tensor<1x1xf16>
  return %0 : tensor<1x1xf16>
}

// The f16 sum 4 * 65504 overflows f16, the average does not.
// AVG16:      tensor<2x1xf16>
// AVG16-NEXT: {{\[\[}}65504], [0.25]]
func.func @average_f16(%x: tensor<2x4xf16>) -> tensor<2x1xf16> {
  %0 = dml.reduce %x, function = average, axes = [1] : tensor<2x4xf16> -> tensor<2x1xf16>
  return %0 : tensor<2x1xf16>
}

// ln 0 = -inf; ln(-0.5) = nan; ln(e) = 1; ln(inf) = inf.
// LOGSUM:      tensor<4x1xf32>
// LOGSUM-NEXT: {{\[\[}}-inf], [nan], [{{(1|1\.0000[0-9]*|0\.9999[0-9]*)}}], [inf]]
func.func @log_sum(%x: tensor<4x2xf32>) -> tensor<4x1xf32> {
  %0 = dml.reduce %x, function = log_sum, axes = [1] : tensor<4x2xf32> -> tensor<4x1xf32>
  return %0 : tensor<4x1xf32>
}

// MUL:      tensor<4x1xf32>
// MUL-NEXT: {{\[\[}}nan], [inf], [-6], [inf]]
func.func @multiply(%x: tensor<4x2xf32>) -> tensor<4x1xf32> {
  %0 = dml.reduce %x, function = multiply, axes = [1] : tensor<4x2xf32> -> tensor<4x1xf32>
  return %0 : tensor<4x1xf32>
}

// 3e38 + 3e38 overflows f32 (the result type).
// SUM:      tensor<4x1xf32>
// SUM-NEXT: {{\[\[}}nan], [inf], [nan], [inf]]
func.func @sum(%x: tensor<4x2xf32>) -> tensor<4x1xf32> {
  %0 = dml.reduce %x, function = sum, axes = [1] : tensor<4x2xf32> -> tensor<4x1xf32>
  return %0 : tensor<4x1xf32>
}
