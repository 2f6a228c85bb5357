//===- TopKKeySelection.cpp - top_k on 64-bit ordered keys ----------------===//
//
// For elements of at most 32 bits, every element becomes one 64-bit key
//   key = ord(value) << 32 | (0xFFFFFFFF - position)
// where ord maps the value to an unsigned 32-bit integer in the selection
// order (floats: NaNs made one greatest value and -0 made +0 first, then the
// usual sign flip; signed: sign bit flipped; inverted for `increasing`).
// A larger key is better: a better value, or an equal one at a lower
// position (the ascending-index tie rule). Positions fit 32 bits because a
// tensor holds fewer than 2^32 elements (the verifier's limit), and no key
// is 0 (the position 0xFFFFFFFF does not exist), which pads vectors.
//
// Per sequence, in a scratch buffer C of `capacity` keys (one heap buffer
// per block of sequences):
//   1. a lower bound t of ord(K-th best): for K <= 4 W the K-th best of the
//      lane-wise maxima of P >= K disjoint lane partitions (exact: K distinct
//      elements reach it; one vectorized pass, on floats a compare-and-select
//      that skips NaNs; with a prologue of one
//      varying input x, the lane-wise maxima of x and the prologue at them,
//      still elements of their partitions), for sequences >= 16 K the
//      K'-th best of every 16th chunk (a guess leaving ~1.5 K candidates),
//      else 0;
//   2. one scan: W-wide chunks compare ord against t (floats compare as
//      floats against t's float limit, see emitLimit, and their ords are
//      made only for chunks with a passing lane; a ragged end masks every
//      chunk), and the keys of passing lanes are appended to C with
//      vector.compressstore; chunks without candidates cost one compare.
//      When C is full it is pruned to its best K keys (heap selection) and
//      t rises to just above the ord of the K-th of them. If a guessed t
//      let fewer than K elements pass, the scan runs again with t = 0;
//   3. the best K keys of C in order: by rank for few candidates (count of
//      greater keys, 8 lanes at a time; branch-free), else by a stable LSD
//      radix sort on the ord bytes (equal ords are in position order in C:
//      appends are, and a prune puts the kept keys first, best first), or
//      by heap selection for huge buffers. The outputs are the
//      position from the key and the value reloaded from the input (so that
//      -0 and NaN payloads come back as they were).
//
//===----------------------------------------------------------------------===//

#include "TopKKeySelection.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::dml;

namespace {

/// Bits of the input chunk compared with the threshold at once.
constexpr int64_t kChunkBits = 512;
/// Every this many elements one is sampled for the threshold guess.
constexpr int64_t kSampleStride = 16;
/// Low ord bits the sample guess leaves zero (8 fewer counting passes; a
/// guess lower by under 2^-15 of a float's magnitude).
constexpr int64_t kGuessDroppedBits = 8;
/// Most lane partitions (in vectors) for the exact small-K bound.
constexpr int64_t kMaxPartitionVectors = 4;
/// The same where the exp pass lists candidate chunks on a 512-bit target:
/// there the bound decides how many chunks the selection visits and ranks
/// (softmax rows: the 50th of 64 partition maxima lets ~95 elements of a
/// [.., 32000] row pass, of 128 ~63), and 8 accumulators of the shared max
/// pass still fit the 32 vector registers.
constexpr int64_t kMaxListedPartitionVectors = 8;
/// Independent accumulators of the partitions' float extremes: one
/// vmaxps per chunk in a single chain waits on the previous one's latency.
constexpr int64_t kExtremeAccumulators = 4;
/// Chunks the carrier-filtered scan compares with the carrier's limit at
/// once: a group where no lane passes (most of a softmax row) costs one
/// branch and no loop-carried state per four chunks.
constexpr int64_t kScanGroupChunks = 4;
/// Lanes of the key vectors counted at once (ranks).
constexpr int64_t kKeyLanes = 8;
/// Keys whose counts of better keys one pass over C takes at once (two key
/// vectors held in registers; see emitBlockCounts).
constexpr int64_t kCountedBlock = 2 * kKeyLanes;
/// Up to this many candidates the final selection ranks every candidate
/// (quadratic but vectorized and branch-free) instead of using a heap.
constexpr int64_t kMaxRankedCandidates = 512;
/// Above this many keys the radix sort's spare copy costs too much memory
/// (16 bytes per candidate in all); heap selection works in place.
constexpr int64_t kMaxRadixCandidates = int64_t(1) << 22;
/// ord(-inf) and ord(+inf) of 32-bit floats (decreasing).
constexpr uint32_t kOrdOfNegativeInf = 0x007FFFFF;
constexpr uint32_t kOrdOfPositiveInf = 0xFF800000;
/// Parallel loops run over at most this many blocks of sequences, each
/// with its own scratch buffer.
constexpr int64_t kMaxBlocks = 64;
/// Rows of at most this many bytes prefetch the row kPrefetchAheadBytes
/// ahead during their scan: the bound pass reads a short row at once and
/// then computes for longer than it read, so the hardware prefetchers,
/// which follow the misses, leave each row's first pass waiting on memory.
constexpr int64_t kMaxPrefetchRowBytes = 16384;
constexpr int64_t kPrefetchAheadBytes = 8192;
/// Sequences of at most this many elements with the partition bound are
/// scanned without a branch per chunk (see emitPositionScan).
constexpr int64_t kMaxPositionScanLength = 1024;
/// Bisection steps for the carrier's limit: the limit ends at most 2^8 ords
/// (a relative 2^-15 of the value) below the exact boundary.
constexpr int64_t kCarrierSearchSteps = 24;
/// Scalar evaluations between the list's limit and b that place the listed
/// scan's carrier limit (see emitListedCarrierLimit).
constexpr int64_t kListedLimitProbes = 4;

/// A row's candidate list holds up to one step start per this many
/// elements: half the steps of the exp pass over one row in 64-lane steps
/// (Zen's layout), an eighth of its 16-lane steps (Intel's). A row with more
/// candidates than that is scanned whole: the listed scan would visit about as
/// many chunks, and the list stays 1/32 of the row's bytes.
constexpr int64_t kElementsPerCandidate = 128;

/// Rows shorter than this are read by the carrier pass several at a time in
/// narrower steps (dml-linalg-to-vector-loops' long rows start here), which
/// list no chunks: their limits would be computed for nothing.
constexpr int64_t kMinCandidateRowBytes = 16 << 10;

/// How the initial threshold is found.
enum class BoundKind { None, Partitions, Sample };

/// The running state of a scan: keys in C, the threshold on ord, how many
/// elements passed a threshold in total, and the threshold as the limit the
/// elements are compared with (see emitLimit), and, with the carrier
/// filter, the carrier's limit (see emitCarrierLimit; else null).
struct ScanState {
  Value count, threshold, accepted, limit, carrierLimit;
  SmallVector<Value> asValues() const {
    SmallVector<Value> values = {count, threshold, accepted, limit};
    if (carrierLimit)
      values.push_back(carrierLimit);
    return values;
  }
  /// The values after `n` more keys were appended to C.
  SmallVector<Value> appended(OpBuilder &b, Location loc, Value n) const {
    ScanState next = *this;
    next.count = arith::AddIOp::create(b, loc, count, n);
    next.accepted = arith::AddIOp::create(b, loc, accepted, n);
    return next.asValues();
  }
  static ScanState from(ValueRange values) {
    return {values[0], values[1], values[2], values[3],
            values.size() > 4 ? values[4] : Value()};
  }
};

class KeyedTopKEmitter {
public:
  explicit KeyedTopKEmitter(const TopKProblem &problem) : p(problem) {
    elementType = p.input.getElementType();
    width =
        kChunkBits / std::max<int64_t>(elementType.getIntOrFloatBitWidth(), 16);
    contiguous = p.input.isAxisContiguous();
    vectorEnd = contiguous ? p.length / width * width : 0;

    carrierFilter = p.kind == NumericKind::Float && p.decreasing &&
                    contiguous && p.input.isMonotoneInCarrier();
    partitionVectors = choosePartitionVectors();
    int64_t partitions = partitionVectors * width;
    // Contiguous sequences sample every 16th chunk (vector loads touching
    // 1/16 of the input), others every 16th element.
    sampleChunks = contiguous ? p.length / (kSampleStride * width) : 0;
    samples = contiguous ? sampleChunks * width : p.length / kSampleStride;
    sampleK = std::min(samples, (3 * p.k / 2 + 15) / kSampleStride + 3);
    if (p.k <= partitions && vectorEnd >= 8 * partitions) {
      bound = BoundKind::Partitions;
      capacity = std::max(partitions, 4 * p.k) + 2 * width;
    } else if (p.length >= kSampleStride * p.k && sampleK >= 1) {
      bound = BoundKind::Sample;
      capacity =
          std::max({2 * kSampleStride * sampleK, 2 * p.k, samples}) + 2 * width;
    } else {
      bound = BoundKind::None;
      capacity = 2 * p.k + 2 * width;
    }
    // Room for every element: C is then never pruned.
    capacity = std::min<int64_t>(capacity, llvm::alignTo(p.length, width));
    positionScan = p.nativeCompress && bound == BoundKind::Partitions &&
                   contiguous && !carrierFilter &&
                   llvm::alignTo(p.length, width) <= kMaxPositionScanLength;
    if (positionScan)
      capacity = llvm::alignTo(p.length, width);
    int64_t rowBytes =
        p.length *
        std::max<int64_t>(elementType.getIntOrFloatBitWidth() / 8, 1);
    if (contiguous && !carrierFilter && rowBytes <= kMaxPrefetchRowBytes)
      prefetchDistance = llvm::divideCeil(kPrefetchAheadBytes, rowBytes);
  }

  /// See getSharedCarrierExtremesSize.
  int64_t getSharedExtremesSize() const {
    if (bound != BoundKind::Partitions || !sharesCarrierExtremes())
      return 0;
    return partitionVectors * width;
  }

  /// See emitCarrierExtremesAndMax: one sequence's part.
  Value emitRowMax(OpBuilder &b, Location loc, Value sequence, Value extremes,
                   Value rowMax, Value identity) {
    return emitSharedExtremes(b, loc, ValueRange{sequence}, extremes, rowMax,
                              identity);
  }

  /// See getCandidateCapacity.
  int64_t getCandidateCapacity() const {
    if (!listsCandidates() || getSharedExtremesSize() == 0)
      return 0;
    return llvm::divideCeil(p.length, kElementsPerCandidate);
  }

  int64_t getWidth() const { return width; }

  /// See emitCandidateLimits: one sequence's part. b is the K-th largest
  /// stored extreme (the best with at least K extremes not below it; a NaN
  /// counts none and is never b).
  void emitCandidateLimit(OpBuilder &b, Location loc, Value sequence,
                          Value extremes, Value rowMax, Value candidates) {
    Type f32 = b.getF32Type(), i32 = b.getI32Type();
    Value kthMax = partitionVectors > kMaxPartitionVectors
                       ? emitKthExtremeByBlocks(b, loc, sequence, extremes)
                       : emitKthExtremeByExtremes(b, loc, sequence, extremes);
    Value max = memref::LoadOp::create(b, loc, rowMax, ValueRange{sequence});
    auto scalar = [&](double value) -> Value {
      return arith::ConstantOp::create(b, loc, b.getFloatAttr(f32, value));
    };
    // delta = 2^-12 |b| + 2^-16 (m - b) + 2^-11 (docs/numerics.md); a NaN
    // or infinite limit lists every chunk: the list is then not used.
    Value delta = arith::AddFOp::create(
        b, loc,
        arith::AddFOp::create(
            b, loc,
            arith::MulFOp::create(b, loc, math::AbsFOp::create(b, loc, kthMax),
                                  scalar(0x1p-12)),
            arith::MulFOp::create(b, loc,
                                  arith::SubFOp::create(b, loc, max, kthMax),
                                  scalar(0x1p-16))),
        scalar(0x1p-11));
    Value limit = arith::SubFOp::create(b, loc, kthMax, delta);
    memref::StoreOp::create(
        b, loc, arith::BitcastOp::create(b, loc, i32, limit), candidates,
        ValueRange{sequence, index(b, loc, kCandidateLimit)});
    // b itself for the selection's bound (emitPartitionBound).
    memref::StoreOp::create(
        b, loc, arith::BitcastOp::create(b, loc, i32, kthMax), candidates,
        ValueRange{sequence, index(b, loc, kCandidateBound)});
    memref::StoreOp::create(
        b, loc, intConstant(b, loc, i32, getCandidateCapacity() + 1),
        candidates, ValueRange{sequence, index(b, loc, kCandidateCount)});
  }

  /// The K-th largest of the extremes stored for `sequence` (-inf where
  /// fewer than K are ordered), counted per extreme: a compare, mask move,
  /// population count and add per vector (P^2 / 16 of each).
  Value emitKthExtremeByExtremes(OpBuilder &b, Location loc, Value sequence,
                                 Value extremes) {
    Type f32 = b.getF32Type();
    int64_t partitions = partitionVectors * width;
    VectorType vectorType = VectorType::get({width}, f32);
    SmallVector<Value> vectors;
    for (int64_t a = 0; a < partitionVectors; ++a)
      vectors.push_back(vector::LoadOp::create(
          b, loc, vectorType, extremes,
          ValueRange{sequence, index(b, loc, a * width)}));
    Value negativeInf = arith::ConstantOp::create(
        b, loc,
        b.getFloatAttr(f32, APFloat::getInf(APFloat::IEEEsingle(),
                                            /*Negative=*/true)));
    auto kth = scf::ForOp::create(
        b, loc, index(b, loc, 0), index(b, loc, partitions), index(b, loc, 1),
        ValueRange{negativeInf},
        [&](OpBuilder &lb, Location l, Value i, ValueRange best) {
          Value value =
              memref::LoadOp::create(lb, l, extremes, ValueRange{sequence, i});
          Value splat = vector::BroadcastOp::create(lb, l, vectorType, value);
          Value notBelow = index(lb, l, 0);
          for (Value lanes : vectors)
            notBelow = arith::AddIOp::create(
                lb, l, notBelow,
                emitSetBits(lb, l,
                            emitMaskBits(lb, l,
                                         arith::CmpFOp::create(
                                             lb, l, arith::CmpFPredicate::OGE,
                                             lanes, splat))));
          Value enough = arith::CmpIOp::create(lb, l, arith::CmpIPredicate::uge,
                                               notBelow, index(lb, l, p.k));
          Value better = arith::AndIOp::create(
              lb, l, enough,
              arith::CmpFOp::create(lb, l, arith::CmpFPredicate::OGT, value,
                                    best[0]));
          scf::YieldOp::create(
              lb, l,
              arith::SelectOp::create(lb, l, better, value, best[0])
                  .getResult());
        });
    return kth.getResult(0);
  }

