//===- ApproximateMath.cpp - dml-approximate-math -------------------------===//

#include "dml/Transforms/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

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
/// vector and per-target results agree. Clamps keep k in [-150, 128]: below,
/// the result rounds to 0; above, to inf. NaN passes them (see
/// matchAndRewrite).
struct ExpF32Expansion : public OpRewritePattern<math::ExpOp> {
  ExpF32Expansion(MLIRContext *context, bool scaleByLdexp, bool x86Scalef)
      : OpRewritePattern(context, /*benefit=*/2), scaleByLdexp(scaleByLdexp),
        x86Scalef(x86Scalef) {}

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
    const float shifter = 0x1.8p23f;
    Value shiftedBits = arith::BitcastOp::create(
        rewriter, loc, intType,
        fma(x, floatConst(0x1.715476p+0f), floatConst(shifter)));
    shiftedBits = arith::MinSIOp::create(rewriter, loc, shiftedBits,
                                         intConst(0x4B400000 + 128));
    Value shifted = arith::BitcastOp::create(rewriter, loc, type, shiftedBits);
    Value k =
        arith::SubFOp::create(rewriter, loc, shifted, floatConst(shifter));
    Value n =
        arith::SubIOp::create(rewriter, loc, shiftedBits, intConst(0x4B400000));

    // r = x - k ln 2 with ln 2 split in two floats: k * ln2High is exact in
    // the FMA, and ln2Low adds the next 24 bits.
    Value r = fma(k, floatConst(-0x1.62e43p-1f), x);
    r = fma(k, floatConst(0x1.05c61p-29f), r);

    // p(r) = 1 + (r + r^2 (c2 + c3 r + ... + c6 r^4)), coefficients fitted
    // for minimal relative error with each one rounded to f32 in turn.
    // Adding the exact r before 1 keeps p monotone: Horner's last step
    // 1 + r q let the rounding steps of q (scaled by r) outweigh the
    // increase of r and made 2943 f32 inputs near -0.25 decrease by an ulp.
    Value q = floatConst(0x1.6ace9p-10f);
    for (float coefficient :
         {0x1.1232acp-7f, 0x1.5557aap-5f, 0x1.55549ep-3f, 0x1.fffffep-2f})
      q = fma(q, r, floatConst(coefficient));
    Value rSquared = arith::MulFOp::create(rewriter, loc, r, r);
    Value p = arith::AddFOp::create(rewriter, loc, fma(rSquared, q, r),
                                    floatConst(1.0f));

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
      // in [-150, 128], p * 2^half is exact, so only the last product
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
};

struct ApproximateMathPass
    : public dml::impl::DMLApproximateMathBase<ApproximateMathPass> {
  using DMLApproximateMathBase::DMLApproximateMathBase;

  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    if (fastExp)
      patterns.add<ExpF32Expansion>(&getContext(), scaleByLdexp, x86Scalef);
    // MLIR's expansion: f32 exp without fast-exp.
    populateMathPolynomialApproximationPatterns(
        patterns, [](StringRef name) { return name == "math.exp"; });
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
