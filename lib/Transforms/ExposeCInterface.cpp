//===- ExposeCInterface.cpp - dml-expose-c-interface ----------------------===//

#include "dml/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::dml {
#define GEN_PASS_DEF_DMLEXPOSECINTERFACE
#include "dml/Transforms/Passes.h.inc"
} // namespace mlir::dml

using namespace mlir;

namespace {
struct ExposeCInterfacePass
    : public dml::impl::DMLExposeCInterfaceBase<ExposeCInterfacePass> {
  void runOnOperation() override {
    for (auto func : getOperation().getOps<func::FuncOp>())
      if (func.isPublic() && !func.isExternal())
        func->setAttr(LLVM::LLVMDialect::getEmitCWrapperAttrName(),
                      UnitAttr::get(&getContext()));
  }
};
} // namespace
