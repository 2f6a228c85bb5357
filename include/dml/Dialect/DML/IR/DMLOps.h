//===- DMLOps.h - DirectML operators ----------------------------*- C++ -*-===//

#ifndef DML_DIALECT_DML_IR_DMLOPS_H
#define DML_DIALECT_DML_IR_DMLOPS_H

#include "dml/Dialect/DML/IR/DMLDialect.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#define GET_OP_CLASSES
#include "dml/Dialect/DML/IR/DMLOps.h.inc"

namespace mlir::dml {
/// Attaches the BufferizableOpInterface external model of
/// dml.select_top_k (done when the dml dialect is loaded).
void attachSelectTopKBufferization(MLIRContext &context);
/// Attaches the TilingInterface external model of dml.select_top_k (tiles
/// of sequences; done when the dml dialect is loaded).
void attachSelectTopKTiling(MLIRContext &context);
} // namespace mlir::dml

#endif // DML_DIALECT_DML_IR_DMLOPS_H
