//===- ApproximateMath.cpp - dml-approximate-math -------------------------===//

#include "dml/Transforms/Passes.h"
#include "dml/Transforms/ShiftedExp.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/bit.h"
#include <cmath>

namespace mlir::dml {
#define GEN_PASS_DEF_DMLAPPROXIMATEMATH
#include "dml/Transforms/Passes.h.inc"
} // namespace mlir::dml

using namespace mlir;

namespace {
/// f32 `math.exp` as exp(x) = 2^k * p(r), k = round(x / ln 2),
/// r = x - k ln 2 (Cody-Waite, two FMAs), p a degree-6 polynomial fitted
/// for relative error on |r| <= ln 2 / 2, and the 2^k scaling done
/// exactly: `vscalefps` on k as a float (AVX-512F targets, 16-lane
/// vectors), `llvm.intr.ldexp` on k as an integer (`vcvtdq2ps` +
/// `vscalefps` with AVX-512) or two multiplications by powers of two built
/// in the exponent field. All three scalings give the same bits, so scalar,
/// vector and per-target results agree. With table-exp (AVX-512F targets)
/// k has 4 fraction bits and p is table-driven (expandTable). Clamps keep k
/// in [-151, 128]: below,
/// the result rounds to 0; above, to inf. NaN passes them (see
/// matchAndRewrite).
struct ExpF32Expansion : public OpRewritePattern<math::ExpOp> {
  ExpF32Expansion(MLIRContext *context, bool scaleByLdexp, bool x86Scalef,
                  bool tableExp, bool summedExp)
      : OpRewritePattern(context, /*benefit=*/2), scaleByLdexp(scaleByLdexp),
        x86Scalef(x86Scalef), tableExp(tableExp), summedExp(summedExp) {}

