//===- DMLDialect.td - DirectML operator dialect -----------*- tablegen -*-===//
//
// The `dml` dialect models DirectML operators (TopK1, ArgMax/ArgMin, Reduce,
// Gather, OneHot) with the exact semantics and constraints of their
// DML_*_OPERATOR_DESC structs.
//
//===----------------------------------------------------------------------===//

#ifndef DML_DIALECT_DML_IR_DMLDIALECT_TD
#define DML_DIALECT_DML_IR_DMLDIALECT_TD

include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def DML_Dialect : Dialect {
  let name = "dml";
  let cppNamespace = "::mlir::dml";
  let summary = "DirectML selection, reduction and indexing operators";
  let description = [{
    The `dml` dialect models five DirectML operators as value-semantic ops on
    ranked, statically shaped tensors:

    | DirectML struct               | op                          |
    |-------------------------------|-----------------------------|
    | `DML_TOP_K1_OPERATOR_DESC`    | `dml.top_k`                 |
    | `DML_ARGMAX_OPERATOR_DESC`    | `dml.arg_max`               |
    | `DML_ARGMIN_OPERATOR_DESC`    | `dml.arg_min`               |
    | `DML_REDUCE_OPERATOR_DESC`    | `dml.reduce`                |
    | `DML_GATHER_OPERATOR_DESC`    | `dml.gather`                |
    | `DML_ONE_HOT_OPERATOR_DESC`   | `dml.one_hot`               |

    DirectML data types map to element types: FLOAT16/32/64 to f16/f32/f64,
    INT8..INT64 to signless i8..i64 (interpreted as signed), UINT8..UINT64 to
    ui8..ui64.

    Verifiers enforce every documented shape and data-type constraint. The
    data-type and dimension-count tables depend on the DirectML feature level:
    a `dml.feature_level` string attribute (for example `"3.0"`) on the op or
    on any enclosing op selects the table in force; without one, feature level
    5.0 (the newest table) applies.

    A `dml.strides = array<i64: ...>` attribute on a function argument gives
    the element strides of that input, as `Strides` of a
    DML_BUFFER_TENSOR_DESC: element `c` is read at `sum(c[d] * strides[d])`,
    and a zero stride broadcasts. One non-negative stride per dimension.

    After `dml-assign-workspace`, a function records the bytes of its
    workspace in `dml.workspace_bytes` (a non-negative i64); when it is not
    0, the function's last argument is the workspace (`memref<N x i8>`).
  }];
  let useDefaultAttributePrinterParser = 1;
  let hasOperationAttrVerify = 1;
  let hasRegionArgAttrVerify = 1;
  let hasRegionResultAttrVerify = 1;
  let extraClassDeclaration = [{
    /// Name of the discardable attribute selecting the DirectML feature level.
    static constexpr ::llvm::StringLiteral getFeatureLevelAttrName() {
      return ::llvm::StringLiteral("dml.feature_level");
    }
    /// Name of the function-argument attribute holding an input's element
    /// strides (`array<i64: ...>`, as DML_BUFFER_TENSOR_DESC::Strides).
    static constexpr ::llvm::StringLiteral getStridesAttrName() {
      return ::llvm::StringLiteral("dml.strides");
    }
    /// Name of the function attribute recording the workspace size in bytes
    /// (set by dml-assign-workspace).
    static constexpr ::llvm::StringLiteral getWorkspaceBytesAttrName() {
      return ::llvm::StringLiteral("dml.workspace_bytes");
    }

  }];
}

class DML_Op<string mnemonic, list<Trait> traits = []>
    : Op<DML_Dialect, mnemonic, !listconcat(traits, [Pure])> {
  let hasVerifier = 1;
}

#endif // DML_DIALECT_DML_IR_DMLDIALECT_TD
