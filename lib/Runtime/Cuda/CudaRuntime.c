/*===- CudaRuntime.c - mgpu* functions over the CUDA driver API -----------===*
 *
 * The host code of dml-gpu-pipeline calls the mgpu* functions of MLIR's CUDA
 * runtime (not packaged by Debian). This file implements the ones it emits
 * over the CUDA driver, loaded with dlopen("libcuda.so.1"): no CUDA toolkit
 * or header at build time, only libc and the driver at run time. It is
 * linked statically (hidden symbols) into every library dml-compile builds
 * for the GPU.
 *
 * Errors never abort: the first driver error of a call is kept in a
 * thread-local slot that the entry point returns (dmlCudaEnd).
 *
 *===----------------------------------------------------------------------===*/

#include "CudaRuntime.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef int CUresult;
typedef int CUdevice;
typedef void *CUcontext;
typedef void *CUmodule;
typedef void *CUfunction;
typedef void *CUstream;
typedef unsigned long long CUdeviceptr;

enum { kNoDevice = 100, kInvalidHandle = 400, kDriverMissing = 34 };

static struct {
  CUresult (*init)(unsigned);
  CUresult (*deviceGet)(CUdevice *, int);
  CUresult (*primaryCtxRetain)(CUcontext *, CUdevice);
  CUresult (*ctxSetCurrent)(CUcontext);
  CUresult (*moduleLoadData)(CUmodule *, const void *);
  CUresult (*moduleUnload)(CUmodule);
  CUresult (*moduleGetFunction)(CUfunction *, CUmodule, const char *);
  CUresult (*launchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned,
                           unsigned, unsigned, unsigned, CUstream, void **,
                           void **);
  CUresult (*streamCreate)(CUstream *, unsigned);
  CUresult (*streamDestroy)(CUstream);
  CUresult (*streamSynchronize)(CUstream);
  CUresult (*memAllocAsync)(CUdeviceptr *, size_t, CUstream);
  CUresult (*memFreeAsync)(CUdeviceptr, CUstream);
  CUresult (*memcpyHtoDAsync)(CUdeviceptr, const void *, size_t, CUstream);
  CUresult (*memcpyDtoHAsync)(void *, CUdeviceptr, size_t, CUstream);
  CUcontext context;
  CUresult status; /* 0 once the driver and a context are ready */
} driver;

static pthread_once_t driverOnce = PTHREAD_ONCE_INIT;

/* Per thread: the caller's stream during an entry point, and the first
 * error since dmlCudaBegin. */
static __thread int borrowing;
static __thread CUstream borrowedStream;
static __thread int firstError;

/* Set by dmlCudaBegin once the context is current: the launches of the
 * same call skip cuCtxSetCurrent. */
static __thread int callContextReady;

/* Kernel handles by (module, name): the host code asks for the function
 * before every launch; cuModuleGetFunction is a driver call (a name
 * lookup) each time. Names are the library's constant strings. */
enum { kFunctionCacheSize = 64 };
static struct {
  CUmodule module;
  const char *name;
  CUfunction function;
} functionCache[kFunctionCacheSize];
static pthread_mutex_t functionCacheLock = PTHREAD_MUTEX_INITIALIZER;

static void record(CUresult result) {
  if (result != 0 && firstError == 0)
    firstError = result;
}

#define LOAD(field, name)                                                      \
  if (!(*(void **)&driver.field = dlsym(library, name)))                       \
    return kDriverMissing;

