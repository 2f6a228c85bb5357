//===- Internal.h - Shared helpers of the embedding API ---------*- C++ -*-===//

#ifndef DML_LIB_COMPILER_INTERNAL_H
#define DML_LIB_COMPILER_INTERNAL_H

#include "dml/Compiler/Graph.h"
#include "dml/Compiler/Types.h"
#include "dml/Dialect/DML/IR/DataType.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>
#include <vector>

namespace dml {

/// A context with every dialect and extension the pipeline needs
/// (multithreading disabled: compilation runs on the caller's thread).
std::unique_ptr<mlir::MLIRContext> createContext();

inline mlir::dml::DataType toMlir(DataType type) {
  return static_cast<mlir::dml::DataType>(static_cast<uint8_t>(type));
}
inline DataType fromMlir(mlir::dml::DataType type) {
  return static_cast<DataType>(static_cast<uint8_t>(type));
}
bool isKnownDataType(DataType type);

/// True when DML_MLIR_DIAGNOSTIC_NOTES is set (not "0"): errors then carry
/// MLIR's notes, "see current operation" included, on lines of their own.
bool wantDiagnosticNotes();

/// Collects the diagnostics emitted while it lives.
class DiagnosticCapture {
public:
  explicit DiagnosticCapture(mlir::MLIRContext *context);
  /// The first error's message (without location), or `fallback`.
  std::string firstError(const std::string &fallback = "") const;
  /// Every error, joined with "; " (one line unless notes are wanted).
  std::string allErrors() const;
  void clear() { errors.clear(); }

private:
  std::vector<std::string> errors;
  mlir::ScopedDiagnosticHandler handler;
};

/// Inputs (with dml.strides) and results (packed) of a function.
struct FunctionDescs {
  std::string name;
  std::vector<TensorDesc> inputs;
  std::vector<TensorDesc> outputs;
};
Expected<FunctionDescs> getFunctionDescs(mlir::func::FuncOp function);

/// The public functions with a body.
std::vector<mlir::func::FuncOp> getPublicFunctions(mlir::ModuleOp module);

/// Generic form, no locations: the cache key of a module.
std::string printCanonical(mlir::ModuleOp module);

/// Parses and verifies a module; errors carry the diagnostics.
Expected<mlir::OwningOpRef<mlir::ModuleOp>>
parseModule(std::string_view text, mlir::MLIRContext *context);

/// Access to a graph's module (lives in the graph's own context).
struct GraphAccess {
  static mlir::ModuleOp getModule(const Graph &graph);
};

inline Status toStatus(llvm::Error error) {
  if (!error)
    return Status::success();
  return Status::error(llvm::toString(std::move(error)));
}

/// The CPU pipeline options string of the compile options.
std::string getPipelineOptions(bool vectorize, int64_t vectorBits);

} // namespace dml

#endif // DML_LIB_COMPILER_INTERNAL_H
