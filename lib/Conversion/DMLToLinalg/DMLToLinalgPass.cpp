//===- DMLToLinalgPass.cpp - convert-dml-to-linalg ------------------------===//

#include "dml/Conversion/DMLToLinalg/DMLToLinalg.h"
#include "dml/Conversion/Passes.h"
#include "dml/Dialect/DML/IR/DMLDialect.h"
#include "dml/Dialect/DML/IR/DMLOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace mlir::dml {
#define GEN_PASS_DEF_CONVERTDMLTOLINALG
#include "dml/Conversion/Passes.h.inc"
} // namespace mlir::dml

using namespace mlir;
using namespace mlir::dml;

SignlessTypeConverter::SignlessTypeConverter() {
  addConversion([](Type type) { return type; });
  addConversion([](IntegerType type) -> Type {
    if (type.isSignless())
      return type;
    return IntegerType::get(type.getContext(), type.getWidth());
  });
  addConversion([this](RankedTensorType type) -> Type {
    return type.clone(convertType(type.getElementType()));
  });
  auto materialize = [](OpBuilder &b, Type type, ValueRange inputs,
                        Location loc) -> Value {
    return UnrealizedConversionCastOp::create(b, loc, type, inputs)
        .getResult(0);
  };
  addSourceMaterialization(materialize);
  addTargetMaterialization(materialize);
}

void mlir::dml::populateDMLToLinalgPatterns(const TypeConverter &converter,
                                            RewritePatternSet &patterns) {
  populateReduceToLinalgPatterns(converter, patterns);
  populateArgReduceToLinalgPatterns(converter, patterns);
  populateGatherToLinalgPatterns(converter, patterns);
  populateOneHotToLinalgPatterns(converter, patterns);
  populateTopKToSelectPatterns(converter, patterns);
}

namespace {
struct ConvertDMLToLinalgPass
    : public dml::impl::ConvertDMLToLinalgBase<ConvertDMLToLinalgPass> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    SignlessTypeConverter converter;
    ConversionTarget target(*context);
    target.addIllegalDialect<DMLDialect>();
    // Ops of other dialects keep their (possibly unsigned) types during the
    // conversion: the casts between them and the converted dml ops vanish
    // when the whole module is renamed to signless types below.
    // The structured form of dml.top_k stays until code generation.
    target.addLegalOp<SelectTopKOp, YieldOp>();
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });

    RewritePatternSet patterns(context);
    populateDMLToLinalgPatterns(converter, patterns);
    if (failed(
            applyFullConversion(getOperation(), target, std::move(patterns))))
      return signalPassFailure();
    renameUnsignedToSignless(getOperation());
  }
};
} // namespace
