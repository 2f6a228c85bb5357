//===- Passes.td - DML code-generation passes --------------*- tablegen -*-===//
//
// Target-specific code generation after bufferization (stage 3 of the
// pipeline): one folder of lib/Codegen per target.
//
//===----------------------------------------------------------------------===//

#ifndef DML_CODEGEN_PASSES_TD
#define DML_CODEGEN_PASSES_TD

include "mlir/Pass/PassBase.td"

def DMLLowerTopK : Pass<"dml-lower-top-k", "func::FuncOp"> {
  let summary = "Lower dml.select_top_k on memrefs to CPU loops over vectors";
  let description = [{
    CPU code generation of the bufferized `dml.select_top_k`. Elements of
    at most 32 bits are selected on 64-bit ordered keys (a threshold filter
    over W-wide chunks compresses candidates into a scratch buffer, then a
    rank, radix or heap selection orders the best K); 64-bit elements use a
    value/index heap in the output slices. Sequences are distributed over
    an `scf.parallel` when there are enough of them.

    With a prologue region, every read of an element evaluates the region
    at that point: W-wide chunks clone it onto vectors, and the values of
    the selected positions are recomputed with its scalar form (the same
    operations, so the same bits once `dml-approximate-math` has made
    `math.exp` one polynomial for both).

    Scratch buffers are static `memref.alloc`s at the op (function top
    level) or at the top of the `scf.parallel` body, one per block of
    sequences, each freed by a `memref.dealloc` after its last use.

    With `native-compress` (a target with a compress-store instruction,
    AVX-512), short rows with the partition bound are scanned without a
    branch per chunk: the positions of every chunk's passing lanes are
    compressed into a buffer. Elsewhere `vector.compressstore` becomes a
    branch per lane, so the scan keeps its branch per chunk.

    With `candidate-chunks`, a selection whose carrier pass (softmax's or
    LOG_SUM_EXP's exp-sum over rows of at least 16 KiB) comes before it in
    its block has that pass list its candidate chunks (dml.candidate_chunks,
    docs/pipeline.md): the selection then scans only those. The pass lists
    only where its vector steps are whole selection chunks (16 f32 lanes).
  }];
  let options = [
    Option<"nativeCompress", "native-compress", "bool", /*default=*/"true",
           "The target stores a compressed vector in one instruction">,
    Option<"candidateChunks", "candidate-chunks", "bool", /*default=*/"true",
           "The carrier pass of a softmax -> top_k block lists the chunks "
           "the selection scans (AVX-512 targets: steps of 16 lanes or more)">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::math::MathDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect",
  ];
}

#endif // DML_CODEGEN_PASSES_TD
