//===- CheckSupportedOps.cpp - dml-check-supported-ops --------------------===//
//
// The allow-list of what dml-cpu-pipeline compiles. Each entry was run
// through the whole pipeline (test/Integration/mixed/); an op that is not
// listed would otherwise fail stages later with messages that do not say
// what is wrong ("op was not bufferized", "failed to legalize operation").
//
//===----------------------------------------------------------------------===//

#include "dml/Dialect/DML/IR/DMLDialect.h"
#include "dml/Transforms/Passes.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringSet.h"

namespace mlir::dml {
#define GEN_PASS_DEF_DMLCHECKSUPPORTEDOPS
#include "dml/Transforms/Passes.h.inc"
} // namespace mlir::dml

using namespace mlir;

/// Ops allowed whatever their types (the tensor rule below still applies).
static const llvm::StringSet<> &getSupportedOps() {
  static const llvm::StringSet<> ops = {
      // Structure.
      "builtin.module", "func.func", "func.return", "func.call",
      // TOSA: lowered by tosa-to-linalg(-named), tosa-to-tensor and
      // tosa-to-arith into elementwise generics, reductions, copies and
      // slices. Elementwise unary:
      "tosa.abs", "tosa.bitwise_not", "tosa.ceil", "tosa.clz", "tosa.cos",
      "tosa.erf", "tosa.exp", "tosa.floor", "tosa.log", "tosa.logical_not",
      "tosa.negate", "tosa.reciprocal", "tosa.rsqrt", "tosa.sigmoid",
      "tosa.sin", "tosa.tanh", "tosa.identity",
      // Elementwise binary (with broadcasting) and ternary:
      "tosa.add", "tosa.sub", "tosa.mul", "tosa.intdiv", "tosa.maximum",
      "tosa.minimum", "tosa.pow", "tosa.equal", "tosa.greater",
      "tosa.greater_equal", "tosa.logical_and", "tosa.logical_or",
      "tosa.logical_xor", "tosa.bitwise_and", "tosa.bitwise_or",
      "tosa.bitwise_xor", "tosa.arithmetic_right_shift",
      "tosa.logical_left_shift", "tosa.logical_right_shift", "tosa.select",
      // Conversions, constants, data movement, reductions:
      "tosa.cast", "tosa.clamp", "tosa.const", "tosa.const_shape",
      "tosa.reshape", "tosa.transpose", "tosa.slice", "tosa.concat",
      "tosa.tile", "tosa.reverse", "tosa.pad", "tosa.reduce_all",
      "tosa.reduce_any", "tosa.reduce_max", "tosa.reduce_min",
      "tosa.reduce_product", "tosa.reduce_sum", "tosa.argmax",
      // Tensor ops that bufferize to allocations, copies and views.
      "tensor.empty", "tensor.extract", "tensor.insert", "tensor.extract_slice",
      "tensor.insert_slice", "tensor.expand_shape", "tensor.collapse_shape",
      "tensor.concat", "tensor.bitcast", "tensor.from_elements", "tensor.splat",
      "tensor.generate", "tensor.pad", "tensor.yield", "tensor.dim",
      // Linalg ops that become linalg.generic/linalg.fill (named ops through
      // linalg-generalize-named-ops), which code generation vectorizes.
      "linalg.generic", "linalg.fill", "linalg.map", "linalg.reduce",
      "linalg.broadcast", "linalg.transpose", "linalg.copy",
      "linalg.elementwise", "linalg.index", "linalg.yield",
      // Named elementwise linalg ops.
      "linalg.add", "linalg.sub", "linalg.mul", "linalg.div",
      "linalg.div_unsigned", "linalg.max", "linalg.min", "linalg.powf",
      "linalg.select", "linalg.exp", "linalg.log", "linalg.abs", "linalg.ceil",
      "linalg.floor", "linalg.negf", "linalg.reciprocal", "linalg.round",
      "linalg.sqrt", "linalg.rsqrt", "linalg.square", "linalg.tanh",
      "linalg.erf"};
  return ops;
}

/// Dialects whose every op is supported: scalar and elementwise arithmetic
/// (on tensors it becomes linalg.generic through
/// convert-elementwise-to-linalg).
static bool isSupportedDialect(StringRef dialect) {
  return dialect == "dml" || dialect == "arith" || dialect == "math";
}

/// The reason `type` cannot be compiled, or empty.
static std::string checkType(Type type) {
  if (isa<UnrankedTensorType>(type))
    return "unranked tensors are not supported";
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    if (!tensor.hasStaticShape())
      return "tensors with dynamic sizes are not supported";
  return "";
}

namespace {
struct CheckSupportedOpsPass
    : public dml::impl::DMLCheckSupportedOpsBase<CheckSupportedOpsPass> {
  void runOnOperation() override {
    const llvm::StringSet<> &supported = getSupportedOps();
    WalkResult result =
        getOperation()->walk<WalkOrder::PreOrder>([&](Operation *op) {
          StringRef name = op->getName().getStringRef();
          if (!supported.contains(name) &&
              !isSupportedDialect(op->getName().getDialectNamespace())) {
            op->emitOpError()
                << "is not supported by the dml pipeline (it compiles dml "
                   "ops, TOSA elementwise, shape and reduction ops, and "
                   "arith, math, tensor and linalg ops on static tensors; "
                   "see docs/pipeline.md, \"Mixed graphs\")";
            return WalkResult::interrupt();
          }
          auto check = [&](Type type, StringRef what) {
            std::string error = checkType(type);
            if (!error.empty())
              op->emitOpError() << what << " " << type << ": " << error
                                << " by the dml pipeline (static shapes only)";
            return error.empty();
          };
          for (Type type : op->getOperandTypes())
            if (!check(type, "operand of type"))
              return WalkResult::interrupt();
          for (Type type : op->getResultTypes())
            if (!check(type, "result of type"))
              return WalkResult::interrupt();
          if (auto function = dyn_cast<FunctionOpInterface>(op))
            for (Type type : llvm::concat<const Type>(
                     function.getArgumentTypes(), function.getResultTypes()))
              if (!check(type, "signature type"))
                return WalkResult::interrupt();
          return WalkResult::advance();
        });
    if (result.wasInterrupted())
      signalPassFailure();
  }
};
} // namespace
