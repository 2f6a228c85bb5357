//===- dml-opt.cpp - DML-MLIR optimizer driver ----------------------------===//

#include "dml/Dialect/DML/IR/DMLDialect.h"
#include "dml/Pipelines/Pipelines.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  mlir::dml::registerDMLPassesAndPipelines();

  mlir::DialectRegistry registry;
  registry.insert<mlir::dml::DMLDialect>();
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  // gpu-module-to-binary translates gpu.module to LLVM IR.
  mlir::registerAllToLLVMIRTranslations(registry);

  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "DML-MLIR optimizer driver\n", registry));
}
