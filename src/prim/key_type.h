/* The 32-bit element types that compaction, radix sort and search take, and the
 * host-side versions of the order the kernels use: int32 and float32 keys map to
 * unsigned integers that sort the same way (-0.0 before +0.0, every NaN last). */
#ifndef SCANWORKS_PRIM_KEY_TYPE_H
#define SCANWORKS_PRIM_KEY_TYPE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "prim/backend.h"
#include "util/error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The values equal the kernels' MODE argument. */
typedef enum key_type { KEY_U32 = 0, KEY_I32 = 1, KEY_F32 = 2, KEY_TYPE_COUNT } key_type;

const char *key_type_name(key_type t);   /* "uint32", "int32", "float32" */
/* From a .npy dtype name; fails naming the accepted types. WHAT names the input. */
int key_type_from_dtype(const char *dtype_name, const char *what, key_type *out, sw_error *err);

uint32_t key_ordered(uint32_t bits, key_type t);     /* order-preserving map to uint32 */
uint32_t key_unordered(uint32_t u, key_type t);      /* its inverse (NaN comes back as 0x7fffffff) */
/* a < b as the search orders keys: integers plainly, float32 with NaN after everything. */
bool key_less(uint32_t a, uint32_t b, key_type t);

/* Checks ALGO (NULL is fine) against the NULL-terminated NAMES of backend B; the error
 * names OP and lists what there is. */
int prim_check_algorithm(const char *op, prim_backend b, const char *const *names, const char *algo,
                         sw_error *err);
/* Index of ALGO in NAMES (0 when ALGO is NULL: the default). */
int prim_algorithm_index(const char *const *names, const char *algo);
/* Fails with OP's message when the cuda backend cannot run here. */
int prim_require_cuda(const char *op, sw_error *err);

#ifdef __cplusplus
}
#endif

#endif
