//===- ShapeInference.cpp - DirectML output shape rules -------------------===//

#include "dml/Dialect/DML/IR/ShapeInference.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallBitVector.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::dml;

std::string mlir::dml::formatShape(ArrayRef<int64_t> shape) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "[";
  llvm::interleaveComma(shape, os);
  os << "]";
  return text;
}

LogicalResult mlir::dml::verifyAxis(int64_t axis, int64_t rank, StringRef name,
                                    EmitErrorFn emitError) {
  if (axis >= 0 && axis < rank)
    return success();
  if (emitError)
    emitError() << name << " must be in [0, " << rank << ") for rank " << rank
                << ", got " << axis;
  return failure();
}

LogicalResult mlir::dml::verifyAxes(ArrayRef<int32_t> axes, int64_t rank,
                                    EmitErrorFn emitError) {
  if (axes.empty()) {
    if (emitError)
      emitError() << "axes must name at least one axis (DML-MLIR proposal: "
                     "AxisCount >= 1), got []";
    return failure();
  }
  for (auto [position, axis] : llvm::enumerate(axes)) {
    if (axis < 0 || axis >= rank) {
      if (emitError)
        emitError() << "axes[" << position << "] must be in [0, " << rank
                    << ") for rank " << rank << ", got " << axis;
      return failure();
    }
    for (size_t earlier = 0; earlier < position; ++earlier) {
      if (axes[earlier] != axis)
        continue;
      if (emitError)
        emitError() << "axes must not repeat an axis (DML-MLIR proposal), "
                       "but axes["
                    << position << "] = " << axis << " repeats axes["
                    << earlier << "]";
      return failure();
    }
  }
  return success();
}

SmallVector<int64_t> mlir::dml::inferTopKShape(ArrayRef<int64_t> input,
                                               int64_t axis, int64_t k) {
  SmallVector<int64_t> shape(input);
  if (axis >= 0 && axis < static_cast<int64_t>(shape.size()))
    shape[axis] = k;
  return shape;
}

SmallVector<int64_t> mlir::dml::inferReducedShape(ArrayRef<int64_t> input,
                                                  ArrayRef<int32_t> axes) {
  SmallVector<int64_t> shape(input);
  for (int32_t axis : axes)
    if (axis >= 0 && axis < static_cast<int64_t>(shape.size()))
      shape[axis] = 1;
  return shape;
}

int64_t mlir::dml::getWindowSize(ArrayRef<int64_t> input,
                                 ArrayRef<int32_t> axes) {
  int64_t size = 1;
  for (int32_t axis : axes)
    if (axis >= 0 && axis < static_cast<int64_t>(input.size()))
      size *= input[axis];
  return size;
}

FailureOr<SmallVector<int64_t>>
mlir::dml::inferGatherShape(ArrayRef<int64_t> input, ArrayRef<int64_t> indices,
                            int64_t axis, int64_t indexDimensions,
                            EmitErrorFn emitError) {
  int64_t rank = input.size();
  if (failed(verifyAxis(axis, rank, "axis", emitError)))
    return failure();
  // DirectML documents [0, N); its own Example 1 uses N (DML-MLIR proposal).
  if (indexDimensions < 0 || indexDimensions > rank) {
    if (emitError)
      emitError() << "index_dimensions must be in [0, " << rank
                  << "] (DML-MLIR proposal: 0 <= IndexDimensions <= N), got "
                  << indexDimensions;
    return failure();
  }
  if (static_cast<int64_t>(indices.size()) != rank) {
    if (emitError)
      emitError() << "indices must have the same dimension count as input ("
                  << rank << "), got " << indices.size();
    return failure();
  }
  // The leading N - r dimensions of the indices carry no indices.
  for (int64_t d = 0; d < rank - indexDimensions; ++d) {
    if (indices[d] == 1)
      continue;
    if (emitError)
      emitError() << "indices dimension " << d
                  << " must be 1: only the last index_dimensions = "
                  << indexDimensions << " dimensions of indices "
                  << formatShape(indices)
                  << " hold indices (DML-MLIR proposal), got " << indices[d];
    return failure();
  }

  SmallVector<int64_t> full(input.take_front(axis));
  llvm::append_range(full, indices.take_back(indexDimensions));
  llvm::append_range(full, input.drop_front(axis + 1));
  if (indexDimensions == 0) {
    full.insert(full.begin(), 1);
    return full;
  }
  // The r - 1 dropped leading entries must be leading 1s of the input.
  int64_t dropped = indexDimensions - 1;
  if (axis < dropped) {
    if (emitError)
      emitError() << "axis must be >= index_dimensions - 1 = " << dropped
                  << " so that the dimensions dropped from the output are "
                     "leading 1s of input, got "
                  << axis;
    return failure();
  }
  for (int64_t d = 0; d < dropped; ++d) {
    if (full[d] == 1)
      continue;
    if (emitError)
      emitError() << "output shape does not fit in " << rank
                  << " dimensions: index_dimensions = " << indexDimensions
                  << " drops the first " << dropped
                  << " entries of the concatenated shape " << formatShape(full)
                  << ", which must be 1, got " << full[d] << " at position "
                  << d;
    return failure();
  }
  return SmallVector<int64_t>(ArrayRef<int64_t>(full).drop_front(dropped));
}
