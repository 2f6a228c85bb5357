//===- ShapeInference.h - DirectML output shape rules -----------*- C++ -*-===//
//
// Output shapes of the dml ops, shared by the verifiers (which report why a
// shape is invalid) and the builders (which infer result types).
//
//===----------------------------------------------------------------------===//

#ifndef DML_DIALECT_DML_IR_SHAPEINFERENCE_H
#define DML_DIALECT_DML_IR_SHAPEINFERENCE_H

#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir::dml {

/// Emits an error, or null when the caller only wants the result.
using EmitErrorFn = llvm::function_ref<InFlightDiagnostic()>;

/// Checks `0 <= axis < rank`.
LogicalResult verifyAxis(int64_t axis, int64_t rank, llvm::StringRef name,
                         EmitErrorFn emitError);

/// Checks that `axes` is a non-empty set of axes in [0, rank).
LogicalResult verifyAxes(llvm::ArrayRef<int32_t> axes, int64_t rank,
                         EmitErrorFn emitError);

/// `input` with `k` at `axis` (the shape of both top_k results).
llvm::SmallVector<int64_t> inferTopKShape(llvm::ArrayRef<int64_t> input,
                                          int64_t axis, int64_t k);

/// `input` with 1 at every reduced axis (arg_max, arg_min, reduce).
llvm::SmallVector<int64_t> inferReducedShape(llvm::ArrayRef<int64_t> input,
                                             llvm::ArrayRef<int32_t> axes);

/// The number of elements in one reduction window.
int64_t getWindowSize(llvm::ArrayRef<int64_t> input,
                      llvm::ArrayRef<int32_t> axes);

/// Gather's right-aligned output shape. Checks axis, index_dimensions, the
/// leading 1s of `indices` and the dropped leading 1s.
FailureOr<llvm::SmallVector<int64_t>>
inferGatherShape(llvm::ArrayRef<int64_t> input, llvm::ArrayRef<int64_t> indices,
                 int64_t axis, int64_t indexDimensions, EmitErrorFn emitError);

/// Prints a shape as "[1, 3, 4]" for diagnostics.
std::string formatShape(llvm::ArrayRef<int64_t> shape);

} // namespace mlir::dml

#endif // DML_DIALECT_DML_IR_SHAPEINFERENCE_H
