//===- TopKKeySelection.h - top_k on 64-bit ordered keys --------*- C++ -*-===//
//
// The selection of dml.top_k for element types of at most 32 bits, where an
// element and its position fit one 64-bit key whose unsigned order is the
// selection order (see TopKKeySelection.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef DML_LIB_CODEGEN_CPU_TOPKKEYSELECTION_H
#define DML_LIB_CODEGEN_CPU_TOPKKEYSELECTION_H

#include "../../Conversion/DMLToLinalg/LoweringUtils.h"
#include "SelectedElement.h"
#include "dml/Transforms/CandidateChunks.h"

namespace mlir::dml {

/// One dml.select_top_k on buffers: `input` is read along `axis`, the best
/// `k` elements of each sequence go to `values` and `indices`.
struct TopKProblem {
  NumericKind kind;
  bool decreasing;
  int64_t axis, k, length;
  const SelectedElement &input;
  Value values, indices;
  /// The target stores a compressed vector in one instruction.
  bool nativeCompress = true;
  /// memref<sequences x N x carrier type> holding the partitions' carrier
  /// maxima that emitCarrierExtremesAndMax stored (null: the selection
  /// reads the sequence for its bound itself).
  Value carrierExtremes = {};
  /// memref<sequences x (kCandidateHeader + capacity + 1) x i32>: per row
  /// (dml/Transforms/CandidateChunks.h), the chunks of the carrier that the
  /// block's exp pass found at or above the row's candidate limit
  /// (emitCandidateLimits), or null: the scan reads the whole row.
  Value candidateChunks = {};
};

/// Whether emitTopKWithKeys handles `elementType` (at most 32 bits).
bool canSelectTopKWithKeys(Type elementType);

/// Emits the selection of every sequence; `outerSizes` are the sizes of the
/// non-axis dimensions. With `parallel`, blocks of sequences go to an
/// scf.parallel.
void emitTopKWithKeys(OpBuilder &b, Location loc, const TopKProblem &problem,
                      ArrayRef<int64_t> outerSizes, bool parallel);

/// How many carrier values per sequence the selection's partition bound
/// can take from emitCarrierExtremesAndMax (its partitions' maxima), or 0
/// where its bound is not the partition maxima of a float carrier of a
/// decreasing selection of one outer dimension.
int64_t getSharedCarrierExtremesSize(const TopKProblem &problem);

/// The row max of the carrier computed with the selection's partition
/// maxima (one pass for both): for each of the `sequences` sequences, its
/// partitions' carrier maxima go to `extremes`, and its max to
/// `rowMax[sequence]` unless the sequence holds a NaN or its max is a zero
/// (whose sign a compare-and-select does not settle), where `rowMax` keeps
/// `identity`. Returns an i1: some sequence needs the exact max reduction.
Value emitCarrierExtremesAndMax(OpBuilder &b, Location loc,
                                const TopKProblem &problem, int64_t sequences,
                                Value extremes, Value rowMax, Value identity);

/// How many chunk starts a sequence's candidate list holds, or 0 where
/// the selection cannot take one (it has no carrier filter or no shared
/// extremes).
int64_t getCandidateCapacity(const TopKProblem &problem);

/// The granule of a listed step, in elements: the selection's chunk width
/// (a step the pass lists must cover whole chunks).
int64_t getCandidateGranule(const TopKProblem &problem);

/// Per sequence, after emitCarrierExtremesAndMax and the exact max: the
/// candidate limit b - delta (b: the K-th largest stored carrier extreme,
/// m: `rowMax`, delta = 2^-12 |b| + 2^-16 (m - b) + 2^-11; docs/numerics.md)
/// into `candidates`' header, whose count is set above the capacity until
/// a pass lists the chunks.
void emitCandidateLimits(OpBuilder &b, Location loc, const TopKProblem &problem,
                         int64_t sequences, Value extremes, Value rowMax,
                         Value candidates);

} // namespace mlir::dml

#endif // DML_LIB_CODEGEN_CPU_TOPKKEYSELECTION_H