  /// The same with all P counts held in P / 16 count vectors and every
  /// extreme broadcast in turn (a compare and a masked increment per
  /// vector): at 128 partitions (8 vectors, 512 bits) 1024 compares where
  /// the per-extreme loop also spent 1024 mask moves and population counts.
  /// Not used for fewer vectors: there it saves little, and its vector
  /// constants cost SM's exp loop stack reloads (bench/README.md, sh-sel2).
  Value emitKthExtremeByBlocks(OpBuilder &b, Location loc, Value sequence,
                               Value extremes) {
    VectorType valuesType = VectorType::get({width}, b.getF32Type());
    VectorType countsType = VectorType::get({width}, b.getI32Type());
    SmallVector<Value> values, zeros;
    for (int64_t a = 0; a < partitionVectors; ++a) {
      values.push_back(vector::LoadOp::create(
          b, loc, valuesType, extremes,
          ValueRange{sequence, index(b, loc, a * width)}));
      zeros.push_back(intConstant(b, loc, countsType, 0));
    }
    Value one = intConstant(b, loc, countsType, 1);
    auto counting = scf::ForOp::create(
        b, loc, index(b, loc, 0), index(b, loc, partitionVectors * width),
        index(b, loc, 1), zeros,
        [&](OpBuilder &lb, Location l, Value i, ValueRange counts) {
          Value other = vector::BroadcastOp::create(
              lb, l, valuesType,
              memref::LoadOp::create(lb, l, extremes, ValueRange{sequence, i}));
          SmallVector<Value> next;
          for (auto [lanes, counted] : llvm::zip(values, counts)) {
            Value notBelow = arith::CmpFOp::create(
                lb, l, arith::CmpFPredicate::OGE, other, lanes);
            next.push_back(arith::SelectOp::create(
                lb, l, notBelow, arith::AddIOp::create(lb, l, counted, one),
                counted));
          }
          scf::YieldOp::create(lb, l, next);
        });
    // Lanes with K counted are ordered: no NaN reaches the max.
    Value negativeInf = arith::ConstantOp::create(
        b, loc,
        DenseElementsAttr::get(valuesType,
                               APFloat::getInf(APFloat::IEEEsingle(),
                                               /*Negative=*/true)));
    Value k = intConstant(b, loc, countsType, p.k);
    Value best = negativeInf;
    for (auto [lanes, counted] : llvm::zip(values, counting.getResults()))
      best = arith::MaximumFOp::create(
          b, loc, best,
          arith::SelectOp::create(
              b, loc,
              arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, counted,
                                    k),
              lanes, negativeInf));
    return vector::ReductionOp::create(b, loc, vector::CombiningKind::MAXIMUMF,
                                       best);
  }

  /// Size of the buffer of positions (i32) of one sequence (0: none).
  int64_t getPositionsSize() const { return positionScan ? capacity : 0; }

  /// How many sequences ahead the scan prefetches (0: none).
  int64_t getPrefetchDistance() const { return prefetchDistance; }

  /// Size of the scratch buffer (i64) of one sequence: C with room for a
  /// vector past its end and, for the radix sort, a spare copy and counts.
  int64_t getScratchSize() const {
    if (capacity <= kMaxRankedCandidates || positionScan)
      return rankedSlots() + p.k + 1;
    if (!useRadixSort())
      return capacity + kKeyLanes;
    return 2 * capacity + kKeyLanes + 4 * 256;
  }

  /// Emits the selection of the sequence at `outer` using `scratchBuffer`
  /// (memref<capacity x i64>); its scan prefetches the sequence at
  /// `prefetchOuter` (with a prefetch distance).
  void emit(OpBuilder &b, Location loc, Value scratchBuffer,
            Value positionsBuffer, ValueRange outer, ValueRange prefetchOuter) {
    scratch = scratchBuffer;
    positions = positionsBuffer;
    outerIvs.assign(outer.begin(), outer.end());
    prefetchIvs.assign(prefetchOuter.begin(), prefetchOuter.end());
    p.input.hoistInvariants(b, loc, coordsAt(index(b, loc, 0)));
    emitSelection(b, loc);
  }

private:
  /// Whether the row max's pass takes the partitions' carrier extremes
  /// (emitSharedExtremes) where the bound is the partitions'.
  bool sharesCarrierExtremes() const {
    return p.decreasing && p.input.getCarrier() &&
           p.input.getCarrierType() != nullptr &&
           isa<FloatType>(p.input.getCarrierType()) && p.axis == 1;
  }

  /// Whether the exp pass lists candidate chunks where the bound is the
  /// partitions'.
  bool listsCandidates() const {
    return carrierFilter && sharesCarrierExtremes() &&
           p.length * 4 >= kMinCandidateRowBytes;
  }

  /// Partition vectors for the small-K bound: 2 K partitions (the K-th of
  /// P maxima is then rarely far below the K-th element), at most
  /// kMaxPartitionVectors. Where the exp pass lists candidate chunks on a
  /// 512-bit target and K fits in kMaxPartitionVectors' partitions, the
  /// count is rounded up to a power of two vectors (a group of them then
  /// divides the usual row lengths: no scalar tail in the max pass), so K
  /// in (32, 64] gets 128 partitions; listed rows (kMinCandidateRowBytes)
  /// hold 32 such groups. Larger K keep their bound (a sample guess).
  int64_t choosePartitionVectors() const {
    int64_t forK = llvm::divideCeil(2 * p.k, width);
    int64_t vectors = std::clamp<int64_t>(forK, 1, kMaxPartitionVectors);
    if (!listsCandidates() || !p.nativeCompress || p.k > vectors * width)
      return vectors;
    return std::min<int64_t>(llvm::PowerOf2Ceil(forK),
                             kMaxListedPartitionVectors);
  }

