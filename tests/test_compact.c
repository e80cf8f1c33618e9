/* Compaction: the CPU reference against a plain loop written here, the --keep parser,
 * float edge cases. Built again as test_compact_gl (COMPACT_TEST_GL) for the gl backend. */
#include "app/compute_context.h"
#include "prim/compact.h"
#include "csearch_data.h"

static size_t naive(const compact_desc *d, const uint32_t *in, const uint8_t *flags, uint32_t *out, size_t n)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        int keep;
        if (d->pred == COMPACT_FLAGS) keep = flags[i] != 0;
        else if (d->type == KEY_F32) {
            float a, b;
            memcpy(&a, &in[i], 4), memcpy(&b, &d->value_bits, 4);
            keep = d->pred == COMPACT_GT ? a > b : d->pred == COMPACT_GE ? a >= b : d->pred == COMPACT_LT ? a < b
                 : d->pred == COMPACT_LE ? a <= b : d->pred == COMPACT_EQ ? a == b : !(a == b);
        } else if (d->type == KEY_I32) {
            int32_t a = (int32_t)in[i], b = (int32_t)d->value_bits;
            keep = d->pred == COMPACT_GT ? a > b : d->pred == COMPACT_GE ? a >= b : d->pred == COMPACT_LT ? a < b
                 : d->pred == COMPACT_LE ? a <= b : d->pred == COMPACT_EQ ? a == b : a != b;
        } else {
            uint32_t a = in[i], b = d->value_bits;
            keep = d->pred == COMPACT_GT ? a > b : d->pred == COMPACT_GE ? a >= b : d->pred == COMPACT_LT ? a < b
                 : d->pred == COMPACT_LE ? a <= b : d->pred == COMPACT_EQ ? a == b : a != b;
        }
        if (keep) out[k++] = in[i];
    }
    return k;
}

static void test_parse(void)
{
    compact_desc d = {0};
    sw_error err;
    CHECK(compact_parse_keep("gt:5", KEY_I32, &d, &err) == 0 && d.pred == COMPACT_GT && d.value_bits == 5);
    CHECK(compact_parse_keep("le:-3", KEY_I32, &d, &err) == 0 && d.pred == COMPACT_LE && (int32_t)d.value_bits == -3);
    CHECK(compact_parse_keep("ne:2.5", KEY_F32, &d, &err) == 0 && d.value_bits == data_float_bits(2.5f));
    CHECK(compact_parse_keep("eq:4294967295", KEY_U32, &d, &err) == 0 && d.value_bits == 0xFFFFFFFFu);
    CHECK(compact_parse_keep("gt:-1", KEY_U32, &d, &err) == -1);
    CHECK(compact_parse_keep("gt:2147483648", KEY_I32, &d, &err) == -1);
    CHECK(compact_parse_keep("gt:1.5", KEY_I32, &d, &err) == -1);
    CHECK(compact_parse_keep("xx:1", KEY_I32, &d, &err) == -1 && strstr(err.msg, "gt, ge"));
    CHECK(compact_parse_keep("gt", KEY_I32, &d, &err) == -1);
    CHECK(compact_parse_keep("gt:", KEY_I32, &d, &err) == -1);
    CHECK(compact_parse_keep("flags:1", KEY_I32, &d, &err) == -1);
}

static void test_backend(prim_backend b, const char *algo, size_t max_n)
{
    uint64_t seed = 11;
    for (size_t si = 0; si < TEST_AWKWARD_COUNT && test_awkward_sizes[si] <= max_n; si++) {
        size_t n = test_awkward_sizes[si];
        uint32_t *in = malloc(n * 4 + 4), *out = malloc(n * 4 + 4), *want = malloc(n * 4 + 4);
        uint8_t *flags = malloc(n + 1);
        for (int t = 0; t < KEY_TYPE_COUNT; t++)
            for (int p = 0; p < COMPACT_PRED_COUNT; p++) {
                int dist = (int)((si + (size_t)p) % DIST_COUNT);
                data_fill(in, n, dist, (key_type)t, seed++);
                for (size_t i = 0; i < n; i++) flags[i] = (uint8_t)(test_rand(&seed) % 3 == 0 ? 1 + (i & 7) : 0);
                compact_desc d = {(key_type)t, (compact_pred)p, n ? in[n / 2] : 0, algo};
                if (p == COMPACT_EQ && t == KEY_F32) d.value_bits = data_float_bits(-0.0f);   /* equals +0.0 too */
                test_poison(out, n * 4 + 4);
                size_t count = 99, k = naive(&d, in, flags, want, n);
                sw_error err;
                int rc = compact_host(b, &d, in, flags, out, n, &count, &err);
                CHECK_MSG(rc == 0, "%s", err.msg);
                CHECK_MSG(count == k && !memcmp(out, want, k * 4), "%s %s n=%zu %s %s: %zu kept, want %zu",
                          prim_backend_name(b), algo ? algo : "", n, key_type_name((key_type)t),
                          compact_pred_name((compact_pred)p), count, k);
            }
        free(in), free(out), free(want), free(flags);
    }
}

static void test_keep_none_all(prim_backend b)
{
    uint32_t in[1000], out[1000];
    for (int i = 0; i < 1000; i++) in[i] = (uint32_t)i;
    compact_desc d = {KEY_U32, COMPACT_GT, 5000, NULL};
    size_t count = 7;
    sw_error err;
    CHECK(compact_host(b, &d, in, NULL, out, 1000, &count, &err) == 0 && count == 0);
    d.pred = COMPACT_LT;
    CHECK(compact_host(b, &d, in, NULL, out, 1000, &count, &err) == 0 && count == 1000 && !memcmp(in, out, 4000));
    /* in place */
    d.value_bits = 500;
    CHECK(compact_host(b, &d, in, NULL, in, 1000, &count, &err) == 0 && count == 500 && in[499] == 499);
}

int main(void)
{
#ifdef COMPACT_TEST_GL
    gfx_context *ctx = NULL;
    sw_error gl_err;
    if (compute_gl_context(&ctx, &gl_err)) TEST_SKIP("gl compaction: %s", gl_err.msg);
    test_backend(PRIM_GL, NULL, 104729);
    test_keep_none_all(PRIM_GL);
    compute_gl_context_release();
    return test_finish("test_compact_gl");
#endif
    test_parse();
    test_backend(PRIM_CPU, NULL, 1 << 20);
    test_keep_none_all(PRIM_CPU);
    /* NaN: only ne keeps it */
    compact_desc d = {KEY_F32, COMPACT_GE, data_float_bits(1.0f), NULL};
    CHECK(!compact_keeps(&d, data_float_bits(NAN)));
    d.pred = COMPACT_NE;
    CHECK(compact_keeps(&d, data_float_bits(NAN)));
    sw_error err;
    size_t count;
    d.algo = "nope";
    CHECK(compact_host(PRIM_CPU, &d, NULL, NULL, NULL, 0, &count, &err) == -1 && strstr(err.msg, "sequential"));
#if SCANWORKS_HAVE_CUDA
    /* cuda names, checked without a GPU: the production and the chapter's; no others */
    CHECK(compact_check_algorithm(PRIM_CUDA, "single-pass", &err) == 0);
    CHECK(compact_check_algorithm(PRIM_CUDA, "flag-scan-scatter", &err) == 0);
    CHECK(compact_check_algorithm(PRIM_CUDA, "single-pass-tile", &err) == -1 && strstr(err.msg, "it has:"));
#endif
    return test_finish("test_compact");
}
