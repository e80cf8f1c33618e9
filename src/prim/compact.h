/* Stream compaction: keep the elements that satisfy a predicate, in their order, and
 * return how many were kept. The chapter's flag -> scan -> scatter (39.3.1).
 *
 * Predicates: gt, ge, lt, le, eq, ne against a value of the element type (NaN compares
 * unordered: only ne keeps it), or a flag array (keep where flags[i] != 0). Types
 * uint32, int32, float32; values are moved bit for bit. */
#ifndef SCANWORKS_PRIM_COMPACT_H
#define SCANWORKS_PRIM_COMPACT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "prim/backend.h"
#include "prim/key_type.h"
#include "util/error.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum compact_pred {
    COMPACT_GT, COMPACT_GE, COMPACT_LT, COMPACT_LE, COMPACT_EQ, COMPACT_NE, COMPACT_FLAGS, COMPACT_PRED_COUNT
} compact_pred;

#define COMPACT_MAX_ELEMENTS (((size_t)1 << 32) - 1)

typedef struct compact_desc {
    key_type type;
    compact_pred pred;
    uint32_t value_bits;   /* the comparison value, as TYPE's bits */
    const char *algo;      /* from compact_algorithms(backend); NULL = best */
} compact_desc;

const char *compact_pred_name(compact_pred p);   /* "gt" ... "flags" */
/* "OP:VALUE" (gt:0, le:-3.5, ne:7) for elements of TYPE: fills pred and value_bits.
 * Usage errors name the accepted operators and the value's range. */
int compact_parse_keep(const char *s, key_type type, compact_desc *d, sw_error *err);
/* Whether one element (its bits) is kept; for COMPACT_FLAGS use the flag instead. */
bool compact_keeps(const compact_desc *d, uint32_t bits);

const char *const *compact_algorithms(prim_backend b);
/* Whether ALGO names an algorithm of backend B, one of compact_algorithms(b): 0, or -1
 * with ERR saying what exists. */
int compact_check_algorithm(prim_backend b, const char *algo, sw_error *err);
int compact_cuda_check_algorithm(const char *algo, sw_error *err);

/* Compacts N elements of host memory IN into OUT (room for N), *COUNT kept. FLAGS (n
 * bytes) is read only for COMPACT_FLAGS. OUT[count..n) is left as it was. */
int compact_host(prim_backend b, const compact_desc *d, const void *in, const uint8_t *flags, void *out, size_t n,
                 size_t *count, sw_error *err);

int compact_cpu_host(const compact_desc *d, const void *in, const uint8_t *flags, void *out, size_t n,
                     size_t *count, sw_error *err);
int compact_gl_host(const compact_desc *d, const void *in, const uint8_t *flags, void *out, size_t n,
                    size_t *count, sw_error *err);
int compact_cuda_host(const compact_desc *d, const void *in, const uint8_t *flags, void *out, size_t n,
                      size_t *count, sw_error *err);
extern const char *const compact_cpu_algorithms[];
extern const char *const compact_gl_algorithms[];
extern const char *const compact_cuda_algorithms[];

#ifdef __cplusplus
}
#endif

#endif