  LogicalResult matchAndRewrite(math::ExpOp op,
                                PatternRewriter &rewriter) const override {
    Type type = op.getType();
    auto vectorType = dyn_cast<VectorType>(type);
    if (getElementTypeOrSelf(type) != rewriter.getF32Type() ||
        (vectorType && vectorType.isScalable()))
      return rewriter.notifyMatchFailure(op, "not f32 or fixed f32 vector");
    Location loc = op.getLoc();
    Type intType = rewriter.getI32Type();
    if (vectorType)
      intType = vectorType.clone(intType);
    auto floatConst = [&](float value) -> Value {
      TypedAttr attr = rewriter.getF32FloatAttr(value);
      if (vectorType)
        attr = DenseElementsAttr::get(vectorType, attr);
      return arith::ConstantOp::create(rewriter, loc, attr);
    };
    auto intConst = [&](int32_t value) -> Value {
      TypedAttr attr = rewriter.getI32IntegerAttr(value);
      if (vectorType)
        attr = DenseElementsAttr::get(cast<ShapedType>(intType), attr);
      return arith::ConstantOp::create(rewriter, loc, attr);
    };
    auto fma = [&](Value a, Value b, Value c) -> Value {
      return math::FmaOp::create(rewriter, loc, a, b, c);
    };

    // select(x < lo, lo, x) is one vmaxps (NaN stays x). Below -104 the
    // result rounds to 0, and -inf must not reach r (inf - inf).
    Value x = op.getOperand();
    Value low = floatConst(-104.0f);
    x = arith::SelectOp::create(
        rewriter, loc,
        arith::CmpFOp::create(rewriter, loc, arith::CmpFPredicate::OLT, x, low),
        low, x);

    // k = round-to-nearest-even(x log2 e) through the 1.5 * 2^23 shifter:
    // one FMA gives k in the low mantissa bits (k as an integer) and one
    // subtraction gives k as a float. The upper bound is a signed integer
    // minimum of those bits (k <= 128), not a second float clamp of x: it
    // runs on any vector pipe where vminps takes an FMA pipe, which the
    // polynomial saturates. Above ln(2^128) r = x - 128 ln 2 is positive
    // (or +inf, or a huge float where the shifter no longer rounds), so
    // p(r) > 1 and p 2^128 is +inf, as with the clamp of x at 88.8 it
    // replaces: the same bits for every x. A NaN with the sign bit clear
    // has bits above the bound and gets k = 128; r and p stay NaN.
    // With table-exp the shifter is 1.5 * 2^19, whose ulp is 1/16: k
    // becomes round(16 x log2 e) / 16, a float whose floor is the binary
    // exponent and whose low 4 bits index 2^(j/16) (see expandTable). A
    // summed exp takes 1.5 * 2^18 (ulp 1/32) and 5 index bits
    // (expandSummedTable).
    bool summed = summedExp && op->hasAttr(dml::kSummedExpAttr);
    bool summedTable = tableExp && summed;
    const int fractionBits = summedTable ? 5 : tableExp ? 4 : 0;
    const float shifter = std::ldexp(1.5f, 23 - fractionBits);
    const int32_t shifterBits = llvm::bit_cast<int32_t>(shifter);
    Value shiftedBits = arith::BitcastOp::create(
        rewriter, loc, intType,
        fma(x, floatConst(0x1.715476p+0f), floatConst(shifter)));
    // exp(x - max(x)) (kShiftedExpAttr): x <= 0 after the clamp or NaN,
    // so k <= 0 already; a NaN keeps NaN bits in k instead of 128, and r,
    // p and the result stay that NaN (the same bits).
    if (!op->hasAttr(dml::kShiftedExpAttr))
      shiftedBits =
          arith::MinSIOp::create(rewriter, loc, shiftedBits,
                                 intConst(shifterBits + (128 << fractionBits)));
    Value shifted = arith::BitcastOp::create(rewriter, loc, type, shiftedBits);
    Value k =
        arith::SubFOp::create(rewriter, loc, shifted, floatConst(shifter));
    // n = floor(k) as an integer (the arithmetic shift floors).
    Value n = arith::SubIOp::create(rewriter, loc, shiftedBits,
                                    intConst(shifterBits));
    if (fractionBits)
      n = arith::ShRSIOp::create(rewriter, loc, n, intConst(fractionBits));

    // r = x - k ln 2 with ln 2 split in two floats: k * ln2High is exact in
    // the FMA, and ln2Low adds the next 24 bits. A summed exp
    // (kSummedExpAttr) skips ln2Low: its relative error grows by
    // |k| (ln2High - ln 2) <= 2.8e-9 |x|, which weighs least on the terms
    // that dominate the sum, those near x = 0 (docs/numerics.md).
    Value r = fma(k, floatConst(-0x1.62e43p-1f), x);
    if (!summed)
      r = fma(k, floatConst(0x1.05c61p-29f), r);

    Value p = summedTable
                  ? expandSummedTable(rewriter, loc, type, r, shiftedBits)
              : tableExp ? expandTable(rewriter, loc, type, r, shiftedBits)
                         : expandPolynomial(rewriter, loc, type, r);

    Value result;
    if (x86Scalef && vectorType && vectorType.getRank() == 1 &&
        vectorType.getNumElements() % kScalefLanes == 0) {
      // vscalefps(p, k) = p * 2^floor(k), rounded once as ldexp: k is an
      // integer-valued float already, so neither n (vpsubd) nor its
      // conversion back to float (vcvtdq2ps, which llvm.ldexp costs) is
      // needed. One zmm register at a time (the intrinsic's only shape).
      result = emitScalef(rewriter, loc, vectorType, p, k);
    } else if (scaleByLdexp && (!vectorType || vectorType.getRank() == 1)) {
      // llvm.intr.ldexp takes a scalar exponent only; the intrinsic itself
      // is overloaded on vectors.
      result = LLVM::CallIntrinsicOp::create(
                   rewriter, loc, type, rewriter.getStringAttr("llvm.ldexp"),
                   ValueRange{p, n})
                   .getResult(0);
    } else {
      // 2^n = 2^half * 2^(n - half): both factors are normal floats for n
      // in [-151, 128], p * 2^half is exact, so only the last product
      // rounds (into a subnormal or to inf when it must), as ldexp does.
      Value half = arith::ShRSIOp::create(rewriter, loc, n, intConst(1));
      Value rest = arith::SubIOp::create(rewriter, loc, n, half);
      auto powerOfTwo = [&](Value exponent) -> Value {
        Value biased =
            arith::AddIOp::create(rewriter, loc, exponent, intConst(127));
        Value bits = arith::ShLIOp::create(rewriter, loc, biased, intConst(23));
        return arith::BitcastOp::create(rewriter, loc, type, bits);
      };
      result = arith::MulFOp::create(
          rewriter, loc,
          arith::MulFOp::create(rewriter, loc, p, powerOfTwo(half)),
          powerOfTwo(rest));
    }
    rewriter.replaceOp(op, result);
    return success();
  }

