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
#include "mlir/IR/IRMapping.h"
#include <optional>

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
  /// Prefetches, for reading into every cache level, the line at `coords`
  /// of each input that varies along the axis.
  void prefetch(OpBuilder &b, Location loc, ValueRange coords) const;

  /// The input that alone varies along the axis, when the prologue maps
  /// every NaN of it to elements of one ord (IEEE float arithmetic only):
  /// the prologue evaluated at any value of that input read somewhere in
  /// the sequence is then (the ord of) an element of the sequence.
  std::optional<unsigned> getCarrier() const { return carrier; }
  /// The carrier's element type (null without a carrier).
  Type getCarrierType() const;
  /// Evaluates, once for the sequence at `coords`, the prologue ops that do
  /// not depend on the inputs varying along the axis (log-softmax's
  /// max + log(sum)); later reads of this sequence reuse them instead of
  /// recomputing them per chunk (same scalar ops, so the same bits).
  void hoistInvariants(OpBuilder &b, Location loc, ValueRange coords) const;

  /// The carrier's `width` values from `coords` along the axis; lanes off
  /// in `mask` (when given) read nothing and hold the carrier's lowest
  /// value (-inf, or the integer minimum).
  Value loadCarrierChunk(OpBuilder &b, Location loc, ValueRange coords,
                         int64_t width, Value mask = {}) const;
  /// The prologue at `coords` with the carrier's chunk replaced by
  /// `carrierChunk` (W values of the carrier read in this sequence, or one
  /// scalar value with `width` 1).
  Value evaluateWithCarrier(OpBuilder &b, Location loc, ValueRange coords,
                            int64_t width, Value carrierChunk) const;

  /// Whether the prologue is an f32 function of the f32 carrier that is
  /// monotone non-decreasing over all floats (NaN greatest, -0 as +0) when
  /// emitMonotoneGuard holds: a chain of `+ c`, `- c`, `* c`, `/ c` with c
  /// invariant along the axis, and `math.exp` (MLIR's polynomial, monotone
  /// over every f32 input: utils/exp_monotone/check_exp_monotone.sh). A
  /// selection can then skip elements by comparing the carrier alone
  /// (docs/pipeline.md).
  bool isMonotoneInCarrier() const { return !monotoneChain.empty(); }
  /// i1, after hoistInvariants: every `c` of the chain keeps it monotone
  /// here (finite for + and -, finite and > 0 for * and /).
  Value emitMonotoneGuard(OpBuilder &b, Location loc) const;

private:
  Value evaluate(OpBuilder &b, Location loc, ValueRange coords, int64_t width,
                 Value mask, Value carrierChunk = {}) const;

  std::optional<unsigned> findCarrier() const;
  void findMonotoneChain();

  bool isVarying(unsigned index) const;
  SmallVector<Value> getIndices(OpBuilder &b, Location loc, unsigned index,
                                ValueRange coords) const;

  mutable SelectTopKOp op;
  /// The invariant values of the current sequence (hoistInvariants).
  mutable IRMapping hoisted;
  Type elementType;
  int64_t axis;
  bool axisContiguous;
  std::optional<unsigned> carrier;
  /// The ops of the monotone chain from the carrier to the yielded value
  /// (see isMonotoneInCarrier), empty when there is none.
  SmallVector<Operation *> monotoneChain;
};

} // namespace mlir::dml

#endif // DML_LIB_CODEGEN_CPU_SELECTEDELEMENT_H
