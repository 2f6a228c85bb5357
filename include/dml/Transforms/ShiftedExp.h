//===- ShiftedExp.h - exp(x - max(x)), marked ------------------*- C++ -*-===//
//
// The contract between dml-mark-shifted-exp (lib/Fusion) and
// dml-approximate-math: a `math.exp` carrying kShiftedExpAttr has an
// argument x - m with m a max reduction (maximumf or maxnumf) of the x it
// is subtracted from, so the argument is <= 0 or NaN (never above 0:
// inf - inf and NaN rows give NaN). Its expansion drops the upper cap on
// k, which only matters above ln(2^128) (docs/numerics.md).
//
// A shifted exp that also carries kSummedExpAttr is only added into a sum
// reduction (softmax's and LOG_SUM_EXP's sum of exp(x - max)): its value
// is never stored, compared or divided by. Its expansion trades the last
// half ulp (and monotonicity, which only the top_k carrier filter needs)
// for three vector ops fewer; the sum's own rounding is larger.
//
//===----------------------------------------------------------------------===//

#ifndef DML_TRANSFORMS_SHIFTEDEXP_H
#define DML_TRANSFORMS_SHIFTEDEXP_H

#include "llvm/ADT/StringRef.h"

namespace mlir::dml {

/// Unit attribute of a `math.exp` whose argument is x - max(x).
inline constexpr llvm::StringLiteral kShiftedExpAttr = "dml.shifted_exp";

/// Unit attribute of a shifted `math.exp` whose only use is a sum.
inline constexpr llvm::StringLiteral kSummedExpAttr = "dml.summed_exp";

} // namespace mlir::dml

#endif // DML_TRANSFORMS_SHIFTEDEXP_H
