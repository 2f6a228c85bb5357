//===- DMLOps.h - DirectML operators ----------------------------*- C++ -*-===//

#ifndef DML_DIALECT_DML_IR_DMLOPS_H
#define DML_DIALECT_DML_IR_DMLOPS_H

#include "dml/Dialect/DML/IR/DMLDialect.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#define GET_OP_CLASSES
#include "dml/Dialect/DML/IR/DMLOps.h.inc"

#endif // DML_DIALECT_DML_IR_DMLOPS_H
