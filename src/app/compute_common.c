#include "app/compute_common.h"

#include <stdio.h>
#include <string.h>

#include "app/compute_context.h"

int compute_parse_flags(const char *op, int argc, char **argv, cli_flag *flags, const char *usage)
{
    sw_error err = {{0}};
    int rc = cli_parse(argc, argv, 1, flags, usage, &err);
    if (rc == 1) return 0;
    if (rc < 0) return compute_fail(op, cli_exit_code(rc), &err);
    return -1;
}

int compute_fail(const char *op, int code, const sw_error *err)
{
    fprintf(stderr, "scanworks compute %s: %s\n", op, err->msg);
    return code;
}

int compute_backend(const char *op, const char *name, prim_backend *b)
{
    sw_error err = {{0}};
    if (prim_backend_parse(name, b, &err)) return compute_fail(op, 2, &err);
    if (*b == PRIM_GL) {
        gfx_context *ctx = NULL;
        if (compute_gl_context(&ctx, &err)) return compute_fail(op, 1, &err);
    }
    if (*b == PRIM_CUDA && prim_require_cuda(op, &err)) return compute_fail(op, 1, &err);
    return -1;
}

npy_dtype compute_dtype_of(key_type t) { return t == KEY_I32 ? NPY_I32 : t == KEY_F32 ? NPY_F32 : NPY_U32; }

int compute_read_npy(const char *path, npy_array *arr, const char *accepted, sw_error *err)
{
    int rc = npy_read(path, arr, err);
    if (rc == NPY_UNSUPPORTED_DTYPE) {
        size_t used = strlen(err->msg);
        snprintf(err->msg + used, sizeof err->msg - used, " (this command takes %s)", accepted);
    }
    return rc ? -1 : 0;
}

int compute_read_keys(const char *path, npy_array *arr, key_type *t, sw_error *err)
{
    if (compute_read_npy(path, arr, "int32, uint32 or float32", err)) return -1;
    if (arr->ndim != 1) {
        sw_fail(err, "%s: expected a 1-D array, got %d dimensions", path, arr->ndim);
        npy_free(arr);
        return -1;
    }
    if (key_type_from_dtype(npy_dtype_name(arr->dtype), path, t, err)) {
        npy_free(arr);
        return -1;
    }
    return 0;
}
