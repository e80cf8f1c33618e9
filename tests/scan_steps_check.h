/* Checks a GPU runner of the scan panel's levels (GL or CUDA): for N = 2 .. 64 and
 * random values, both algorithms are stepped level by level on the GPU, each level from
 * the GPU's previous row; every level must equal the CPU model of that level on the same
 * row, and the chained CPU model from the input; the last row must equal the sequential
 * CPU scan (inclusive for Hillis-Steele, exclusive for Blelloch). Outputs are poisoned
 * before every level. */
#ifndef SCANWORKS_TESTS_SCAN_STEPS_CHECK_H
#define SCANWORKS_TESTS_SCAN_STEPS_CHECK_H

#include "panels/scan_steps.h"
#include "prim/scan.h"
#include "test_util.h"

typedef int (*scan_steps_runner)(void *ctx, scan_step st, const int32_t *in, int32_t *out, int n, sw_error *err);

/* Returns how many levels ran. */
static inline int scan_steps_check_runner(const char *what, scan_steps_runner run, void *ctx)
{
    uint64_t rng = 2026;
    int levels_run = 0;
    for (int n = 2; n <= SCAN_STEPS_MAX_N; n *= 2)
        for (int trial = 0; trial < 4; trial++)
            for (int a = 0; a < 2; a++) {
                int32_t in[SCAN_STEPS_MAX_N], gpu[SCAN_STEPS_MAX_N], cpu[SCAN_STEPS_MAX_N],
                    chain[SCAN_STEPS_MAX_N], next[SCAN_STEPS_MAX_N], want[SCAN_STEPS_MAX_N];
                /* The figure's small values, then (trial 3) any int32: adds wrap alike. */
                for (int i = 0; i < n; i++)
                    in[i] = trial < 3 ? (int32_t)(test_rand(&rng) % 10) : (int32_t)(uint32_t)test_rand(&rng);
                memcpy(gpu, in, sizeof in);
                memcpy(chain, in, sizeof in);
                scan_steps_algo algo = (scan_steps_algo)a;
                int count = scan_steps_count(algo, n);
                for (int l = 0; l < count; l++) {
                    scan_step st = scan_steps_at(algo, n, l);
                    int32_t out[SCAN_STEPS_MAX_N];
                    test_poison(out, sizeof out);
                    sw_error err = {{0}};
                    int rc = run(ctx, st, gpu, out, n, &err);
                    CHECK_MSG(rc == 0, "%s %s n=%d level %d: %s", what, scan_steps_algo_name(algo), n, l, err.msg);
                    if (rc) return levels_run;
                    levels_run++;
                    scan_steps_cpu(st, gpu, cpu, n);
                    scan_steps_cpu(st, chain, next, n);
                    CHECK_MSG(!memcmp(out, cpu, (size_t)n * 4), "%s %s n=%d level %d (phase %d offset %d): "
                              "differs from the CPU model of the level", what, scan_steps_algo_name(algo), n, l,
                              st.phase, st.offset);
                    CHECK_MSG(!memcmp(out, next, (size_t)n * 4), "%s %s n=%d level %d: differs from the CPU "
                              "model chained from the input", what, scan_steps_algo_name(algo), n, l);
                    memcpy(gpu, out, sizeof out);
                    memcpy(chain, next, sizeof next);
                }
                scan_desc d = {SCAN_I32, SCAN_ADD, a == SCAN_STEPS_HILLIS_STEELE ? SCAN_INCLUSIVE : SCAN_EXCLUSIVE,
                               "sequential"};
                sw_error err;
                CHECK(scan_cpu_host(&d, in, want, (size_t)n, &err) == 0);
                CHECK_MSG(!memcmp(gpu, want, (size_t)n * 4), "%s %s n=%d: the last level is not the %s", what,
                          scan_steps_algo_name(algo), n, scan_steps_result_kind(algo));
            }
    return levels_run;
}

#endif
