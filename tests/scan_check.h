/* Shared by the scan tests: random inputs of every type, an independent reference
 * (wrapping integer arithmetic in uint64, float32 add against a float64 sum) and the
 * comparison, with the float32 error bound of docs/perf.md:
 *   |out[i] - exact[i]| <= gamma(k) * sum of |x_j| over the k terms of the prefix,
 *   gamma(k) = k u / (1 - k u), u = 2^-24,
 * which holds for every order of evaluation (each term takes part in at most k - 1
 * roundings), hence for the sequential, threaded, tree and texture scans alike. */
#ifndef SCANWORKS_TESTS_SCAN_CHECK_H
#define SCANWORKS_TESTS_SCAN_CHECK_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#include "prim/scan.h"
#include "test_util.h"

/* Full-range integers (so int32 and uint32 add wrap often); floats in +-[1/8, 8). */
static inline void scan_fill_random(scan_type t, void *data, size_t n, uint64_t *rng)
{
    for (size_t i = 0; i < n; i++) {
        uint64_t r = test_rand(rng);
        switch (t) {
        case SCAN_I32: ((int32_t *)data)[i] = (int32_t)(uint32_t)r; break;
        case SCAN_U32: ((uint32_t *)data)[i] = (uint32_t)r; break;
        case SCAN_I64: ((int64_t *)data)[i] = (int64_t)r; break;
        default: {
            float m = (float)((r >> 40) & 0xffff) / 65536.0f + 0.125f;
            ((float *)data)[i] = ldexpf((r & 1) ? -m : m, (int)((r >> 8) & 3) * 2 - 3);
        }
        }
    }
}

static inline uint64_t scan_ref_combine_int(scan_type t, scan_op op, uint64_t a, uint64_t b)
{
    if (op == SCAN_ADD) return a + b;
    bool gt, lt;
    if (t == SCAN_U32) gt = (uint32_t)b > (uint32_t)a, lt = (uint32_t)b < (uint32_t)a;
    else if (t == SCAN_I32) gt = (int32_t)b > (int32_t)a, lt = (int32_t)b < (int32_t)a;
    else gt = (int64_t)b > (int64_t)a, lt = (int64_t)b < (int64_t)a;
    return op == SCAN_MAX ? (gt ? b : a) : (lt ? b : a);
}

static inline uint64_t scan_ref_load_int(scan_type t, const void *p, size_t i)
{
    if (t == SCAN_I32) return (uint64_t)(int64_t)((const int32_t *)p)[i];
    if (t == SCAN_U32) return ((const uint32_t *)p)[i];
    return (uint64_t)((const int64_t *)p)[i];
}

static inline uint64_t scan_ref_identity_int(scan_type t, scan_op op)
{
    if (op == SCAN_ADD) return 0;
    if (t == SCAN_I32) return op == SCAN_MAX ? (uint64_t)(int64_t)INT32_MIN : (uint64_t)INT32_MAX;
    if (t == SCAN_U32) return op == SCAN_MAX ? 0 : UINT32_MAX;
    return op == SCAN_MAX ? (uint64_t)INT64_MIN : (uint64_t)INT64_MAX;
}

/* Compares OUT (a scan of IN) with the reference; prints the first few differences
 * under LABEL and returns how many elements are wrong. */
