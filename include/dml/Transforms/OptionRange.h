//===- OptionRange.h - range checks of numeric pass options ----*- C++ -*-===//
//
// Bad input never crashes or is silently reinterpreted (DEVELOPERS.md): a
// numeric pass option outside its valid range is an error on the pass's
// operation that names the option, the range and the value given.
//
//===----------------------------------------------------------------------===//

#ifndef DML_TRANSFORMS_OPTIONRANGE_H
#define DML_TRANSFORMS_OPTIONRANGE_H

#include "mlir/IR/Operation.h"
#include "mlir/Support/LLVM.h"
#include <cstdint>

namespace mlir::dml {

/// Fails with an error on `op` unless `min <= value <= max`.
inline LogicalResult checkOptionRange(Operation *op, StringRef pass,
                                      StringRef option, int64_t value,
                                      int64_t min, int64_t max) {
  if (value >= min && value <= max)
    return success();
  return op->emitError() << pass << ": option '" << option
                         << "' must be in [" << min << ", " << max
                         << "], got " << value;
}

} // namespace mlir::dml

#endif // DML_TRANSFORMS_OPTIONRANGE_H
