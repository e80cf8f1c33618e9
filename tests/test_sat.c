/* SAT on the cpu and gl backends (GL 4.5, llvmpipe here) against float64 references. */
#include "app/compute_context.h"
#include "sat_check.h"

int main(void)
{
    uint64_t seed = 11;
    check_backend_sizes(PRIM_CPU, SAT_THREE_PASS, seed);
    /* Unwrap and box sums on a table whose entries wrapped past 2^32. */
    uint16_t big[2 * 70000];
    for (int i = 0; i < 2 * 70000; i++) big[i] = 65535;
    uint32_t *sat = malloc(sizeof(uint32_t) * 2 * 70000);
    uint64_t *wide = malloc(sizeof(uint64_t) * 2 * 70000);
    sw_error err;
    CHECK(sat && wide && sat_host(PRIM_CPU, SAT_THREE_PASS, big, 7000, 10, 2, sat, &err) == 0);
    if (sat && wide) {
        sat_unwrap(sat, 7000, 10, 2, wide);
        CHECK(wide[2 * 70000 - 1] == 65535ull * 70000);
        CHECK(sat_box_sum(sat, 7000, 10, 2, 1, 100, 2, 199, 5) == 65535u * 400);
        CHECK(sat_box_sum(sat, 7000, 10, 2, 0, -5, -5, 0, 0) == 65535u);   /* clamped */
    }
    free(sat);
    free(wide);
    /* Bad arguments fail with a message. */
    uint16_t one = 1;
    uint32_t out = 0;
    CHECK(sat_host(PRIM_CPU, SAT_THREE_PASS, &one, 0, 1, 1, &out, &err) == -1);
    CHECK(sat_host(PRIM_CPU, SAT_THREE_PASS, &one, 1, 1, 5, &out, &err) == -1);
    CHECK(sat_host(PRIM_CPU, (sat_variant)7, &one, 1, 1, 1, &out, &err) == -1);

    if (compute_gl_context(NULL, &err)) {
        printf("gl backend not checked: %s\n", err.msg);
        return test_finish("test_sat") ? 1 : TEST_SKIP_CODE;
    }
    check_backend_sizes(PRIM_GL, SAT_THREE_PASS, seed + 1);
    check_backend_sizes(PRIM_GL, SAT_TILED, seed + 2);
    check_precision_4k(PRIM_GL, SAT_TILED);
    compute_gl_context_release();
    return test_finish("test_sat");
}