static inline size_t scan_check(const char *label, const scan_desc *d, const void *in, const void *out, size_t n)
{
    size_t bad = 0;
    bool incl = d->kind == SCAN_INCLUSIVE;
    if (d->type != SCAN_F32) {
        uint64_t acc = scan_ref_identity_int(d->type, d->op);
        uint64_t mask = d->type == SCAN_I64 ? ~0ull : 0xffffffffull;
        for (size_t i = 0; i < n; i++) {
            uint64_t x = scan_ref_load_int(d->type, in, i), next = scan_ref_combine_int(d->type, d->op, acc, x);
            uint64_t want = (incl ? next : acc) & mask, got = scan_ref_load_int(d->type, out, i) & mask;
            acc = next;
            if (got != want && bad++ < 3)
                fprintf(stderr, "%s: [%zu] = %llu, expected %llu\n", label, i, (unsigned long long)got,
                        (unsigned long long)want);
        }
        return bad;
    }
    const float *fi = in, *fo = out;
    double sum = d->op == SCAN_ADD ? 0.0 : d->op == SCAN_MAX ? -INFINITY : INFINITY, abs_sum = 0;
    const double u = ldexp(1.0, -24);
    for (size_t i = 0; i < n; i++) {
        double x = fi[i], next = d->op == SCAN_ADD ? sum + x : d->op == SCAN_MAX ? fmax(sum, x) : fmin(sum, x);
        double want = incl ? next : sum, k = (double)(incl ? i + 1 : i), got = fo[i];
        double abs_want = incl ? abs_sum + fabs(x) : abs_sum;
        sum = next;
        abs_sum += fabs(x);
        bool ok;
        if (d->op != SCAN_ADD) ok = got == want;
        else ok = fabs(got - want) <= k * u / (1 - k * u) * abs_want + 1e-30;
        if (!ok && bad++ < 3) fprintf(stderr, "%s: [%zu] = %.9g, expected %.9g\n", label, i, got, want);
    }
    return bad;
}

/* float32 inputs for max and min that step through subnormals: about 45 % a rising
 * ramp of positive subnormals, 45 % a falling ramp of negative ones (so the running
 * max and min change all along, each step between two subnormals or a subnormal and
 * a zero), 10 % zeros of either sign. Hardware that flushes subnormals in comparisons
 * sees ties there and keeps the old prefix. */
static inline void scan_fill_subnormal(float *data, size_t n, uint64_t *rng)
{
    for (size_t i = 0; i < n; i++) {
        uint64_t r = test_rand(rng);
        uint32_t ramp = (uint32_t)(1 + (uint64_t)i * 0x7ffff0u / (n > 1 ? n - 1 : 1)) + (uint32_t)(r >> 60);
        uint32_t bits = (r & 0xff) < 26 ? (uint32_t)(r >> 8) & 0x80000000u : ramp | ((r & 1) ? 0x80000000u : 0);
        memcpy(&data[i], &bits, 4);
    }
}

/* Whether this thread sees subnormals as C says (no flush-to-zero mode left on by a
 * driver): scan_check's float comparisons need it to notice a flushed result. */
static inline bool scan_host_keeps_subnormals(void)
{
    volatile float t = 1e-40f, z = 0.0f;
    return t > z && (double)t > 0.0;
}

/* Every float32 max and min scan of backend B's ALGO, both kinds, on subnormal ramps
 * (scan_fill_subnormal) of lengths up to N_MAX among 1, 2, 255, 1000, 4097, 100003,
 * outputs poisoned first; failures are CHECKs. */
static inline void scan_check_subnormal_minmax(prim_backend b, const char *algo, size_t n_max, uint64_t *rng)
{
    static const size_t sizes[] = {1, 2, 255, 1000, 4097, 100003};
    CHECK_MSG(scan_host_keeps_subnormals(), "this thread flushes subnormals: the float max/min check would be blind");
    float *in = malloc(100003 * sizeof *in), *out = malloc(100003 * sizeof *out);
    CHECK(in && out);
    for (size_t s = 0; in && out && s < sizeof sizes / sizeof sizes[0] && sizes[s] <= n_max; s++)
        for (int op = SCAN_MAX; op <= SCAN_MIN; op++)
            for (int k = 0; k < 2; k++) {
                size_t n = sizes[s];
                scan_desc d = {SCAN_F32, (scan_op)op, (scan_kind)k, algo};
                char label[128];
                snprintf(label, sizeof label, "%s %s float32 %s %s on subnormals, n=%zu", prim_backend_name(b),
                         algo ? algo : "default", scan_op_name(d.op), k ? "inclusive" : "exclusive", n);
                scan_fill_subnormal(in, n, rng);
                test_poison(out, n * sizeof *out);
                sw_error err;
                int rc = scan_host(b, &d, in, out, n, &err);
                CHECK_MSG(rc == 0, "%s: %s", label, err.msg);
                if (rc == 0) CHECK_MSG(scan_check(label, &d, in, out, n) == 0, "%s", label);
            }
    free(in);
    free(out);
}

#endif
