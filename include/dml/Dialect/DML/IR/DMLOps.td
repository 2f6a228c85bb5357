//===- DMLOps.td - DirectML operators ----------------------*- tablegen -*-===//
//
// Operands and results are ranked, statically shaped tensors. Element types
// and dimension counts are checked in C++ against the DirectML tensor-support
// table of the selected feature level (see TensorSupport.cpp), so that the
// diagnostics can name the table, the expected and the actual values.
//
//===----------------------------------------------------------------------===//

#ifndef DML_DIALECT_DML_IR_DMLOPS_TD
#define DML_DIALECT_DML_IR_DMLOPS_TD

include "dml/Dialect/DML/IR/DMLDialect.td"
include "dml/Dialect/DML/IR/DMLEnums.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/IR/CommonTypeConstraints.td"
include "mlir/Interfaces/DestinationStyleOpInterface.td"

defvar DML_Tensor = AnyStaticShapeTensor;

//===----------------------------------------------------------------------===//
// top_k
//===----------------------------------------------------------------------===//

def DML_TopKOp : DML_Op<"top_k"> {
  let summary = "K largest or smallest elements along an axis (DML_TOP_K1_OPERATOR_DESC)";
  let description = [{
    For every sequence of `input` along `axis`, selects the `k` largest
    (`decreasing`) or `k` smallest (`increasing`) elements. `values` holds
    them sorted (descending for `decreasing`, ascending for `increasing`);
    `indices` holds their positions within the sequence. Equal values are
    always ordered by ascending index, in both directions, and when equal
    values straddle the K boundary the lower indices are selected.

    NaN (DML-MLIR proposal): NaN equals NaN and is greater than +Inf, so
    `decreasing` lists NaNs first and `increasing` lists them last.

    Constraints: `0 <= axis < N`; `1 <= k <= input.shape[axis]` (DirectML
    documents `k < input.shape[axis]`; DML-MLIR also accepts equality, which
    returns the whole sorted sequence); `values` and `indices` have the input
    shape with `k` at `axis`; `values` has the input element type; `indices`
    is `ui32` (any feature level) or `ui64` (feature level 5.0 and above).
    Introduced at feature level 2.1 (4-D only before 3.1).

    Example:

    ```mlir
    %v, %i = dml.top_k %x, axis = 3, k = 2, direction = decreasing
        : tensor<1x1x3x4xf32> -> tensor<1x1x3x2xf32>, tensor<1x1x3x2xui32>
    ```
  }];
  let arguments = (ins DML_Tensor:$input, I32Attr:$axis, I32Attr:$k,
                       DML_AxisDirectionAttr:$direction);
  let results = (outs DML_Tensor:$values, DML_Tensor:$indices);
  let assemblyFormat = [{
    $input `,` `axis` `=` $axis `,` `k` `=` $k `,` `direction` `=`
    custom<EnumKeyword>($direction) attr-dict `:` type($input) `->` type($values) `,` type($indices)
  }];
  let builders = [
    // Result types follow from the operands; the index element type defaults
    // to ui32.
    OpBuilder<(ins "::mlir::Value":$input, "int32_t":$axis, "int32_t":$k,
                   "::mlir::dml::AxisDirection":$direction,
                   CArg<"::mlir::Type", "{}">:$indexElementType)>
  ];
}

//===----------------------------------------------------------------------===//
// arg_max / arg_min
//===----------------------------------------------------------------------===//

class DML_ArgReduceOp<string mnemonic, string extreme, string descName,
                      string example>
    : DML_Op<mnemonic> {
  let summary = "index of the " # extreme # " element over one or more axes ("
                # descName # ")";
  let description = [{
    For every output element, the index of the }] # extreme # [{ input element
    inside the window spanned by `axes`. The index is the position in the
    row-major flattening of the window over the reduced axes in ascending
    axis order (last reduced axis fastest), whatever order `axes` lists.
    `increasing` returns the first (lowest flat index) among equal extremes,
    `decreasing` the last. The rank is kept: reduced dimensions become 1.

    Constraints: `axes` is a non-empty set (no repeats) of axes in `[0, N)`
    (DML-MLIR proposal for the cases DirectML leaves open); the output has
    the input shape with 1 at every reduced axis; the output element type is
    i32, i64, ui32 or ui64 and must be able to hold the largest window index.
    Introduced at feature level 3.0.

    NaN (DML-MLIR proposal): NaN equals NaN and is greater than +Inf.

    Example:

    ```mlir
    }] # example # [{
    ```
  }];
  let arguments = (ins DML_Tensor:$input, DenseI32ArrayAttr:$axes,
                       DML_AxisDirectionAttr:$direction);
  let results = (outs DML_Tensor:$output);
  let assemblyFormat = [{
    $input `,` `axes` `=` $axes `,` `direction` `=`
    custom<EnumKeyword>($direction) attr-dict
    `:` type($input) `->` type($output)
  }];
  let builders = [
    // The result shape follows from the operands; the index element type
    // defaults to ui32.
    OpBuilder<(ins "::mlir::Value":$input, "::llvm::ArrayRef<int32_t>":$axes,
                   "::mlir::dml::AxisDirection":$direction,
                   CArg<"::mlir::Type", "{}">:$indexElementType)>
  ];
}

