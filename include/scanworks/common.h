/* scanworks: GPU parallel primitives (scan, compaction, radix sort, search, summed-area
 * tables, BFS and SSSP, depth of field from a table) with a CPU and a CUDA backend,
 * callable from C. What every header of the library shares: the
 * error record, the backends, the element types and the stream type.
 *
 * Every function that can fail returns 0, or -1 after writing one line into *ERR that
 * names the input, the limit and the fix (ERR may be NULL). The library keeps no state
 * between calls: calls on different streams with their own temp storage may run at
 * once, from any threads. Built without CUDA, the cuda entries fail saying so. */
#ifndef SCANWORKS_COMMON_H
#define SCANWORKS_COMMON_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SCANWORKS_API_VERSION 1

typedef struct sw_error {
    char msg[512];
} sw_error;

/* Where a host-array call runs. */
typedef enum sw_backend { SW_BACKEND_CPU = 0, SW_BACKEND_CUDA = 2 } sw_backend;

/* Element types (sort and search take the 32-bit ones). */
typedef enum sw_type { SW_INT32 = 0, SW_UINT32 = 1, SW_INT64 = 2, SW_FLOAT32 = 3 } sw_type;

/* A CUDA stream: the same type as cudaStream_t, so one passes straight in (NULL: the
 * default stream). */
struct CUstream_st;
typedef struct CUstream_st *sw_stream;

/* 1 when the cuda backend can run here; 0 with ERR saying why (no driver, no device,
 * or a build without CUDA). */
int sw_cuda_available(sw_error *err);

#ifdef __cplusplus
}
#endif

#endif