  void emitSelection(OpBuilder &b, Location loc) {
    Value zero32 = intConstant(b, loc, b.getI32Type(), 0);
    Value threshold = zero32;
    if (bound == BoundKind::Partitions)
      threshold = emitPartitionBound(b, loc);
    else if (bound == BoundKind::Sample)
      threshold = emitSampleGuess(b, loc);

    ScanState state;
    if (positionScan) {
      state.count = emitPositionScan(b, loc, threshold);
    } else if (bound != BoundKind::Sample) {
      state = p.candidateChunks
                  ? emitListedScan(b, loc, threshold)
                  : emitScan(b, loc, startState(b, loc, threshold));
    } else {
      // When the guess lets fewer than K elements pass, scan again with
      // t = 0 (keeping all); one copy of the scan in a loop of 1 or 2 trips.
      Type indexType = b.getIndexType();
      auto passes = scf::WhileOp::create(
          b, loc, TypeRange{indexType, indexType}, ValueRange{threshold},
          [&](OpBuilder &wb, Location l, ValueRange args) {
            ScanState scanned = emitScan(wb, l, startState(wb, l, args[0]));
            Value tooFew =
                arith::CmpIOp::create(wb, l, arith::CmpIPredicate::ult,
                                      scanned.accepted, index(wb, l, p.k));
            scf::ConditionOp::create(
                wb, l, tooFew, ValueRange{scanned.count, scanned.accepted});
          },
          [&](OpBuilder &wb, Location l, ValueRange) {
            scf::YieldOp::create(wb, l, intConstant(wb, l, wb.getI32Type(), 0));
          });
      state = {passes.getResult(0), zero32, passes.getResult(1), Value(),
               Value()};
    }
    Value count = state.count;

    if (positionScan) {
      // Usually few candidates; all elements pass on some inputs (ties).
      scf::IfOp::create(
          b, loc,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ule, count,
                                index(b, loc, kMaxRankedCandidates)),
          [&](OpBuilder &ib, Location il) {
            emitRankedSelection(ib, il, count);
            scf::YieldOp::create(ib, il);
          },
          [&](OpBuilder &eb, Location el) {
            emitHeapSelection(eb, el, count);
            scf::YieldOp::create(eb, el);
          });
      return;
    }
    if (capacity <= kMaxRankedCandidates) {
      emitRankedSelection(b, loc, count);
      return;
    }
    if (!useRadixSort()) {
      emitHeapSelection(b, loc, count);
      return;
    }
    // Equal ords are in position order in C (see emitMakeRoom), so a stable
    // radix sort on ord alone orders ties by position.
    Value sorted = emitRadixSortByOrd(b, loc, count);
    emitOutputs(b, loc, [&](OpBuilder &lb, Location l, Value j) {
      return arith::AddIOp::create(lb, l, sorted, j).getResult();
    });
  }

  /// Few candidates: each goes straight to its rank (no branchy heap), in
  /// R = scratch[rankedSlots(), + K + 1), ranks from K on all into R[K]: no
  /// branch on the rank (a random one: ~3 mispredictions per T2 row). The
  /// keys are distinct, so R[0, K) gets the best K.
  /// The zero keys padding C to whole blocks are below every key: they
  /// rank `count` >= K and go to R[K] too.
  void emitRankedSelection(OpBuilder &b, Location loc, Value count) {
    padWithZeros(b, loc, count, kCountedBlock);
    int64_t ranked = rankedSlots();
    emitBlockCounts(
        b, loc, count, /*orEqual=*/false, ValueRange{},
        [&](OpBuilder &lb, Location l, ValueRange keys, ValueRange ranks,
            ValueRange) {
          VectorType keysType = cast<VectorType>(keys.front().getType());
          Value lastSlot = intConstant(lb, l, keysType, p.k);
          for (auto [key, rank] : llvm::zip(keys, ranks)) {
            Value slots = arith::MinUIOp::create(lb, l, rank, lastSlot);
            for (int64_t lane = 0; lane < kKeyLanes; ++lane) {
              Value slot = arith::AddIOp::create(
                  lb, l, index(lb, l, ranked),
                  arith::IndexCastUIOp::create(
                      lb, l, lb.getIndexType(),
                      vector::ExtractOp::create(lb, l, slots,
                                                ArrayRef<int64_t>{lane})));
              memref::StoreOp::create(lb, l,
                                      vector::ExtractOp::create(
                                          lb, l, key, ArrayRef<int64_t>{lane}),
                                      scratch, ValueRange{slot});
            }
          }
          return SmallVector<Value>();
        });
    emitOutputs(b, loc, [&](OpBuilder &lb, Location l, Value j) {
      return arith::AddIOp::create(lb, l, index(lb, l, ranked), j).getResult();
    });
  }

  /// The best K keys of C[0, count) by heap selection, in place.
  void emitHeapSelection(OpBuilder &b, Location loc, Value count) {
    // The best K keys end up in C[count - K, count), best last.
    emitSelectTop(b, loc, count, p.k);
    Value last = arith::SubIOp::create(b, loc, count, index(b, loc, 1));
    emitOutputs(b, loc, [&](OpBuilder &lb, Location l, Value j) {
      return arith::SubIOp::create(lb, l, last, j).getResult();
    });
  }

  /// The scan of a short sequence without a branch per chunk: the positions
  /// of the lanes that pass are compressed into the positions buffer P
  /// (all of them fit), then the keys of P's elements are made one by one
  /// into C. The chunks with a candidate lie at random positions (~10 of
  /// T2's 64 per row): a branch on each mispredicts on most of them.
  /// Returns the count of candidates (>= K: the bound holds).
  Value emitPositionScan(OpBuilder &b, Location loc, Value threshold) {
    Value c0 = index(b, loc, 0);
    ScanState state = {c0, threshold, c0, emitLimit(b, loc, threshold),
                       Value()};
    bool floats = p.kind == NumericKind::Float;
    bool masked = p.length % width != 0;
    Type i32 = b.getI32Type();
    VectorType positionType = VectorType::get({width}, i32);
    SmallVector<int32_t> lanes =
        llvm::to_vector(llvm::seq<int32_t>(0, static_cast<int32_t>(width)));
    Value laneOffsets = arith::ConstantOp::create(
        b, loc, DenseElementsAttr::get(positionType, ArrayRef(lanes)));
    auto chunks = scf::ForOp::create(
        b, loc, c0, index(b, loc, capacity), index(b, loc, width),
        ValueRange{c0},
        [&](OpBuilder &lb, Location l, Value chunk, ValueRange args) {
          if (!prefetchIvs.empty())
            p.input.prefetch(lb, l, coordsAt(chunk, prefetchIvs));
          Value inBounds = masked ? emitInBounds(lb, l, chunk) : Value();
          Value elements = inBounds ? p.input.loadChunk(lb, l, coordsAt(chunk),
                                                        width, inBounds)
                                    : loadChunk(lb, l, chunk);
          Value ords = floats ? Value() : emitOrd(lb, l, elements);
          Value passes = emitPasses(lb, l, elements, ords, state);
          if (inBounds)
            passes = arith::AndIOp::create(lb, l, passes, inBounds);
          Value chunkPositions = arith::AddIOp::create(
              lb, l,
              vector::BroadcastOp::create(
                  lb, l, positionType,
                  arith::IndexCastUIOp::create(lb, l, i32, chunk)),
              laneOffsets);
          vector::CompressStoreOp::create(lb, l, positions, ValueRange{args[0]},
                                          passes, chunkPositions,
                                          IntegerAttr());
          Value passed = emitSetBits(lb, l, emitMaskBits(lb, l, passes));
          scf::YieldOp::create(
              lb, l, arith::AddIOp::create(lb, l, args[0], passed).getResult());
        });
    Value count = chunks.getResult(0);
    scf::ForOp::create(
        b, loc, c0, count, index(b, loc, 1), ValueRange{},
        [&](OpBuilder &lb, Location l, Value i, ValueRange) {
          Value position =
              memref::LoadOp::create(lb, l, positions, ValueRange{i});
          Value element =
              p.input.load(lb, l,
                           coordsAt(arith::IndexCastUIOp::create(
                               lb, l, lb.getIndexType(), position)));
          Value key =
              makeKey(lb, l, emitOrd(lb, l, element),
                      arith::ExtUIOp::create(lb, l, lb.getI64Type(), position));
          memref::StoreOp::create(lb, l, key, scratch, ValueRange{i});
          scf::YieldOp::create(lb, l);
        });
    return count;
  }

  /// The first slot after C and its zero padding (padWithZeros).
  int64_t rankedSlots() const { return capacity + kCountedBlock; }

  /// Whether the final order may come from the radix sort (else heap).
  bool useRadixSort() const {
    return !positionScan && capacity > kMaxRankedCandidates &&
           capacity <= kMaxRadixCandidates;
  }

  /// Whether C can fill up (else it holds every element read).
  bool mayPrune() const {
    return capacity < static_cast<int64_t>(llvm::alignTo(p.length, width));
  }

  /// Output slot j from the key in C[slotOf(j)], for j in [0, K).
  void emitOutputs(OpBuilder &b, Location loc,
                   function_ref<Value(OpBuilder &, Location, Value)> slotOf) {
    scf::ForOp::create(b, loc, index(b, loc, 0), index(b, loc, p.k),
                       index(b, loc, 1), ValueRange{},
                       [&](OpBuilder &lb, Location l, Value j, ValueRange) {
                         Value key = memref::LoadOp::create(
                             lb, l, scratch, ValueRange{slotOf(lb, l, j)});
                         emitOutput(lb, l, j, key);
                         scf::YieldOp::create(lb, l);
                       });
  }

  /// Sorts the keys of C[0, count) by descending ord, stably: LSD radix
  /// sort on the bytes of ~ord between C and the spare buffer, with the
  /// counts of all four bytes taken in one pass and bytes equal in every key
  /// skipped. Returns the offset in the scratch buffer of the sorted keys.
  Value emitRadixSortByOrd(OpBuilder &b, Location loc, Value count) {
    Type i64 = b.getI64Type();
    int64_t spare = capacity + kKeyLanes, counts = 2 * capacity + kKeyLanes;
    VectorType zerosType = VectorType::get({kKeyLanes}, i64);
    Value zeros = intConstant(b, loc, zerosType, 0);
    scf::ForOp::create(
        b, loc, index(b, loc, counts), index(b, loc, counts + 4 * 256),
        index(b, loc, kKeyLanes), ValueRange{},
        [&](OpBuilder &lb, Location l, Value i, ValueRange) {
          vector::StoreOp::create(lb, l, zeros, scratch, ValueRange{i});
          scf::YieldOp::create(lb, l);
        });
    // The count slot of byte `pass` of `key`.
    auto countSlot = [&](OpBuilder &lb, Location l, Value key, int64_t pass) {
      Value inverse = arith::XOrIOp::create(
          lb, l, key, intConstant(lb, l, i64, ~uint64_t(0)));
      Value digit = arith::AndIOp::create(
          lb, l,
          arith::ShRUIOp::create(lb, l, inverse,
                                 intConstant(lb, l, i64, 32 + 8 * pass)),
          intConstant(lb, l, i64, 255));
      return arith::AddIOp::create(
                 lb, l,
                 arith::IndexCastUIOp::create(lb, l, lb.getIndexType(), digit),
                 index(lb, l, counts + 256 * pass))
          .getResult();
    };
    auto increment = [&](OpBuilder &lb, Location l, Value slot) {
      Value old = memref::LoadOp::create(lb, l, scratch, ValueRange{slot});
      Value next =
          arith::AddIOp::create(lb, l, old, intConstant(lb, l, i64, 1));
      memref::StoreOp::create(lb, l, next, scratch, ValueRange{slot});
      return old;
    };
    scf::ForOp::create(
        b, loc, index(b, loc, 0), count, index(b, loc, 1), ValueRange{},
        [&](OpBuilder &lb, Location l, Value i, ValueRange) {
          Value key = memref::LoadOp::create(lb, l, scratch, ValueRange{i});
          for (int64_t pass = 0; pass < 4; ++pass)
            increment(lb, l, countSlot(lb, l, key, pass));
          scf::YieldOp::create(lb, l);
        });

    Value source = index(b, loc, 0);
    for (int64_t pass = 0; pass < 4; ++pass) {
      Value first = memref::LoadOp::create(b, loc, scratch, ValueRange{source});
      Value firstCount = memref::LoadOp::create(
          b, loc, scratch, ValueRange{countSlot(b, loc, first, pass)});
      Value skip = arith::CmpIOp::create(
          b, loc, arith::CmpIPredicate::eq, firstCount,
          arith::IndexCastUIOp::create(b, loc, i64, count));
      Value atStart = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                            source, index(b, loc, 0));
      Value target = arith::SelectOp::create(
          b, loc, atStart, index(b, loc, spare), index(b, loc, 0));
      auto step = scf::IfOp::create(
          b, loc, skip,
          [&](OpBuilder &ib, Location il) {
            scf::YieldOp::create(ib, il, source);
          },
          [&](OpBuilder &eb, Location el) {
            // Counts become the next free slots in the target.
            Value base = index(eb, el, counts + 256 * pass);
            scf::ForOp::create(
                eb, el, index(eb, el, 0), index(eb, el, 256), index(eb, el, 1),
                ValueRange{arith::IndexCastUIOp::create(eb, el, i64, target)
                               .getResult()},
                [&](OpBuilder &lb, Location l, Value d, ValueRange sum) {
                  Value slot = arith::AddIOp::create(lb, l, base, d);
                  Value digits =
                      memref::LoadOp::create(lb, l, scratch, ValueRange{slot});
                  memref::StoreOp::create(lb, l, sum[0], scratch,
                                          ValueRange{slot});
                  scf::YieldOp::create(
                      lb, l,
                      arith::AddIOp::create(lb, l, sum[0], digits).getResult());
                });
            scf::ForOp::create(
                eb, el, index(eb, el, 0), count, index(eb, el, 1), ValueRange{},
                [&](OpBuilder &lb, Location l, Value i, ValueRange) {
                  Value key = memref::LoadOp::create(
                      lb, l, scratch,
                      ValueRange{
                          arith::AddIOp::create(lb, l, source, i).getResult()});
                  Value slot = increment(lb, l, countSlot(lb, l, key, pass));
                  memref::StoreOp::create(
                      lb, l, key, scratch,
                      ValueRange{arith::IndexCastUIOp::create(
                                     lb, l, lb.getIndexType(), slot)
                                     .getResult()});
                  scf::YieldOp::create(lb, l);
                });
            scf::YieldOp::create(eb, el, target);
          });
      source = step.getResult(0);
    }
    return source;
  }

  /// Writes output slot `slot` from `key`: the index, and the value reloaded
  /// from the input.
  void emitOutput(OpBuilder &b, Location loc, Value slot, Value key) {
    Value position = arith::IndexCastUIOp::create(
        b, loc, b.getIndexType(),
        arith::XOrIOp::create(
            b, loc, arith::TruncIOp::create(b, loc, b.getI32Type(), key),
            intConstant(b, loc, b.getI32Type(), 0xFFFFFFFF)));
    Value element = p.input.load(b, loc, coordsAt(position));
    Type indexType = cast<MemRefType>(p.indices.getType()).getElementType();
    memref::StoreOp::create(b, loc, element, p.values, coordsAt(slot));
    memref::StoreOp::create(
        b, loc, arith::IndexCastUIOp::create(b, loc, indexType, position),
        p.indices, coordsAt(slot));
  }

  /// Zero keys in C[count, count + lanes): below every real key (a
  /// position is never 0xFFFFFFFF), so vector loops may round up.
  void padWithZeros(OpBuilder &b, Location loc, Value count,
                    int64_t lanes = kKeyLanes) {
    VectorType keysType = VectorType::get({lanes}, b.getI64Type());
    vector::StoreOp::create(b, loc, intConstant(b, loc, keysType, 0), scratch,
                            ValueRange{count});
  }

  using BlockCountVisitor =
      function_ref<SmallVector<Value>(OpBuilder &, Location, ValueRange keys,
                                      ValueRange counts, ValueRange carried)>;

  /// For every block of kCountedBlock keys of C from 0 up to `count`
  /// (rounded up: C padded), how many of C[0, count) are greater than (or
  /// equal to) each: one pass over C per block, every key broadcast and
  /// compared with the block's keys held in registers, a masked increment
  /// per kKeyLanes lanes, where counting per key spent a mask move, a
  /// population count and an add per kKeyLanes keys and a reduction per
  /// key. `visit` gets the block's key vectors, their counts (i64 lanes)
  /// and the values carried from `inits` across blocks, and returns them.
  SmallVector<Value> emitBlockCounts(OpBuilder &b, Location loc, Value count,
                                     bool orEqual, ValueRange inits,
                                     BlockCountVisitor visit) {
    VectorType keysType = VectorType::get({kKeyLanes}, b.getI64Type());
    auto blocks = scf::ForOp::create(
        b, loc, index(b, loc, 0), count, index(b, loc, kCountedBlock), inits,
        [&](OpBuilder &lb, Location l, Value block, ValueRange carried) {
          SmallVector<Value> keys, zeros;
          for (int64_t v = 0; v < kCountedBlock / kKeyLanes; ++v) {
            keys.push_back(vector::LoadOp::create(
                lb, l, keysType, scratch,
                ValueRange{arith::AddIOp::create(lb, l, block,
                                                 index(lb, l, v * kKeyLanes))
                               .getResult()}));
            zeros.push_back(intConstant(lb, l, keysType, 0));
          }
          Value one = intConstant(lb, l, keysType, 1);
          auto counting = scf::ForOp::create(
              lb, l, index(lb, l, 0), count, index(lb, l, 1), zeros,
              [&](OpBuilder &cb, Location cl, Value j, ValueRange counts) {
                Value other = vector::BroadcastOp::create(
                    cb, cl, keysType,
                    memref::LoadOp::create(cb, cl, scratch, ValueRange{j}));
                SmallVector<Value> next;
                for (auto [key, counted] : llvm::zip(keys, counts)) {
                  Value above =
                      arith::CmpIOp::create(cb, cl,
                                            orEqual ? arith::CmpIPredicate::uge
                                                    : arith::CmpIPredicate::ugt,
                                            other, key);
                  next.push_back(arith::SelectOp::create(
                      cb, cl, above,
                      arith::AddIOp::create(cb, cl, counted, one), counted));
                }
                scf::YieldOp::create(cb, cl, next);
              });
          scf::YieldOp::create(
              lb, l, visit(lb, l, keys, counting.getResults(), carried));
        });
    return blocks.getResults();
  }

  /// How many of the keys in C[0, count) (rounded up to whole vectors) are
  /// greater than (or equal to) `key`.
  Value emitCountAbove(OpBuilder &b, Location loc, Value key, Value count,
                       bool orEqual) {
    VectorType keysType = VectorType::get({kKeyLanes}, b.getI64Type());
    Value splat = vector::BroadcastOp::create(b, loc, keysType, key);
    Value end = arith::MulIOp::create(
        b, loc,
        arith::CeilDivUIOp::create(b, loc, count, index(b, loc, kKeyLanes)),
        index(b, loc, kKeyLanes));
    auto loop = scf::ForOp::create(
        b, loc, index(b, loc, 0), end, index(b, loc, kKeyLanes),
        ValueRange{index(b, loc, 0)},
        [&](OpBuilder &lb, Location l, Value v, ValueRange acc) {
          Value keys =
              vector::LoadOp::create(lb, l, keysType, scratch, ValueRange{v});
          Value above = arith::CmpIOp::create(
              lb, l,
              orEqual ? arith::CmpIPredicate::uge : arith::CmpIPredicate::ugt,
              keys, splat);
          Value counted = emitSetBits(lb, l, emitMaskBits(lb, l, above));
          scf::YieldOp::create(
              lb, l, arith::AddIOp::create(lb, l, acc[0], counted).getResult());
        });
    return loop.getResult(0);
  }

  /// The ord of the K-th best of the maxima of P disjoint partitions (lane
  /// l of every A-th chunk): K distinct elements are at least as good.
  Value emitPartitionBound(OpBuilder &b, Location loc) {
    if (!p.candidateChunks)
      return emitKthOfMaxima(b, loc, emitPartitionMaxima(b, loc));
    // The K-th extreme b on x came with the candidate limit: K extremes are
    // at least b, so where f is monotone ord(f(b)) is a bound (the K-th of
    // the ords of f at the extremes unless some are NaN: docs/numerics.md);
    // elsewhere the ords are counted.
    Value stored = arith::BitcastOp::create(
        b, loc, b.getF32Type(),
        memref::LoadOp::create(
            b, loc, p.candidateChunks,
            ValueRange{outerIvs.front(), index(b, loc, kCandidateBound)}));
    auto bound = scf::IfOp::create(
        b, loc, p.input.emitMonotoneGuard(b, loc),
        [&](OpBuilder &ib, Location il) {
          scf::YieldOp::create(ib, il, emitOrdOfCarrier(ib, il, stored));
        },
        [&](OpBuilder &eb, Location el) {
          scf::YieldOp::create(
              eb, el, emitKthOfMaxima(eb, el, emitPartitionMaxima(eb, el)));
        });
    return bound.getResult(0);
  }

  /// The ords of the partitions' maxima, one vector per partition vector.
  SmallVector<Value> emitPartitionMaxima(OpBuilder &b, Location loc) {
    int64_t groupWidth = partitionVectors * width;
    int64_t groupEnd = vectorEnd / groupWidth * groupWidth;
    SmallVector<Value> maxima;
    if (p.carrierExtremes) {
      // Stored by emitCarrierExtremesAndMax in the row max's pass.
      Type carrierType =
          cast<MemRefType>(p.carrierExtremes.getType()).getElementType();
      SmallVector<Value> extremes;
      for (int64_t a = 0; a < partitionVectors; ++a)
        extremes.push_back(vector::LoadOp::create(
            b, loc, VectorType::get({width}, carrierType), p.carrierExtremes,
            ValueRange{outerIvs.front(), index(b, loc, a * width)}));
      maxima = emitCarrierOrds(b, loc, extremes);
    } else {
      maxima = p.input.getCarrier() ? emitCarrierExtremes(b, loc, groupEnd)
                                    : emitOrdMaxima(b, loc, groupEnd);
    }
    return maxima;
  }

  /// The ord of the prologue at the carrier value `x` (scalar), computed on
  /// a broadcast chunk: the vector prologue's bits, as the ords of
  /// emitCarrierOrds are.
  Value emitOrdOfCarrier(OpBuilder &b, Location loc, Value x) {
    Value chunk = vector::BroadcastOp::create(
        b, loc, VectorType::get({width}, x.getType()), x);
    return vector::ExtractOp::create(
        b, loc,
        emitOrd(b, loc,
                p.input.evaluateWithCarrier(b, loc, coordsAt(index(b, loc, 0)),
                                            width, chunk)),
        ArrayRef<int64_t>{0});
  }

  /// The K-th best of the partitions' maxima (ords, one vector per
  /// partition vector), counted in C.
  Value emitKthOfMaxima(OpBuilder &b, Location loc, ValueRange maxima) {
    int64_t groupWidth = partitionVectors * width;
    VectorType keyType = VectorType::get({width}, b.getI64Type());
    for (int64_t a = 0; a < partitionVectors; ++a) {
      Value keys = arith::ShLIOp::create(
          b, loc, arith::ExtUIOp::create(b, loc, keyType, maxima[a]),
          intConstant(b, loc, keyType, 32));
      vector::StoreOp::create(b, loc, keys, scratch,
                              ValueRange{index(b, loc, a * width)});
    }
    // The K-th best: the best maximum with at least K maxima not worse (the
    // partitions are whole blocks: width is a multiple of kCountedBlock).
    VectorType keysType = VectorType::get({kKeyLanes}, b.getI64Type());
    SmallVector<Value> best = emitBlockCounts(
        b, loc, index(b, loc, groupWidth), /*orEqual=*/true,
        ValueRange{intConstant(b, loc, keysType, 0)},
        [&](OpBuilder &lb, Location l, ValueRange keys, ValueRange notWorse,
            ValueRange carried) {
          Value most = carried.front();
          Value k = intConstant(lb, l, keysType, p.k);
          for (auto [key, counted] : llvm::zip(keys, notWorse)) {
            Value enough = arith::CmpIOp::create(
                lb, l, arith::CmpIPredicate::uge, counted, k);
            most = arith::MaxUIOp::create(
                lb, l, most,
                arith::SelectOp::create(lb, l, enough, key,
                                        intConstant(lb, l, keysType, 0)));
          }
          return SmallVector<Value>{most};
        });
    Value kth = vector::ReductionOp::create(
        b, loc, vector::CombiningKind::MAXUI, best.front());
    return arith::TruncIOp::create(
        b, loc, b.getI32Type(),
        arith::ShRUIOp::create(b, loc, kth,
                               intConstant(b, loc, b.getI64Type(), 32)));
  }

  /// Lane-wise maxima of the ords of the partitions' elements.
  SmallVector<Value> emitOrdMaxima(OpBuilder &b, Location loc,
                                   int64_t groupEnd) {
    if (p.kind == NumericKind::Float)
      return emitFloatExtremes(b, loc, groupEnd);
    int64_t groupWidth = partitionVectors * width;
    VectorType ordType = VectorType::get({width}, b.getI32Type());
    SmallVector<Value> inits(partitionVectors, intConstant(b, loc, ordType, 0));
    auto loop = scf::ForOp::create(
        b, loc, index(b, loc, 0), index(b, loc, groupEnd),
        index(b, loc, groupWidth), inits,
        [&](OpBuilder &lb, Location l, Value group, ValueRange maxima) {
          SmallVector<Value> next;
          for (int64_t a = 0; a < partitionVectors; ++a) {
            Value start =
                arith::AddIOp::create(lb, l, group, index(lb, l, a * width));
            Value ords = emitOrd(lb, l, loadChunk(lb, l, start));
            next.push_back(arith::MaxUIOp::create(lb, l, maxima[a], ords));
          }
          scf::YieldOp::create(lb, l, next);
        });
    return loop.getResults();
  }

  using ChunkLoader = function_ref<Value(OpBuilder &, Location, Value)>;
  /// The better of the accumulated `current` and a `candidate` chunk.
  using ExtremeCombiner =
      function_ref<Value(OpBuilder &, Location, Value, Value)>;

  /// One step of the partition extremes over `chains` consecutive groups
  /// from `group`: accumulator set c (partition a's at c * partitionVectors
  /// + a) takes group c's chunk of partition a, so that the sets form
  /// independent dependency chains.
  SmallVector<Value> combineGroups(OpBuilder &b, Location loc, Value group,
                                   ValueRange extremes, int64_t chains,
                                   ChunkLoader load, ExtremeCombiner combine) {
    int64_t groupWidth = partitionVectors * width;
    SmallVector<Value> next;
    for (int64_t c = 0; c < chains; ++c)
      for (int64_t a = 0; a < partitionVectors; ++a) {
        Value start = arith::AddIOp::create(
            b, loc, group, index(b, loc, c * groupWidth + a * width));
        next.push_back(combine(b, loc, extremes[c * partitionVectors + a],
                               load(b, loc, start)));
      }
    return next;
  }

  /// The `chains` accumulator sets of combineGroups merged lane-wise: one
  /// extreme per partition.
  SmallVector<Value> mergeChains(OpBuilder &b, Location loc, ValueRange sets,
                                 int64_t chains, ExtremeCombiner combine) {
    SmallVector<Value> merged;
    for (int64_t a = 0; a < partitionVectors; ++a) {
      Value extreme = sets[a];
      for (int64_t c = 1; c < chains; ++c)
        extreme = combine(b, loc, extreme, sets[c * partitionVectors + a]);
      merged.push_back(extreme);
    }
    return merged;
  }

  /// For floats, the ords of the lane-wise best of the partitions with NaNs
  /// skipped: select(x > m, x, m) is one vmaxps where the ord is eight
  /// integer ops. Each lane is then at most as good as its partition's best
  /// element (-inf or +inf for a lane of NaNs only, which no element is
  /// worse than), so the K-th best of them still bounds the K-th best
  /// element from below.
  SmallVector<Value> emitFloatExtremes(OpBuilder &b, Location loc,
                                       int64_t groupEnd) {
    int64_t groupWidth = partitionVectors * width;
    auto floatType = cast<FloatType>(elementType);
    VectorType vectorType = VectorType::get({width}, floatType);
    Value worst = arith::ConstantOp::create(
        b, loc,
        DenseElementsAttr::get(
            vectorType, ArrayRef<APFloat>(APFloat::getInf(
                            floatType.getFloatSemantics(), p.decreasing))));
    auto keepBetter = [&](OpBuilder &lb, Location l, Value current,
                          Value candidate) -> Value {
      Value better = arith::CmpFOp::create(
          lb, l,
          p.decreasing ? arith::CmpFPredicate::OGT : arith::CmpFPredicate::OLT,
          candidate, current);
      return arith::SelectOp::create(lb, l, better, candidate, current);
    };
    auto load = [&](OpBuilder &lb, Location l, Value start) {
      return loadChunk(lb, l, start);
    };
    // Groups of `chains` consecutive groups first, each group in its own
    // accumulators (lane l of partition a stays lane l of partition a), so
    // that `chains` vmaxps chains run at once; then the accumulators are
    // merged lane-wise and the remaining groups run in one chain. Each lane
    // still ends as an element of its partition (or the worst value).
    int64_t chains =
        std::max<int64_t>(1, kExtremeAccumulators / partitionVectors);
    int64_t stride = chains * groupWidth;
    int64_t unrolledEnd = chains > 1 ? groupEnd / stride * stride : 0;
    SmallVector<Value> inits(partitionVectors, worst);
    if (unrolledEnd > 0) {
      SmallVector<Value> chainInits(chains * partitionVectors, worst);
      auto unrolled = scf::ForOp::create(
          b, loc, index(b, loc, 0), index(b, loc, unrolledEnd),
          index(b, loc, stride), chainInits,
          [&](OpBuilder &lb, Location l, Value group, ValueRange extremes) {
            scf::YieldOp::create(lb, l,
                                 combineGroups(lb, l, group, extremes, chains,
                                               load, keepBetter));
          });
      inits = mergeChains(b, loc, unrolled.getResults(), chains, keepBetter);
    }
    SmallVector<Value> extremes = inits;
    if (unrolledEnd < groupEnd) {
      auto loop = scf::ForOp::create(
          b, loc, index(b, loc, unrolledEnd), index(b, loc, groupEnd),
          index(b, loc, groupWidth), inits,
          [&](OpBuilder &lb, Location l, Value group, ValueRange current) {
            scf::YieldOp::create(
                lb, l,
                combineGroups(lb, l, group, current, 1, load, keepBetter));
          });
      extremes = loop.getResults();
    }
    SmallVector<Value> ords;
    for (Value extreme : extremes)
      ords.push_back(emitOrd(b, loc, extreme));
    return ords;
  }

  /// With a prologue of one varying input (softmax's x, with its max and
  /// sum fixed per sequence): the partitions' lane-wise maxima (minima for
  /// `increasing`) of that input, and the ords of the prologue at them.
  /// Each is the ord of an element of its partition, so the K-th best of
  /// them is still reached by K distinct elements whatever the prologue
  /// computes, and the pass reads the input without computing the prologue
  /// (exp, division) per element. A monotone prologue gives the same bound
  /// as the maxima of the ords.
  SmallVector<Value> emitCarrierExtremes(OpBuilder &b, Location loc,
                                         int64_t groupEnd) {
    return emitCarrierOrds(
        b, loc, emitCarrierExtremeValues(b, loc, groupEnd, /*anyNaN=*/{}));
  }

  /// The ords of the prologue at the carrier extremes `extremes`.
  SmallVector<Value> emitCarrierOrds(OpBuilder &b, Location loc,
                                     ValueRange extremes) {
    SmallVector<Value> ords;
    for (Value extreme : extremes)
      ords.push_back(
          emitOrd(b, loc,
                  p.input.evaluateWithCarrier(
                      b, loc, coordsAt(index(b, loc, 0)), width, extreme)));
    return ords;
  }

  /// The partitions' carrier extremes (one vector per partition vector) of
  /// emitCarrierExtremes. With `anyNaN`, also whether some element read
  /// was a NaN (i1): a compare-and-select skips NaNs, so the row max taken
  /// from the extremes needs it (emitSharedExtremes).
  SmallVector<Value> emitCarrierExtremeValues(OpBuilder &b, Location loc,
                                              int64_t groupEnd, Value *anyNaN) {
    int64_t groupWidth = partitionVectors * width;
    auto carrierChunk = [&](OpBuilder &lb, Location l, Value start) {
      return p.input.loadCarrierChunk(lb, l, coordsAt(start), width);
    };
    // Floats: y if it is strictly better, else x (one vmaxps/vminps; a
    // NaN y is skipped and the sign of equal zeros is arbitrary). The
    // result is always one of its operands, so each extreme stays an
    // element of its partition, which is all the bound needs; maximumf's
    // exact NaN and -0 handling put ~9 cycles of latency on each chunk.
    auto combine = [&](OpBuilder &lb, Location l, Value x, Value y) -> Value {
      if (isa<FloatType>(getElementTypeOrSelf(x.getType()))) {
        Value better =
            arith::CmpFOp::create(lb, l,
                                  p.decreasing ? arith::CmpFPredicate::OGT
                                               : arith::CmpFPredicate::OLT,
                                  y, x);
        return arith::SelectOp::create(lb, l, better, y, x);
      }
      if (p.decreasing)
        return arith::MaxSIOp::create(lb, l, x, y).getResult();
      return arith::MinSIOp::create(lb, l, x, y).getResult();
    };
    bool flags = anyNaN != nullptr;
    // `chains` independent accumulator sets, as in emitFloatExtremes: set c
    // starts from group c and takes every `chains`-th group, so that one
    // combine per chunk no longer waits on the previous one's latency (a
    // single vmaxps chain cost 2 cycles per 16 lanes). The first groups
    // initialize the sets: every value is an element of its partition, and
    // merging the sets lane-wise keeps it so.
    int64_t groups = groupEnd / groupWidth;
    int64_t chains =
        std::clamp<int64_t>(kExtremeAccumulators / partitionVectors, 1,
                            std::max<int64_t>(groups / 8, 1));
    int64_t stride = chains * groupWidth;
    int64_t unrolledEnd = groupEnd / stride * stride;
    // NaN lanes: one unordered compare per two chunks (it holds where
    // either is a NaN), each pair OR-ed into its own flags (a chain each).
    // Flags are i1 lanes where the target has mask registers (AVX-512, as
    // a native compress store), else the compare's i32 mask: a loop-carried
    // vector<16xi1> costs AVX2 four shuffles per chunk to pack.
    Type flagType = p.nativeCompress ? Type(b.getI1Type()) : b.getI32Type();
    VectorType flagsType = VectorType::get({width}, flagType);
    auto unordered = [&](OpBuilder &lb, Location l, Value x, Value y) -> Value {
      Value mask =
          arith::CmpFOp::create(lb, l, arith::CmpFPredicate::UNO, x, y);
      if (p.nativeCompress)
        return mask;
      return arith::ExtSIOp::create(lb, l, flagsType, mask);
    };
    auto pairFlags = [&](OpBuilder &lb, Location l, ArrayRef<Value> chunks,
                         ValueRange current) {
      SmallVector<Value> next;
      for (size_t i = 0; i < chunks.size(); i += 2) {
        Value pair = unordered(lb, l, chunks[i],
                               chunks[std::min(i + 1, chunks.size() - 1)]);
        next.push_back(current.empty()
                           ? pair
                           : arith::OrIOp::create(lb, l, current[i / 2], pair)
                                 .getResult());
      }
      return next;
    };
    // One step over `sets` consecutive groups from `group`: accumulator
    // c * partitionVectors + a takes group c's chunk of partition a; the
    // flags follow the accumulators.
    auto step = [&](OpBuilder &lb, Location l, Value group, ValueRange state,
                    int64_t sets) {
      int64_t accumulators = sets * partitionVectors;
      SmallVector<Value> next, chunks;
      for (int64_t c = 0; c < sets; ++c)
        for (int64_t a = 0; a < partitionVectors; ++a) {
          int64_t i = c * partitionVectors + a;
          Value start = arith::AddIOp::create(
              lb, l, group, index(lb, l, c * groupWidth + a * width));
          chunks.push_back(carrierChunk(lb, l, start));
          next.push_back(combine(lb, l, state[i], chunks.back()));
        }
      if (flags)
        next.append(pairFlags(lb, l, chunks, state.drop_front(accumulators)));
      return next;
    };
    // All flags OR-ed into one vector.
    auto mergeFlags = [&](OpBuilder &lb, Location l, ValueRange current) {
      Value lanes = current.front();
      for (Value flag : current.drop_front())
        lanes = arith::OrIOp::create(lb, l, lanes, flag);
      return lanes;
    };
    SmallVector<Value> inits;
    for (int64_t c = 0; c < chains; ++c)
      for (int64_t a = 0; a < partitionVectors; ++a)
        inits.push_back(
            carrierChunk(b, loc, index(b, loc, c * groupWidth + a * width)));
    int64_t accumulators = chains * partitionVectors;
    if (flags)
      inits.append(pairFlags(b, loc, SmallVector<Value>(inits), ValueRange{}));
    auto unrolled = scf::ForOp::create(
        b, loc, index(b, loc, stride), index(b, loc, unrolledEnd),
        index(b, loc, stride), inits,
        [&](OpBuilder &lb, Location l, Value group, ValueRange state) {
          scf::YieldOp::create(lb, l, step(lb, l, group, state, chains));
        });
    ValueRange results = unrolled.getResults();
    SmallVector<Value> merged =
        mergeChains(b, loc, results.take_front(accumulators), chains, combine);
    if (flags) {
      // The remaining groups' flags: the first holds all flags so far.
      Value none = arith::ConstantOp::create(
          b, loc, DenseElementsAttr::get(flagsType, b.getZeroAttr(flagType)));
      merged.push_back(mergeFlags(b, loc, results.drop_front(accumulators)));
      merged.append(llvm::divideCeil(partitionVectors, 2) - 1, none);
    }
    // The groups past the last full stride, one at a time.
    auto loop = scf::ForOp::create(
        b, loc, index(b, loc, unrolledEnd), index(b, loc, groupEnd),
        index(b, loc, groupWidth), merged,
        [&](OpBuilder &lb, Location l, Value group, ValueRange state) {
          scf::YieldOp::create(lb, l, step(lb, l, group, state, 1));
        });
    ValueRange extremes = loop.getResults();
    if (flags) {
      Value lanes = mergeFlags(b, loc, extremes.drop_front(partitionVectors));
      Value any =
          vector::ReductionOp::create(b, loc, vector::CombiningKind::OR, lanes);
      if (!p.nativeCompress)
        any = arith::CmpIOp::create(
            b, loc, arith::CmpIPredicate::ne, any,
            arith::ConstantOp::create(b, loc, b.getZeroAttr(flagType)));
      *anyNaN = any;
    }
    return llvm::to_vector(extremes.take_front(partitionVectors));
  }

  /// The row max of emitCarrierExtremesAndMax for the sequence at `outer`
  /// (one outer dimension): the carrier extremes go to
  /// `extremes[outer, 0:P]`, their max (exact for a nonzero max: each
  /// extreme is an element, and every element is at most its partition's
  /// extreme when there is no NaN) and that of the elements past the last
  /// whole group to `rowMax[outer]`, or `identity` where the sequence holds
  /// a NaN or the max is a zero. Returns that exception as an i1.
  Value emitSharedExtremes(OpBuilder &b, Location loc, ValueRange outer,
                           Value extremes, Value rowMax, Value identity) {
    outerIvs.assign(outer.begin(), outer.end());
    int64_t groupWidth = partitionVectors * width;
    int64_t groupEnd = vectorEnd / groupWidth * groupWidth;
    Value anyNaN;
    SmallVector<Value> values =
        emitCarrierExtremeValues(b, loc, groupEnd, &anyNaN);
    Value lanes = values.front();
    for (auto [a, value] : llvm::enumerate(values)) {
      vector::StoreOp::create(
          b, loc, value, extremes,
          ValueRange{outerIvs.front(), index(b, loc, a * width)});
      if (a > 0)
        lanes = arith::MaximumFOp::create(b, loc, lanes, value);
    }
    Value max = vector::ReductionOp::create(
        b, loc, vector::CombiningKind::MAXIMUMF, lanes);
    auto tail = scf::ForOp::create(
        b, loc, index(b, loc, groupEnd), index(b, loc, p.length),
        index(b, loc, 1), max,
        [&](OpBuilder &lb, Location l, Value j, ValueRange current) {
          Value element = vector::ExtractOp::create(
              lb, l, p.input.loadCarrierChunk(lb, l, coordsAt(j), 1),
              ArrayRef<int64_t>{0});
          scf::YieldOp::create(
              lb, l,
              arith::MaximumFOp::create(lb, l, current[0], element)
                  .getResult());
        });
    max = tail.getResult(0);
    // ueq: a NaN max (from the tail) or a zero of either sign.
    Value zero =
        arith::ConstantOp::create(b, loc, b.getZeroAttr(max.getType()));
    Value exact = arith::OrIOp::create(
        b, loc, anyNaN,
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UEQ, max, zero));
    memref::StoreOp::create(
        b, loc, arith::SelectOp::create(b, loc, exact, identity, max), rowMax,
        ValueRange{outerIvs.front()});
    return exact;
  }

  /// About the ord of the K'-th best of a 1-in-16 sample: a guess of a bound.
  Value emitSampleGuess(OpBuilder &b, Location loc) {
    Value c1 = index(b, loc, 1);
    if (contiguous) {
      VectorType keyType = VectorType::get({width}, b.getI64Type());
      SmallVector<int64_t> lanes =
          llvm::to_vector(llvm::seq<int64_t>(0, width));
      Value laneOffsets = arith::ConstantOp::create(
          b, loc, DenseElementsAttr::get(keyType, ArrayRef(lanes)));
      scf::ForOp::create(
          b, loc, index(b, loc, 0), index(b, loc, sampleChunks), c1,
          ValueRange{}, [&](OpBuilder &lb, Location l, Value s, ValueRange) {
            Value start = arith::MulIOp::create(
                lb, l, s, index(lb, l, kSampleStride * width));
            Value positions = arith::AddIOp::create(
                lb, l,
                vector::BroadcastOp::create(lb, l, keyType,
                                            arith::IndexCastUIOp::create(
                                                lb, l, lb.getI64Type(), start)),
                laneOffsets);
            Value keys = makeKey(lb, l, emitOrd(lb, l, loadChunk(lb, l, start)),
                                 positions);
            vector::StoreOp::create(
                lb, l, keys, scratch,
                ValueRange{arith::MulIOp::create(lb, l, s, index(lb, l, width))
                               .getResult()});
            scf::YieldOp::create(lb, l);
          });
    } else {
      scf::ForOp::create(
          b, loc, index(b, loc, 0), index(b, loc, samples), c1, ValueRange{},
          [&](OpBuilder &lb, Location l, Value s, ValueRange) {
            Value j =
                arith::MulIOp::create(lb, l, s, index(lb, l, kSampleStride));
            Value element = p.input.load(lb, l, coordsAt(j));
            Value key = makeKey(
                lb, l, emitOrd(lb, l, element),
                arith::IndexCastUIOp::create(lb, l, lb.getI64Type(), j));
            memref::StoreOp::create(lb, l, key, scratch, ValueRange{s});
            scf::YieldOp::create(lb, l);
          });
    }
    return emitKthOrdGuess(b, loc, index(b, loc, samples));
  }

  /// About the ord of the K'-th best of the `count` keys in C: the largest t
  /// (low kGuessDroppedBits zero) with at least K' ords >= t, found bit by
  /// bit from the top with vectorized counts. A heap selection of the same
  /// took a third of a long sequence's time in scalar, mispredicted sifts;
  /// the dropped bits only lower the guess (a few more candidates).
  Value emitKthOrdGuess(OpBuilder &b, Location loc, Value count) {
    padWithZeros(b, loc, count);
    Type i64 = b.getI64Type();
    auto search = scf::ForOp::create(
        b, loc, index(b, loc, 0), index(b, loc, 32 - kGuessDroppedBits),
        index(b, loc, 1), ValueRange{intConstant(b, loc, i64, 0)},
        [&](OpBuilder &lb, Location l, Value step, ValueRange found) {
          // The ord is the key's top half: its bits are 63, 62, ... of keys.
          Value shift = arith::IndexCastUIOp::create(
              lb, l, i64, arith::SubIOp::create(lb, l, index(lb, l, 63), step));
          Value candidate = arith::OrIOp::create(
              lb, l, found[0],
              arith::ShLIOp::create(lb, l, intConstant(lb, l, i64, 1), shift));
          // Zero pad keys never count: every candidate key has a bit set.
          Value notWorse =
              emitCountAbove(lb, l, candidate, count, /*orEqual=*/true);
          Value enough = arith::CmpIOp::create(lb, l, arith::CmpIPredicate::uge,
                                               notWorse, index(lb, l, sampleK));
          scf::YieldOp::create(
              lb, l,
              arith::SelectOp::create(lb, l, enough, candidate, found[0])
                  .getResult());
        });
    return arith::TruncIOp::create(
        b, loc, b.getI32Type(),
        arith::ShRUIOp::create(b, loc, search.getResult(0),
                               intConstant(b, loc, i64, 32)));
  }

  /// The ord part of C[slot].
  Value ordAt(OpBuilder &b, Location loc, Value slot) {
    Value key = memref::LoadOp::create(b, loc, scratch, ValueRange{slot});
    return arith::TruncIOp::create(
        b, loc, b.getI32Type(),
        arith::ShRUIOp::create(b, loc, key,
                               intConstant(b, loc, b.getI64Type(), 32)));
  }

  /// An empty C and `threshold`.
  ScanState startState(OpBuilder &b, Location loc, Value threshold) {
    Value limit = emitLimit(b, loc, threshold);
    return startState(b, loc, threshold, limit,
                      emitCarrierLimit(b, loc, limit));
  }

  /// An empty C, `threshold`, its `limit` and the carrier's limit.
  ScanState startState(OpBuilder &b, Location loc, Value threshold, Value limit,
                       Value carrierLimit) {
    Value c0 = index(b, loc, 0);
    return {c0, threshold, c0, limit, carrierLimit};
  }

  /// f at the carrier value that `carrier` emits (at the sequence's first
  /// coordinates: the prologue's constants are the row's) compared with
  /// `limit`.
  Value emitCarrierCompare(OpBuilder &b, Location loc,
                           llvm::function_ref<Value()> carrier, Value limit,
                           arith::CmpFPredicate predicate) {
    SmallVector<Value> coords = coordsAt(index(b, loc, 0));
    Value value =
        p.input.evaluateWithCarrier(b, loc, coords, /*width=*/1, carrier());
    return arith::CmpFOp::create(b, loc, predicate, value, limit);
  }

  /// With a prologue f monotone non-decreasing in its carrier x (decreasing
  /// selection): a float x0 such that every x <u x0 fails the scan's
  /// compare f(x) >=u limit, so chunks whose carrier lies below x0 are
  /// skipped without evaluating f (softmax: no exp, no division). It is a
  /// bisection over ord(x) (monotone f: failing ords form a prefix), cut
  /// after kCarrierSearchSteps steps at a failing ord: x0 may lie a little
  /// below the exact boundary (a candidate chunk too many, never one
  /// missing). The elements of chunks that are not skipped are compared
  /// exactly as before: the results do not change. Where the chain's
  /// constants make f non-monotone (emitMonotoneGuard), x0 = -inf.
  Value emitCarrierLimit(OpBuilder &b, Location loc, Value limit) {
    if (!carrierFilter)
      return {};
    Type i32 = b.getI32Type(), f32 = b.getF32Type();
    auto fromOrd = [](OpBuilder &lb, Location l, Value ord) -> Value {
      return emitFloatOfOrd(lb, l, ord);
    };
    auto passes = [&](OpBuilder &lb, Location l, Value x) -> Value {
      return emitCarrierCompare(
          lb, l, [&] { return x; }, limit, arith::CmpFPredicate::UGE);
    };
    // lo fails (or is ord(-inf)); hi passes (or is ord(+inf)).
    auto search = scf::ForOp::create(
        b, loc, index(b, loc, 0), index(b, loc, kCarrierSearchSteps),
        index(b, loc, 1),
        ValueRange{intConstant(b, loc, i32, kOrdOfNegativeInf),
                   intConstant(b, loc, i32, kOrdOfPositiveInf)},
        [&](OpBuilder &lb, Location l, Value, ValueRange bounds) {
          Value lo = bounds[0], hi = bounds[1];
          Value mid = arith::AddIOp::create(
              lb, l, lo,
              arith::ShRUIOp::create(lb, l,
                                     arith::SubIOp::create(lb, l, hi, lo),
                                     intConstant(lb, l, i32, 1)));
          Value midPasses = passes(lb, l, fromOrd(lb, l, mid));
          scf::YieldOp::create(
              lb, l,
              ValueRange{arith::SelectOp::create(lb, l, midPasses, lo, mid),
                         arith::SelectOp::create(lb, l, midPasses, mid, hi)});
        });
    Value above = fromOrd(b, loc,
                          arith::AddIOp::create(b, loc, search.getResult(0),
                                                intConstant(b, loc, i32, 1)));
    Value negativeInf = arith::ConstantOp::create(
        b, loc,
        b.getFloatAttr(f32, APFloat::getInf(APFloat::IEEEsingle(),
                                            /*Negative=*/true)));
    Value filters = arith::AndIOp::create(
        b, loc, p.input.emitMonotoneGuard(b, loc),
        arith::XOrIOp::create(b, loc, passes(b, loc, negativeInf),
                              arith::ConstantIntOp::create(b, loc, 1, 1)));
    return arith::SelectOp::create(b, loc, filters, above, negativeInf);
  }

  /// For the listed scan, whether every carrier x below the float `floor`
  /// fails `limit`, and then a carrier limit at or above `floor`. With f
  /// monotone in ord(x) (emitMonotoneGuard), every x whose ord is at most
  /// a failing one fails: f is evaluated (independent scalar evaluations,
  /// no chain) at ord(floor) - 1 (not below ord(-inf)), which must fail,
  /// and at ord(ceiling) - span / 2^i for i = 1..4, span = ord(ceiling) -
  /// ord(floor) + 1; the float after the greatest failing ord is the
  /// limit. It replaces emitCarrierLimit's kCarrierSearchSteps dependent
  /// evaluations (~0.12 us per SH row); where `ceiling` passes (the
  /// softmax bound b) and the exact boundary lies in the span's last
  /// sixteenth, as on the suite's rows, the chunks whose lanes all fail
  /// are as few as with the bisected limit (with `floor` itself as the
  /// limit SM evaluated 15 chunks per row instead of 10).
  std::pair<Value, Value> emitListedCarrierLimit(OpBuilder &b, Location loc,
                                                 Value floor, Value ceiling,
                                                 Value limit) {
    Type i32 = b.getI32Type();
    auto fails = [&](Value ord) -> Value {
      return emitCarrierCompare(
          b, loc, [&] { return emitFloatOfOrd(b, loc, ord); }, limit,
          arith::CmpFPredicate::OLT);
    };
    Value low = arith::MaxUIOp::create(
        b, loc,
        arith::SubIOp::create(b, loc, emitOrd(b, loc, floor),
                              intConstant(b, loc, i32, 1)),
        intConstant(b, loc, i32, kOrdOfNegativeInf));
    Value high = emitOrd(b, loc, ceiling);
    Value span = arith::SubIOp::create(b, loc, high, low);
    Value lowFails = fails(low);
    Value greatest = low;
    for (int64_t shift = 1; shift <= kListedLimitProbes; ++shift) {
      Value ord = arith::SubIOp::create(
          b, loc, high,
          arith::ShRUIOp::create(b, loc, span,
                                 intConstant(b, loc, i32, shift)));
      greatest = arith::SelectOp::create(
          b, loc, fails(ord), arith::MaxUIOp::create(b, loc, greatest, ord),
          greatest);
    }
    Value carrierLimit = emitFloatOfOrd(
        b, loc,
        arith::AddIOp::create(b, loc, greatest, intConstant(b, loc, i32, 1)));
    Value usable = arith::AndIOp::create(
        b, loc, p.input.emitMonotoneGuard(b, loc), lowFails);
    return {usable, carrierLimit};
  }

  /// The f32 whose ord (decreasing) is `ord`: the inverse of the sign flip.
  static Value emitFloatOfOrd(OpBuilder &b, Location loc, Value ord) {
    Type i32 = b.getI32Type();
    Value positive =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, ord,
                              intConstant(b, loc, i32, 0x80000000));
    Value bits = arith::SelectOp::create(
        b, loc, positive,
        arith::XOrIOp::create(b, loc, ord,
                              intConstant(b, loc, i32, 0x80000000)),
        arith::XOrIOp::create(b, loc, ord,
                              intConstant(b, loc, i32, 0xFFFFFFFF)));
    return arith::BitcastOp::create(b, loc, b.getF32Type(), bits);
  }

  /// Floats are compared as floats: one cmpf instead of the ord's eight
  /// integer ops per chunk. The limit is the float v with
  ///   decreasing: x >=u v  iff  ord(x) >= t, NaN passing (it is the best);
  ///   increasing: x <=u v  if   ord(x) >= t, NaN passing too (it is the
  ///               worst: a candidate too many, never one missing).
  /// t is first clamped to the ords of -inf and +inf, which lowers it only
  /// where no float but NaN passes (a lower threshold keeps every candidate)
  /// and raises it only where no element lies. Between them the inverse of
  /// ord gives v; the unused ord below +0 gives -0, which compares equal to
  /// +0 as the ords do. Other kinds compare ords (one or two ops).
  Value emitLimit(OpBuilder &b, Location loc, Value threshold) {
    if (p.kind != NumericKind::Float)
      return threshold;
    Type i32 = b.getI32Type();
    Value ord = threshold;
    // The bound on ord_decreasing(x) that ord(x) >= t gives.
    if (!p.decreasing)
      ord = arith::XOrIOp::create(b, loc, ord,
                                  intConstant(b, loc, i32, 0xFFFFFFFF));
    ord = arith::MaxUIOp::create(b, loc, ord,
                                 intConstant(b, loc, i32, kOrdOfNegativeInf));
    ord = arith::MinUIOp::create(b, loc, ord,
                                 intConstant(b, loc, i32, kOrdOfPositiveInf));
    return emitFloatOfOrd(b, loc, ord);
  }

  /// Which of `elements` (scalar or vector) pass the scan's threshold;
  /// `ords` are their ords for the kinds compared as ords, else null.
  Value emitPasses(OpBuilder &b, Location loc, Value elements, Value ords,
                   const ScanState &state) {
    auto splat = [&](Value scalar, Type like) -> Value {
      if (auto vectorType = dyn_cast<VectorType>(like))
        return vector::BroadcastOp::create(
            b, loc, VectorType::get(vectorType.getShape(), scalar.getType()),
            scalar);
      return scalar;
    };
    if (p.kind != NumericKind::Float)
      return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, ords,
                                   splat(state.threshold, ords.getType()));
    Value wide = elements;
    if (elementType.getIntOrFloatBitWidth() < 32) {
      Type f32 = b.getF32Type();
      if (auto vectorType = dyn_cast<VectorType>(elements.getType()))
        f32 = VectorType::get(vectorType.getShape(), f32);
      wide = arith::ExtFOp::create(b, loc, f32, elements);
    }
    return arith::CmpFOp::create(b, loc,
                                 p.decreasing ? arith::CmpFPredicate::UGE
                                              : arith::CmpFPredicate::ULE,
                                 wide, splat(state.limit, wide.getType()));
  }

  /// Appends the keys of the whole sequence not worse than the threshold.
  ScanState emitScan(OpBuilder &b, Location loc, ScanState state) {
    if (!contiguous)
      return emitScalarScan(b, loc, state);
    // With the carrier filter, groups of full chunks are skipped together
    // (emitCarrierGroups); the chunks after the last group one by one.
    int64_t groupedEnd = 0;
    if (state.carrierLimit) {
      groupedEnd =
          p.length / (kScanGroupChunks * width) * (kScanGroupChunks * width);
      if (groupedEnd > 0)
        state = emitCarrierGroups(b, loc, groupedEnd, state);
    }
    // A ragged end makes every chunk masked: one copy of the chunk code.
    bool masked = p.length % width != 0;
    auto chunks = scf::ForOp::create(
        b, loc, index(b, loc, groupedEnd),
        index(b, loc, llvm::alignTo(p.length, width)), index(b, loc, width),
        state.asValues(),
        [&](OpBuilder &lb, Location l, Value chunk, ValueRange args) {
          // One line per 64-byte chunk (two per line for narrower ones).
          if (!prefetchIvs.empty())
            p.input.prefetch(lb, l, coordsAt(chunk, prefetchIvs));
          scf::YieldOp::create(
              lb, l,
              emitChunk(lb, l, chunk, ScanState::from(args), masked)
                  .asValues());
        });
    return ScanState::from(chunks.getResults());
  }

  /// The scan over the chunks that the exp pass listed (see
  /// emitCandidateLimits), then over the chunks past those it compared,
  /// when the list is usable: it did not overflow, and every carrier below
  /// its limit fails the threshold (emitListedCarrierLimit), so every chunk not
  /// listed has no element that passes, and the list's limit serves as the
  /// carrier's limit of the listed chunks (docs/numerics.md). The listed
  /// chunks run through emitChunk in position order: the keys and their
  /// order are those of emitScan, which runs otherwise (a NaN, an infinite
  /// or a zero max, a limit where elements below pass, an overflow, a pass
  /// that did not list) with the bisected carrier's limit.
  ScanState emitListedScan(OpBuilder &b, Location loc, Value threshold) {
    Type i32 = b.getI32Type();
    Value sequence = outerIvs.front();
    auto header = [&](int64_t slot) -> Value {
      return memref::LoadOp::create(b, loc, p.candidateChunks,
                                    ValueRange{sequence, index(b, loc, slot)});
    };
    auto asIndex = [](OpBuilder &lb, Location l, Value value) -> Value {
      return arith::IndexCastUIOp::create(lb, l, lb.getIndexType(), value);
    };
    Value count = header(kCandidateCount);
    Value listLimit = arith::BitcastOp::create(b, loc, b.getF32Type(),
                                               header(kCandidateLimit));
    Value bound = arith::BitcastOp::create(b, loc, b.getF32Type(),
                                           header(kCandidateBound));
    Value limit = emitLimit(b, loc, threshold);
    auto [usable, carrierLimit] =
        emitListedCarrierLimit(b, loc, listLimit, bound, limit);
    Value listed = arith::AndIOp::create(
        b, loc,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ule, count,
                              intConstant(b, loc, i32, getCandidateCapacity())),
        usable);
    auto scan = scf::IfOp::create(
        b, loc, listed,
        [&](OpBuilder &ib, Location il) {
          ScanState state = startState(ib, il, threshold, limit, carrierLimit);
          Value span =
              asIndex(ib, il,
                      memref::LoadOp::create(
                          ib, il, p.candidateChunks,
                          ValueRange{sequence, index(ib, il, kCandidateSpan)}));
          Value covered = asIndex(
              ib, il,
              memref::LoadOp::create(
                  ib, il, p.candidateChunks,
                  ValueRange{sequence, index(ib, il, kCandidateCovered)}));
          auto chunks = scf::ForOp::create(
              ib, il, index(ib, il, 0), asIndex(ib, il, count),
              index(ib, il, 1), state.asValues(),
              [&](OpBuilder &lb, Location l, Value i, ValueRange args) {
                Value start = asIndex(
                    lb, l,
                    memref::LoadOp::create(
                        lb, l, p.candidateChunks,
                        ValueRange{sequence,
                                   arith::AddIOp::create(
                                       lb, l, i, index(lb, l, kCandidateHeader))
                                       .getResult()}));
                auto inChunk = scf::ForOp::create(
                    lb, l, start, arith::AddIOp::create(lb, l, start, span),
                    index(lb, l, width), args,
                    [&](OpBuilder &cb, Location cl, Value chunk,
                        ValueRange current) {
                      scf::YieldOp::create(cb, cl,
                                           emitChunk(cb, cl, chunk,
                                                     ScanState::from(current),
                                                     /*masked=*/false)
                                               .asValues());
                    });
                scf::YieldOp::create(lb, l, inChunk.getResults());
              });
          // The chunks the pass did not compare (its scalar remainder).
          bool masked = p.length % width != 0;
          auto rest = scf::ForOp::create(
              ib, il, covered, index(ib, il, llvm::alignTo(p.length, width)),
              index(ib, il, width), chunks.getResults(),
              [&](OpBuilder &lb, Location l, Value chunk, ValueRange args) {
                scf::YieldOp::create(
                    lb, l,
                    emitChunk(lb, l, chunk, ScanState::from(args), masked)
                        .asValues());
              });
          scf::YieldOp::create(ib, il, rest.getResults());
        },
        [&](OpBuilder &eb, Location el) {
          scf::YieldOp::create(
              eb, el,
              emitScan(eb, el,
                       startState(eb, el, threshold, limit,
                                  emitCarrierLimit(eb, el, limit)))
                  .asValues());
        });
    return ScanState::from(scan.getResults());
  }

  /// The full chunks before `groupedEnd`, kScanGroupChunks at a time: the
  /// group's carriers are compared with the carrier's limit, and only a
  /// group with a lane that may pass runs its chunks through emitChunk
  /// (which compares each chunk again and then its elements exactly), so
  /// the keys appended and their order are those of the chunk-by-chunk
  /// loop. The skipping loop carries no state but the position.
  ScanState emitCarrierGroups(OpBuilder &b, Location loc, int64_t groupedEnd,
                              ScanState state) {
    int64_t groupWidth = kScanGroupChunks * width;
    auto groups = scf::ForOp::create(
        b, loc, index(b, loc, 0), index(b, loc, groupedEnd),
        index(b, loc, groupWidth), state.asValues(),
        [&](OpBuilder &lb, Location l, Value group, ValueRange args) {
          ScanState current = ScanState::from(args);
          Value maybe;
          for (int64_t g = 0; g < kScanGroupChunks; ++g) {
            Value chunk =
                arith::AddIOp::create(lb, l, group, index(lb, l, g * width));
            Value lanes =
                emitCarrierMayPass(lb, l,
                                   p.input.loadCarrierChunk(
                                       lb, l, coordsAt(chunk), width, Value()),
                                   current);
            maybe = maybe
                        ? arith::OrIOp::create(lb, l, maybe, lanes).getResult()
                        : lanes;
          }
          auto filtered = scf::IfOp::create(
              lb, l, anyLane(lb, l, maybe),
              [&](OpBuilder &ib, Location il) {
                ScanState next = current;
                for (int64_t g = 0; g < kScanGroupChunks; ++g)
                  next = emitChunk(ib, il,
                                   arith::AddIOp::create(
                                       ib, il, group, index(ib, il, g * width)),
                                   next, /*masked=*/false);
                scf::YieldOp::create(ib, il, next.asValues());
              },
              [&](OpBuilder &eb, Location el) {
                scf::YieldOp::create(eb, el, current.asValues());
              });
          scf::YieldOp::create(lb, l, filtered.getResults());
        });
    return ScanState::from(groups.getResults());
  }

  /// One W-wide chunk: keys of the lanes not worse than the threshold are
  /// compressed into C. With `masked`, lanes past the end are off. With the
  /// carrier filter, a chunk whose carrier lies below the carrier's limit
  /// is skipped on one compare (see emitCarrierLimit).
  ScanState emitChunk(OpBuilder &b, Location loc, Value chunk, ScanState state,
                      bool masked) {
    Value inBounds = masked ? emitInBounds(b, loc, chunk) : Value();
    if (!state.carrierLimit)
      return emitChunkElements(b, loc, chunk, state, inBounds, Value());
    // Lanes past the end read -inf: below any limit but -inf, and the
    // element compare masks them anyway.
    Value carrierChunk =
        p.input.loadCarrierChunk(b, loc, coordsAt(chunk), width, inBounds);
    Value maybe = emitCarrierMayPass(b, loc, carrierChunk, state);
    auto filtered = scf::IfOp::create(
        b, loc, anyLane(b, loc, maybe),
        [&](OpBuilder &ib, Location il) {
          scf::YieldOp::create(
              ib, il,
              emitChunkElements(ib, il, chunk, state, inBounds, carrierChunk)
                  .asValues());
        },
        [&](OpBuilder &eb, Location el) {
          scf::YieldOp::create(eb, el, state.asValues());
        });
    return ScanState::from(filtered.getResults());
  }

  /// The lanes of a carrier chunk not below the carrier's limit (NaN
  /// included): only their elements can pass the threshold.
  Value emitCarrierMayPass(OpBuilder &b, Location loc, Value carrierChunk,
                           const ScanState &state) {
    return arith::CmpFOp::create(
        b, loc, arith::CmpFPredicate::UGE, carrierChunk,
        vector::BroadcastOp::create(b, loc, carrierChunk.getType(),
                                    state.carrierLimit));
  }

  /// Whether any lane of the i1 vector `lanes` is set.
  Value anyLane(OpBuilder &b, Location loc, Value lanes) {
    Value bits = emitMaskBits(b, loc, lanes);
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, bits,
                                 intConstant(b, loc, bits.getType(), 0));
  }

  /// The lanes of the chunk at `chunk` inside the sequence.
  Value emitInBounds(OpBuilder &b, Location loc, Value chunk) {
    VectorType lanesType = VectorType::get({width}, b.getI32Type());
    SmallVector<int32_t> lanes =
        llvm::to_vector(llvm::seq<int32_t>(0, static_cast<int32_t>(width)));
    Value left = arith::IndexCastUIOp::create(
        b, loc, b.getI32Type(),
        arith::SubIOp::create(b, loc, index(b, loc, p.length), chunk));
    return arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::ult,
        arith::ConstantOp::create(
            b, loc, DenseElementsAttr::get(lanesType, ArrayRef(lanes))),
        vector::BroadcastOp::create(b, loc, lanesType, left));
  }

  /// The chunk's elements compared with the threshold (emitChunk), from
  /// `carrierChunk` when it was loaded already; `inBounds` (or null: all)
  /// masks lanes past the end.
  ScanState emitChunkElements(OpBuilder &b, Location loc, Value chunk,
                              ScanState state, Value inBounds,
                              Value carrierChunk) {
    Value elements;
    if (carrierChunk) {
      elements = p.input.evaluateWithCarrier(b, loc, coordsAt(chunk), width,
                                             carrierChunk);
    } else if (inBounds) {
      elements = p.input.loadChunk(b, loc, coordsAt(chunk), width, inBounds);
    } else {
      elements = loadChunk(b, loc, chunk);
    }
    bool floats = p.kind == NumericKind::Float;
    Value ords = floats ? Value() : emitOrd(b, loc, elements);
    Value passes = emitPasses(b, loc, elements, ords, state);
    if (inBounds)
      passes = arith::AndIOp::create(b, loc, passes, inBounds);
    Value bits = emitMaskBits(b, loc, passes);
    Value any = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, bits,
                                      intConstant(b, loc, bits.getType(), 0));
    auto append = scf::IfOp::create(
        b, loc, any,
        [&](OpBuilder &ib, Location il) {
          Value passed = emitSetBits(ib, il, bits);
          ScanState room = emitMakeRoom(ib, il, state, width);
          Value keyOrds = floats ? emitOrd(ib, il, elements) : ords;
          VectorType keyType = VectorType::get({width}, ib.getI64Type());
          SmallVector<int64_t> lanes =
              llvm::to_vector(llvm::seq<int64_t>(0, width));
          Value positions = arith::AddIOp::create(
              ib, il,
              vector::BroadcastOp::create(
                  ib, il, keyType,
                  arith::IndexCastUIOp::create(ib, il, ib.getI64Type(), chunk)),
              arith::ConstantOp::create(
                  ib, il, DenseElementsAttr::get(keyType, ArrayRef(lanes))));
          emitAppendKeys(ib, il, room.count, passes,
                         makeKey(ib, il, keyOrds, positions));
          scf::YieldOp::create(ib, il, room.appended(ib, il, passed));
        },
        [&](OpBuilder &eb, Location el) {
          scf::YieldOp::create(eb, el, state.asValues());
        });
    return ScanState::from(append.getResults());
  }

  /// Appends the keys of the lanes set in `passes` to C at `count`, in lane
  /// order. With a native compress (AVX-512) each kKeyLanes keys are
  /// compressed in a register and stored whole: C has room for a chunk
  /// from `count` (emitMakeRoom), and the lanes past the passing ones are
  /// never read. Zen 5 runs a compress into memory as a microcoded
  /// sequence: in a C replica of the listed scan of a log-softmax row, the
  /// register form and a plain store took 600 ns to 500 (bench/README.md,
  /// branch sh-sel).
  void emitAppendKeys(OpBuilder &b, Location loc, Value count, Value passes,
                      Value keys) {
    if (!p.nativeCompress) {
      // The null alignment picks the generated builder: the MaybeAlign
      // one of MLIR 22 swaps the mask and the stored vector.
      vector::CompressStoreOp::create(b, loc, scratch, ValueRange{count},
                                      passes, keys, IntegerAttr());
      return;
    }
    VectorType pieceType = VectorType::get({kKeyLanes}, b.getI64Type());
    Value zeros = intConstant(b, loc, pieceType, 0);
    auto compress = b.getStringAttr("llvm.experimental.vector.compress");
    for (int64_t lane = 0; lane < width; lane += kKeyLanes) {
      auto slice = [&](Value vector) -> Value {
        return vector::ExtractStridedSliceOp::create(
            b, loc, vector, ArrayRef<int64_t>{lane},
            ArrayRef<int64_t>{kKeyLanes}, ArrayRef<int64_t>{1});
      };
      Value pieceMask = slice(passes);
      Value packed = LLVM::CallIntrinsicOp::create(
                         b, loc, pieceType, compress,
                         ValueRange{slice(keys), pieceMask, zeros})
                         .getResult(0);
      vector::StoreOp::create(b, loc, packed, scratch, ValueRange{count});
      if (lane + kKeyLanes < width)
        count = arith::AddIOp::create(
            b, loc, count,
            emitSetBits(b, loc, emitMaskBits(b, loc, pieceMask)));
    }
  }

  /// The elements one at a time (a strided axis).
  ScanState emitScalarScan(OpBuilder &b, Location loc, ScanState state) {
    auto loop = scf::ForOp::create(
        b, loc, index(b, loc, 0), index(b, loc, p.length), index(b, loc, 1),
        state.asValues(),
        [&](OpBuilder &lb, Location l, Value j, ValueRange args) {
          ScanState current = ScanState::from(args);
          Value element = p.input.load(lb, l, coordsAt(j));
          Value ord = emitOrd(lb, l, element);
          Value passes = emitPasses(lb, l, element, ord, current);
          auto append = scf::IfOp::create(
              lb, l, passes,
              [&](OpBuilder &ib, Location il) {
                ScanState room = emitMakeRoom(ib, il, current, 1);
                Value position =
                    arith::IndexCastUIOp::create(ib, il, ib.getI64Type(), j);
                memref::StoreOp::create(ib, il, makeKey(ib, il, ord, position),
                                        scratch, ValueRange{room.count});
                scf::YieldOp::create(ib, il,
                                     room.appended(ib, il, index(ib, il, 1)));
              },
              [&](OpBuilder &eb, Location el) {
                scf::YieldOp::create(eb, el, current.asValues());
              });
          scf::YieldOp::create(lb, l, append.getResults());
        });
    return ScanState::from(loop.getResults());
  }

  /// Prunes C to its best K keys when `needed` more do not fit, and
  /// raises the threshold above the worst kept ord (unless it is the
  /// greatest: equal ords must then still pass).
  ScanState emitMakeRoom(OpBuilder &b, Location loc, ScanState state,
                         int64_t needed) {
    int64_t keep = p.k;
    if (!mayPrune())
      return state;
    Value full = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::ugt,
        arith::AddIOp::create(b, loc, state.count, index(b, loc, needed)),
        index(b, loc, capacity));
    auto prune = scf::IfOp::create(
        b, loc, full,
        [&](OpBuilder &ib, Location il) {
          emitSelectTop(ib, il, state.count, keep);
          // Move the kept keys to the front, best first: equal ords then
          // stay in position order, before the later (greater) positions
          // appended next, as the stable radix sort needs. The ranges do
          // not overlap (count > capacity - W >= 2 K).
          Value last =
              arith::SubIOp::create(ib, il, state.count, index(ib, il, 1));
          scf::ForOp::create(
              ib, il, index(ib, il, 0), index(ib, il, keep), index(ib, il, 1),
              ValueRange{},
              [&](OpBuilder &lb, Location l, Value i, ValueRange) {
                Value key = memref::LoadOp::create(
                    lb, l, scratch,
                    ValueRange{
                        arith::SubIOp::create(lb, l, last, i).getResult()});
                memref::StoreOp::create(lb, l, key, scratch, ValueRange{i});
                scf::YieldOp::create(lb, l);
              });
          Value worst = ordAt(ib, il, index(ib, il, keep - 1));
          Value greatest = arith::CmpIOp::create(
              ib, il, arith::CmpIPredicate::eq, worst,
              intConstant(ib, il, ib.getI32Type(), 0xFFFFFFFF));
          Value above = arith::AddIOp::create(
              ib, il, worst, intConstant(ib, il, ib.getI32Type(), 1));
          Value threshold =
              arith::SelectOp::create(ib, il, greatest, worst, above);
          // Never lower a threshold that already holds.
          threshold =
              arith::MaxUIOp::create(ib, il, threshold, state.threshold);
          Value limit = emitLimit(ib, il, threshold);
          SmallVector<Value> results = {index(ib, il, keep), threshold, limit};
          if (Value carrierLimit = emitCarrierLimit(ib, il, limit))
            results.push_back(carrierLimit);
          scf::YieldOp::create(ib, il, results);
        },
        [&](OpBuilder &eb, Location el) {
          SmallVector<Value> results = {state.count, state.threshold,
                                        state.limit};
          if (state.carrierLimit)
            results.push_back(state.carrierLimit);
          scf::YieldOp::create(eb, el, results);
        });
    return {prune.getResult(0), prune.getResult(1), state.accepted,
            prune.getResult(2),
            state.carrierLimit ? prune.getResult(3) : Value()};
  }

  /// Heap selection in C[0, count): a max-heap is built, then the best
  /// `take` keys are popped to C[count - take, count), best last.
  void emitSelectTop(OpBuilder &b, Location loc, Value count, int64_t take) {
    // Both phases share one sift-down (less code to compile): steps below
    // `half` heapify, the `take` later ones pop.
    Value half = arith::DivUIOp::create(b, loc, count, index(b, loc, 2));
    Value steps = arith::AddIOp::create(b, loc, half, index(b, loc, take));
    scf::ForOp::create(
        b, loc, index(b, loc, 0), steps, index(b, loc, 1), ValueRange{},
        [&](OpBuilder &lb, Location l, Value step, ValueRange) {
          Value one = index(lb, l, 1), root = index(lb, l, 0);
          Value building = arith::CmpIOp::create(
              lb, l, arith::CmpIPredicate::ult, step, half);
          Value slot = arith::SelectOp::create(
              lb, l, building,
              arith::SubIOp::create(
                  lb, l, arith::SubIOp::create(lb, l, half, step), one),
              root);
          // Pop number step - half moves the best to the end of the heap.
          Value last = arith::SubIOp::create(
              lb, l, arith::AddIOp::create(lb, l, count, half),
              arith::AddIOp::create(lb, l, step, one));
          Value size = arith::SelectOp::create(lb, l, building, count, last);
          Value best = memref::LoadOp::create(lb, l, scratch, ValueRange{root});
          Value key = memref::LoadOp::create(
              lb, l, scratch,
              ValueRange{arith::SelectOp::create(lb, l, building, slot, last)
                             .getResult()});
          Value popping = arith::XOrIOp::create(
              lb, l, building, arith::ConstantIntOp::create(lb, l, 1, 1));
          scf::IfOp::create(lb, l, popping, [&](OpBuilder &ib, Location il) {
            memref::StoreOp::create(ib, il, best, scratch, ValueRange{last});
            scf::YieldOp::create(ib, il);
          });
          emitSiftDown(lb, l, slot, key, size);
          scf::YieldOp::create(lb, l);
        });
  }

  /// Places `key` at `slot` of the max-heap C[0, size), moving better
  /// children up into the hole until none is better.
  void emitSiftDown(OpBuilder &b, Location loc, Value slot, Value key,
                    Value size) {
    Type indexType = b.getIndexType(), i64 = b.getI64Type();
    auto loop = scf::WhileOp::create(
        b, loc, TypeRange{indexType, indexType, i64},
        ValueRange{slot, slot, key},
        [&](OpBuilder &wb, Location l, ValueRange args) {
          Value hole = args[0];
          Value zero = index(wb, l, 0), one = index(wb, l, 1);
          Value left = arith::AddIOp::create(
              wb, l, arith::AddIOp::create(wb, l, hole, hole), one);
          Value right = arith::AddIOp::create(wb, l, left, one);
          Value hasLeft = arith::CmpIOp::create(
              wb, l, arith::CmpIPredicate::ult, left, size);
          Value hasRight = arith::CmpIOp::create(
              wb, l, arith::CmpIPredicate::ult, right, size);
          // Missing children read slot 0 (in bounds) and are ignored.
          Value leftKey = memref::LoadOp::create(
              wb, l, scratch,
              ValueRange{arith::SelectOp::create(wb, l, hasLeft, left, zero)
                             .getResult()});
          Value rightKey = memref::LoadOp::create(
              wb, l, scratch,
              ValueRange{arith::SelectOp::create(wb, l, hasRight, right, zero)
                             .getResult()});
          Value takeRight = arith::AndIOp::create(
              wb, l, hasRight,
              arith::CmpIOp::create(wb, l, arith::CmpIPredicate::ugt, rightKey,
                                    leftKey));
          Value child = arith::SelectOp::create(wb, l, takeRight, right, left);
          Value childKey =
              arith::SelectOp::create(wb, l, takeRight, rightKey, leftKey);
          Value moves = arith::AndIOp::create(
              wb, l, hasLeft,
              arith::CmpIOp::create(wb, l, arith::CmpIPredicate::ugt, childKey,
                                    key));
          scf::ConditionOp::create(wb, l, moves,
                                   ValueRange{hole, child, childKey});
        },
        [&](OpBuilder &wb, Location l, ValueRange args) {
          memref::StoreOp::create(wb, l, args[2], scratch, ValueRange{args[0]});
          scf::YieldOp::create(wb, l, ValueRange{args[1], args[1], args[2]});
        });
    memref::StoreOp::create(b, loc, key, scratch,
                            ValueRange{loop.getResult(0)});
  }

  /// ord(value) for a scalar or a vector of elements: unsigned i32 whose
  /// order is the selection order (larger is better).
  Value emitOrd(OpBuilder &b, Location loc, Value value) {
    auto shaped = [&](Type element) -> Type {
      if (auto vectorType = dyn_cast<VectorType>(value.getType()))
        return VectorType::get(vectorType.getShape(), element);
      return element;
    };
    Type i32 = shaped(b.getI32Type());
    unsigned bits = elementType.getIntOrFloatBitWidth();
    Value ord;
    switch (p.kind) {
    case NumericKind::Float: {
      // f16 widens exactly (NaN stays NaN, -0 stays -0).
      if (bits < 32)
        value = arith::ExtFOp::create(b, loc, shaped(b.getF32Type()), value);
      Value raw = arith::BitcastOp::create(b, loc, i32, value);
      Value isNaN = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO,
                                          value, value);
      Value negativeZero =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, raw,
                                intConstant(b, loc, i32, 0x80000000));
      raw = arith::SelectOp::create(b, loc, negativeZero,
                                    intConstant(b, loc, i32, 0), raw);
      raw = arith::SelectOp::create(b, loc, isNaN,
                                    intConstant(b, loc, i32, 0x7FFFFFFF), raw);
      // Negative values flip all bits, others only the sign bit.
      Value flip = arith::OrIOp::create(
          b, loc,
          arith::ShRSIOp::create(b, loc, raw, intConstant(b, loc, i32, 31)),
          intConstant(b, loc, i32, 0x80000000));
      ord = arith::XOrIOp::create(b, loc, raw, flip);
      break;
    }
    case NumericKind::Signed:
      ord = bits < 32 ? arith::ExtSIOp::create(b, loc, i32, value).getResult()
                      : value;
      ord = arith::XOrIOp::create(b, loc, ord,
                                  intConstant(b, loc, i32, 0x80000000));
      break;
    case NumericKind::Unsigned:
      ord = bits < 32 ? arith::ExtUIOp::create(b, loc, i32, value).getResult()
                      : value;
      break;
    }
    if (!p.decreasing)
      ord = arith::XOrIOp::create(b, loc, ord,
                                  intConstant(b, loc, i32, 0xFFFFFFFF));
    return ord;
  }

  /// ord << 32 | (0xFFFFFFFF - position), scalar or vector (positions i64).
  Value makeKey(OpBuilder &b, Location loc, Value ord, Value position) {
    Type keyType = position.getType();
    Value high = arith::ShLIOp::create(
        b, loc, arith::ExtUIOp::create(b, loc, keyType, ord),
        intConstant(b, loc, keyType, 32));
    Value low = arith::XOrIOp::create(b, loc, position,
                                      intConstant(b, loc, keyType, 0xFFFFFFFF));
    return arith::OrIOp::create(b, loc, high, low);
  }

  Value loadChunk(OpBuilder &b, Location loc, Value start) {
    return p.input.loadChunk(b, loc, coordsAt(start), width);
  }

  /// An integer constant of `type` (scalar or vector splat).
  static Value intConstant(OpBuilder &b, Location loc, Type type,
                           uint64_t value) {
    auto integerType = cast<IntegerType>(getElementTypeOrSelf(type));
    APInt bits(integerType.getWidth(), value);
    if (auto vectorType = dyn_cast<VectorType>(type))
      return arith::ConstantOp::create(
          b, loc, DenseElementsAttr::get(vectorType, bits));
    return arith::ConstantOp::create(b, loc,
                                     b.getIntegerAttr(integerType, bits));
  }

  static Value index(OpBuilder &b, Location loc, int64_t value) {
    return arith::ConstantIndexOp::create(b, loc, value);
  }

  /// The lanes of the i1 vector `mask` as the bits of one integer (lane i
  /// in bit i): one kmov on AVX-512, one movmsk on AVX2.
  static Value emitMaskBits(OpBuilder &b, Location loc, Value mask) {
    auto maskType = cast<VectorType>(mask.getType());
    Type bitsType = b.getIntegerType(maskType.getNumElements());
    return vector::ExtractOp::create(
        b, loc,
        vector::BitCastOp::create(b, loc, VectorType::get({1}, bitsType), mask),
        ArrayRef<int64_t>{0});
  }

  /// How many bits of `bits` are set, as an index.
  static Value emitSetBits(OpBuilder &b, Location loc, Value bits) {
    return arith::IndexCastUIOp::create(b, loc, b.getIndexType(),
                                        math::CtPopOp::create(b, loc, bits));
  }

  SmallVector<Value> coordsAt(Value position) {
    return coordsAt(position, outerIvs);
  }
  /// The coordinates of `position` in the sequence at `outer`.
  SmallVector<Value> coordsAt(Value position, ArrayRef<Value> outer) {
    SmallVector<Value> coords;
    for (int64_t d = 0, o = 0; d < static_cast<int64_t>(outer.size()) + 1; ++d)
      coords.push_back(d == p.axis ? position : outer[o++]);
    return coords;
  }

  const TopKProblem &p;
  SmallVector<Value> outerIvs, prefetchIvs;
  Type elementType;
  bool contiguous;
  /// Whether the scan skips chunks on the carrier (emitCarrierLimit).
  bool carrierFilter = false;
  /// Whether the scan appends positions without a branch (emitPositionScan).
  bool positionScan = false;
  int64_t prefetchDistance = 0;
  int64_t width, vectorEnd, partitionVectors, sampleChunks, samples, sampleK,
      capacity;
  BoundKind bound;
  Value scratch, positions;
};

} // namespace