def DML_ArgMaxOp : DML_ArgReduceOp<"arg_max", "largest",
    "DML_ARGMAX_OPERATOR_DESC",
    "%y = dml.arg_max %x, axes = [0, 1], direction = increasing\n"
    "        : tensor<3x3xf32> -> tensor<1x1xui32>">;

def DML_ArgMinOp : DML_ArgReduceOp<"arg_min", "smallest",
    "DML_ARGMIN_OPERATOR_DESC",
    "%y = dml.arg_min %x, axes = [1], direction = decreasing\n"
    "        : tensor<3x3xf32> -> tensor<3x1xi64>">;

//===----------------------------------------------------------------------===//
// reduce
//===----------------------------------------------------------------------===//

def DML_ReduceOp : DML_Op<"reduce"> {
  let summary = "reduction over a set of axes, rank kept (DML_REDUCE_OPERATOR_DESC)";
  let description = [{
    Applies one of the 12 DirectML reduction functions over the window
    spanned by `axes`; reduced dimensions become 1.

    | function      | result for the window `x_1 .. x_n`          |
    |---------------|---------------------------------------------|
    | `argmax`      | flat index of the first maximum             |
    | `argmin`      | flat index of the first minimum             |
    | `average`     | `(x_1 + ... + x_n) / n`                     |
    | `l1`          | `abs(x_1) + ... + abs(x_n)`                 |
    | `l2`          | `sqrt(x_1^2 + ... + x_n^2)`                 |
    | `log_sum`     | `ln(x_1 + ... + x_n)`                       |
    | `log_sum_exp` | `ln(e^x_1 + ... + e^x_n)`                   |
    | `max`         | `max(x_1, ..., x_n)`                        |
    | `min`         | `min(x_1, ..., x_n)`                        |
    | `multiply`    | `x_1 * ... * x_n`                           |
    | `sum`         | `x_1 + ... + x_n`                           |
    | `sum_square`  | `x_1^2 + ... + x_n^2`                       |

    Constraints: `axes` as for `dml.arg_max`; the output has the input shape
    with 1 at every reduced axis; its element type equals the input's, except
    for `argmax`/`argmin` whose output is an integer index type. Data types
    and dimension counts follow the function's DirectML table at the selected
    feature level. Introduced at feature level 1.0 (4-D only before 3.0).

    Example:

    ```mlir
    %y = dml.reduce %x, function = sum, axes = [0]
        : tensor<3x3xf32> -> tensor<1x3xf32>
    ```
  }];
  let arguments = (ins DML_Tensor:$input, DML_ReduceFunctionAttr:$function,
                       DenseI32ArrayAttr:$axes);
  let results = (outs DML_Tensor:$output);
  let assemblyFormat = [{
    $input `,` `function` `=`
    custom<EnumKeyword>($function) `,` `axes` `=` $axes attr-dict
    `:` type($input) `->` type($output)
  }];
  let builders = [
    // The result shape follows from the operands. The element type is the
    // input's, or for argmax/argmin `indexElementType` (default ui32).
    OpBuilder<(ins "::mlir::Value":$input,
                   "::mlir::dml::ReduceFunction":$function,
                   "::llvm::ArrayRef<int32_t>":$axes,
                   CArg<"::mlir::Type", "{}">:$indexElementType)>
  ];
  let extraClassDeclaration = [{
    /// True for argmax/argmin, whose output holds indices.
    bool isIndexReduction() {
      return getFunction() == ReduceFunction::ArgMax ||
             getFunction() == ReduceFunction::ArgMin;
    }
  }];
}

