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

def DMLFuseRows : Pass<"dml-fuse-rows", "func::FuncOp"> {
  let summary = "Compute row-wise chains of reductions one block of rows at a time";
  let description = [{
    A chain such as softmax or log-softmax reads its input in several
    passes: the row maxima, then the sums of exp(x - max), then the output.
    After producer fusion each pass reads the input from memory again. This
    pass tiles the last op of such a chain along its leading parallel
    dimension (`scf.forall` over blocks of rows, upstream
    `scf::tileConsumerAndFuseProducersUsingSCF`) and fuses the chain's
    reductions into the loop, so that every pass over a block of rows reads
    it from the cache and the reduced values live in a block-sized scratch.

    The last op may be a `linalg.generic` or a `dml.select_top_k` whose
    axis is not the leading dimension (its TilingInterface tiles blocks of
    sequences): softmax -> top_k then computes the maxima, the sums and the
    selection of each block of rows together. Reads of a reduction through
    a `tensor.expand_shape` that only adds unit dimensions (read at 0) are
    first made reads of the reduction itself, so the chain reaches it.

    A chain qualifies when every op in it reads the previous ones' results
    with the leading loop dimension as the leading index, when it contains a
    reduction, when its results are used nowhere else, and when its input is
    large (`min-elements`); the block holds the most rows that divide the
    dimension and whose input bytes stay below `block-bytes`, at least
    `min-block-rows` of them, else one row.
  }];
  let options = [
    Option<"blockBytes", "block-bytes", "int64_t", /*default=*/"262144",
           "Largest input footprint of one block of rows">,
    Option<"minElements", "min-elements", "int64_t", /*default=*/"65536",
           "Smallest input (in elements) worth tiling">,
    Option<"minBlockRows", "min-block-rows", "int64_t", /*default=*/"2",
           "Fewest rows of a block of several rows (2, 4 or 8); a chain "
           "whose rows do not fit that many in block-bytes runs one row "
           "per block">,
  ];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def DMLFuseIntoTopK : Pass<"dml-fuse-into-top-k", "func::FuncOp"> {
  let summary = "Fuse elementwise producers into dml.select_top_k's prologue";
  let description = [{
    Upstream fusion cannot fuse into `dml.select_top_k`, which is not a
    linalg op. This pass inlines an all-parallel `linalg.generic` on tensors
    (elementwise or broadcasting, arith and math ops only) that produces an
    input of the selection into the selection's prologue region: the
    producer's inputs become inputs of the selection, read through the
    composition of the indexing maps, and its body computes the selected
    element where the selection reads it. It repeats until no input has such
    a producer, so a chain (for example softmax's `exp` and division)
    disappears into the selection; producers with other users stay for
    them. The intermediate tensor is then never materialized.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
  ];
}

def DMLMarkShiftedExp : Pass<"dml-mark-shifted-exp", "func::FuncOp"> {
  let summary = "Mark exp(x - max(x)) in linalg.generic bodies";
  let description = [{
    Marks a `math.exp` in a `linalg.generic` body with the unit attribute
    `dml.shifted_exp` (dml/Transforms/ShiftedExp.h) when its f32 argument
    is x - m, m read from a result of another `linalg.generic` that
    reduces the same x with `maximumf` or `maxnumf`, through the same
    indexing maps (softmax's and LOG_SUM_EXP's exp(x - max)). Every such
    argument is <= 0 or NaN, so `dml-approximate-math` expands it without
    the upper bound on k that larger arguments need: the same bits, one
    vector op fewer per register. Where the exp's only use adds it into an
    output that the generic reduces (softmax's and LOG_SUM_EXP's sums), it
    also gets `dml.summed_exp`: a cheaper expansion whose extra error the
    sum's own rounding outweighs (docs/numerics.md).
  }];
  let dependentDialects = [
    "::mlir::linalg::LinalgDialect",
  ];
}

#endif // DML_FUSION_PASSES_TD