bool mlir::dml::canSelectTopKWithKeys(Type elementType) {
  return elementType.isIntOrFloat() &&
         elementType.getIntOrFloatBitWidth() <= 32;
}

void mlir::dml::emitTopKWithKeys(OpBuilder &b, Location loc,
                                 const TopKProblem &problem,
                                 ArrayRef<int64_t> outerSizes, bool parallel) {
  KeyedTopKEmitter emitter(problem);
  int64_t sequences = 1;
  for (int64_t size : outerSizes)
    sequences *= size;
  int64_t blocks = parallel ? std::min(sequences, kMaxBlocks) : 1;
  int64_t perBlock = llvm::divideCeil(sequences, blocks);
  blocks = llvm::divideCeil(sequences, perBlock);
  auto index = [&](OpBuilder &b, Location l, int64_t value) -> Value {
    return arith::ConstantIndexOp::create(b, l, value);
  };
  // One scratch buffer per block, so that sequences in flight never share
  // one; freed after the block (this runs after the deallocation pipeline).
  auto emitBlock = [&](OpBuilder &b, Location l, Value block) {
    Value scratch = memref::AllocOp::create(
        b, l, MemRefType::get({emitter.getScratchSize()}, b.getI64Type()));
    Value positions;
    if (int64_t size = emitter.getPositionsSize())
      positions = memref::AllocOp::create(
          b, l, MemRefType::get({size}, b.getI32Type()));
    Value begin = arith::MulIOp::create(b, l, block, index(b, l, perBlock));
    Value end = arith::MinUIOp::create(
        b, l, arith::AddIOp::create(b, l, begin, index(b, l, perBlock)),
        index(b, l, sequences));
    scf::ForOp::create(
        b, l, begin, end, index(b, l, 1), ValueRange{},
        [&](OpBuilder &lb, Location ll, Value sequence, ValueRange) {
          // Row-major coordinates of a sequence in the outer dimensions.
          auto coordinatesOf = [&](Value rest) {
            SmallVector<Value> outer(outerSizes.size());
            for (int64_t d = static_cast<int64_t>(outerSizes.size()) - 1;
                 d >= 0; --d) {
              Value size = index(lb, ll, outerSizes[d]);
              outer[d] =
                  d == 0
                      ? rest
                      : arith::RemUIOp::create(lb, ll, rest, size).getResult();
              if (d > 0)
                rest = arith::DivUIOp::create(lb, ll, rest, size);
            }
            return outer;
          };
          // The sequence `distance` ahead, clamped to the last one: the
          // prefetch never addresses outside the input.
          SmallVector<Value> prefetchOuter;
          if (int64_t distance = emitter.getPrefetchDistance();
              distance > 0 && sequences > 1)
            prefetchOuter = coordinatesOf(arith::MinUIOp::create(
                lb, ll,
                arith::AddIOp::create(lb, ll, sequence,
                                      index(lb, ll, distance)),
                index(lb, ll, sequences - 1)));
          emitter.emit(lb, ll, scratch, positions, coordinatesOf(sequence),
                       prefetchOuter);
          scf::YieldOp::create(lb, ll);
        });
    memref::DeallocOp::create(b, l, scratch);
    if (positions)
      memref::DeallocOp::create(b, l, positions);
  };
  if (blocks > 1)
    scf::ParallelOp::create(b, loc, ValueRange{index(b, loc, 0)},
                            ValueRange{index(b, loc, blocks)},
                            ValueRange{index(b, loc, 1)},
                            [&](OpBuilder &pb, Location pl, ValueRange ivs) {
                              emitBlock(pb, pl, ivs[0]);
                            });
  else
    emitBlock(b, loc, index(b, loc, 0));
}