static CUresult loadDriver(void) {
  void *library = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!library)
    return kNoDevice;
  LOAD(init, "cuInit");
  LOAD(deviceGet, "cuDeviceGet");
  LOAD(primaryCtxRetain, "cuDevicePrimaryCtxRetain");
  LOAD(ctxSetCurrent, "cuCtxSetCurrent");
  LOAD(moduleLoadData, "cuModuleLoadData");
  LOAD(moduleUnload, "cuModuleUnload");
  LOAD(moduleGetFunction, "cuModuleGetFunction");
  LOAD(launchKernel, "cuLaunchKernel");
  LOAD(streamCreate, "cuStreamCreate");
  LOAD(streamDestroy, "cuStreamDestroy_v2");
  LOAD(streamSynchronize, "cuStreamSynchronize");
  LOAD(memAllocAsync, "cuMemAllocAsync");
  LOAD(memFreeAsync, "cuMemFreeAsync");
  LOAD(memcpyHtoDAsync, "cuMemcpyHtoDAsync_v2");
  LOAD(memcpyDtoHAsync, "cuMemcpyDtoHAsync_v2");
  CUresult result = driver.init(0);
  CUdevice device = 0;
  if (result == 0)
    result = driver.deviceGet(&device, 0);
  if (result == 0)
    result = driver.primaryCtxRetain(&driver.context, device);
  return result;
}

static void initializeDriver(void) { driver.status = loadDriver(); }

/* Makes the primary context of device 0 current; false (error recorded)
 * when there is no usable driver. */
static int ready(void) {
  if (callContextReady)
    return 1;
  pthread_once(&driverOnce, initializeDriver);
  if (driver.status != 0) {
    record(driver.status);
    return 0;
  }
  CUresult result = driver.ctxSetCurrent(driver.context);
  record(result);
  return result == 0;
}

static CUstream currentStream(CUstream stream) {
  return borrowing ? borrowedStream : stream;
}

/*===- mgpu* (signatures of MLIR's CudaRuntimeWrappers.cpp) ---------------===*/

DML_CUDA_HIDDEN void *mgpuModuleLoadJIT(void *data, int optLevel) {
  (void)optLevel;
  CUmodule module = NULL;
  if (ready())
    record(driver.moduleLoadData(&module, data));
  return module;
}

DML_CUDA_HIDDEN void *mgpuModuleLoad(void *data, size_t size) {
  (void)size;
  return mgpuModuleLoadJIT(data, 0);
}

DML_CUDA_HIDDEN void mgpuModuleUnload(void *module) {
  pthread_mutex_lock(&functionCacheLock);
  for (int i = 0; i < kFunctionCacheSize; ++i)
    if (functionCache[i].module == module)
      functionCache[i].module = NULL, functionCache[i].name = NULL,
      functionCache[i].function = NULL;
  pthread_mutex_unlock(&functionCacheLock);
  if (module && driver.status == 0)
    driver.moduleUnload(module);
}

DML_CUDA_HIDDEN void *mgpuModuleGetFunction(void *module, const char *name) {
  CUfunction function = NULL;
  if (!module) {
    /* The load (in a library constructor) failed: say why now. */
    record(driver.status != 0 ? driver.status : kInvalidHandle);
    return NULL;
  }
  pthread_mutex_lock(&functionCacheLock);
  int free = -1;
  for (int i = 0; i < kFunctionCacheSize && !function; ++i) {
    if (functionCache[i].module == module && functionCache[i].name == name)
      function = functionCache[i].function;
    else if (!functionCache[i].module && free < 0)
      free = i;
  }
  pthread_mutex_unlock(&functionCacheLock);
  if (function || !ready())
    return function;
  CUresult result = driver.moduleGetFunction(&function, module, name);
  record(result);
  if (result != 0)
    return NULL;
  pthread_mutex_lock(&functionCacheLock);
  if (free >= 0 && !functionCache[free].module) {
    functionCache[free].module = module;
    functionCache[free].name = name;
    functionCache[free].function = function;
  }
  pthread_mutex_unlock(&functionCacheLock);
  return function;
}

DML_CUDA_HIDDEN void mgpuLaunchKernel(void *function, intptr_t gridX,
                                      intptr_t gridY, intptr_t gridZ,
                                      intptr_t blockX, intptr_t blockY,
                                      intptr_t blockZ, int32_t smem,
                                      void *stream, void **params, void **extra,
                                      size_t paramsCount) {
  (void)paramsCount;
  if (!function || firstError != 0 || !ready())
    return; /* an earlier step failed: launch nothing */
  record(driver.launchKernel(function, (unsigned)gridX, (unsigned)gridY,
                             (unsigned)gridZ, (unsigned)blockX,
                             (unsigned)blockY, (unsigned)blockZ, (unsigned)smem,
                             currentStream(stream), params, extra));
}

