//===- SelectTopKOp.td - structured form of dml.top_k ------*- tablegen -*-===//
//
// The internal, destination-style op that carries dml.top_k's selection
// through fusion, bufferization and code generation.
//
//===----------------------------------------------------------------------===//

#ifndef DML_DIALECT_DML_IR_SELECTTOPKOP_TD
#define DML_DIALECT_DML_IR_SELECTTOPKOP_TD

include "dml/Dialect/DML/IR/DMLDialect.td"
include "dml/Dialect/DML/IR/DMLEnums.td"
include "mlir/Interfaces/DestinationStyleOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/IR/CommonTypeConstraints.td"

def DML_SelectTopKOp : Op<DML_Dialect, "select_top_k", [
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    DestinationStyleOpInterface]> {
  let summary = "top_k selection in destination style (internal structured form of dml.top_k)";
  let description = [{
    The structured form of `dml.top_k` that the compiler works on after
    `convert-dml-to-linalg`: the same selection (best `k` elements of every
    sequence along `axis`, sorted, ties by ascending index, NaN greatest),
    written into the destinations `values` and `indices` (`outs`), on
    tensors or on memrefs. On tensors it returns the updated destinations;
    on memrefs it has no results. It implements the destination-style and
    bufferization interfaces, so that one-shot bufferization writes it into
    the caller's output buffers, and it is lowered to loops by a
    target-specific pass after bufferization (`dml-lower-top-k` on the CPU).

    The selection runs over an iteration space of the rank of `values`
    whose size is that of `values` except at `axis`, where it is the sequence
    length. Without a region, the op has one input of exactly that shape and
    selects among its elements. With a region (the *prologue*), the op has
    one input and one indexing map per block argument, as `linalg.generic`:
    the maps go from the iteration space to the input's indices (dimensions
    or constants); the element at a point is what the region yields for the
    inputs read there. Elementwise and broadcasting producers fused into the
    selection become this region (`dml-fuse-into-top-k`); the sequence
    length is the size of the input dimension an indexing map puts `axis` at.

    Integers compare as signed unless `unsigned` is given. `indices` hold
    positions along `axis` as signless i32 or i64. `values` has the selected
    element type (the region's result, or the input element type).

    Example:

    ```mlir
    %v, %i = dml.select_top_k ins(%x : tensor<4x1000xf32>)
        outs(%ev, %ei : tensor<4x5xf32>, tensor<4x5xi32>)
        axis = 1 k = 5 direction = decreasing
        -> tensor<4x5xf32>, tensor<4x5xi32>

    // softmax's division fused into the selection:
    %v, %i = dml.select_top_k ins(%e, %sum : tensor<4x1000xf32>, tensor<4x1xf32>)
        outs(%ev, %ei : tensor<4x5xf32>, tensor<4x5xi32>)
        axis = 1 k = 5 direction = decreasing
        maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>] {
      ^bb0(%a: f32, %s: f32):
        %q = arith.divf %a, %s : f32
        dml.yield %q : f32
    } -> tensor<4x5xf32>, tensor<4x5xi32>
    ```
  }];
  let arguments = (ins Variadic<AnyShaped>:$inputs, AnyShaped:$values,
                       AnyShaped:$indices, I64Attr:$axis, I64Attr:$k,
                       DML_AxisDirectionAttr:$direction,
                       UnitAttr:$unsigned_integers,
                       OptionalAttr<AffineMapArrayAttr>:$indexing_maps);
  let results = (outs Variadic<AnyRankedTensor>:$results);
  let regions = (region AnyRegion:$prologue);
  let assemblyFormat = [{
    `ins` `(` $inputs `:` type($inputs) `)`
    `outs` `(` $values `,` $indices `:` type($values) `,` type($indices) `)`
    `axis` `=` $axis `k` `=` $k `direction` `=` custom<EnumKeyword>($direction)
    (`unsigned` $unsigned_integers^)? (`maps` `=` $indexing_maps^)?
    attr-dict-with-keyword ($prologue^)? (`->` type($results)^)?
  }];
  let builders = [
    // Without a prologue; results follow from the destinations' types.
    OpBuilder<(ins "::mlir::Value":$input, "::mlir::Value":$values,
                   "::mlir::Value":$indices, "int64_t":$axis, "int64_t":$k,
                   "::mlir::dml::AxisDirection":$direction,
                   "bool":$unsignedIntegers)>
  ];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    ::mlir::MutableOperandRange getDpsInitsMutable() {
      return ::mlir::MutableOperandRange(getOperation(), getInputs().size(),
                                         2);
    }
    /// Whether the selected element is computed by the prologue region.
    bool hasPrologue() { return !getPrologue().empty(); }
    /// The shape of the iteration space (the selection's input shape).
    ::llvm::SmallVector<int64_t> getIterationShape();
    /// The indexing map of input `index` (the identity without prologue).
    ::mlir::AffineMap getInputMap(unsigned index);
    /// The type of the selected elements.
    ::mlir::Type getSelectedElementType() {
      return ::mlir::cast<::mlir::ShapedType>(getValues().getType())
          .getElementType();
    }
  }];
}

def DML_YieldOp : Op<DML_Dialect, "yield", [
    Pure, ReturnLike, Terminator, HasParent<"SelectTopKOp">]> {
  let summary = "yields the selected element from a dml.select_top_k prologue";
  let arguments = (ins Variadic<AnyType>:$values);
  let assemblyFormat = "attr-dict ($values^ `:` type($values))?";
}

#endif // DML_DIALECT_DML_IR_SELECTTOPKOP_TD
