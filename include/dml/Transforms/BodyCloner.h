//===- BodyCloner.h - clone elementwise bodies onto vectors -----*- C++ -*-===//
//
// Evaluates an elementwise body (arith and math ops, linalg.index, loads) at
// one point of an iteration space, on scalars or on W-wide vectors along
// one dimension. Used by the linalg vector loops and by the prologue region
// of dml.select_top_k, so that both compute an element the same way.
//
//===----------------------------------------------------------------------===//

#ifndef DML_TRANSFORMS_BODYCLONER_H
#define DML_TRANSFORMS_BODYCLONER_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/DenseMap.h"

namespace mlir {
namespace memref {
class LoadOp;
} // namespace memref

namespace dml {

/// Where the body is evaluated: loop induction variables per loop dimension
/// and, when vectorized, the W-wide chunk of dimension `vectorDim` starting
/// at ivs[vectorDim].
struct Point {
  SmallVector<Value> ivs;
  int64_t vectorDim = -1;
  int64_t width = 1; // 1: scalar evaluation.
  bool isVector() const { return width > 1; }
};

class BodyCloner {
public:
  /// `hoisted` maps results of body ops already evaluated outside the
  /// loop of `point` (see getChunkInvariantOps); they are not cloned again.
  BodyCloner(OpBuilder &b, Location loc, const Point &point,
             const IRMapping *hoisted = nullptr)
      : b(b), loc(loc), point(point), hoisted(hoisted) {}

  /// Clones `body` with its arguments bound to `args`; returns the yielded
  /// values, or failure if an op cannot be evaluated at this point.
  FailureOr<SmallVector<Value>> clone(Block &body, ValueRange args);

  /// Clones `ops` at the point, with the block arguments they use bound
  /// by `bind`; their results stay mapped.
  LogicalResult cloneOps(ArrayRef<Operation *> ops);

  const IRMapping &getMapping() const { return mapping; }
  void bind(Value arg, Value value) { mapping.map(arg, value); }

  /// The vector type of W elements of `type`.
  VectorType getVectorType(Type type) const {
    return VectorType::get({point.width}, type);
  }

  Value broadcastIfNeeded(Value value);

private:
  LogicalResult cloneOp(Operation &op);
  LogicalResult cloneLoad(memref::LoadOp load);

  OpBuilder &b;
  Location loc;
  const Point &point;
  const IRMapping *hoisted;
  IRMapping mapping;
  llvm::DenseMap<Value, Value> contiguousBase;
};

} // namespace dml
} // namespace mlir

#endif // DML_TRANSFORMS_BODYCLONER_H
