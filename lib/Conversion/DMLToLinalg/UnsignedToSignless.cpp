//===- UnsignedToSignless.cpp - unsigned types become signless -----------===//
//
// After the dml ops are lowered (their patterns choose unsigned compares,
// extensions and divisions from the original dml types), no op needs the
// signedness any more, and arith, linalg bodies and the LLVM lowering accept
// signless integers only. `ui32` and `i32` have the same bits, so the rest of
// the module is converted by renaming types: every operand, result and block
// argument type, and every attribute that holds one (function types,
// `tensor<4xui8>` constants, type attributes), in every op of any dialect.
//
//===----------------------------------------------------------------------===//

#include "dml/Conversion/DMLToLinalg/DMLToLinalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/AttrTypeSubElements.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinOps.h"

using namespace mlir;

void mlir::dml::renameUnsignedToSignless(Operation *root) {
  AttrTypeReplacer replacer;
  replacer.addReplacement([](IntegerType type) -> std::optional<Type> {
    if (!type.isUnsigned())
      return std::nullopt;
    return IntegerType::get(type.getContext(), type.getWidth());
  });
  // The element type of dense constants and of integer attributes is not a
  // replaceable sub-element; their bits stay as they are.
  replacer.addReplacement(
      [&replacer](DenseIntElementsAttr attr) -> std::optional<Attribute> {
        auto type = cast<ShapedType>(replacer.replace(attr.getType()));
        if (type == attr.getType())
          return std::nullopt;
        return DenseIntOrFPElementsAttr::getFromRawBuffer(type,
                                                          attr.getRawData());
      });
  replacer.addReplacement(
      [&replacer](IntegerAttr attr) -> std::optional<Attribute> {
        Type type = replacer.replace(attr.getType());
        if (type == attr.getType())
          return std::nullopt;
        return IntegerAttr::get(type, attr.getValue());
      });
  replacer.recursivelyReplaceElementsIn(root, /*replaceAttrs=*/true,
                                        /*replaceLocs=*/false,
                                        /*replaceTypes=*/true);

  // Casts between a type and its unsigned twin (the conversion's
  // materializations, bitcasts written around unsigned tensors) now cast a
  // type to itself.
  root->walk([](Operation *op) {
    bool isCast = isa<UnrealizedConversionCastOp, tensor::BitcastOp>(op);
    if (isCast && op->getNumOperands() == 1 && op->getNumResults() == 1 &&
        op->getOperand(0).getType() == op->getResult(0).getType()) {
      op->getResult(0).replaceAllUsesWith(op->getOperand(0));
      op->erase();
    }
  });
}
