//===- GraphImpl.h - State of a Graph being built ---------------*- C++ -*-===//
//
// Shared by the builder calls of the dml operators (Graph.cpp) and of the
// elementwise operators (GraphElementwise.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef DML_LIB_COMPILER_GRAPHIMPL_H
#define DML_LIB_COMPILER_GRAPHIMPL_H

#include "Internal.h"

#include "dml/Compiler/Graph.h"
#include "dml/Dialect/DML/IR/DMLDialect.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Verifier.h"

namespace dml {

using mlir::Value;

struct Graph::Impl {
  std::unique_ptr<mlir::MLIRContext> context;
  mlir::OwningOpRef<mlir::ModuleOp> module;
  mlir::func::FuncOp function;
  mlir::func::ReturnOp returnOp;
  std::string name;
  /// Tensor id -> value.
  std::vector<Value> values;
  std::vector<TensorDesc> inputDescs;
  Status first;
  Status last;

  Status fail(std::string message) {
    last = Status::error(std::move(message));
    if (first.ok())
      first = last;
    return last;
  }
  void succeed() { last = Status::success(); }

  Tensor makeTensor(Value value) {
    values.push_back(value);
    Tensor tensor;
    tensor.owner = this;
    tensor.id = static_cast<int>(values.size() - 1);
    return tensor;
  }

  /// The value of `tensor`, or null after recording why not.
  Value lookup(Tensor tensor, const char *role) {
    if (tensor.owner == nullptr && tensor.id < 0) {
      fail(std::string(role) + " is an invalid tensor (from a failed call: " +
           (first.ok() ? std::string("none recorded") : first.message()) + ")");
      return nullptr;
    }
    if (tensor.owner != this || tensor.id < 0 ||
        tensor.id >= static_cast<int>(values.size())) {
      fail(std::string(role) + " belongs to another graph");
      return nullptr;
    }
    return values[tensor.id];
  }

  mlir::OpBuilder builder() {
    mlir::OpBuilder b(context.get());
    b.setInsertionPoint(returnOp);
    return b;
  }

  void updateFunctionType() {
    function.setType(mlir::FunctionType::get(
        context.get(), function.getBody().getArgumentTypes(),
        returnOp.getOperandTypes()));
  }

  /// Verifies a newly built op with the dialect's verifiers; on failure
  /// erases it and records the verifier's message.
  bool verifyNewOp(mlir::Operation *op) {
    DiagnosticCapture capture(context.get());
    if (mlir::succeeded(mlir::verify(op))) {
      succeed();
      return true;
    }
    std::string message = capture.firstError(
        "the " + op->getName().getStringRef().str() + " op failed to verify");
    op->erase();
    fail(std::move(message));
    return false;
  }

  mlir::Type getElementType(DataType type) {
    return mlir::dml::getElementType(context.get(), toMlir(type));
  }

  bool checkDataType(DataType type, const char *what) {
    if (isKnownDataType(type))
      return true;
    fail(std::string(what) + " has an unknown data type (" +
         std::to_string(static_cast<unsigned>(type)) + ")");
    return false;
  }
};

} // namespace dml

#endif // DML_LIB_COMPILER_GRAPHIMPL_H
