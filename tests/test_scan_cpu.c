/* The cpu scan: the chapter's example, every algorithm x type x operator x kind on
 * random inputs of awkward lengths (outputs poisoned first, and in place), integer
 * wrap-around, the float32 error bound, and the errors scan_host reports. */
#include "scan_check.h"

static int run(const char *algo, scan_type t, scan_op op, scan_kind k, const void *in, void *out, size_t n)
{
    scan_desc d = {t, op, k, algo};
    sw_error err;
    int rc = scan_host(PRIM_CPU, &d, in, out, n, &err);
    if (rc) fprintf(stderr, "scan_host: %s\n", err.msg);
    return rc;
}

static void chapter_example(const char *algo)
{
    const int32_t in[8] = {3, 1, 7, 0, 4, 1, 6, 3};
    const int32_t excl[8] = {0, 3, 4, 11, 11, 15, 16, 22}, incl[8] = {3, 4, 11, 11, 15, 16, 22, 25};
    int32_t out[8];
    test_poison(out, sizeof out);
    CHECK(run(algo, SCAN_I32, SCAN_ADD, SCAN_EXCLUSIVE, in, out, 8) == 0);
    CHECK(!memcmp(out, excl, sizeof out));
    CHECK(run(algo, SCAN_I32, SCAN_ADD, SCAN_INCLUSIVE, in, out, 8) == 0);
    CHECK(!memcmp(out, incl, sizeof out));
    int32_t mx[8], want_mx[8] = {INT32_MIN, 3, 3, 7, 7, 7, 7, 7};
    CHECK(run(algo, SCAN_I32, SCAN_MAX, SCAN_EXCLUSIVE, in, mx, 8) == 0);
    CHECK(!memcmp(mx, want_mx, sizeof mx));
}

static void wrap_around(const char *algo)
{
    int32_t a[3] = {INT32_MAX, 1, 1}, oa[3];
    CHECK(run(algo, SCAN_I32, SCAN_ADD, SCAN_INCLUSIVE, a, oa, 3) == 0);
    CHECK(oa[0] == INT32_MAX && oa[1] == INT32_MIN && oa[2] == INT32_MIN + 1);
    uint32_t b[2] = {UINT32_MAX, 2}, ob[2];
    CHECK(run(algo, SCAN_U32, SCAN_ADD, SCAN_INCLUSIVE, b, ob, 2) == 0);
    CHECK(ob[1] == 1);
    int64_t c[2] = {INT64_MIN, -1}, oc[2];
    CHECK(run(algo, SCAN_I64, SCAN_ADD, SCAN_INCLUSIVE, c, oc, 2) == 0);
    CHECK(oc[1] == INT64_MAX);
}

int main(void)
{
    uint64_t rng = 12345;
    size_t max_n = test_awkward_sizes[TEST_AWKWARD_COUNT - 1];
    void *in = malloc(max_n * 8), *out = malloc(max_n * 8), *copy = malloc(max_n * 8);
    CHECK(in && out && copy);
    if (!in || !out || !copy) return test_finish("test_scan_cpu");
    for (int a = 0; scan_cpu_algorithms[a]; a++) {
        const char *algo = scan_cpu_algorithms[a];
        chapter_example(algo);
        wrap_around(algo);
        scan_check_subnormal_minmax(PRIM_CPU, algo, 100003, &rng);
        for (size_t s = 0; s < TEST_AWKWARD_COUNT; s++) {
            size_t n = test_awkward_sizes[s];
            for (int t = 0; t < SCAN_TYPE_COUNT; t++) {
                size_t bytes = n * scan_type_size((scan_type)t);
                scan_fill_random((scan_type)t, in, n, &rng);
                for (int op = 0; op < SCAN_OP_COUNT; op++)
                    for (int k = 0; k < 2; k++) {
                        scan_desc d = {(scan_type)t, (scan_op)op, (scan_kind)k, algo};
                        char label[128];
                        snprintf(label, sizeof label, "%s %s %s %s n=%zu", algo, scan_type_name(d.type),
                                 scan_op_name(d.op), k ? "inclusive" : "exclusive", n);
                        test_poison(out, bytes);
                        CHECK_MSG(run(algo, d.type, d.op, d.kind, in, out, n) == 0, "%s", label);
                        CHECK_MSG(scan_check(label, &d, in, out, n) == 0, "%s", label);
                        /* In place: the result must match the out-of-place one. */
                        memcpy(copy, in, bytes);
                        CHECK_MSG(run(algo, d.type, d.op, d.kind, copy, copy, n) == 0, "%s in place", label);
                        CHECK_MSG(!memcmp(copy, out, bytes), "%s in place differs", label);
                    }
            }
        }
    }
    /* Threaded and sequential agree bit for bit on integers (float32: scan_check's bound). */
    size_t n = max_n;
    scan_fill_random(SCAN_I64, in, n, &rng);
    CHECK(run("sequential", SCAN_I64, SCAN_ADD, SCAN_INCLUSIVE, in, out, n) == 0);
    CHECK(run("threaded", SCAN_I64, SCAN_ADD, SCAN_INCLUSIVE, in, copy, n) == 0);
    CHECK(!memcmp(out, copy, n * 8));

    sw_error err;
    scan_desc bad = {SCAN_I32, SCAN_ADD, SCAN_EXCLUSIVE, "blelloch"};
    CHECK(scan_host(PRIM_CPU, &bad, in, out, 8, &err) == -1);
    CHECK(strstr(err.msg, "blelloch") && strstr(err.msg, "sequential, threaded"));
    bad.algo = NULL;
    CHECK(scan_host(PRIM_CPU, &bad, in, out, SCAN_MAX_ELEMENTS + 1, &err) == -1);
    CHECK(strstr(err.msg, "limit") != NULL);
    CHECK(scan_host(PRIM_CPU, &bad, NULL, NULL, 0, &err) == 0);
    free(in);
    free(out);
    free(copy);
    return test_finish("test_scan_cpu");
}
