//===- SelectTopK.cpp - dml-gpu-select-top-k ------------------------------===//
//
// A bufferized dml.select_top_k becomes GPU kernels (docs/gpu.md):
//
//  * every element gets an N-bit key (N = its bit width) whose unsigned
//    order is the selection order: floats with every NaN made one value
//    above +Inf and -0 made +0, then the sign flip; signed integers with the
//    sign bit flipped; inverted for `increasing`. Its position j adds the
//    secondary key inv = S - 1 - j (ties: the lower position is better), so
//    (key, inv) is unique and the K best are exactly those >= the K-th;
//  * a block per sequence (radix selection, as AIR Top-K / RadiK): 8 bits
//    per pass, most significant first, a 256-bin shared-memory histogram
//    (shared atomics) of the digits of the elements that match
//    the digits found so far, a suffix sum over the bins (thread b owns bin
//    b: warp shuffles, then the totals of the 8 warps through shared
//    memory), and the one thread whose bin holds the K-th element records
//    its digit. A pass ends the search early when every element of that bin
//    is selected. The K selected are appended (per warp) to a candidate
//    list, then each is written at its rank (or the list is sorted by a
//    bitonic network); values are re-read from the input, so -0 and NaN
//    payloads come back as they were;
//  * few long sequences: a block per slice selects the slice's K best into
//    device memory, then a block per sequence selects from those;
//  * K <= 32 of short sequences: a warp per sequence, keys in registers, K
//    rounds of a shuffle butterfly (emitWarpSelect).
//
//===----------------------------------------------------------------------===//

#include "SelectTopK.h"
#include "../CPU/SelectedElement.h"
#include "dml/Dialect/DML/IR/DMLOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/Pass/Pass.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::dml;

namespace {

/// Digits per radix pass and histogram bins (one per thread of a block).
constexpr int64_t kDigitBits = 8;
constexpr int64_t kBins = 1 << kDigitBits;
/// Elements each thread loads before processing them (loads in flight):
/// more for long sequences, whose few blocks must keep HBM busy.
constexpr int64_t kUnroll = 4;
constexpr int64_t kLongUnroll = 8;
/// Candidate lists up to this many bytes live in shared memory (the static
/// limit is 48 KiB per block), larger ones in a global scratch buffer.
constexpr int64_t kMaxSharedCandidateBytes = 32 * 1024;
/// Up to this many candidates each is written at its rank (K^2 compares,
/// no barrier); more are sorted by a bitonic network in shared memory.
constexpr int64_t kMaxRankedCandidates = 128;
/// log2 of the warp size: bitonic stages of smaller strides stay in a warp.
constexpr int64_t kLogWarpSize = 5;

/// A warp per sequence (warpSelect) for K <= kMaxWarpK and sequences of at
/// most 32 x kMaxWarpElementBits / key bits elements (registers per lane),
/// with K x elements per lane <= kMaxWarpRoundWork (each of the K rounds
/// rescans the winning lane's elements).
constexpr int64_t kMaxWarpK = 32;
constexpr int64_t kMaxWarpElementBits = 2048;
constexpr int64_t kMaxWarpRoundWork = 1024;
/// Warps (sequences) per block of the warp-per-sequence kernel.
constexpr int64_t kWarpsPerBlock = 8;

/// Few long sequences: each is cut into slices, one block per slice selects
/// its K best (candidates in device memory), then a block per sequence
/// selects the K best of those candidates. Slices: enough for about
/// kTargetBlocks blocks in all (4 per SM of an H100), each at least
/// max(kMinSliceOverK x K, kMinSlice) elements long.
constexpr int64_t kTargetBlocks = 528;
constexpr int64_t kMinSlice = 2048;
constexpr int64_t kMinSliceOverK = 8;
/// Only fewer sequences than this are sliced: on the H100 (both with the
/// since-removed aggregated histogram) T3's 16 of 65536 ran 57.0 us sliced
/// vs 80.7 not, T1's 64 of 32000 41.1 vs 36.9 (the merge launch's fixed
/// cost outweighs the parallelism a block per sequence lacks).
constexpr int64_t kMaxSlicedSequences = 32;

/// Slots of the block's integer state in shared memory.
enum StateSlot : int64_t {
  kPrefixIndex, // inv digits found so far
  kMaskIndex,   // bits of inv found so far
  kRemaining,   // how many elements matching the prefix are still selected
  kDone,        // 1 once every element matching the prefix is selected
  kCount,       // candidates appended so far
  kStateSlots
};
/// Slots of the key state (key type) in shared memory.
enum KeySlot : int64_t { kPrefixKey, kMaskKey, kKeySlots };

enum class Kind { Float, Signed, Unsigned };

/// What a block kernel selects from: a whole sequence, a slice of one (its
/// K best go to device memory), or the candidates of a sequence's slices.
enum class Stage { Whole, Slices, Merge };

class TopKKernelEmitter {
public:
  TopKKernelEmitter(SelectTopKOp op, const SelectedElement &element)
      : op(op), element(element), b(op), loc(op.getLoc()) {
    elementType = element.getElementType();
    elementBits = elementType.getIntOrFloatBitWidth();
    kind = isa<FloatType>(elementType) ? Kind::Float
           : op.getUnsignedIntegers()  ? Kind::Unsigned
                                       : Kind::Signed;
    keyType = b.getIntegerType(elementBits <= 32 ? 32 : 64);
    shape = op.getIterationShape();
    axis = op.getAxis();
    length = shape[axis];
    k = op.getK();
    decreasing = op.getDirection() == AxisDirection::Decreasing;
    rows = 1;
    for (int64_t d = 0; d < static_cast<int64_t>(shape.size()); ++d)
      if (d != axis)
        rows *= shape[d];
    indexBytes =
        llvm::divideCeil(llvm::Log2_64_Ceil(std::max<int64_t>(length, 1)), 8);
    int64_t keyBytes = keyType.getWidth() / 8;
    listSize = llvm::PowerOf2Ceil(k);
    bitonic = k > kMaxRankedCandidates &&
              listSize * (keyBytes + 4) <= kMaxSharedCandidateBytes;
    if (!bitonic)
      listSize = k;
    sharedCandidates = listSize * (keyBytes + 4) <= kMaxSharedCandidateBytes;
    perLane = llvm::divideCeil(length, 32);
    warpSelect = k <= kMaxWarpK &&
                 perLane * keyType.getWidth() <= kMaxWarpElementBits &&
                 k * perLane <= kMaxWarpRoundWork;
    slices = 1;
    if (!warpSelect && rows < kMaxSlicedSequences) {
      int64_t wanted = kTargetBlocks / rows;
      int64_t most = length / std::max<int64_t>(kMinSliceOverK * k, kMinSlice);
      slices = std::max<int64_t>(1, std::min(wanted, most));
      // Every slice, the last included, holds at least K elements.
      while (slices > 1 &&
             length - (slices - 1) * static_cast<int64_t>(
                                         llvm::divideCeil(length, slices)) <
                 k)
        --slices;
    }
    sliceLength = llvm::divideCeil(length, slices);
  }