DML_CUDA_HIDDEN void *mgpuStreamCreate(void) {
  if (borrowing)
    return borrowedStream;
  CUstream stream = NULL;
  if (ready())
    record(driver.streamCreate(&stream, 1 /* non-blocking */));
  return stream;
}

DML_CUDA_HIDDEN void mgpuStreamDestroy(void *stream) {
  if (!borrowing && stream && driver.status == 0)
    record(driver.streamDestroy(stream));
}

/* On the caller's stream the work stays asynchronous: the entry point
 * returns once everything is enqueued. */
DML_CUDA_HIDDEN void mgpuStreamSynchronize(void *stream) {
  if (!borrowing && stream && driver.status == 0)
    record(driver.streamSynchronize(stream));
}

DML_CUDA_HIDDEN void *mgpuMemAlloc(uint64_t sizeBytes, void *stream,
                                   bool isHostShared) {
  (void)isHostShared;
  CUdeviceptr pointer = 0;
  if (sizeBytes == 0 || !ready())
    return NULL;
  /* Stream-ordered: the temporaries of one call need no synchronization. */
  record(driver.memAllocAsync(&pointer, sizeBytes, currentStream(stream)));
  return (void *)(uintptr_t)pointer;
}

DML_CUDA_HIDDEN void mgpuMemFree(void *pointer, void *stream) {
  if (pointer && driver.status == 0)
    record(driver.memFreeAsync((CUdeviceptr)(uintptr_t)pointer,
                               currentStream(stream)));
}

/*===- Entry-point support ------------------------------------------------===*/

DML_CUDA_HIDDEN void dmlCudaBegin(void *stream) {
  firstError = 0;
  borrowing = 1;
  borrowedStream = stream;
  callContextReady = ready();
}

DML_CUDA_HIDDEN int dmlCudaEnd(void) {
  callContextReady = 0;
  borrowing = 0;
  borrowedStream = NULL;
  int result = firstError;
  firstError = 0;
  return result;
}

DML_CUDA_HIDDEN int
dmlCudaCallOnHostBuffers(int (*deviceEntry)(void **buffers, void *stream),
                         void **hostBuffers, const uint64_t *bytes,
                         int numInputs, int numBuffers) {
  firstError = 0;
  if (!ready())
    return dmlCudaEnd();
  CUstream stream = NULL;
  CUresult result = driver.streamCreate(&stream, 1);
  if (result != 0)
    return result;
  void *deviceBuffers[numBuffers > 0 ? numBuffers : 1];
  memset(deviceBuffers, 0, sizeof(deviceBuffers));
  for (int i = 0; i < numBuffers && result == 0; ++i) {
    CUdeviceptr pointer = 0;
    result = driver.memAllocAsync(&pointer, bytes[i] ? bytes[i] : 1, stream);
    deviceBuffers[i] = (void *)(uintptr_t)pointer;
    if (result == 0 && i < numInputs && bytes[i])
      result =
          driver.memcpyHtoDAsync(pointer, hostBuffers[i], bytes[i], stream);
  }
  if (result == 0)
    result = deviceEntry(deviceBuffers, stream);
  for (int i = numInputs; i < numBuffers && result == 0; ++i)
    if (bytes[i])
      result = driver.memcpyDtoHAsync(hostBuffers[i],
                                      (CUdeviceptr)(uintptr_t)deviceBuffers[i],
                                      bytes[i], stream);
  for (int i = 0; i < numBuffers; ++i)
    if (deviceBuffers[i])
      driver.memFreeAsync((CUdeviceptr)(uintptr_t)deviceBuffers[i], stream);
  CUresult synchronized = driver.streamSynchronize(stream);
  if (result == 0)
    result = synchronized;
  driver.streamDestroy(stream);
  return result;
}
