//===- Passes.td - DML tensor-level fusion passes ----------*- tablegen -*-===//

#ifndef DML_FUSION_PASSES_TD
#define DML_FUSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def DMLFuseElementwise : Pass<"dml-fuse-elementwise", "func::FuncOp"> {
  let summary = "Fuse parallel linalg.generic producers into their consumers";
  let description = [{
    Producer -> consumer fusion on tensors, before bufferization: a
    `linalg.generic` whose loops are all parallel (an elementwise or
    broadcasting op, `dml.gather`, `dml.one_hot`, a reduction's elementwise
    pre-operation) is inlined into each `linalg.generic` that reads it as an
    input (elementwise ops, reductions, the single-pass arg reduction), with
    upstream MLIR's elementwise fusion (`linalg::fuseElementwiseOps`). The
    intermediate tensor disappears: the fused loop nest reads the producer's
    inputs.

    A producer read by several consumers is cloned for each of them when
    every one can take it, so that no consumer keeps writing the
    intermediate (upstream fusion would otherwise keep the producer's result
    as an extra output of the fused op). The clone recomputes the producer's
    body, which costs arithmetic instead of a round trip through memory; a
    producer whose body exceeds `max-cloned-ops` operations is not cloned.
  }];
  let options = [
    Option<"maxClonedOps", "max-cloned-ops", "int64_t", /*default=*/"64",
           "Largest producer body (in operations) cloned for several "
           "consumers">,
  ];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def DMLFuseSiblings : Pass<"dml-fuse-siblings", "func::FuncOp"> {
  let summary = "Merge linalg.generic ops that read the same input into one";
  let description = [{
    Sibling fusion on tensors: `linalg.generic` ops with the same loop
    ranges and iterator types that read one tensor through the same
    indexing map, none depending on another, become one multi-result
    `linalg.generic` (e.g. the max, the sum and the sum of squares of the
    rows of one input read each row once). Upstream MLIR has no such
    transformation.
  }];
  let dependentDialects = [
    "::mlir::linalg::LinalgDialect",
  ];
}

#endif // DML_FUSION_PASSES_TD