  void emit() {
    if (warpSelect)
      return emitWarpSelect();
    if (slices == 1) {
      emitBlockKernel(Stage::Whole);
    } else {
      // K candidates per slice (device memory: dml-gpu-device-buffers
      // turns these into stream-ordered allocations).
      sliceKeys = memref::AllocOp::create(
          b, loc, MemRefType::get({rows * slices * k}, keyType));
      slicePositions = memref::AllocOp::create(
          b, loc, MemRefType::get({rows * slices * k}, b.getI32Type()));
      emitBlockKernel(Stage::Slices);
      emitBlockKernel(Stage::Merge);
      memref::DeallocOp::create(b, loc, sliceKeys);
      memref::DeallocOp::create(b, loc, slicePositions);
    }
    op.erase();
  }

  /// One gpu.launch of the radix selection: a block per sequence (Whole,
  /// Merge) or per slice (Slices).
  void emitBlockKernel(Stage kernelStage) {
    stage = kernelStage;
    count = stage == Stage::Whole    ? length
            : stage == Stage::Slices ? sliceLength
                                     : slices * k;
    blockSize = std::clamp<int64_t>(
        llvm::PowerOf2Ceil(std::max<int64_t>(count / 8, 1)), kBins, 1024);
    unroll = count >= 16 * blockSize ? kLongUnroll : kUnroll;
    bool sharedList = stage != Stage::Slices && sharedCandidates;
    MLIRContext *context = b.getContext();
    auto workgroup =
        gpu::AddressSpaceAttr::get(context, gpu::AddressSpace::Workgroup);
    auto shared = [&](int64_t size, Type type) {
      return MemRefType::get({size}, type, MemRefLayoutAttrInterface(),
                             workgroup);
    };
    SmallVector<Type> attributions = {
        shared(kBins, b.getI32Type()), shared(kStateSlots, b.getI32Type()),
        shared(kKeySlots, keyType), shared(kBins / 32, b.getI32Type())};
    Value globalKeys, globalPositions;
    if (sharedList) {
      attributions.push_back(shared(listSize, keyType));
      attributions.push_back(shared(listSize, b.getI32Type()));
    } else if (stage != Stage::Slices) {
      // One list of K per sequence (device memory).
      globalKeys =
          memref::AllocOp::create(b, loc, MemRefType::get({rows * k}, keyType));
      globalPositions = memref::AllocOp::create(
          b, loc, MemRefType::get({rows * k}, b.getI32Type()));
    }
    int64_t blocks = stage == Stage::Slices ? rows * slices : rows;
    Value one = constIndex(1);
    auto launch = gpu::LaunchOp::create(
        b, loc, constIndex(blocks), one, one, constIndex(blockSize), one, one,
        /*dynamicSharedMemorySize=*/nullptr, /*asyncTokenType=*/nullptr,
        ValueRange(), attributions);
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToEnd(&launch.getBody().front());
      gpu::TerminatorOp::create(b, loc);
      b.setInsertionPointToStart(&launch.getBody().front());
      ValueRange buffers = launch.getWorkgroupAttributions();
      histogram = buffers[0];
      state = buffers[1];
      keyState = buffers[2];
      warpTotals = buffers[3];
      thread = launch.getThreadIds().x;
      Value block = launch.getBlockIds().x;
      Value row = block;
      sourceStart = constIndex(0);
      if (stage == Stage::Slices) {
        row = arith::DivUIOp::create(b, loc, block, constIndex(slices));
        sourceStart = arith::MulIOp::create(
            b, loc, arith::RemUIOp::create(b, loc, block, constIndex(slices)),
            constIndex(sliceLength));
      } else if (stage == Stage::Merge) {
        sourceStart =
            arith::MulIOp::create(b, loc, row, constIndex(slices * k));
      }
      if (sharedList) {
        candidateKeys = buffers[4];
        candidatePositions = buffers[5];
        candidateBase = constIndex(0);
      } else if (stage == Stage::Slices) {
        candidateKeys = sliceKeys;
        candidatePositions = slicePositions;
        candidateBase = arith::MulIOp::create(b, loc, block, constIndex(k));
      } else {
        candidateKeys = globalKeys;
        candidatePositions = globalPositions;
        candidateBase = arith::MulIOp::create(b, loc, row, constIndex(k));
      }
      // The coordinates of this sequence (the axis entry is set per read).
      coords.assign(shape.size(), Value());
      Value rest = row;
      for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
        if (d == axis)
          continue;
        Value size = constIndex(shape[d]);
        coords[d] = arith::RemUIOp::create(b, loc, rest, size);
        rest = arith::DivUIOp::create(b, loc, rest, size);
      }
      coords[axis] = constIndex(0);
      emitBody();
    }
    if (globalKeys) {
      memref::DeallocOp::create(b, loc, globalKeys);
      memref::DeallocOp::create(b, loc, globalPositions);
    }
  }

  /// A warp per sequence, for short sequences and small K: lane l holds
  /// the keys of positions l, l + 32, ... in registers, and K rounds each
  /// take the best remaining element: every lane offers its best (key,
  /// position) not yet taken, a butterfly of shuffles finds the best of the
  /// warp, and its lane marks it taken (a bit per element) and rescans its
  /// own elements. No shared memory, no barrier; the order (key
  /// descending, then position ascending) is the same as the radix
  /// selection's, so ties and NaNs come out the same.
  void emitWarpSelect() {
    int64_t warps = std::min<int64_t>(kWarpsPerBlock, rows);
    Value one = constIndex(1);
    auto launch =
        gpu::LaunchOp::create(b, loc, constIndex(llvm::divideCeil(rows, warps)),
                              one, one, constIndex(32 * warps), one, one);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToEnd(&launch.getBody().front());
    gpu::TerminatorOp::create(b, loc);
    b.setInsertionPointToStart(&launch.getBody().front());
    thread = launch.getThreadIds().x;
    Value row = arith::AddIOp::create(
        b, loc,
        arith::MulIOp::create(b, loc, launch.getBlockIds().x,
                              constIndex(warps)),
        arith::DivUIOp::create(b, loc, thread, constIndex(32)));
    Value laneIndex = arith::RemUIOp::create(b, loc, thread, constIndex(32));
    // A whole warp (one row) leaves together: no collective is split.
    ifThen(cmp(arith::CmpIPredicate::ult, row, constIndex(rows)), [&] {
      coords.assign(shape.size(), Value());
      Value rest = row;
      for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
        if (d == axis)
          continue;
        Value size = constIndex(shape[d]);
        coords[d] = arith::RemUIOp::create(b, loc, rest, size);
        rest = arith::DivUIOp::create(b, loc, rest, size);
      }
      coords[axis] = constIndex(0);
      emitWarpBody(laneIndex);
    });
    op.erase();
  }

  void emitWarpBody(Value laneIndex) {
    Type i32Type = b.getI32Type();
    IntegerType maskType = b.getIntegerType(perLane <= 32 ? 32 : 64);
    auto maskConst = [&](uint64_t v) {
      return constInt(maskType, static_cast<int64_t>(v));
    };
    // Loads first (all in flight), then the keys; positions past the end
    // start out taken.
    SmallVector<Value> values, keys;
    Type type = element.getElementType();
    for (int64_t e = 0; e < perLane; ++e) {
      Value position =
          arith::AddIOp::create(b, loc, laneIndex, constIndex(e * 32));
      if ((e + 1) * 32 <= length) {
        values.push_back(loadElement(position));
        continue;
      }
      Value inRange =
          cmp(arith::CmpIPredicate::ult, position, constIndex(length));
      auto load = scf::IfOp::create(b, loc, TypeRange{type}, inRange,
                                    /*withElseRegion=*/true);
      {
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPointToStart(load.thenBlock());
        scf::YieldOp::create(b, loc, loadElement(position));
        b.setInsertionPointToStart(load.elseBlock());
        scf::YieldOp::create(b, loc,
                             arith::ConstantOp::create(
                                 b, loc, cast<TypedAttr>(b.getZeroAttr(type)))
                                 .getResult());
      }
      values.push_back(load.getResult(0));
    }
    Value lane32 = arith::IndexCastUIOp::create(b, loc, i32Type, laneIndex);
    Value taken = maskConst(0);
    for (int64_t e = 0; e < perLane; ++e) {
      keys.push_back(emitKey(values[e]));
      if ((e + 1) * 32 > length) {
        // Lanes at or past length - e * 32 have no element e.
        Value past =
            cmp(arith::CmpIPredicate::uge, lane32, i32(length - e * 32));
        taken = arith::OrIOp::create(
            b, loc, taken,
            arith::SelectOp::create(b, loc, past, maskConst(uint64_t(1) << e),
                                    maskConst(0)));
      }
    }

    // This lane's best element not taken: (key, e), e = perLane if none
    // (its key 0 and position e * 32 + lane >= length lose to any element).
    // Descending e with >=: the lowest e (position) wins among equal keys.
    auto laneBest = [&](Value takenMask) -> std::pair<Value, Value> {
      Value bestKey = key(0);
      Value bestE = i32(perLane);
      for (int64_t e = perLane - 1; e >= 0; --e) {
        Value available =
            cmp(arith::CmpIPredicate::eq,
                arith::AndIOp::create(b, loc, takenMask,
                                      maskConst(uint64_t(1) << e)),
                maskConst(0));
        Value better = arith::AndIOp::create(
            b, loc, available,
            cmp(arith::CmpIPredicate::uge, keys[e], bestKey));
        bestKey = arith::SelectOp::create(b, loc, better, keys[e], bestKey);
        bestE = arith::SelectOp::create(b, loc, better, i32(e), bestE);
      }
      return {bestKey, bestE};
    };
    auto [firstKey, firstE] = laneBest(taken);

    // K rounds; lane r keeps the position of the r-th best.
    auto rounds =
        scf::ForOp::create(b, loc, constIndex(0), constIndex(k), constIndex(1),
                           ValueRange{taken, firstKey, firstE, i32(0)});
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(rounds.getBody());
      Value round = rounds.getInductionVar();
      ValueRange state = rounds.getRegionIterArgs();
      Value laneTaken = state[0], bestKey = state[1], bestE = state[2],
            kept = state[3];
      Value winKey = bestKey;
      Value winPosition = arith::AddIOp::create(
          b, loc, arith::ShLIOp::create(b, loc, bestE, i32(5)), lane32);
      for (int64_t offset = 16; offset >= 1; offset /= 2) {
        Value otherKey = shuffleXor(winKey, offset);
        Value otherPosition = shuffleXor(winPosition, offset);
        Value take = emitBetter(otherKey, otherPosition, winKey, winPosition);
        winKey = arith::SelectOp::create(b, loc, take, otherKey, winKey);
        winPosition =
            arith::SelectOp::create(b, loc, take, otherPosition, winPosition);
      }
      Value roundLane = arith::IndexCastUIOp::create(b, loc, i32Type, round);
      kept = arith::SelectOp::create(
          b, loc, cmp(arith::CmpIPredicate::eq, lane32, roundLane), winPosition,
          kept);
      Value winner =
          cmp(arith::CmpIPredicate::eq,
              arith::AndIOp::create(b, loc, winPosition, i32(31)), lane32);
      auto update = scf::IfOp::create(
          b, loc, TypeRange{maskType, keyType, i32Type}, winner,
          /*withElseRegion=*/true);
      {
        OpBuilder::InsertionGuard updateGuard(b);
        b.setInsertionPointToStart(update.thenBlock());
        Value winE = arith::ShRUIOp::create(b, loc, winPosition, i32(5));
        if (maskType.getWidth() > 32)
          winE = arith::ExtUIOp::create(b, loc, maskType, winE);
        Value newTaken = arith::OrIOp::create(
            b, loc, laneTaken,
            arith::ShLIOp::create(b, loc, maskConst(1), winE));
        auto [newKey, newE] = laneBest(newTaken);
        scf::YieldOp::create(b, loc, ValueRange{newTaken, newKey, newE});
        b.setInsertionPointToStart(update.elseBlock());
        scf::YieldOp::create(b, loc, ValueRange{laneTaken, bestKey, bestE});
      }
      scf::YieldOp::create(b, loc,
                           ValueRange{update.getResult(0), update.getResult(1),
                                      update.getResult(2), kept});
    }
    // Lane r < K writes the r-th best (coalesced along the output axis).
    ifThen(cmp(arith::CmpIPredicate::ult, laneIndex, constIndex(k)),
           [&] { emitOutput(laneIndex, rounds.getResult(3)); });
  }

  /// `value` (i32 or i64) from lane (lane ^ offset) of the warp.
  Value shuffleXor(Value value, int64_t offset) {
    return shuffleXor(value, i32(offset));
  }
  Value shuffleXor(Value value, Value offset) {
    auto shuffle32 = [&](Value v) {
      return gpu::ShuffleOp::create(b, loc, v, offset, i32(32),
                                    gpu::ShuffleMode::XOR)
          .getShuffleResult();
    };
    if (value.getType().getIntOrFloatBitWidth() == 32)
      return shuffle32(value);
    Type i32Type = b.getI32Type();
    Type i64Type = value.getType();
    Value low = shuffle32(arith::TruncIOp::create(b, loc, i32Type, value));
    Value high = shuffle32(arith::TruncIOp::create(
        b, loc, i32Type,
        arith::ShRUIOp::create(b, loc, value, constInt(i64Type, 32))));
    return arith::OrIOp::create(
        b, loc, arith::ExtUIOp::create(b, loc, i64Type, low),
        arith::ShLIOp::create(b, loc,
                              arith::ExtUIOp::create(b, loc, i64Type, high),
                              constInt(i64Type, 32)));
  }