int64_t mlir::dml::getCandidateCapacity(const TopKProblem &problem) {
  return KeyedTopKEmitter(problem).getCandidateCapacity();
}

int64_t mlir::dml::getCandidateGranule(const TopKProblem &problem) {
  return KeyedTopKEmitter(problem).getWidth();
}

void mlir::dml::emitCandidateLimits(OpBuilder &b, Location loc,
                                    const TopKProblem &problem,
                                    int64_t sequences, Value extremes,
                                    Value rowMax, Value candidates) {
  KeyedTopKEmitter emitter(problem);
  scf::ForOp::create(
      b, loc, arith::ConstantIndexOp::create(b, loc, 0),
      arith::ConstantIndexOp::create(b, loc, sequences),
      arith::ConstantIndexOp::create(b, loc, 1), ValueRange{},
      [&](OpBuilder &lb, Location l, Value sequence, ValueRange) {
        emitter.emitCandidateLimit(lb, l, sequence, extremes, rowMax,
                                   candidates);
        scf::YieldOp::create(lb, l);
      });
}

int64_t mlir::dml::getSharedCarrierExtremesSize(const TopKProblem &problem) {
  return KeyedTopKEmitter(problem).getSharedExtremesSize();
}

Value mlir::dml::emitCarrierExtremesAndMax(OpBuilder &b, Location loc,
                                           const TopKProblem &problem,
                                           int64_t sequences, Value extremes,
                                           Value rowMax, Value identity) {
  KeyedTopKEmitter emitter(problem);
  auto loop = scf::ForOp::create(
      b, loc, arith::ConstantIndexOp::create(b, loc, 0),
      arith::ConstantIndexOp::create(b, loc, sequences),
      arith::ConstantIndexOp::create(b, loc, 1),
      ValueRange{arith::ConstantIntOp::create(b, loc, b.getI1Type(), 0)},
      [&](OpBuilder &lb, Location l, Value sequence, ValueRange exact) {
        Value needs =
            emitter.emitRowMax(lb, l, sequence, extremes, rowMax, identity);
        scf::YieldOp::create(
            lb, l, arith::OrIOp::create(lb, l, exact[0], needs).getResult());
      });
  return loop.getResult(0);
}
