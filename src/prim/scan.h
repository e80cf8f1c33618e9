/* All-prefix-sums (scan), the primitive everything else is built from.
 *
 * One call shape for every backend. Exclusive: out[i] = in[0] op ... op in[i-1],
 * out[0] = identity. Inclusive: out[i] = in[0] op ... op in[i]. Operators add, max,
 * min; element types int32, uint32, int64, float32. Integer results equal the
 * sequential scan bit for bit (add wraps like two's complement); float32 results are
 * within the bound stated in docs/perf.md of a float64 reference. In-place use
 * (out == in) is allowed. Lengths are 64-bit, from 0 to SCAN_MAX_ELEMENTS. */
#ifndef SCANWORKS_PRIM_SCAN_H
#define SCANWORKS_PRIM_SCAN_H

#include <stddef.h>
#include "prim/backend.h"
#include "util/error.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum scan_type { SCAN_I32, SCAN_U32, SCAN_I64, SCAN_F32, SCAN_TYPE_COUNT } scan_type;
typedef enum scan_op { SCAN_ADD, SCAN_MAX, SCAN_MIN, SCAN_OP_COUNT } scan_op;
typedef enum scan_kind { SCAN_EXCLUSIVE, SCAN_INCLUSIVE } scan_kind;

#define SCAN_MAX_ELEMENTS ((size_t)1 << 33)

typedef struct scan_desc {
    scan_type type;
    scan_op op;
    scan_kind kind;
    const char *algo;   /* a name from scan_algorithms(backend); NULL = the backend's best */
} scan_desc;

size_t scan_type_size(scan_type t);
const char *scan_type_name(scan_type t);   /* "int32" ... */
const char *scan_op_name(scan_op op);      /* "add", "max", "min" */
int scan_op_parse(const char *s, scan_op *out, sw_error *err);

/* The algorithms a backend offers, NULL-terminated, best (default) first. */
const char *const *scan_algorithms(prim_backend b);
/* 0 if ALGO (NULL: the default) is one of scan_algorithms(B); else -1 with a message
 * that lists the names. */
int scan_check_algorithm(prim_backend b, const char *algo, sw_error *err);

/* Scans N elements of host memory IN into host memory OUT on backend B (copying to
 * and from the device as needed). The gl backend needs a current GL 4.5 context;
 * the cuda backend a CUDA device. Fails with a message for an unknown algorithm, a
 * length over the limit or an algorithm's own limit (the one-block teaching
 * variants), an unavailable backend, or a device out of memory. */
int scan_host(prim_backend b, const scan_desc *d, const void *in, void *out, size_t n, sw_error *err);
/* scan_host on the cuda backend, and *SCAN_MS the scan's own time on the device (the
 * fastest of three runs between CUDA events, after one that warms up; the copies to
 * and from the device left out). */
int scan_host_cuda_timed(const scan_desc *d, const void *in, void *out, size_t n, double *scan_ms, sw_error *err);
/* The most elements backend B's algorithm ALGO (NULL: the default) takes for type T:
 * SCAN_MAX_ELEMENTS, less for the cuda one-block teaching variants. */
size_t scan_max_elements(prim_backend b, const char *algo, scan_type t);

/* Backend entry points with the same contract (scan_host checks the arguments and
 * dispatches). scan_cuda_host is defined only in builds with CUDA. */
int scan_cpu_host(const scan_desc *d, const void *in, void *out, size_t n, sw_error *err);
int scan_gl_host(const scan_desc *d, const void *in, void *out, size_t n, sw_error *err);
int scan_cuda_host(const scan_desc *d, const void *in, void *out, size_t n, sw_error *err);
/* Host IN -> device -> scan -> host OUT, synchronous (scan_cuda_host's body, in
 * prim/scan_cuda.c; its device memory is allocated and freed in the call). SCAN_MS, when
 * not NULL, gets the scan's own time on the device: the scan runs out of place once to
 * warm up, then three times between CUDA events, and the fastest of the three counts. */
int scan_cuda_host_copy(const scan_desc *d, const void *in, void *out, size_t n, float *scan_ms, sw_error *err);
extern const char *const scan_cpu_algorithms[];
extern const char *const scan_gl_algorithms[];
extern const char *const scan_cuda_algorithms[];

#ifdef __cplusplus
}
#endif

#endif
