#include "prim/key_type.h"

#include <string.h>

static const char *const key_names[KEY_TYPE_COUNT] = {"uint32", "int32", "float32"};

const char *key_type_name(key_type t) { return (unsigned)t < KEY_TYPE_COUNT ? key_names[t] : "?"; }

int key_type_from_dtype(const char *dtype_name, const char *what, key_type *out, sw_error *err)
{
    for (int i = 0; i < KEY_TYPE_COUNT; i++)
        if (dtype_name && !strcmp(dtype_name, key_names[i])) {
            *out = (key_type)i;
            return 0;
        }
    return sw_fail(err, "%s: dtype %s is not supported (use int32, uint32 or float32)", what,
                   dtype_name ? dtype_name : "?");
}

uint32_t key_ordered(uint32_t bits, key_type t)
{
    if (t == KEY_I32) return bits ^ 0x80000000u;
    if (t == KEY_F32) {
        if ((bits & 0x7fffffffu) > 0x7f800000u) return 0xffffffffu;
        return bits ^ ((bits & 0x80000000u) ? 0xffffffffu : 0x80000000u);
    }
    return bits;
}

uint32_t key_unordered(uint32_t u, key_type t)
{
    if (t == KEY_I32) return u ^ 0x80000000u;
    if (t == KEY_F32) return u ^ ((u & 0x80000000u) ? 0x80000000u : 0xffffffffu);
    return u;
}

bool key_less(uint32_t a, uint32_t b, key_type t)
{
    if (t == KEY_I32) return (int32_t)a < (int32_t)b;
    if (t == KEY_F32) {
        float x, y;
        memcpy(&x, &a, 4);
        memcpy(&y, &b, 4);
        return x < y || (x == x && y != y);
    }
    return a < b;
}

int prim_algorithm_index(const char *const *names, const char *algo)
{
    if (!algo) return 0;
    for (int i = 0; names[i]; i++)
        if (!strcmp(names[i], algo)) return i;
    return -1;
}

int prim_check_algorithm(const char *op, prim_backend b, const char *const *names, const char *algo,
                         sw_error *err)
{
    if (!names[0]) return sw_fail(err, "the %s backend has no %s in this build (pick another --backend)", prim_backend_name(b), op);
    if (prim_algorithm_index(names, algo) >= 0) return 0;
    char list[256] = "";
    for (int i = 0; names[i]; i++) {
        strncat(list, i ? ", " : "", sizeof list - strlen(list) - 1);
        strncat(list, names[i], sizeof list - strlen(list) - 1);
    }
    return sw_fail(err, "no %s algorithm '%s' on the %s backend (it has: %s)", op, algo, prim_backend_name(b), list);
}

int prim_require_cuda(const char *op, sw_error *err)
{
    const char *why = NULL;
    if (!prim_cuda_available(&why))
        return sw_fail(err, "the cuda backend, which %s needs here, is unavailable: %s (pick --backend cpu)", op,
                       why ? why : "?");
    return 0;
}
