/* NumPy .npy files: read and write, C order, little-endian, up to 4 dimensions.
 * Every field of a file is checked against the file's real size before anything is
 * allocated; a bad file is an error that names it and the problem. */
#ifndef SCANWORKS_IO_NPY_H
#define SCANWORKS_IO_NPY_H

#include <stddef.h>
#include <stdint.h>
#include "util/error.h"

#ifdef __cplusplus
extern "C" {
#endif

#define NPY_MAX_DIMS 4

typedef enum npy_dtype {
    NPY_INVALID = 0,
    NPY_BOOL, NPY_U8, NPY_I8, NPY_I32, NPY_U32, NPY_I64, NPY_U64, NPY_F32, NPY_F64
} npy_dtype;

typedef struct npy_array {
    npy_dtype dtype;
    int ndim;
    int64_t shape[NPY_MAX_DIMS];
    size_t count;        /* product of shape (1 for 0-d) */
    void *data;          /* count * npy_dtype_size(dtype) bytes, malloc'd */
} npy_array;

size_t npy_dtype_size(npy_dtype t);
const char *npy_dtype_name(npy_dtype t);     /* "int32", "float64" ... */
npy_dtype npy_dtype_from_name(const char *name);   /* NPY_INVALID if unknown */

/* Returns 0, -1, or NPY_UNSUPPORTED_DTYPE when the file is well formed but of a dtype
 * this reader does not take (the caller can say which dtypes it takes). */
#define NPY_UNSUPPORTED_DTYPE (-2)
int npy_read(const char *path, npy_array *out, sw_error *err);
/* Parses a whole file held in memory (for tests and fuzzing). */
int npy_parse(const unsigned char *bytes, size_t size, const char *name, npy_array *out, sw_error *err);
/* Writes through a temporary file renamed into place. */
int npy_write(const char *path, const npy_array *arr, sw_error *err);
/* Allocates an array of the given dtype and shape (data uninitialized). */
int npy_alloc(npy_array *arr, npy_dtype t, int ndim, const int64_t *shape, sw_error *err);
void npy_free(npy_array *arr);

/* Largest file npy_read accepts, and largest element count npy_alloc accepts. */
#define NPY_MAX_FILE_BYTES ((size_t)64 << 30)
#define NPY_MAX_ELEMENTS ((size_t)1 << 34)

#ifdef __cplusplus
}
#endif

#endif