  /// exp(r) on |r| <= ln 2 / 2: 1 + (r + r^2 (c2 + c3 r + ... + c6 r^4)),
  /// coefficients fitted for minimal relative error with each one rounded
  /// to f32 in turn. Adding the exact r before 1 keeps p monotone: Horner's
  /// last step 1 + r q let the rounding steps of q (scaled by r) outweigh
  /// the increase of r and made 2943 f32 inputs near -0.25 decrease by an
  /// ulp.
  static Value expandPolynomial(PatternRewriter &rewriter, Location loc,
                                Type type, Value r) {
    auto floatConst = [&](float value) {
      return splat(rewriter, loc, type, value);
    };
    Value q = floatConst(0x1.6ace9p-10f);
    for (float coefficient :
         {0x1.1232acp-7f, 0x1.5557aap-5f, 0x1.55549ep-3f, 0x1.fffffep-2f})
      q = math::FmaOp::create(rewriter, loc, q, r, floatConst(coefficient));
    Value rSquared = arith::MulFOp::create(rewriter, loc, r, r);
    return arith::AddFOp::create(
        rewriter, loc, math::FmaOp::create(rewriter, loc, rSquared, q, r),
        floatConst(1.0f));
  }

  /// exp(j/16 ln 2 + r) on |r| <= ln 2 / 32 (j = the low 4 bits of
  /// `shiftedBits`) as hi + (hi s + lo), hi + lo = 2^(j/16) from two 16-entry
  /// tables (one vpermps each, which reads only the index's low 4 bits) and
  /// s = r + r^2 (c2 + c3 r) ~ e^r - 1 (minimax for relative error, 0.013
  /// ulp; c3 refitted after c2's rounding). 6 FMA-pipe ops where
  /// expandPolynomial takes 8; hi + lo keeps the table's rounding out of
  /// the result's error (0.76 ulp in all, monotone: docs/numerics.md).
  static Value expandTable(PatternRewriter &rewriter, Location loc, Type type,
                           Value r, Value shiftedBits) {
    static constexpr float kHigh[16] = {
        0x1.0p+0f,      0x1.0b5586p+0f, 0x1.172b84p+0f, 0x1.2387a6p+0f,
        0x1.306fep+0f,  0x1.3dea64p+0f, 0x1.4bfdaep+0f, 0x1.5ab07ep+0f,
        0x1.6a09e6p+0f, 0x1.7a1148p+0f, 0x1.8ace54p+0f, 0x1.9c4918p+0f,
        0x1.ae89fap+0f, 0x1.c199bep+0f, 0x1.d5818ep+0f, 0x1.ea4afap+0f};
    // 2^(j/16) - kHigh[j] rounded to f32.
    static constexpr float kLow[16] = {
        0x0.0p+0f,        0x1.9f3122p-25f,  -0x1.c15742p-27f, 0x1.ceac48p-25f,
        0x1.4636e2p-25f,  0x1.824684p-25f,  -0x1.593abcp-25f, -0x1.5bd5ecp-27f,
        0x1.9fcef4p-26f,  -0x1.829fd0p-25f, 0x1.15506ep-27f,  0x1.51f848p-27f,
        -0x1.a94b14p-26f, -0x1.3d56b2p-27f, -0x1.822dbcp-27f, 0x1.52486cp-27f};
    auto floatConst = [&](float value) {
      return splat(rewriter, loc, type, value);
    };
    Value high = lookUp(rewriter, loc, kHigh, shiftedBits);
    Value low = lookUp(rewriter, loc, kLow, shiftedBits);
    Value q = math::FmaOp::create(rewriter, loc, floatConst(0x1.555622p-3f), r,
                                  floatConst(0x1.00022p-1f));
    Value rSquared = arith::MulFOp::create(rewriter, loc, r, r);
    Value s = math::FmaOp::create(rewriter, loc, rSquared, q, r);
    return arith::AddFOp::create(
        rewriter, loc, high, math::FmaOp::create(rewriter, loc, high, s, low));
  }

