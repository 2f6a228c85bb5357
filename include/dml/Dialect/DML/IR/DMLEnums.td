//===- DMLEnums.td - DirectML enums ------------------------*- tablegen -*-===//

#ifndef DML_DIALECT_DML_IR_DMLENUMS_TD
#define DML_DIALECT_DML_IR_DMLENUMS_TD

include "mlir/IR/EnumAttr.td"
include "dml/Dialect/DML/IR/DMLDialect.td"

// DML_AXIS_DIRECTION (values as in DirectML.h).
def DML_AxisDirection : I32Enum<"AxisDirection", "DML_AXIS_DIRECTION", [
  I32EnumCase<"Increasing", 0, "increasing">,
  I32EnumCase<"Decreasing", 1, "decreasing">
]> {
  let cppNamespace = "::mlir::dml";
}

def DML_AxisDirectionAttr
    : EnumAttr<DML_Dialect, DML_AxisDirection, "axis_direction"> {
  let summary = "DirectML axis direction (tie rule / selection order)";
}

// DML_REDUCE_FUNCTION (values as in DirectML.h).
def DML_ReduceFunction : I32Enum<"ReduceFunction", "DML_REDUCE_FUNCTION", [
  I32EnumCase<"ArgMax", 0, "argmax">,
  I32EnumCase<"ArgMin", 1, "argmin">,
  I32EnumCase<"Average", 2, "average">,
  I32EnumCase<"L1", 3, "l1">,
  I32EnumCase<"L2", 4, "l2">,
  I32EnumCase<"LogSum", 5, "log_sum">,
  I32EnumCase<"LogSumExp", 6, "log_sum_exp">,
  I32EnumCase<"Max", 7, "max">,
  I32EnumCase<"Min", 8, "min">,
  I32EnumCase<"Multiply", 9, "multiply">,
  I32EnumCase<"Sum", 10, "sum">,
  I32EnumCase<"SumSquare", 11, "sum_square">
]> {
  let cppNamespace = "::mlir::dml";
}

def DML_ReduceFunctionAttr
    : EnumAttr<DML_Dialect, DML_ReduceFunction, "reduce_function"> {
  let summary = "DirectML reduction function";
}

#endif // DML_DIALECT_DML_IR_DMLENUMS_TD
