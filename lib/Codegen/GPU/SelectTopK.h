//===- SelectTopK.h - dml.select_top_k as a GPU kernel ----------*- C++ -*-===//
//
// dml-gpu-select-top-k: a bufferized dml.select_top_k becomes GPU kernels: a
// block per sequence (radix selection), several for few long sequences, or a
// warp per sequence for short ones with small K (SelectTopK.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef DML_LIB_CODEGEN_GPU_SELECTTOPK_H
#define DML_LIB_CODEGEN_GPU_SELECTTOPK_H

#include "mlir/Pass/Pass.h"
#include "llvm/ADT/StringRef.h"
#include <memory>

namespace mlir::dml {
std::unique_ptr<Pass> createDMLGPUSelectTopKPass();
void registerDMLGPUSelectTopKPass();
} // namespace mlir::dml

#endif // DML_LIB_CODEGEN_GPU_SELECTTOPK_H
