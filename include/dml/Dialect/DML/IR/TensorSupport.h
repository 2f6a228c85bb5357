//===- TensorSupport.h - DirectML tensor-support tables ---------*- C++ -*-===//
//
// The "Tensor support" tables of the DirectML operator pages: per feature
// level, the allowed dimension counts and data types of each tensor.
//
//===----------------------------------------------------------------------===//

#ifndef DML_DIALECT_DML_IR_TENSORSUPPORT_H
#define DML_DIALECT_DML_IR_TENSORSUPPORT_H

#include "dml/Dialect/DML/IR/DataType.h"
#include "dml/Dialect/DML/IR/FeatureLevel.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/ArrayRef.h"

namespace mlir::dml {

enum class ReduceFunction : uint32_t;

/// One row group of a table: the rules from `level` upwards.
struct TensorSupportRow {
  FeatureLevel level;
  /// Early feature levels accept exactly 4 dimensions, later ones 1 to 8.
  bool requiresFourDimensions;
  /// Allowed data types, one entry per tensor of the table.
  llvm::ArrayRef<DataTypeSet> dataTypes;
};

/// A tensor-support table: the tensors it constrains and its rows, newest
/// level first. The oldest row's level is the operator's introduction level.
struct TensorSupportTable {
  llvm::StringLiteral name;
  llvm::ArrayRef<llvm::StringLiteral> tensors;
  llvm::ArrayRef<TensorSupportRow> rows;

  FeatureLevel getIntroductionLevel() const { return rows.back().level; }
  /// The row in force at `level`, or null below the introduction level.
  const TensorSupportRow *lookup(FeatureLevel level) const;
};

const TensorSupportTable &getTopKSupport();
const TensorSupportTable &getArgMaxMinSupport();
const TensorSupportTable &getReduceSupport(ReduceFunction function);
const TensorSupportTable &getGatherSupport();
const TensorSupportTable &getOneHotSupport();

/// Checks `op` against `table` at the feature level in force for it:
/// introduction level, dimension count and data type of each tensor
/// (`values` are in the table's tensor order; their names are used in the
/// diagnostics). Emits an op error and fails on the first violation.
LogicalResult verifyTensorSupport(Operation *op,
                                  const TensorSupportTable &table,
                                  llvm::ArrayRef<Value> values,
                                  llvm::ArrayRef<llvm::StringRef> names);

} // namespace mlir::dml

#endif // DML_DIALECT_DML_IR_TENSORSUPPORT_H