private:
  Value constIndex(int64_t value) {
    return arith::ConstantIndexOp::create(b, loc, value);
  }
  Value constInt(Type type, int64_t value) {
    APInt bits(type.getIntOrFloatBitWidth(), static_cast<uint64_t>(value),
               /*isSigned=*/false, /*implicitTrunc=*/true);
    return arith::ConstantOp::create(b, loc, IntegerAttr::get(type, bits));
  }
  Value i32(int64_t value) { return constInt(b.getI32Type(), value); }
  Value key(uint64_t value) {
    return constInt(keyType, static_cast<int64_t>(value));
  }
  Value cmp(arith::CmpIPredicate predicate, Value lhs, Value rhs) {
    return arith::CmpIOp::create(b, loc, predicate, lhs, rhs);
  }
  Value loadState(Value buffer, int64_t slot) {
    return memref::LoadOp::create(b, loc, buffer, constIndex(slot));
  }
  void storeState(Value value, Value buffer, int64_t slot) {
    memref::StoreOp::create(b, loc, value, buffer, constIndex(slot));
  }
  void barrier() { gpu::BarrierOp::create(b, loc); }
  /// Emits `body` in an scf.if on `condition` (no results).
  template <typename Body> void ifThen(Value condition, Body body) {
    auto ifOp = scf::IfOp::create(b, loc, condition);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
    body();
  }

  /// The element at position `position` (index) of this sequence.
  Value loadElement(Value position) {
    SmallVector<Value> point(coords);
    point[axis] = position;
    return element.load(b, loc, point);
  }

  /// The selection key of `value` (N significant bits in keyType).
  Value emitKey(Value value) {
    unsigned bits = elementBits;
    IntegerType intType = b.getIntegerType(bits);
    uint64_t signBit = uint64_t(1) << (bits - 1);
    uint64_t allOnes = bits == 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1;
    auto bitsConst = [&](uint64_t v) {
      return constInt(intType, static_cast<int64_t>(v));
    };
    Value ord;
    switch (kind) {
    case Kind::Float: {
      Value raw = arith::BitcastOp::create(b, loc, intType, value);
      Value isNaN = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO,
                                          value, value);
      // -0 == +0, and every NaN is one value above +Inf.
      Value negativeZero =
          cmp(arith::CmpIPredicate::eq, raw, bitsConst(signBit));
      raw = arith::SelectOp::create(b, loc, negativeZero, bitsConst(0), raw);
      raw = arith::SelectOp::create(b, loc, isNaN, bitsConst(signBit - 1), raw);
      // Negative values flip all bits, others only the sign bit.
      Value flip = arith::OrIOp::create(
          b, loc, arith::ShRSIOp::create(b, loc, raw, bitsConst(bits - 1)),
          bitsConst(signBit));
      ord = arith::XOrIOp::create(b, loc, raw, flip);
      break;
    }
    case Kind::Signed:
      ord = arith::XOrIOp::create(b, loc, value, bitsConst(signBit));
      break;
    case Kind::Unsigned:
      ord = value;
      break;
    }
    if (!decreasing)
      ord = arith::XOrIOp::create(b, loc, ord, bitsConst(allOnes));
    if (bits < keyType.getWidth())
      ord = arith::ExtUIOp::create(b, loc, keyType, ord);
    return ord;
  }

  /// Calls `body(key, inverse, position, valid)` (position as i32) for the
  /// elements of this thread: local indices thread, thread + blockSize, ...
  /// below `count` (of the sequence, the slice or the candidates); `unroll`
  /// loads first, then their processing, for full rounds, then one round
  /// whose loads past the end are guarded (still all loads first). `valid`
  /// (null where always true) says whether the element exists: the body
  /// runs in every thread (warp collectives need every lane).
  void forEachElement(function_ref<void(Value, Value, Value, Value)> body) {
    int64_t roundSize = blockSize * unroll;
    int64_t rounds = count / roundSize;
    // A slice may run past the end of the sequence (the last one).
    bool guardEnd = stage == Stage::Slices && slices * sliceLength != length;
    auto fetchAndProcess = [&](ArrayRef<Value> locals,
                               ArrayRef<Value> inCount) {
      SmallVector<Fetched> fetched;
      for (auto [local, valid] : llvm::zip(locals, inCount))
        fetched.push_back(fetch(local, valid, guardEnd));
      for (const Fetched &f : fetched)
        process(f, body);
    };
    if (rounds > 0) {
      auto loop = scf::ForOp::create(b, loc, constIndex(0), constIndex(rounds),
                                     constIndex(1));
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(loop.getBody());
      Value base = arith::AddIOp::create(
          b, loc,
          arith::MulIOp::create(b, loc, loop.getInductionVar(),
                                constIndex(roundSize)),
          thread);
      SmallVector<Value> locals, inCount;
      for (int64_t u = 0; u < unroll; ++u) {
        locals.push_back(
            arith::AddIOp::create(b, loc, base, constIndex(u * blockSize)));
        inCount.push_back(Value());
      }
      fetchAndProcess(locals, inCount);
    }
    int64_t rest = count - rounds * roundSize;
    if (rest == 0)
      return;
    Value base =
        arith::AddIOp::create(b, loc, constIndex(rounds * roundSize), thread);
    SmallVector<Value> locals, inCount;
    for (int64_t u = 0, e = llvm::divideCeil(rest, blockSize); u < e; ++u) {
      Value local =
          arith::AddIOp::create(b, loc, base, constIndex(u * blockSize));
      locals.push_back(local);
      inCount.push_back(
          (u + 1) * blockSize <= rest
              ? Value()
              : cmp(arith::CmpIPredicate::ult, local, constIndex(count)));
    }
    fetchAndProcess(locals, inCount);
  }

  /// An element's loaded state: the input value and its position (index)
  /// or, merging, its candidate key and position (i32).
  struct Fetched {
    Value first, second, valid;
  };

  /// `load()` where `valid` (if any) holds, else zero.
  Value guardedLoad(Type type, Value valid, function_ref<Value()> load) {
    if (!valid)
      return load();
    auto ifOp = scf::IfOp::create(b, loc, TypeRange{type}, valid,
                                  /*withElseRegion=*/true);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
    scf::YieldOp::create(b, loc, load());
    b.setInsertionPointToStart(ifOp.elseBlock());
    scf::YieldOp::create(
        b, loc,
        arith::ConstantOp::create(b, loc, cast<TypedAttr>(b.getZeroAttr(type)))
            .getResult());
    return ifOp.getResult(0);
  }

  Fetched fetch(Value local, Value valid, bool guardEnd) {
    Value slot = arith::AddIOp::create(b, loc, sourceStart, local);
    if (guardEnd) {
      Value inSequence =
          cmp(arith::CmpIPredicate::ult, slot, constIndex(length));
      valid =
          valid ? arith::AndIOp::create(b, loc, valid, inSequence) : inSequence;
    }
    if (stage == Stage::Merge) {
      Value candidateKey = guardedLoad(keyType, valid, [&] {
        return memref::LoadOp::create(b, loc, sliceKeys, slot).getResult();
      });
      Value position = guardedLoad(b.getI32Type(), valid, [&] {
        return memref::LoadOp::create(b, loc, slicePositions, slot).getResult();
      });
      return {candidateKey, position, valid};
    }
    Value value = guardedLoad(element.getElementType(), valid,
                              [&] { return loadElement(slot); });
    return {value, slot, valid};
  }

  void process(const Fetched &f,
               function_ref<void(Value, Value, Value, Value)> body) {
    Value elementKey = f.first, position = f.second;
    if (stage != Stage::Merge) {
      elementKey = emitKey(f.first);
      position = arith::IndexCastUIOp::create(b, loc, b.getI32Type(), f.second);
    }
    // The secondary key: S - 1 - position.
    Value inverse = arith::SubIOp::create(b, loc, i32(length - 1), position);
    body(elementKey, inverse, position, f.valid);
  }

  /// The lanes of this thread's warp below it (an i32 mask).
  Value emitLowerLanes() {
    Value laneBits = arith::AndIOp::create(
        b, loc, arith::IndexCastUIOp::create(b, loc, b.getI32Type(), thread),
        i32(31));
    return arith::SubIOp::create(
        b, loc, arith::ShLIOp::create(b, loc, i32(1), laneBits), i32(1));
  }

  /// Whether (key, inv) matches the digits found so far.
  Value emitMatch(Value elementKey, Value inverse, Value prefixKey,
                  Value maskKey, Value prefixIndex, Value maskIndex) {
    Value keyMatch =
        cmp(arith::CmpIPredicate::eq,
            arith::AndIOp::create(b, loc, elementKey, maskKey), prefixKey);
    Value indexMatch =
        cmp(arith::CmpIPredicate::eq,
            arith::AndIOp::create(b, loc, inverse, maskIndex), prefixIndex);
    return arith::AndIOp::create(b, loc, keyMatch, indexMatch);
  }

  /// One radix pass on the digit at `shift` (keyType for the key, `onKey`,
  /// else i32 for inv).
  void emitPass(bool onKey, Value shift) {
    Value done = loadState(state, kDone);
    ifThen(cmp(arith::CmpIPredicate::eq, done, i32(0)), [&] {
      Value bin = arith::MinUIOp::create(b, loc, thread, constIndex(kBins - 1));
      Value owner = cmp(arith::CmpIPredicate::ult, thread, constIndex(kBins));
      ifThen(owner, [&] {
        memref::StoreOp::create(b, loc, i32(0), histogram, thread);
      });
      barrier();
      Value prefixKey = loadState(keyState, kPrefixKey);
      Value maskKey = loadState(keyState, kMaskKey);
      Value prefixIndex = loadState(state, kPrefixIndex);
      Value maskIndex = loadState(state, kMaskIndex);
      Value remaining = loadState(state, kRemaining);
      // One shared atomic per matching element. (Warp-aggregated increments,
      // match.any on the digit, measured slower on the H100: T1 36.9 vs 32.3
      // us, T3 80.7 vs 68.7; bench/gpu/NOTES.md, top_k v5.)
      forEachElement([&](Value elementKey, Value inverse, Value, Value valid) {
        Value match = emitMatch(elementKey, inverse, prefixKey, maskKey,
                                prefixIndex, maskIndex);
        if (valid)
          match = arith::AndIOp::create(b, loc, match, valid);
        ifThen(match, [&] {
          Value digit;
          if (onKey) {
            digit = arith::AndIOp::create(
                b, loc, arith::ShRUIOp::create(b, loc, elementKey, shift),
                key(kBins - 1));
          } else {
            digit = arith::AndIOp::create(
                b, loc, arith::ShRUIOp::create(b, loc, inverse, shift),
                i32(kBins - 1));
          }
          memref::AtomicRMWOp::create(b, loc, arith::AtomicRMWKind::addi,
                                      i32(1), histogram,
                                      ValueRange{arith::IndexCastUIOp::create(
                                          b, loc, b.getIndexType(), digit)});
        });
      });
      barrier();
      // count(>= d) for the bin d of each owner: suffix sums within each
      // warp (5 shuffles), plus the totals of the warps of higher bins
      // (shared memory, one barrier).
      Value own = memref::LoadOp::create(b, loc, histogram, bin);
      Value atLeast = own;
      Value width = i32(32);
      for (int64_t offset = 1; offset < 32; offset *= 2) {
        auto shuffle = gpu::ShuffleOp::create(b, loc, atLeast, i32(offset),
                                              width, gpu::ShuffleMode::DOWN);
        atLeast = arith::AddIOp::create(
            b, loc, atLeast,
            arith::SelectOp::create(b, loc, shuffle.getValid(),
                                    shuffle.getShuffleResult(), i32(0)));
      }
      Value warp = arith::DivUIOp::create(b, loc, bin, constIndex(32));
      Value lane = arith::RemUIOp::create(b, loc, thread, constIndex(32));
      Value leader = arith::AndIOp::create(
          b, loc, owner, cmp(arith::CmpIPredicate::eq, lane, constIndex(0)));
      ifThen(leader, [&] {
        memref::StoreOp::create(b, loc, atLeast, warpTotals, warp);
      });
      barrier();
      for (int64_t other = 1; other < kBins / 32; ++other) {
        Value total =
            memref::LoadOp::create(b, loc, warpTotals, constIndex(other));
        Value higher = cmp(arith::CmpIPredicate::ugt, constIndex(other), warp);
        atLeast = arith::AddIOp::create(
            b, loc, atLeast,
            arith::SelectOp::create(b, loc, higher, total, i32(0)));
      }
      // The bin of the remaining-th best: count(>= d) reaches it, count(>
      // d) does not.
      ifThen(owner, [&] {
        Value above = arith::SubIOp::create(b, loc, atLeast, own);
        Value found = arith::AndIOp::create(
            b, loc, cmp(arith::CmpIPredicate::sge, atLeast, remaining),
            cmp(arith::CmpIPredicate::slt, above, remaining));
        ifThen(found, [&] {
          Value left = arith::SubIOp::create(b, loc, remaining, above);
          Value inBin = arith::SubIOp::create(b, loc, atLeast, above);
          if (onKey) {
            Value digit = arith::IndexCastUIOp::create(b, loc, keyType, thread);
            storeState(arith::OrIOp::create(
                           b, loc, prefixKey,
                           arith::ShLIOp::create(b, loc, digit, shift)),
                       keyState, kPrefixKey);
            storeState(arith::OrIOp::create(b, loc, maskKey,
                                            arith::ShLIOp::create(
                                                b, loc, key(kBins - 1), shift)),
                       keyState, kMaskKey);
          } else {
            Value digit =
                arith::IndexCastUIOp::create(b, loc, b.getI32Type(), thread);
            storeState(arith::OrIOp::create(
                           b, loc, prefixIndex,
                           arith::ShLIOp::create(b, loc, digit, shift)),
                       state, kPrefixIndex);
            storeState(arith::OrIOp::create(b, loc, maskIndex,
                                            arith::ShLIOp::create(
                                                b, loc, i32(kBins - 1), shift)),
                       state, kMaskIndex);
          }
          storeState(left, state, kRemaining);
          storeState(arith::ExtUIOp::create(
                         b, loc, b.getI32Type(),
                         cmp(arith::CmpIPredicate::eq, inBin, left)),
                     state, kDone);
        });
      });
      barrier();
    });
  }

  /// Whether candidate (key, position) `a` is better than `b`.
  Value emitBetter(Value keyA, Value positionA, Value keyB, Value positionB) {
    return arith::OrIOp::create(
        b, loc, cmp(arith::CmpIPredicate::ugt, keyA, keyB),
        arith::AndIOp::create(
            b, loc, cmp(arith::CmpIPredicate::eq, keyA, keyB),
            cmp(arith::CmpIPredicate::ult, positionA, positionB)));
  }

  /// Sorts the listSize candidates best first (bitonic network), then
  /// writes the first K. Stages of stride >= 32 exchange through shared
  /// memory (a barrier each); the stages of stride < 32 pair elements of
  /// one warp (blockSize and listSize are multiples of 32), so each thread
  /// holds its elements in registers through them and exchanges by
  /// shuffles: 15 + 5 barriers for 1024 instead of 55.
  void emitBitonicSortAndWrite() {
    int64_t logSize = llvm::Log2_64(listSize);
    Value one = constIndex(1);
    // Phases 1-5 (blocks of 2..32) entirely within warps.
    emitWarpBitonicStages(one, constIndex(std::min(kLogWarpSize, logSize) + 1));
    barrier();
    if (logSize > kLogWarpSize) {
      auto sizes = scf::ForOp::create(b, loc, constIndex(kLogWarpSize + 1),
                                      constIndex(logSize + 1), one);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(sizes.getBody());
      Value logBlock = sizes.getInductionVar();
      Value blockBits = arith::ShLIOp::create(b, loc, one, logBlock);
      // Strides 2^(logBlock - 1) .. 32 through shared memory.
      auto strides = scf::ForOp::create(
          b, loc, constIndex(0),
          arith::SubIOp::create(b, loc, logBlock, constIndex(kLogWarpSize)),
          one);
      {
        OpBuilder::InsertionGuard strideGuard(b);
        b.setInsertionPointToStart(strides.getBody());
        Value stride = arith::ShLIOp::create(
            b, loc, one,
            arith::SubIOp::create(b, loc,
                                  arith::SubIOp::create(b, loc, logBlock, one),
                                  strides.getInductionVar()));
        emitSharedBitonicStage(stride, blockBits);
        barrier();
      }
      // Strides 16 .. 1 in registers.
      emitWarpBitonicStages(logBlock,
                            arith::AddIOp::create(b, loc, logBlock, one));
      barrier();
    }
    auto write = scf::ForOp::create(b, loc, thread, constIndex(k),
                                    constIndex(blockSize));
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(write.getBody());
    Value rank = write.getInductionVar();
    Value ownPosition =
        memref::LoadOp::create(b, loc, candidatePositions, rank);
    emitOutput(rank, ownPosition);
  }

  /// One bitonic stage of stride `stride` (>= 32) in shared memory: a pair
  /// per thread and round; blocks with the `blockBits` bit set put the best
  /// last.
  void emitSharedBitonicStage(Value stride, Value blockBits) {
    auto pairs = scf::ForOp::create(b, loc, thread, constIndex(listSize / 2),
                                    constIndex(blockSize));
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(pairs.getBody());
    Value pair = pairs.getInductionVar();
    Value low = arith::AddIOp::create(
        b, loc,
        arith::MulIOp::create(b, loc,
                              arith::DivUIOp::create(b, loc, pair, stride),
                              arith::AddIOp::create(b, loc, stride, stride)),
        arith::RemUIOp::create(b, loc, pair, stride));
    Value high = arith::AddIOp::create(b, loc, low, stride);
    Value lowKey = memref::LoadOp::create(b, loc, candidateKeys, low);
    Value lowPosition = memref::LoadOp::create(b, loc, candidatePositions, low);
    Value highKey = memref::LoadOp::create(b, loc, candidateKeys, high);
    Value highPosition =
        memref::LoadOp::create(b, loc, candidatePositions, high);
    Value bestLast =
        cmp(arith::CmpIPredicate::ne,
            arith::AndIOp::create(b, loc, low, blockBits), constIndex(0));
    Value swap = arith::XOrIOp::create(
        b, loc, emitBetter(highKey, highPosition, lowKey, lowPosition),
        bestLast);
    ifThen(swap, [&] {
      memref::StoreOp::create(b, loc, highKey, candidateKeys, low);
      memref::StoreOp::create(b, loc, highPosition, candidatePositions, low);
      memref::StoreOp::create(b, loc, lowKey, candidateKeys, high);
      memref::StoreOp::create(b, loc, lowPosition, candidatePositions, high);
    });
  }

  /// The bitonic stages of stride < 32 of phases [firstLogBlock,
  /// endLogBlock) (blocks of 2^logBlock): each thread loads its elements
  /// (thread, thread + blockSize, ...), runs the stages in registers with
  /// the partner lane's element (shuffle xor stride) and stores them back.
  /// Every lane of a warp runs the same trip counts.
  void emitWarpBitonicStages(Value firstLogBlock, Value endLogBlock) {
    Value one = constIndex(1);
    auto elements = scf::ForOp::create(b, loc, thread, constIndex(listSize),
                                       constIndex(blockSize));
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(elements.getBody());
    Value at = elements.getInductionVar();
    Value ownKey = memref::LoadOp::create(b, loc, candidateKeys, at);
    Value ownPosition = memref::LoadOp::create(b, loc, candidatePositions, at);
    auto phases = scf::ForOp::create(b, loc, firstLogBlock, endLogBlock, one,
                                     ValueRange{ownKey, ownPosition});
    {
      OpBuilder::InsertionGuard phaseGuard(b);
      b.setInsertionPointToStart(phases.getBody());
      Value logBlock = phases.getInductionVar();
      Value bestLast =
          cmp(arith::CmpIPredicate::ne,
              arith::AndIOp::create(
                  b, loc, at, arith::ShLIOp::create(b, loc, one, logBlock)),
              constIndex(0));
      // Strides 2^(min(logBlock, 5) - 1) .. 1.
      Value stages =
          arith::MinUIOp::create(b, loc, logBlock, constIndex(kLogWarpSize));
      auto strides = scf::ForOp::create(b, loc, constIndex(0), stages, one,
                                        phases.getRegionIterArgs());
      {
        OpBuilder::InsertionGuard strideGuard(b);
        b.setInsertionPointToStart(strides.getBody());
        Value key = strides.getRegionIterArgs()[0];
        Value position = strides.getRegionIterArgs()[1];
        Value stride = arith::ShLIOp::create(
            b, loc, one,
            arith::SubIOp::create(b, loc,
                                  arith::SubIOp::create(b, loc, stages, one),
                                  strides.getInductionVar()));
        Value lane =
            arith::IndexCastUIOp::create(b, loc, b.getI32Type(), stride);
        Value otherKey = shuffleXor(key, lane);
        Value otherPosition = shuffleXor(position, lane);
        Value isLow =
            cmp(arith::CmpIPredicate::eq,
                arith::AndIOp::create(b, loc, at, stride), constIndex(0));
        auto pick = [&](Value mine, Value other, bool wantLow) {
          return wantLow ? arith::SelectOp::create(b, loc, isLow, mine, other)
                         : arith::SelectOp::create(b, loc, isLow, other, mine);
        };
        Value swap = arith::XOrIOp::create(
            b, loc,
            emitBetter(pick(key, otherKey, false),
                       pick(position, otherPosition, false),
                       pick(key, otherKey, true),
                       pick(position, otherPosition, true)),
            bestLast);
        // A swap gives each side of the pair the other's element.
        scf::YieldOp::create(
            b, loc,
            ValueRange{arith::SelectOp::create(b, loc, swap, otherKey, key),
                       arith::SelectOp::create(b, loc, swap, otherPosition,
                                               position)});
      }
      scf::YieldOp::create(b, loc, strides.getResults());
    }
    memref::StoreOp::create(b, loc, phases.getResult(0), candidateKeys, at);
    memref::StoreOp::create(b, loc, phases.getResult(1), candidatePositions,
                            at);
  }

  /// Writes the element at position `ownPosition` (i32) of this sequence
  /// and that position at `rank` of the outputs.
  void emitOutput(Value rank, Value ownPosition) {
    Value position =
        arith::IndexCastUIOp::create(b, loc, b.getIndexType(), ownPosition);
    Value selectedValue = loadElement(position);
    SmallVector<Value> outputCoords(coords);
    outputCoords[axis] = rank;
    memref::StoreOp::create(b, loc, selectedValue, op.getValues(),
                            outputCoords);
    Type indexElementType =
        cast<MemRefType>(op.getIndices().getType()).getElementType();
    Value storedIndex = ownPosition;
    if (indexElementType.getIntOrFloatBitWidth() > 32)
      storedIndex =
          arith::ExtUIOp::create(b, loc, indexElementType, ownPosition);
    memref::StoreOp::create(b, loc, storedIndex, op.getIndices(), outputCoords);
  }

  /// `count` passes on the key or on inv, shifts (count - 1) * 8, ..., 0.
  void emitPasses(bool onKey, int64_t count) {
    if (count == 0)
      return;
    auto loop = scf::ForOp::create(b, loc, constIndex(0), constIndex(count),
                                   constIndex(1));
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    Value shift = arith::MulIOp::create(
        b, loc,
        arith::SubIOp::create(b, loc, constIndex(count - 1),
                              loop.getInductionVar()),
        constIndex(kDigitBits));
    emitPass(onKey, arith::IndexCastUIOp::create(
                        b, loc, onKey ? Type(keyType) : b.getI32Type(), shift));
  }

  void emitBody() {
    // Initial state, by thread 0.
    ifThen(cmp(arith::CmpIPredicate::eq, thread, constIndex(0)), [&] {
      storeState(key(0), keyState, kPrefixKey);
      storeState(key(0), keyState, kMaskKey);
      storeState(i32(0), state, kPrefixIndex);
      storeState(i32(0), state, kMaskIndex);
      storeState(i32(k), state, kRemaining);
      storeState(i32(0), state, kDone);
      storeState(i32(0), state, kCount);
    });
    barrier();
    // Passes from the most significant digit down: a loop, not unrolled
    // (the driver JIT-compiles every kernel when a library is loaded).
    emitPasses(/*onKey=*/true, elementBits / kDigitBits);
    emitPasses(/*onKey=*/false, indexBytes);

    // The bitonic network's padding: (key 0, position 2^32 - 1) is worse
    // than every candidate.
    if (bitonic && stage != Stage::Slices) {
      auto pad = scf::ForOp::create(
          b, loc, arith::AddIOp::create(b, loc, constIndex(k), thread),
          constIndex(listSize), constIndex(blockSize));
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(pad.getBody());
      memref::StoreOp::create(b, loc, key(0), candidateKeys,
                              pad.getInductionVar());
      memref::StoreOp::create(b, loc, i32(-1), candidatePositions,
                              pad.getInductionVar());
    }

    // The K selected elements: (key, inv) >= the prefix found.
    Value prefixKey = loadState(keyState, kPrefixKey);
    Value maskKey = loadState(keyState, kMaskKey);
    Value prefixIndex = loadState(state, kPrefixIndex);
    Value maskIndex = loadState(state, kMaskIndex);
    // Appended by warps: the selected lanes (ballot) take consecutive slots
    // from one atomic add by the lowest of them (K atomics on one shared
    // counter would serialize).
    Value lowerLanes = emitLowerLanes();
    forEachElement([&](Value elementKey, Value inverse, Value position,
                       Value valid) {
      Value maskedKey = arith::AndIOp::create(b, loc, elementKey, maskKey);
      Value selected = arith::OrIOp::create(
          b, loc, cmp(arith::CmpIPredicate::ugt, maskedKey, prefixKey),
          arith::AndIOp::create(
              b, loc, cmp(arith::CmpIPredicate::eq, maskedKey, prefixKey),
              cmp(arith::CmpIPredicate::uge,
                  arith::AndIOp::create(b, loc, inverse, maskIndex),
                  prefixIndex)));
      if (valid)
        selected = arith::AndIOp::create(b, loc, selected, valid);
      Value peers = NVVM::VoteSyncOp::create(
          b, loc, b.getI32Type(), i32(-1), selected,
          NVVM::VoteSyncKindAttr::get(b.getContext(),
                                      NVVM::VoteSyncKind::ballot));
      Value below = arith::AndIOp::create(b, loc, peers, lowerLanes);
      Value leader = arith::AndIOp::create(
          b, loc, selected, cmp(arith::CmpIPredicate::eq, below, i32(0)));
      auto add = scf::IfOp::create(b, loc, TypeRange{b.getI32Type()}, leader,
                                   /*withElseRegion=*/true);
      {
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPointToStart(add.thenBlock());
        Value first =
            memref::AtomicRMWOp::create(b, loc, arith::AtomicRMWKind::addi,
                                        LLVM::CtPopOp::create(b, loc, peers),
                                        state, ValueRange{constIndex(kCount)});
        scf::YieldOp::create(b, loc, first);
        b.setInsertionPointToStart(add.elseBlock());
        scf::YieldOp::create(b, loc, i32(0));
      }
      // The leader's lane (32 -> 0 when no lane is selected: unused).
      Value leaderLane = arith::AndIOp::create(
          b, loc,
          LLVM::CountTrailingZerosOp::create(b, loc, b.getI32Type(), peers,
                                             b.getBoolAttr(false)),
          i32(31));
      Value first = gpu::ShuffleOp::create(b, loc, add.getResult(0), leaderLane,
                                           i32(32), gpu::ShuffleMode::IDX)
                        .getShuffleResult();
      Value slot = arith::AddIOp::create(b, loc, first,
                                         LLVM::CtPopOp::create(b, loc, below));
      // Exactly K are selected; the guard keeps the list in bounds.
      ifThen(
          arith::AndIOp::create(b, loc, selected,
                                cmp(arith::CmpIPredicate::ult, slot, i32(k))),
          [&] {
            Value at = arith::AddIOp::create(
                b, loc, candidateBase,
                arith::IndexCastUIOp::create(b, loc, b.getIndexType(), slot));
            memref::StoreOp::create(b, loc, elementKey, candidateKeys, at);
            memref::StoreOp::create(b, loc, position, candidatePositions, at);
          });
    });
    barrier();

    // A slice's K candidates are in device memory for the merge kernel.
    if (stage == Stage::Slices)
      return;
    if (bitonic)
      return emitBitonicSortAndWrite();

    // Each candidate goes to its rank: the count of better candidates.
    auto loop = scf::ForOp::create(b, loc, thread, constIndex(k),
                                   constIndex(blockSize));
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    Value slot =
        arith::AddIOp::create(b, loc, candidateBase, loop.getInductionVar());
    Value ownKey = memref::LoadOp::create(b, loc, candidateKeys, slot);
    Value ownPosition =
        memref::LoadOp::create(b, loc, candidatePositions, slot);
    auto count = scf::ForOp::create(b, loc, constIndex(0), constIndex(k),
                                    constIndex(1), ValueRange{constIndex(0)});
    {
      OpBuilder::InsertionGuard countGuard(b);
      b.setInsertionPointToStart(count.getBody());
      Value other =
          arith::AddIOp::create(b, loc, candidateBase, count.getInductionVar());
      Value otherKey = memref::LoadOp::create(b, loc, candidateKeys, other);
      Value otherPosition =
          memref::LoadOp::create(b, loc, candidatePositions, other);
      Value better = arith::OrIOp::create(
          b, loc, cmp(arith::CmpIPredicate::ugt, otherKey, ownKey),
          arith::AndIOp::create(
              b, loc, cmp(arith::CmpIPredicate::eq, otherKey, ownKey),
              cmp(arith::CmpIPredicate::ult, otherPosition, ownPosition)));
      Value rank = arith::AddIOp::create(
          b, loc, count.getRegionIterArgs()[0],
          arith::IndexCastUIOp::create(
              b, loc, b.getIndexType(),
              arith::ExtUIOp::create(b, loc, b.getI32Type(), better)));
      scf::YieldOp::create(b, loc, rank);
    }
    emitOutput(count.getResult(0), ownPosition);
  }

  SelectTopKOp op;
  const SelectedElement &element;
  OpBuilder b;
  Location loc;
  Type elementType;
  unsigned elementBits;
  Kind kind;
  IntegerType keyType;
  SmallVector<int64_t> shape;
  int64_t axis, length, k, rows, blockSize, unroll, indexBytes, listSize,
      perLane, slices, sliceLength, count = 0;
  Stage stage = Stage::Whole;
  // Device memory of the slices' candidates (Slices and Merge).
  Value sliceKeys, slicePositions;
  bool decreasing, sharedCandidates, bitonic, warpSelect;
  // In the kernel.
  Value histogram, state, keyState, warpTotals, candidateKeys,
      candidatePositions, candidateBase, thread, sourceStart;
  SmallVector<Value> coords;
};

