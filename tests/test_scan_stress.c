/* The register-path look-back scan (the default on sm_90) under a race-provoking build:
 * kernels/scan/scan.cu compiled with SCANWORKS_STRESS, so that every hand-over and
 * look-back point (SW_STRESS_POINT, kernels/common/stress.cuh) sleeps a random while.
 * compute-sanitizer's racecheck cannot follow the kernel's bar.arrive -> bar.sync
 * hand-overs between warps; this test gives the orderings a race would need a chance
 * to happen instead, and checks every result bit for bit against the CPU.
 *
 * Tuning rows (kernels/scan/tune.h) over every compiled shape (rings of 3 and 4 tiles,
 * 256x16 and 256x32 tiles), look-back windows 1, 2 and 4 and status spreads, the sm_90
 * default first, on grids of 1, 2 and 3 blocks (the row's max_grid) and the full grid, inclusive and exclusive, out of place and in place, on awkward lengths,
 * random int32 data, outputs poisoned; rounds repeat until TILES tiles have been
 * scanned (default 2,000,000) or SECONDS have passed (default 400; fewer than a
 * million tiles by then fails). Usage: test_scan_stress [TILES [SECONDS]].
 * Skips (exit 77) without a CUDA device. */
#define _POSIX_C_SOURCE 200809L   /* clock_gettime */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cuda_runtime_api.h>

#include "prim/scan_plan_cuda.h"
#include "test_util.h"

/* Rows as in kernels/scan/tune.h, each a compiled shape (scan.cu, SCAN_SHAPES): every
 * ring size (3 and 4 tiles), both tile sizes, every look-back window and spread. */
static const scan_tune configs[] = {
    {90, 256, 32, 3, 1, 2, 1, 0},   /* the sm_90 default */
    {90, 256, 32, 3, 4, 0, 0, 0},
    {90, 256, 16, 3, 4, 0, 1, 0},   /* the sm_75 row */
    {90, 256, 16, 4, 4, 0, 1, 0},   /* the sm_80 row */
    {90, 256, 16, 4, 1, 2, 0, 0},
    {90, 256, 16, 3, 2, 3, 1, 0},
};
#define CONFIG_COUNT (int)(sizeof configs / sizeof configs[0])
static const int grids[] = {1, 2, 3, 0};   /* 0: the full persistent grid */

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec * 1e-9;
}

static void reference(const uint32_t *in, uint32_t *out, size_t n, int inclusive)
{
    uint32_t acc = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t x = in[i];
        if (!inclusive) out[i] = acc;
        acc += x;
        if (inclusive) out[i] = acc;
    }
}