  /// A summed exp's exp(j/32 ln 2 + r) on |r| <= ln 2 / 64 (j = the low 5
  /// bits of `shiftedBits`) as hi + hi s: hi = 2^(j/32) rounded to f32 from
  /// a 32-entry table (one vpermi2ps / vpermt2ps, which costs what vpermps
  /// costs), s = c0 + r (c1 + c2 r) ~ e^r - 1 of degree 2. The halved range
  /// makes a degree-2 polynomial as accurate as expandTable's degree 3 on
  /// its range, one FMA fewer. c1 and c2 minimize the largest relative
  /// error of hi (1 + s) over all j and r with c0 set so that the mean error
  /// is 0: the table's roundings lean +0.17 2^-24 on average, and a sum
  /// adds up the mean, not the extremes (docs/numerics.md). c0 rides in the
  /// FMA that would otherwise be the product r q. The table and constants
  /// come from utils/exp_summed/fit_summed_table.py.
  static Value expandSummedTable(PatternRewriter &rewriter, Location loc,
                                 Type type, Value r, Value shiftedBits) {
    static constexpr float kHigh[32] = {
        0x1.0p+0f,      0x1.059b0ep+0f, 0x1.0b5586p+0f, 0x1.11301ep+0f,
        0x1.172b84p+0f, 0x1.1d4874p+0f, 0x1.2387a6p+0f, 0x1.29e9e0p+0f,
        0x1.306fe0p+0f, 0x1.371a74p+0f, 0x1.3dea64p+0f, 0x1.44e086p+0f,
        0x1.4bfdaep+0f, 0x1.5342b6p+0f, 0x1.5ab07ep+0f, 0x1.6247ecp+0f,
        0x1.6a09e6p+0f, 0x1.71f75ep+0f, 0x1.7a1148p+0f, 0x1.82589ap+0f,
        0x1.8ace54p+0f, 0x1.93737cp+0f, 0x1.9c4918p+0f, 0x1.a5503cp+0f,
        0x1.ae89fap+0f, 0x1.b7f770p+0f, 0x1.c199bep+0f, 0x1.cb720ep+0f,
        0x1.d5818ep+0f, 0x1.dfc974p+0f, 0x1.ea4afap+0f, 0x1.f50766p+0f};
    auto floatConst = [&](float value) {
      return splat(rewriter, loc, type, value);
    };
    Value high = lookUp(rewriter, loc, kHigh, shiftedBits);
    Value q = math::FmaOp::create(rewriter, loc, floatConst(0x1.ffff3cp-2f), r,
                                  floatConst(0x1.0000f6p+0f));
    Value s =
        math::FmaOp::create(rewriter, loc, q, r, floatConst(-0x1.4d3f0ap-27f));
    return math::FmaOp::create(rewriter, loc, high, s, high);
  }

  /// table[index mod N] per lane of `index` (i32 or a vector of i32) for an
  /// N = 16 or 32 entry table: llvm.x86.avx512.permvar.sf.512 (vpermps zmm)
  /// or llvm.x86.avx512.vpermi2var.ps.512 (the table's two halves) on
  /// 16-lane slices, which read only the index's low 4 or 5 bits; the same
  /// instruction for scalars (broadcast), other widths (padded) and n-D
  /// vectors (flattened), so that every shape gets the same bits.
  static Value lookUp(PatternRewriter &rewriter, Location loc,
                      ArrayRef<float> table, Value index) {
    assert((table.size() == 16 || table.size() == 32) && "16 or 32 entries");
    auto sliceType = VectorType::get({kScalefLanes}, rewriter.getF32Type());
    auto indexSliceType =
        VectorType::get({kScalefLanes}, rewriter.getI32Type());
    auto tableHalf = [&](size_t half) -> Value {
      return arith::ConstantOp::create(
          rewriter, loc,
          DenseElementsAttr::get(
              sliceType, table.slice(half * kScalefLanes, kScalefLanes)));
    };
    Value lowHalf = tableHalf(0);
    Value highHalf = table.size() == 32 ? tableHalf(1) : Value();
    StringRef intrinsic = highHalf ? "llvm.x86.avx512.vpermi2var.ps.512"
                                   : "llvm.x86.avx512.permvar.sf.512";
    auto permute = [&](Value slice) -> Value {
      SmallVector<Value, 3> operands = {lowHalf, slice};
      if (highHalf)
        operands.push_back(highHalf);
      return LLVM::CallIntrinsicOp::create(rewriter, loc, sliceType,
                                           rewriter.getStringAttr(intrinsic),
                                           operands)
          .getResult(0);
    };
    auto vectorType = dyn_cast<VectorType>(index.getType());
    if (!vectorType) {
      Value lanes =
          vector::BroadcastOp::create(rewriter, loc, indexSliceType, index);
      return vector::ExtractOp::create(rewriter, loc, permute(lanes),
                                       ArrayRef<int64_t>{0});
    }
    int64_t count = vectorType.getNumElements();
    auto flatIndexType = VectorType::get({count}, rewriter.getI32Type());
    auto flatType = VectorType::get({count}, rewriter.getF32Type());
    Value flatIndex = index;
    if (vectorType != flatIndexType)
      flatIndex =
          vector::ShapeCastOp::create(rewriter, loc, flatIndexType, index);
    Value result = arith::ConstantOp::create(
        rewriter, loc, DenseElementsAttr::get(flatType, 0.0f));
    for (int64_t offset = 0; offset < count; offset += kScalefLanes) {
      int64_t lanes = std::min(kScalefLanes, count - offset);
      Value slice = flatIndex;
      if (lanes != count)
        slice = vector::ExtractStridedSliceOp::create(
            rewriter, loc, flatIndex, ArrayRef<int64_t>{offset},
            ArrayRef<int64_t>{lanes}, ArrayRef<int64_t>{1});
      if (lanes != kScalefLanes)
        slice = vector::InsertStridedSliceOp::create(
            rewriter, loc, slice,
            arith::ConstantOp::create(
                rewriter, loc,
                DenseElementsAttr::get(indexSliceType, int32_t(0))),
            ArrayRef<int64_t>{0}, ArrayRef<int64_t>{1});
      Value looked = permute(slice);
      if (lanes != kScalefLanes)
        looked = vector::ExtractStridedSliceOp::create(
            rewriter, loc, looked, ArrayRef<int64_t>{0},
            ArrayRef<int64_t>{lanes}, ArrayRef<int64_t>{1});
      if (lanes == count) {
        result = looked;
        break;
      }
      result = vector::InsertStridedSliceOp::create(
          rewriter, loc, looked, result, ArrayRef<int64_t>{offset},
          ArrayRef<int64_t>{1});
    }
    if (flatType != cast<VectorType>(vectorType.clone(rewriter.getF32Type())))
      result = vector::ShapeCastOp::create(
          rewriter, loc, vectorType.clone(rewriter.getF32Type()), result);
    return result;
  }

