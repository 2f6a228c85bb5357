//===- SelectedElement.h - reads of dml.select_top_k elements ---*- C++ -*-===//
//
// The element that a bufferized dml.select_top_k selects among, read at a
// point of its iteration space: its input's element, or, with a prologue
// region, the region evaluated on the inputs read there (cloned onto
// vectors for W-wide chunks along the axis).
//
//===----------------------------------------------------------------------===//

#ifndef DML_LIB_CODEGEN_CPU_SELECTEDELEMENT_H
#define DML_LIB_CODEGEN_CPU_SELECTEDELEMENT_H

#include "dml/Dialect/DML/IR/DMLOps.h"
#include "mlir/IR/Builders.h"

namespace mlir::dml {

class SelectedElement {
public:
  explicit SelectedElement(SelectTopKOp op);

  /// Fails, with a diagnostic on the op, when the prologue holds an op that
  /// cannot be evaluated on scalars and vectors (only arith and math).
  LogicalResult verifyLowerable();

  Type getElementType() const { return elementType; }
  /// Whether W-wide chunks can be read along the axis: it is the innermost
  /// dimension and every input varying along it is contiguous there.
  bool isAxisContiguous() const { return axisContiguous; }

  /// The element at `coords` (one per iteration dimension).
  Value load(OpBuilder &b, Location loc, ValueRange coords) const;
  /// The `width` elements from `coords` along the axis; lanes off in
  /// `mask` (when given) read nothing and hold unspecified values.
  Value loadChunk(OpBuilder &b, Location loc, ValueRange coords, int64_t width,
                  Value mask = {}) const;

private:
  Value evaluate(OpBuilder &b, Location loc, ValueRange coords, int64_t width,
                 Value mask) const;

  mutable SelectTopKOp op;
  Type elementType;
  int64_t axis;
  bool axisContiguous;
};

} // namespace mlir::dml

#endif // DML_LIB_CODEGEN_CPU_SELECTEDELEMENT_H
