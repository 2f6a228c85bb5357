/*===- CudaRuntime.h - entry-point support of the GPU runtime ---*- C -*-===*
 *
 * Called by the C entry points that dml-compile generates for the GPU
 * target (see docs/gpu.md). Return codes are CUresult values (0: success;
 * 100: no device or no libcuda.so.1; 34: the driver lacks an entry point).
 *
 *===----------------------------------------------------------------------===*/

#ifndef DML_RUNTIME_CUDA_CUDARUNTIME_H
#define DML_RUNTIME_CUDA_CUDARUNTIME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define DML_CUDA_HIDDEN __attribute__((visibility("hidden")))

/* Starts a call on `stream` (the caller's; NULL: the legacy default stream):
 * every launch and temporary of the call goes there, asynchronously. */
DML_CUDA_HIDDEN void dmlCudaBegin(void *stream);
/* Ends the call: the first driver error since dmlCudaBegin, or 0. */
DML_CUDA_HIDDEN int dmlCudaEnd(void);
/* Copies the inputs to the device, runs `deviceEntry` on a private stream,
 * copies the outputs back and waits: the host-pointer variant. */
DML_CUDA_HIDDEN int
dmlCudaCallOnHostBuffers(int (*deviceEntry)(void **buffers, void *stream),
                         void **hostBuffers, const uint64_t *bytes,
                         int numInputs, int numBuffers);

#endif /* DML_RUNTIME_CUDA_CUDARUNTIME_H */
