//===- Passes.td - DML transform passes --------------------*- tablegen -*-===//

#ifndef DML_TRANSFORMS_PASSES_TD
#define DML_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def DMLExposeCInterface : Pass<"dml-expose-c-interface", "ModuleOp"> {
  let summary = "Give every public function a C interface wrapper";
  let description = [{
    Marks every public `func.func` with `llvm.emit_c_interface`, so that the
    LLVM lowering emits `_mlir_ciface_<name>`, which takes a pointer to a
    memref descriptor per argument. Used by the JIT runner and AOT headers.
  }];
}

def DMLMarkSanitizeAddress : Pass<"dml-mark-sanitize-address", "ModuleOp"> {
  let summary = "Request AddressSanitizer instrumentation of every function";
  let description = [{
    Adds `sanitize_address` to the passthrough attributes of every defined
    `llvm.func`, so that compiling the translated LLVM IR with
    `-fsanitize=address` instruments the generated kernels' loads and stores.
    Used to prove that kernels never access memory outside their buffers.
  }];
}

def DMLVectorize : Pass<"dml-vectorize", "func::FuncOp"> {
  let summary = "Tile and vectorize linalg ops through the vector dialect";
  let description = [{
    Tiles the innermost dimension of every statically shaped `linalg` op to
    the target vector width and vectorizes the tiles with
    `linalg::vectorize`. Ops the vectorizer cannot handle stay as they are
    and are later lowered to loops.
  }];
  let options = [
    Option<"vectorWidth", "vector-width", "int64_t", /*default=*/"8",
           "Number of lanes of the innermost vector dimension">,
  ];
  let dependentDialects = [
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

#endif // DML_TRANSFORMS_PASSES_TD