/// Why `op` cannot become a kernel, or empty.
std::string getUnsupportedReason(SelectTopKOp op) {
  if (!op.getResults().empty())
    return "must be bufferized first";
  if (!isa<func::FuncOp>(op->getParentOp()))
    return "must be in a function body (host code)";
  Type elementType = op.getSelectedElementType();
  if (!elementType.isIntOrFloat() ||
      elementType.getIntOrFloatBitWidth() % 8 != 0 ||
      elementType.getIntOrFloatBitWidth() > 64)
    return "element type of 8, 16, 32 or 64 bits expected";
  // (The verifier guarantees static shapes and i32/i64 indices.)
  if (llvm::any_of(op.getIterationShape(),
                   [](int64_t size) { return size < 1; }) ||
      op.getK() < 1)
    return "sizes and K of at least 1 expected";
  if (op.getIterationShape()[op.getAxis()] >= (int64_t(1) << 31))
    return "sequences shorter than 2^31 expected";
  return "";
}

struct DMLGPUSelectTopKPass
    : public PassWrapper<DMLGPUSelectTopKPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(DMLGPUSelectTopKPass)
  StringRef getArgument() const override { return "dml-gpu-select-top-k"; }
  StringRef getDescription() const override {
    return "Lower bufferized dml.select_top_k to GPU radix selection "
           "kernels (a block, several blocks or a warp per sequence)";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry
        .insert<arith::ArithDialect, gpu::GPUDialect, LLVM::LLVMDialect,
                memref::MemRefDialect, NVVM::NVVMDialect, scf::SCFDialect>();
  }
  void runOnOperation() override {
    SmallVector<SelectTopKOp> selections;
    getOperation().walk([&](SelectTopKOp op) { selections.push_back(op); });
    for (SelectTopKOp op : selections) {
      std::string reason = getUnsupportedReason(op);
      if (!reason.empty()) {
        op.emitOpError() << "dml-gpu-select-top-k: " << reason;
        return signalPassFailure();
      }
      SelectedElement element(op);
      if (failed(element.verifyLowerable()))
        return signalPassFailure();
      TopKKernelEmitter(op, element).emit();
    }
  }
};

} // namespace

std::unique_ptr<Pass> mlir::dml::createDMLGPUSelectTopKPass() {
  return std::make_unique<DMLGPUSelectTopKPass>();
}

void mlir::dml::registerDMLGPUSelectTopKPass() {
  PassRegistration<DMLGPUSelectTopKPass>();
}