int main(int argc, char **argv)
{
    const double target = argc > 1 ? atof(argv[1]) : 2e6, limit_s = argc > 2 ? atof(argv[2]) : 400.0;
    int count = 0;
    if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) TEST_SKIP("no CUDA device");
    struct cudaDeviceProp prop;
    CHECK_MSG(cudaGetDeviceProperties(&prop, 0) == cudaSuccess, "cudaGetDeviceProperties");
    printf("stress build of the look-back scan on %s (sm_%d%d)\n", prop.name, prop.major, prop.minor);
    sw_error err;

    const size_t max_n = ((size_t)1 << 26) + 3;
    uint32_t *in = malloc(max_n * 4), *want = malloc(max_n * 4), *got = malloc(max_n * 4);
    void *d_in = NULL, *d_out = NULL, *temp = NULL;
    size_t temp_bytes = 0;
    scan_desc probe = {SCAN_I32, SCAN_ADD, SCAN_INCLUSIVE, "lookback"};
    for (int c = 0; c < CONFIG_COUNT; c++) {   /* the largest temp storage any row needs */
        size_t b;
        if (scan_cuda_temp_bytes(&probe, &configs[c], max_n, &b, &err)) {
            fprintf(stderr, "scan_cuda_temp_bytes: %s\n", err.msg);
            return 1;
        }
        if (b > temp_bytes) temp_bytes = b;
    }
    if (!in || !want || !got || cudaMalloc(&d_in, max_n * 4) != cudaSuccess ||
        cudaMalloc(&d_out, max_n * 4) != cudaSuccess || cudaMalloc(&temp, temp_bytes) != cudaSuccess) {
        fprintf(stderr, "out of memory for %zu elements\n", max_n);
        return 1;
    }
    uint64_t rng = 0x5eed5eedull;
    for (size_t i = 0; i < max_n; i++) in[i] = (uint32_t)test_rand(&rng);
    if (cudaMemcpy(d_in, in, max_n * 4, cudaMemcpyHostToDevice) != cudaSuccess) return 1;

    double tiles = 0, start = now_s();
    long cases = 0;
    for (int round = 0; tiles < target && now_s() - start < limit_s; round++) {
        for (int c = 0; c < CONFIG_COUNT && !test_failures; c++)
            for (int g = 0; g < 4 && !test_failures; g++) {
                char cap[16], name[64];
                snprintf(cap, sizeof cap, "%d", grids[g]);
                scan_tune tu = configs[c];
                tu.max_grid = grids[g];
                snprintf(name, sizeof name, "%dx%d s%d w%d spread%d%s", tu.threads, tu.items, tu.stages, tu.window,
                         1 << tu.spread, tu.cs ? " cs" : "");
                const size_t t = (size_t)tu.threads * tu.items;
                /* awkward lengths around one and a few tiles, the lengths, and on
                 * the full grid one large array (thousands of tiles a call) */
                const size_t sizes[] = {1, t - 1, t + 1, 3 * t + 5, 1000003, 3145735, grids[g] ? 0 : max_n - (size_t)round};
                double case_tiles = 0;
                for (size_t s = 0; s < sizeof sizes / sizeof sizes[0] && !test_failures; s++) {
                    const size_t n = sizes[s];
                    if (!n) continue;
                    const int inclusive = (int)((s + round) & 1), in_place = s == 4 && (round & 1);
                    scan_desc d = {SCAN_I32, SCAN_ADD, inclusive ? SCAN_INCLUSIVE : SCAN_EXCLUSIVE, "lookback"};
                    void *dst = in_place ? d_in : d_out;
                    if (!in_place) CHECK_MSG(cudaMemset(d_out, 0xAB, n * 4) == cudaSuccess, "poison");
                    if (scan_cuda_device(&d, &tu, d_in, dst, n, temp, temp_bytes, NULL, &err)) {
                        CHECK_MSG(0, "%s grid %s n %zu: %s", name, grids[g] ? cap : "full", n, err.msg);
                        break;
                    }
                    cudaError_t e = cudaDeviceSynchronize();
                    if (e == cudaSuccess) e = cudaMemcpy(got, dst, n * 4, cudaMemcpyDeviceToHost);
                    CHECK_MSG(e == cudaSuccess, "%s grid %s n %zu: %s", name, grids[g] ? cap : "full", n,
                          cudaGetErrorString(e));
                    if (e != cudaSuccess) break;
                    reference(in, want, n, inclusive);
                    size_t bad = 0;
                    while (bad < n && got[bad] == want[bad]) bad++;
                    CHECK_MSG(bad == n, "%s grid %s n %zu %s%s: element %zu is %u, expected %u", name,
                          grids[g] ? cap : "full", n, inclusive ? "inclusive" : "exclusive", in_place ? " in place" : "",
                          bad, bad < n ? got[bad] : 0, bad < n ? want[bad] : 0);
                    if (in_place && cudaMemcpy(d_in, in, n * 4, cudaMemcpyHostToDevice) != cudaSuccess) return 1;
                    case_tiles += (double)((n + t - 1) / t);
                    cases++;
                }
                tiles += case_tiles;
                if (round == 0)
                    printf("  %-30s grid %-4s bit-exact (%.0f tiles)\n", name, grids[g] ? cap : "full", case_tiles);
            }
        if (test_failures) break;
        printf("round %d: %ld cases, %.0f tiles in %.1f s\n", round, cases, tiles, now_s() - start);
        fflush(stdout);
    }
    printf("stress: %ld cases, %.0f tiles scanned bit-exact in %.1f s\n", cases, tiles, now_s() - start);
    CHECK_MSG(test_failures || tiles >= 1e6, "only %.0f tiles in %.0f s: fewer than a million", tiles, limit_s);
    cudaFree(d_in);
    cudaFree(d_out);
    cudaFree(temp);
    free(in);
    free(want);
    free(got);
    return test_finish("test_scan_stress");
}
