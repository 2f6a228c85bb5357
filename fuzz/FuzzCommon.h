//===- FuzzCommon.h - Shared setup of the dml fuzz targets ------*- C++ -*-===//
//
// A fresh MLIRContext per input (so that no interned state carries from one
// input to the next), with the dialects a dml module uses and a diagnostic
// handler that collects the messages instead of printing them.
//
//===----------------------------------------------------------------------===//

#ifndef DML_FUZZ_FUZZCOMMON_H
#define DML_FUZZ_FUZZCOMMON_H

#include "dml/Dialect/DML/IR/DMLDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <memory>
#include <string>

namespace dml_fuzz {

/// The dialects a dml module is written in (what dml-run and the C++ API
/// accept); nothing else is registered, so that the fuzzers exercise the
/// parser and the dml verifiers rather than unrelated upstream dialects.
inline void registerInputDialects(mlir::DialectRegistry &registry) {
  registry.insert<mlir::dml::DMLDialect, mlir::func::FuncDialect,
                  mlir::arith::ArithDialect, mlir::math::MathDialect,
                  mlir::tensor::TensorDialect>();
}

/// Collects diagnostics; prints nothing unless DML_FUZZ_VERBOSE is set.
class DiagnosticCollector {
public:
  explicit DiagnosticCollector(mlir::MLIRContext &context)
      : handler(&context, [this](mlir::Diagnostic &diagnostic) {
          stream << diagnostic << "\n";
          if (std::getenv("DML_FUZZ_VERBOSE"))
            llvm::errs() << diagnostic << "\n";
          return mlir::success();
        }) {}
  const std::string &messages() { return stream.str(); }

private:
  std::string text;
  llvm::raw_string_ostream stream{text};
  mlir::ScopedDiagnosticHandler handler;
};

/// Reports a property violation (not a crash of the code under test, but a
/// bug all the same) and aborts, so that libFuzzer keeps the input.
[[noreturn]] inline void fail(llvm::StringRef what, llvm::StringRef detail) {
  llvm::errs() << "dml-fuzz: " << what << "\n" << detail << "\n";
  llvm::errs().flush();
  std::abort();
}

} // namespace dml_fuzz

#endif // DML_FUZZ_FUZZCOMMON_H
