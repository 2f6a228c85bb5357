//===- Passes.td - DML conversion passes -------------------*- tablegen -*-===//

#ifndef DML_CONVERSION_PASSES_TD
#define DML_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertDMLToLinalg : Pass<"convert-dml-to-linalg", "ModuleOp"> {
  let summary = "Lower dml ops to linalg, tensor, arith, math and scf";
  let description = [{
    Rewrites every `dml` op into value-semantic `linalg` (generic) ops, with
    `tensor`, `arith` and `math` in their bodies. `dml.top_k`, which has no
    linalg form, becomes its structured form `dml.select_top_k` on tensors
    with `tensor.empty` destinations; a target's code generation lowers it
    after bufferization (`dml-lower-top-k` on the CPU).

    Unsigned element types become signless throughout the module, after the
    dml ops are lowered: every operand, result and block-argument type and
    every attribute holding a type, in ops of any dialect (tensor.empty,
    linalg.broadcast, tensor.concat, reshapes, constants, function
    signatures). The dml lowerings choose comparisons, extensions and
    divisions from the original (unsigned or signed) DirectML data type. The
    function ABI does not change: `ui32` and `i32` have the same bits.

    Accumulation: FLOAT16 inputs accumulate in f32; AVERAGE, L2 and LOG_SUM of
    FLOAT32 accumulate in f64 so that intermediate sums cannot overflow when
    the result is finite; LOG_SUM_EXP uses the max shift. Integer SUM and
    MULTIPLY wrap around.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::math::MathDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
    "::mlir::vector::VectorDialect",
  ];
}

#endif // DML_CONVERSION_PASSES_TD