  /// `value` as a constant of `type` (f32 or a vector of f32).
  static Value splat(PatternRewriter &rewriter, Location loc, Type type,
                     float value) {
    TypedAttr attr = rewriter.getF32FloatAttr(value);
    if (auto vectorType = dyn_cast<VectorType>(type))
      attr = DenseElementsAttr::get(vectorType, attr);
    return arith::ConstantOp::create(rewriter, loc, attr);
  }

  /// p * 2^k by llvm.x86.avx512.mask.scalef.ps.512 on each 16-lane slice
  /// (all lanes: mask -1; the current rounding mode: 4).
  static Value emitScalef(PatternRewriter &rewriter, Location loc,
                          VectorType type, Value p, Value k) {
    auto sliceType = VectorType::get({kScalefLanes}, type.getElementType());
    Value allLanes = arith::ConstantOp::create(rewriter, loc,
                                               rewriter.getI16IntegerAttr(-1));
    Value currentRounding =
        arith::ConstantOp::create(rewriter, loc, rewriter.getI32IntegerAttr(4));
    auto scalef = [&](Value slicedP, Value slicedK) -> Value {
      return LLVM::CallIntrinsicOp::create(
                 rewriter, loc, sliceType,
                 rewriter.getStringAttr("llvm.x86.avx512.mask.scalef.ps.512"),
                 ValueRange{slicedP, slicedK, slicedP, allLanes,
                            currentRounding})
          .getResult(0);
    };
    if (type == sliceType)
      return scalef(p, k);
    Value result = p;
    for (int64_t offset = 0; offset < type.getNumElements();
         offset += kScalefLanes) {
      auto slice = [&](Value value) -> Value {
        return vector::ExtractStridedSliceOp::create(
            rewriter, loc, value, ArrayRef<int64_t>{offset},
            ArrayRef<int64_t>{kScalefLanes}, ArrayRef<int64_t>{1});
      };
      result = vector::InsertStridedSliceOp::create(
          rewriter, loc, scalef(slice(p), slice(k)), result,
          ArrayRef<int64_t>{offset}, ArrayRef<int64_t>{1});
    }
    return result;
  }

  static constexpr int64_t kScalefLanes = 16;
  bool scaleByLdexp;
  bool x86Scalef;
  bool tableExp;
  bool summedExp;
};

struct ApproximateMathPass
    : public dml::impl::DMLApproximateMathBase<ApproximateMathPass> {
  using DMLApproximateMathBase::DMLApproximateMathBase;

  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    if (fastExp)
      patterns.add<ExpF32Expansion>(&getContext(), scaleByLdexp, x86Scalef,
                                    tableExp, summedExp);
    // MLIR's expansion: f32 exp without fast-exp.
    populateMathPolynomialApproximationPatterns(
        patterns, [](StringRef name) { return name == "math.exp"; });
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