//===----------------------------------------------------------------------===//
// gather
//===----------------------------------------------------------------------===//

def DML_GatherOp : DML_Op<"gather"> {
  let summary = "select slices along an axis by index (DML_GATHER_OPERATOR_DESC)";
  let description = [{
    `output[a..., b..., c...] = input[a..., indices[b...], c...]`: selects
    slices of `input` along `axis` using the values of the last
    `index_dimensions` (r) dimensions of `indices`.

    Output shape (DirectML's right-aligned rule): with
    `full = input.shape[0:axis] ++ indices.shape[N-r:N] ++ input.shape[axis+1:N]`,
    the output shape is `[1] ++ full` when r = 0, and otherwise `full[r-1:]`,
    which requires the dropped entries `full[0:r-1]` to be 1 and
    `axis >= r - 1`.

    Signed index types accept negative indices counted from the end
    (-1 is the last element). Indices still out of range after that are
    clamped to `[0, input.shape[axis] - 1]` (DML-MLIR proposal: DirectML only
    promises that reads stay inside the input), so reads never leave the
    input.

    Constraints: `0 <= axis < N`; `0 <= index_dimensions <= N` (DML-MLIR
    proposal; DirectML documents `< N` but its own example uses `N`); the
    leading `N - r` dimensions of `indices` are 1; the output element type
    equals the input's. Introduced at feature level 1.0 (4-D only before 3.0;
    signed and 64-bit indices from 3.0; f64 and 64-bit data from 4.1).

    Example:

    ```mlir
    %y = dml.gather %x, %j, axis = 0, index_dimensions = 1
        : (tensor<3x2xf32>, tensor<1x4xui32>) -> tensor<4x2xf32>
    ```
  }];
  let arguments = (ins DML_Tensor:$input, DML_Tensor:$indices, I32Attr:$axis,
                       I32Attr:$index_dimensions);
  let results = (outs DML_Tensor:$output);
  let assemblyFormat = [{
    $input `,` $indices `,` `axis` `=` $axis `,` `index_dimensions` `=`
    $index_dimensions attr-dict `:` `(` type($input) `,` type($indices) `)`
    `->` type($output)
  }];
  let builders = [
    // The result type follows from the operands and attributes.
    OpBuilder<(ins "::mlir::Value":$input, "::mlir::Value":$indices,
                   "int32_t":$axis, "int32_t":$indexDimensions)>
  ];
}

//===----------------------------------------------------------------------===//
// one_hot
//===----------------------------------------------------------------------===//

def DML_OneHotOp : DML_Op<"one_hot"> {
  let summary = "one-hot sequences from indices and off/on values (DML_ONE_HOT_OPERATOR_DESC)";
  let description = [{
    Along `axis`, every sequence of the output is the off value except at the
    position given by `indices`, which holds the on value:

    ```
    i = indices[o with o[axis] = 0]; if signed and i < 0: i += L
    output[o] = (0 <= i < L and o[axis] == i) ? on : off
    ```

    where `L = output.shape[axis]` (the depth). The off value is
    `values[0, ..., 0]`; the on value is `values[e_k]` with `k` the innermost
    dimension of `values` longer than 1 (the second element of a packed
    `values` tensor). Out-of-range indices (including negative ones below
    `-L`, a DML-MLIR proposal) give an all-off sequence.

    Constraints: `0 <= axis < N`; `indices.shape[axis] == 1` and
    `indices.shape[d] == output.shape[d]` for `d != axis`; `values` has at
    least two elements and the output's element type. Introduced at feature
    level 2.0 (4-D only before 3.0; signed and 64-bit indices from 3.0; f64
    and 64-bit values from 4.1).

    Example:

    ```mlir
    %y = dml.one_hot %j, %w, axis = 3
        : (tensor<1x1x3x1xui32>, tensor<1x1x1x2xf32>) -> tensor<1x1x3x4xf32>
    ```
  }];
  let arguments = (ins DML_Tensor:$indices, DML_Tensor:$values, I32Attr:$axis);
  let results = (outs DML_Tensor:$output);
  let assemblyFormat = [{
    $indices `,` $values `,` `axis` `=` $axis attr-dict
    `:` `(` type($indices) `,` type($values) `)` `->` type($output)
  }];
}

include "dml/Dialect/DML/IR/SelectTopKOp.td"

#endif // DML_DIALECT_DML_IR_DMLOPS_TD
