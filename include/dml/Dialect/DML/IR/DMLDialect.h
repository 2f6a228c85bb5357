//===- DMLDialect.h - DirectML operator dialect -----------------*- C++ -*-===//

#ifndef DML_DIALECT_DML_IR_DMLDIALECT_H
#define DML_DIALECT_DML_IR_DMLDIALECT_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/DialectImplementation.h"

#include "dml/Dialect/DML/IR/DMLOpsDialect.h.inc"

#include "dml/Dialect/DML/IR/DMLEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "dml/Dialect/DML/IR/DMLAttrs.h.inc"

#endif // DML_DIALECT_DML_IR_DMLDIALECT_H
