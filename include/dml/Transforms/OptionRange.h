//===- OptionRange.h - range checks of numeric options ----------*- C++ -*-===//
//
// Bad input never crashes or is silently reinterpreted (DEVELOPERS.md): a
// numeric pass or pipeline option outside its valid values is an error that
// names the pass or pipeline, the option, the valid values and the value
// given.
//
//===----------------------------------------------------------------------===//

#ifndef DML_TRANSFORMS_OPTIONRANGE_H
#define DML_TRANSFORMS_OPTIONRANGE_H

#include "mlir/IR/Operation.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/MathExtras.h"
#include <cstdint>
#include <string>

namespace mlir::dml {

/// The valid values of a numeric option: [min, max] (no upper end when max
/// is INT64_MAX), the powers of two in it only when `powerOfTwo`, and what
/// special values mean (`sentinels`, e.g. "0: none"), for the message.
struct OptionRange {
  int64_t min;
  int64_t max;
  StringRef sentinels = "";
  bool powerOfTwo = false;

  bool contains(int64_t value) const {
    return value >= min && value <= max &&
           (!powerOfTwo || llvm::isPowerOf2_64(uint64_t(value)));
  }
};

/// Fails, reporting "`owner`: option '`option`' must be ..., got `value`"
/// through `emitError`, unless `range` contains `value`.
inline LogicalResult
checkOptionRange(llvm::function_ref<void(const Twine &)> emitError,
                 StringRef owner, StringRef option, int64_t value,
                 const OptionRange &range) {
  if (range.contains(value))
    return success();
  std::string valid = range.powerOfTwo ? "a power of two " : "";
  if (range.max == INT64_MAX)
    valid += "at least " + std::to_string(range.min);
  else
    valid += "in [" + std::to_string(range.min) + ", " +
             std::to_string(range.max) + "]";
  if (!range.sentinels.empty())
    valid += (" (" + range.sentinels + ")").str();
  emitError(owner + ": option '" + option + "' must be " + valid + ", got " +
            Twine(value));
  return failure();
}

/// One option's name, value and valid values.
struct OptionCheck {
  /// A pass or pipeline option (an llvm::cl::opt of an integer type).
  template <typename Option>
  OptionCheck(const Option &option, OptionRange range)
      : option(option.ArgStr), value(int64_t(option.getValue())),
        range(range) {}

  StringRef option;
  int64_t value;
  OptionRange range;
};

/// checkOptionRange of each in turn: the first outside its range is the one
/// error.
inline LogicalResult
checkOptionRanges(llvm::function_ref<void(const Twine &)> emitError,
                  StringRef owner, ArrayRef<OptionCheck> checks) {
  for (const OptionCheck &check : checks)
    if (failed(checkOptionRange(emitError, owner, check.option, check.value,
                                check.range)))
      return failure();
  return success();
}

/// Fails with an error on `op` unless `min <= value <= max`.
inline LogicalResult checkOptionRange(Operation *op, StringRef pass,
                                      StringRef option, int64_t value,
                                      int64_t min, int64_t max) {
  return checkOptionRange(
      [op](const Twine &message) { op->emitError(message); }, pass, option,
      value, {min, max});
}

} // namespace mlir::dml

#endif // DML_TRANSFORMS_OPTIONRANGE_H
