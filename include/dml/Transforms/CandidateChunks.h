//===- CandidateChunks.h - chunks a pass lists for top_k -------*- C++ -*-===//
//
// The contract between dml-lower-top-k and dml-linalg-to-vector-loops for
// softmax -> top_k blocks (docs/pipeline.md, "Candidate chunks"): the
// selection marks the block's exp pass (an inner reduction over its
// carrier) with kCandidateChunksAttr and gives it one more input, a
// memref<rows x (kCandidateHeader + capacity + 1) x i32> that its body
// never reads; the vector loop of that pass appends the start of every
// chunk with a carrier lane at or above the row's limit to it.
//
//===----------------------------------------------------------------------===//

#ifndef DML_TRANSFORMS_CANDIDATECHUNKS_H
#define DML_TRANSFORMS_CANDIDATECHUNKS_H

#include "llvm/ADT/StringRef.h"
#include <cstdint>

namespace mlir::dml {

/// The header of a row of the candidate buffer (i32 slots): the count of
/// chunks the pass found (above the capacity: the list is not usable; set
/// so until a pass lists the row), the bits of the f32 limit, the span of
/// a listed chunk, the end of the chunks the pass compared and the bits of
/// the K-th partition extreme b the limit came from (the selection's
/// bound; the pass does not touch it); the chunk starts follow, the one
/// past the capacity a slot that is never read.
enum CandidateSlot : int64_t {
  kCandidateCount = 0,
  kCandidateLimit = 1,
  kCandidateSpan = 2,
  kCandidateCovered = 3,
  kCandidateBound = 4,
  kCandidateHeader = 5
};

/// The discardable attribute (DenseI64ArrayAttr) of the pass that collects
/// candidate chunks: [carrier input, candidate buffer input, granule,
/// capacity]. Chunks are collected only where the pass's vector width is
/// a multiple of the granule (the selection's chunk width).
inline constexpr llvm::StringLiteral kCandidateChunksAttr =
    "dml.candidate_chunks";

} // namespace mlir::dml

#endif // DML_TRANSFORMS_CANDIDATECHUNKS_H
