//===- MarkSanitizeAddress.cpp - dml-mark-sanitize-address ----------------===//

#include "dml/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::dml {
#define GEN_PASS_DEF_DMLMARKSANITIZEADDRESS
#include "dml/Transforms/Passes.h.inc"
} // namespace mlir::dml

using namespace mlir;

namespace {
struct MarkSanitizeAddressPass
    : public dml::impl::DMLMarkSanitizeAddressBase<MarkSanitizeAddressPass> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    auto marker = StringAttr::get(context, "sanitize_address");
    for (auto func : getOperation().getOps<LLVM::LLVMFuncOp>()) {
      if (func.isExternal())
        continue;
      SmallVector<Attribute> passthrough;
      if (ArrayAttr existing = func.getPassthroughAttr())
        llvm::append_range(passthrough, existing.getValue());
      if (!llvm::is_contained(passthrough, marker))
        passthrough.push_back(marker);
      func.setPassthroughAttr(ArrayAttr::get(context, passthrough));
    }
  }
};
} // namespace
