/* One case of the cuda scan against an exact sequential reference (integer add wraps;
 * float32 add on small integers, so every order of summing is exact), output poisoned
 * or in place: test_scan_cuda's building block. Needs SCANWORKS_HAVE_CUDA. */
#ifndef SCANWORKS_TESTS_SCAN_CUDA_CASE_H
#define SCANWORKS_TESTS_SCAN_CUDA_CASE_H

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "prim/scan.h"
#include "prim/scan_plan_cuda.h"   /* kernels/scan/scan.h: scan_cuda_host */
#include "test_util.h"

static const size_t elem_size[SCAN_TYPE_COUNT] = {4, 4, 8, 4};
static const char *const type_names[SCAN_TYPE_COUNT] = {"int32", "uint32", "int64", "float32"};
static const char *const op_names[SCAN_OP_COUNT] = {"add", "max", "min"};

/* ---- the sequential reference ---- */

#define REF_LOOP(T, LO, HI, ADD)                                                            \
    do {                                                                                    \
        const T *a = in;                                                                    \
        T *o = out;                                                                         \
        T acc = op == SCAN_ADD ? (T)0 : op == SCAN_MAX ? (LO) : (HI);                       \
        for (size_t i = 0; i < n; i++) {                                                    \
            T x = a[i];                                                                     \
            if (kind == SCAN_EXCLUSIVE) o[i] = acc;                                         \
            acc = op == SCAN_ADD ? (ADD) : op == SCAN_MAX ? (x > acc ? x : acc) : (x < acc ? x : acc); \
            if (kind == SCAN_INCLUSIVE) o[i] = acc;                                         \
        }                                                                                   \
    } while (0)

static void ref_scan(scan_type t, scan_op op, scan_kind kind, const void *in, void *out, size_t n)
{
    switch (t) {
    case SCAN_I32: REF_LOOP(int32_t, INT32_MIN, INT32_MAX, (int32_t)((uint32_t)acc + (uint32_t)x)); break;
    case SCAN_U32: REF_LOOP(uint32_t, 0, UINT32_MAX, acc + x); break;
    case SCAN_I64: REF_LOOP(int64_t, INT64_MIN, INT64_MAX, (int64_t)((uint64_t)acc + (uint64_t)x)); break;
    default: REF_LOOP(float, -INFINITY, INFINITY, acc + x); break;
    }
}

/* Integers: any bits. float32 add: small integers, so every order of summing is
 * exact and the result must equal the reference exactly; max/min: any finite values. */
static void fill(scan_type t, scan_op op, void *p, size_t n, uint64_t *rng)
{
    for (size_t i = 0; i < n; i++) {
        uint64_t r = test_rand(rng);
        switch (t) {
        case SCAN_I32: case SCAN_U32: ((uint32_t *)p)[i] = (uint32_t)r; break;
        case SCAN_I64: ((uint64_t *)p)[i] = r; break;
        default:
            if (op == SCAN_ADD) ((float *)p)[i] = (float)((int)(r % 17) - 8);
            else ((float *)p)[i] = (float)((double)(r >> 11) / 9007199254740992.0 * 2000.0 - 1000.0);
        }
    }
}

static int equal_at(scan_type t, const void *a, const void *b, size_t i)
{
    if (t == SCAN_F32) return ((const float *)a)[i] == ((const float *)b)[i];
    return !memcmp((const char *)a + i * elem_size[t], (const char *)b + i * elem_size[t], elem_size[t]);
}

static double value_at(scan_type t, const void *p, size_t i)
{
    switch (t) {
    case SCAN_I32: return ((const int32_t *)p)[i];
    case SCAN_U32: return ((const uint32_t *)p)[i];
    case SCAN_I64: return (double)((const int64_t *)p)[i];
    default: return ((const float *)p)[i];
    }
}

/* Returns the first index where GOT differs from WANT, or N. */
static size_t first_mismatch(scan_type t, const void *got, const void *want, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!equal_at(t, got, want, i)) return i;
    return n;
}

static void run_case(const char *algo, scan_type t, scan_op op, scan_kind kind, size_t n, int in_place, uint64_t *rng)
{
    size_t bytes = (n ? n : 1) * elem_size[t];
    void *in = calloc(1, bytes), *out = malloc(bytes), *want = malloc(bytes);   /* in: n may be 0 */
    if (!in || !out || !want) {
        CHECK_MSG(0, "out of host memory for %zu elements", n);
        free(in), free(out), free(want);
        return;
    }
    fill(t, op, in, n, rng);
    ref_scan(t, op, kind, in, want, n);
    scan_desc d = {t, op, kind, algo};
    sw_error err = {{0}};
    int rc;
    if (in_place) {
        rc = scan_cuda_host(&d, in, in, n, &err);
        memcpy(out, in, bytes);
    } else {
        test_poison(out, bytes);
        rc = scan_cuda_host(&d, in, out, n, &err);
    }
    CHECK_MSG(rc == 0, "%s %s %s %s n=%zu: %s", algo, type_names[t], op_names[op],
              kind == SCAN_INCLUSIVE ? "inclusive" : "exclusive", n, err.msg);
    if (rc == 0) {
        size_t i = first_mismatch(t, out, want, n), bad = 0, last = i;
        for (size_t j = i; j < n; j++)
            if (!equal_at(t, out, want, j)) bad++, last = j;
        CHECK_MSG(i == n, "%s %s %s %s n=%zu%s: out[%zu] = %.17g, want %.17g (%zu elements wrong, the last at %zu)",
                  algo, type_names[t], op_names[op], kind == SCAN_INCLUSIVE ? "inclusive" : "exclusive", n,
                  in_place ? " in place" : "", i, value_at(t, out, i), value_at(t, want, i), bad, last);
    }
    free(in), free(out), free(want);
}

#endif
