//===- GPUVectorStores.h - elementwise GPU kernels, 16-byte stores -*- C++ -*-//
//
// dml-gpu-vector-stores: a bufferized elementwise linalg.generic (every loop
// parallel) becomes one gpu.launch whose threads each compute 16 bytes of
// consecutive output elements and write them with one vector store.
//
//===----------------------------------------------------------------------===//

#ifndef DML_LIB_PIPELINES_GPUVECTORSTORES_H
#define DML_LIB_PIPELINES_GPUVECTORSTORES_H

#include "mlir/Pass/Pass.h"

namespace mlir::dml {
std::unique_ptr<Pass> createDMLGPUVectorStoresPass();
void registerDMLGPUVectorStoresPass();
} // namespace mlir::dml

#endif // DML_LIB_PIPELINES_GPUVECTORSTORES_H
