// MLIR memref descriptors for the C interface of generated kernels, and
// helpers that allocate exact-size heap buffers so that AddressSanitizer
// catches any access outside them.
#ifndef DML_TEST_ASAN_MEMREF_H
#define DML_TEST_ASAN_MEMREF_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define DML_DESC(name, T, rank)                                                \
  typedef struct {                                                             \
    T *allocated;                                                              \
    T *aligned;                                                                \
    int64_t offset;                                                            \
    int64_t sizes[rank];                                                       \
    int64_t strides[rank];                                                     \
  } name

// Fills a packed row-major descriptor over a fresh heap copy of `data`
// holding exactly `count` elements.
#define DML_INIT(desc, T, rank, data, count, ...)                             \
  do {                                                                         \
    int64_t shape_[rank] = {__VA_ARGS__};                                      \
    (desc).allocated = (T *)malloc(sizeof(T) * (size_t)(count));               \
    if (data)                                                                  \
      memcpy((desc).allocated, (data), sizeof(T) * (size_t)(count));          \
    else                                                                       \
      memset((desc).allocated, 0, sizeof(T) * (size_t)(count));                \
    (desc).aligned = (desc).allocated;                                         \
    (desc).offset = 0;                                                         \
    int64_t stride_ = 1;                                                       \
    for (int d_ = (rank)-1; d_ >= 0; --d_) {                                   \
      (desc).sizes[d_] = shape_[d_];                                           \
      (desc).strides[d_] = stride_;                                            \
      stride_ *= shape_[d_];                                                   \
    }                                                                          \
  } while (0)

#endif // DML_TEST_ASAN_MEMREF_H
