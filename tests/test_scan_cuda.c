/* The cuda scan backend against a sequential reference: every algorithm, element
 * type, operator and kind on awkward lengths (up to each algorithm's limit), random
 * data, outputs poisoned; in-place; the chapter's example; device pointers that
 * are not 16-byte aligned on a stream of their own; the one-block variants'
 * refusal; the production kernel at every row of kernels/scan/tune.h that fits this
 * GPU, on grids of 1..3 blocks too (the ring wraps); temp storage too small refused;
 * float32 max and min on subnormals (scan_check.h); the large cases. Skips (exit 77)
 * when no CUDA device can be used.
 *
 * SCANWORKS_TEST_SMEM_ONLY=1 checks only the kernels that keep tiles in shared memory
 * (the production kernel's rows and grids, the ladder's block scans), on small
 * lengths; SCANWORKS_TEST_NO_WS=1 leaves the production kernel out (for racecheck,
 * which does not follow the bar.arrive -> bar.sync handovers between its warps).
 * SCANWORKS_TEST_LARGE_ONLY=1 checks only the 2^28+3 cases (not the > 2^31 one).
 * SCANWORKS_TEST_SMALL=1 keeps lengths under 10000, fewer types and operators, and
 * leaves out the large cases (for compute-sanitizer). The full run needs about
 * 18 GB of device memory for its > 2^31 case (skipped, saying so, without it). */
#define _POSIX_C_SOURCE 200809L   /* setenv */
#include <float.h>
#include <math.h>
#include <string.h>

#include "prim/backend.h"
#include "prim/scan.h"
#include "test_util.h"

#if SCANWORKS_HAVE_CUDA
#include <cuda_runtime.h>
#include "prim/scan_plan_cuda.h"
#include "scan_check.h"
#include "scan_cuda_case.h"

static int small_run, no_ws;

static const size_t small_sizes[] = {0, 1, 33, 1025, 2048, 4097, 9001};
#define SMALL_COUNT (sizeof small_sizes / sizeof small_sizes[0])

static void test_all_cases(uint64_t *rng)
{
    const size_t *sizes = small_run ? small_sizes : test_awkward_sizes;
    size_t count = small_run ? SMALL_COUNT : TEST_AWKWARD_COUNT;
    for (int a = 0; scan_cuda_algorithms[a]; a++) {
        const char *algo = scan_cuda_algorithms[a];
        for (int t = 0; t < SCAN_TYPE_COUNT; t++) {
            if (small_run && (t == SCAN_U32 || t == SCAN_F32)) continue;
            size_t limit = scan_cuda_max_elements(algo, (scan_type)t);
            for (int op = 0; op < SCAN_OP_COUNT; op++) {
                if (small_run && op != SCAN_ADD) continue;
                for (int k = 0; k < 2; k++)
                    for (size_t s = 0; s < count; s++)
                        if (sizes[s] <= limit) run_case(algo, (scan_type)t, (scan_op)op, (scan_kind)k, sizes[s], 0, rng);
            }
            /* in place, around the tile and block sizes */
            const size_t in_place_sizes[] = {1, 1025, 2048, 9001, 257, 100003};
            for (size_t s = 0; s < (small_run ? 4u : sizeof in_place_sizes / sizeof in_place_sizes[0]); s++)
                if (in_place_sizes[s] <= limit)
                    run_case(algo, (scan_type)t, SCAN_ADD, SCAN_INCLUSIVE, in_place_sizes[s], 1, rng);
        }
        printf("  %-12s all types, operators and kinds checked\n", algo);
        fflush(stdout);
    }
}

/* The production kernel at tune row TU (device memory, the caller's temp, a stream of
 * its own) against the reference; in place when IN_PLACE. */
static void run_tuned(const scan_tune *tu, scan_type t, scan_op op, scan_kind kind, size_t n, int in_place,
                      uint64_t *rng)
{
    const size_t bytes = n * elem_size[t];
    scan_desc d = {t, op, kind, "lookback"};
    sw_error err = {{0}};
    size_t temp_bytes = 0;
    CHECK_MSG(scan_cuda_temp_bytes(&d, tu, n, &temp_bytes, &err) == 0, "%s", err.msg);
    char *h_in = malloc(bytes + 1), *h_out = malloc(bytes + 1), *want = malloc(bytes + 1);
    void *d_in = NULL, *d_out = NULL, *temp = NULL;
    cudaStream_t s = NULL;
    if (!h_in || !h_out || !want || cudaMalloc(&d_in, bytes + 1) != cudaSuccess ||
        cudaMalloc(&d_out, bytes + 1) != cudaSuccess || cudaMalloc(&temp, temp_bytes + 16) != cudaSuccess ||
        cudaStreamCreate(&s) != cudaSuccess) {
        CHECK_MSG(0, "cannot allocate for a tune.h row test (n=%zu)", n);
    } else {
        fill(t, op, h_in, n, rng);
        ref_scan(t, op, kind, h_in, want, n);
        void *dst = in_place ? d_in : d_out;
        CHECK(cudaMemcpy(d_in, h_in, bytes, cudaMemcpyHostToDevice) == cudaSuccess);
        if (!in_place) CHECK(cudaMemset(d_out, 0xA5, bytes + 1) == cudaSuccess);
        CHECK(cudaMemset(temp, 0x5A, temp_bytes + 16) == cudaSuccess);   /* stale status words */
        CHECK_MSG(scan_cuda_device(&d, tu, d_in, dst, n, temp, temp_bytes, s, &err) == 0, "%s", err.msg);
        CHECK(cudaStreamSynchronize(s) == cudaSuccess);
        test_poison(h_out, bytes);
        CHECK(cudaMemcpy(h_out, dst, bytes, cudaMemcpyDeviceToHost) == cudaSuccess);
        size_t i = first_mismatch(t, h_out, want, n);
        CHECK_MSG(i == n, "lookback-sm%d grid cap %d %s %s %s n=%zu%s: out[%zu] = %.17g, want %.17g", tu->arch,
                  tu->max_grid, type_names[t], op_names[op], kind ? "inclusive" : "exclusive", n,
                  in_place ? " in place" : "", i, value_at(t, h_out, i), value_at(t, want, i));
    }
    if (s) cudaStreamDestroy(s);
    cudaFree(d_in), cudaFree(d_out), cudaFree(temp);
    free(h_in), free(h_out), free(want);
}

/* 1 when row TU's block fits this GPU (else the launch refuses it, saying so). */
static int row_fits(const scan_tune *tu)
{
    int dev, optin = 0;
    if (cudaGetDevice(&dev) != cudaSuccess ||
        cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev) != cudaSuccess)
        return 0;
    return (size_t)tu->stages * tu->threads * tu->items * 4 + 1024 <= (size_t)optin;
}

/* Every row of tune.h that fits this GPU, on its full grid and on grids of 1, 2 and 3
 * blocks (each block loops over many tiles, the ring wraps; one block scans every tile
 * in order): every type, operator and kind on awkward lengths, in place too. The
 * full run adds lengths of hundreds of tiles (past every look-back window). */
static void test_tune_rows(uint64_t *rng)
{
    const size_t sizes[] = {1, 31, 1025, 4097, 8191, 12289, 70001};
    for (int r = 0; r < SCAN_TUNE_ROWS; r++) {
        if (!row_fits(&scan_tune_table[r])) {
            printf("  lookback-sm%d: its ring does not fit this GPU, skipped\n",
                   scan_tune_table[r].arch);
            continue;
        }
        for (int g = 0; g <= 3; g++) {
            scan_tune tu = scan_tune_table[r];
            tu.max_grid = g;
            for (int t = 0; t < SCAN_TYPE_COUNT; t++)
                for (int op = 0; op < SCAN_OP_COUNT; op++)
                    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++)
                        if ((g == 0 && t == SCAN_I32) || i % 3 == (size_t)op)
                            run_tuned(&tu, (scan_type)t, (scan_op)op, (scan_kind)((i + g) & 1), sizes[i], i == 5, rng);
            if (!small_run) {
                run_tuned(&tu, SCAN_F32, SCAN_ADD, SCAN_EXCLUSIVE, 3 * ((size_t)1 << 20) + 7, 0, rng);
                run_tuned(&tu, SCAN_I64, SCAN_ADD, SCAN_INCLUSIVE, 6 * ((size_t)1 << 20) + 1, 1, rng);
            }
        }
        printf("  lookback-sm%d (%dx%d, ring %d) checked on its grid and on 1..3 blocks\n", scan_tune_table[r].arch,
               scan_tune_table[r].threads, scan_tune_table[r].items, scan_tune_table[r].stages);
        fflush(stdout);
    }
    /* Refusals: temp storage too small, a shape that is not compiled, a bad window. */
    scan_desc d = {SCAN_I32, SCAN_ADD, SCAN_EXCLUSIVE, "lookback"};
    sw_error err = {{0}};
    size_t need = 0;
    void *buf = NULL;
    CHECK(scan_cuda_temp_bytes(&d, NULL, 70001, &need, &err) == 0 && need > 0);
    const size_t data_bytes = (70001 * 4 + 255) / 256 * 256;   /* temp storage starts aligned */
    if (cudaMalloc(&buf, data_bytes + need + 4) == cudaSuccess) {
        char *temp = (char *)buf + data_bytes;
        CHECK_MSG(scan_cuda_device(&d, NULL, buf, buf, 70001, temp, need - 1, NULL, &err) == -1 &&
                      strstr(err.msg, "temp storage"), "too little temp storage was accepted: %s", err.msg);
        CHECK_MSG(scan_cuda_device(&d, NULL, buf, buf, 70001, temp + 4, need, NULL, &err) == -1 &&
                      strstr(err.msg, "aligned"), "unaligned temp storage was accepted: %s", err.msg);
        scan_tune bad = scan_tune_table[0];
        bad.items = 20;
        CHECK_MSG(scan_cuda_device(&d, &bad, buf, buf, 1000, temp, need, NULL, &err) == -1 &&
                      strstr(err.msg, "not compiled"), "an uncompiled shape was accepted: %s", err.msg);
        bad = scan_tune_table[0];
        bad.window = 3;
        CHECK_MSG(scan_cuda_device(&d, &bad, buf, buf, 1000, temp, need, NULL, &err) == -1 && strstr(err.msg, "window"),
                  "window 3 was accepted: %s", err.msg);
    }
    cudaFree(buf);
    printf("  too little or unaligned temp storage, uncompiled shapes and bad windows refused\n");
}

/* SCANWORKS_TEST_SMEM_ONLY=1 (compute-sanitizer): the production kernel's rows (not
 * under SCANWORKS_TEST_NO_WS) and the ladder's shared-memory kernels, small lengths. */
static void test_smem_only(uint64_t *rng)
{
    if (no_ws)
        printf("  SCANWORKS_TEST_NO_WS: the production kernel is left out (compute-sanitizer's racecheck does\n"
               "  not follow bar.arrive -> bar.sync, so it reports its handovers between warps as races)\n");
    else
        test_tune_rows(rng);
    const char *ladder[] = {"tuned", "large", "blelloch-cf", "blelloch", "naive"};
    const size_t sizes[] = {1, 31, 1000, 1025, 2048, 4097, 70001};
    for (int a = 0; a < 5; a++) {
        for (int t = 0; t < SCAN_TYPE_COUNT; t++)
            for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++)
                if (sizes[i] <= scan_cuda_max_elements(ladder[a], (scan_type)t))
                    run_case(ladder[a], (scan_type)t, (scan_op)(i % 3), (scan_kind)(i & 1), sizes[i], i == 2, rng);
        printf("  %-12s checked\n", ladder[a]);
    }
}

/* float32 add on real-valued data: within the bound stated in docs/perf.md of a
 * float64 reference: (24 + n/1024) * FLT_EPSILON relative (positive data). */
static void test_float_rounding(uint64_t *rng)
{
    const size_t n = small_run ? 9001 : 3000017;
    float *in = malloc(n * sizeof *in), *out = malloc(n * sizeof *out);
    if (!in || !out) {
        CHECK_MSG(0, "out of host memory");
        free(in), free(out);
        return;
    }
    for (size_t i = 0; i < n; i++) in[i] = (float)((double)(test_rand(rng) >> 11) / 9007199254740992.0);
    for (int a = 0; scan_cuda_algorithms[a]; a++) {
        const char *algo = scan_cuda_algorithms[a];
        size_t m = n < scan_cuda_max_elements(algo, SCAN_F32) ? n : scan_cuda_max_elements(algo, SCAN_F32);
        scan_desc d = {SCAN_F32, SCAN_ADD, SCAN_INCLUSIVE, algo};
        sw_error err = {{0}};
        CHECK_MSG(scan_cuda_host(&d, in, out, m, &err) == 0, "%s: %s", algo, err.msg);
        double acc = 0, worst = 0, bound = (24.0 + m / 1024.0) * FLT_EPSILON;
        for (size_t i = 0; i < m; i++) {
            acc += in[i];
            double rel = fabs(out[i] - acc) / (acc > 0 ? acc : 1);
            if (rel > worst) worst = rel;
        }
        CHECK_MSG(worst <= bound, "%s float32 add n=%zu: relative error %.3g over the bound %.3g", algo, m, worst, bound);
        printf("  %-12s float32 add n=%zu: worst relative error %.3g (bound %.3g)\n", algo, m, worst, bound);
    }
    free(in), free(out);
}

static void test_example(void)
{
    const int32_t in[8] = {3, 1, 7, 0, 4, 1, 6, 3};
    const int32_t excl[8] = {0, 3, 4, 11, 11, 15, 16, 22}, incl[8] = {3, 4, 11, 11, 15, 16, 22, 25};
    for (int a = 0; scan_cuda_algorithms[a]; a++) {
        for (int k = 0; k < 2; k++) {
            int32_t out[8];
            test_poison(out, sizeof out);
            scan_desc d = {SCAN_I32, SCAN_ADD, (scan_kind)k, scan_cuda_algorithms[a]};
            sw_error err = {{0}};
            CHECK_MSG(scan_cuda_host(&d, in, out, 8, &err) == 0, "%s", err.msg);
            CHECK_MSG(!memcmp(out, k ? incl : excl, sizeof out), "%s: the example [3 1 7 0 4 1 6 3] scanned wrong",
                      scan_cuda_algorithms[a]);
        }
    }
}

/* The one-block variants refuse longer arrays and say what to use instead. */
static void test_limits(void)
{
    static int32_t buf[4096];
    const char *one_block[] = {"naive", "blelloch", "blelloch-cf"};
    for (int i = 0; i < 3; i++) {
        size_t limit = scan_cuda_max_elements(one_block[i], SCAN_I32);
        CHECK(limit >= 1024 && limit < 4096);
        scan_desc d = {SCAN_I32, SCAN_ADD, SCAN_EXCLUSIVE, one_block[i]};
        sw_error err = {{0}};
        CHECK(scan_cuda_host(&d, buf, buf, limit + 1, &err) == -1);
        char num[32];
        snprintf(num, sizeof num, "%zu", limit);
        CHECK_MSG(strstr(err.msg, num) && strstr(err.msg, "large") && strstr(err.msg, "lookback"),
                  "message should name the limit and the alternatives: %s", err.msg);
    }
    CHECK(scan_cuda_max_elements("no-such-scan", SCAN_I32) == 0);
}

/* The panel's call: the scan with its own device time, checked against the reference;
 * and the limits it asks for first. */
static void test_timed(uint64_t *rng)
{
    const size_t n = 1000003;
    int32_t *in = malloc(n * sizeof *in), *out = malloc(n * sizeof *out), *want = malloc(n * sizeof *want);
    CHECK(in && out && want);
    if (!in || !out || !want) return;
    fill(SCAN_I32, SCAN_ADD, in, n, rng);
    ref_scan(SCAN_I32, SCAN_ADD, SCAN_EXCLUSIVE, in, want, n);
    test_poison(out, n * sizeof *out);
    scan_desc d = {SCAN_I32, SCAN_ADD, SCAN_EXCLUSIVE, "tuned"};
    sw_error err = {{0}};
    double ms = -1;
    CHECK_MSG(scan_host_cuda_timed(&d, in, out, n, &ms, &err) == 0, "%s", err.msg);
    CHECK_MSG(!memcmp(out, want, n * sizeof *out), "timed scan: wrong output");
    CHECK_MSG(ms > 0 && ms < 1000, "timed scan: %g ms", ms);
    d.algo = "naive";
    CHECK(scan_host_cuda_timed(&d, in, out, n, &ms, &err) == -1 && strstr(err.msg, "limit"));
    CHECK(scan_max_elements(PRIM_CUDA, "naive", SCAN_I32) == scan_cuda_max_elements("naive", SCAN_I32));
    CHECK(scan_max_elements(PRIM_CUDA, NULL, SCAN_I32) == SCAN_MAX_ELEMENTS);
    free(in), free(out), free(want);
}

/* scan_cuda_device on pointers one element past 16-byte alignment, on a stream. */
static void test_device_unaligned(uint64_t *rng)
{
    const size_t n = small_run ? 9001 : 100003;
    const char *algos[] = {"lookback", "tuned", "large"};
    for (int t = 0; t < SCAN_TYPE_COUNT; t++) {
        size_t es = elem_size[t], bytes = n * es;
        char *h_in = malloc(bytes), *h_out = malloc(bytes), *want = malloc(bytes);
        void *d_buf = NULL, *temp = NULL;
        cudaStream_t s = NULL;
        if (!h_in || !h_out || !want || cudaMalloc(&d_buf, bytes + 2 * es) != cudaSuccess ||
            cudaMalloc(&temp, (size_t)4 << 20) != cudaSuccess ||
            cudaStreamCreate(&s) != cudaSuccess) {
            CHECK_MSG(0, "cannot allocate for the unaligned test");
        } else {
            fill((scan_type)t, SCAN_ADD, h_in, n, rng);
            ref_scan((scan_type)t, SCAN_ADD, SCAN_EXCLUSIVE, h_in, want, n);
            char *d_in = (char *)d_buf + es;   /* 4 or 8 bytes past alignment */
            for (int a = 0; a < 3; a++) {
                scan_desc d = {(scan_type)t, SCAN_ADD, SCAN_EXCLUSIVE, algos[a]};
                sw_error err = {{0}};
                CHECK(cudaMemcpy(d_in, h_in, bytes, cudaMemcpyHostToDevice) == cudaSuccess);
                CHECK_MSG(scan_cuda_device(&d, NULL, d_in, d_in, n, temp, (size_t)4 << 20, s, &err) == 0, "%s", err.msg);
                CHECK(cudaStreamSynchronize(s) == cudaSuccess);
                test_poison(h_out, bytes);
                CHECK(cudaMemcpy(h_out, d_in, bytes, cudaMemcpyDeviceToHost) == cudaSuccess);
                size_t i = first_mismatch((scan_type)t, h_out, want, n);
                CHECK_MSG(i == n, "%s %s unaligned device pointers: out[%zu] = %.17g, want %.17g", algos[a],
                          type_names[t], i, value_at((scan_type)t, h_out, i), value_at((scan_type)t, want, i));
            }
        }
        if (s) cudaStreamDestroy(s);
        cudaFree(d_buf);
        cudaFree(temp);
        free(h_in), free(h_out), free(want);
    }
}

/* More than 2^31 elements, in device memory: every byte 0x01, so element i is
 * 0x01010101 and the exclusive sum out[i] = i * 0x01010101 (mod 2^32); the output is
 * poisoned first and read back in windows (the start, around 2^31, the end, and
 * random spots). Checks the 64-bit indexing and grid sizing of the any-length
 * scans without 17 GB of host traffic. */
static void check_window(const char *algo, const uint32_t *d_out, size_t n, size_t from, size_t count, uint32_t *h)
{
    if (from >= n) return;
    if (from + count > n) count = n - from;
    CHECK(cudaMemcpy(h, d_out + from, count * sizeof *h, cudaMemcpyDeviceToHost) == cudaSuccess);
    for (size_t i = 0; i < count; i++)
        if (h[i] != (uint32_t)((from + i) * 0x01010101ull)) {
            CHECK_MSG(0, "%s n=%zu (> 2^31): out[%zu] = %u, want %u", algo, n, from + i, h[i],
                      (uint32_t)((from + i) * 0x01010101ull));
            return;
        }
}

static void test_huge(uint64_t *rng)
{
    const size_t n = ((size_t)1 << 31) + ((size_t)1 << 20) + 7, w = (size_t)1 << 20;
    uint32_t *d_in = NULL, *d_out = NULL, *h = malloc(w * sizeof *h);
    void *temp = NULL;
    const size_t temp_bytes = (size_t)64 << 20;
    if (!h || cudaMalloc((void **)&d_in, n * 4) != cudaSuccess || cudaMalloc((void **)&d_out, n * 4) != cudaSuccess ||
        cudaMalloc(&temp, temp_bytes) != cudaSuccess) {
        cudaGetLastError();
        printf("  huge case skipped: cannot allocate 2 x %.1f GB on the device\n", n * 4 / 1e9);
    } else {
        CHECK(cudaMemset(d_in, 1, n * 4) == cudaSuccess);
        const char *algos[] = {"lookback", "tuned", "large"};
        for (int a = 0; a < 3; a++) {
            scan_desc d = {SCAN_U32, SCAN_ADD, SCAN_EXCLUSIVE, algos[a]};
            sw_error err = {{0}};
            CHECK(cudaMemset(d_out, 0xA5, n * 4) == cudaSuccess);
            CHECK_MSG(scan_cuda_device(&d, NULL, d_in, d_out, n, temp, temp_bytes, NULL, &err) == 0, "%s n=%zu: %s", algos[a], n, err.msg);
            CHECK(cudaDeviceSynchronize() == cudaSuccess);
            check_window(algos[a], d_out, n, 0, w, h);
            check_window(algos[a], d_out, n, ((size_t)1 << 31) - w / 2, w, h);
            check_window(algos[a], d_out, n, n - w, w, h);
            for (int k = 0; k < 64; k++) check_window(algos[a], d_out, n, test_rand(rng) % n, 4096, h);
            printf("  %-12s %zu elements (> 2^31) checked in windows\n", algos[a], n);
        }
    }
    cudaFree(d_in);
    cudaFree(d_out);
    cudaFree(temp);
    free(h);
}

/* 2^28+3 elements: the production kernel (the device's row and every other row that
 * fits), tuned and large (many waves of tiles on the full grid). */
static void test_large(uint64_t *rng)
{
    const size_t big = ((size_t)1 << 28) + 3;
    run_case("lookback", SCAN_I32, SCAN_ADD, SCAN_EXCLUSIVE, big, 0, rng);
    run_case("lookback", SCAN_I64, SCAN_ADD, SCAN_EXCLUSIVE, big, 0, rng);
    run_case("tuned", SCAN_I32, SCAN_ADD, SCAN_INCLUSIVE, big, 0, rng);
    run_case("large", SCAN_I64, SCAN_MAX, SCAN_EXCLUSIVE, big, 0, rng);
    for (int r = 0; r < SCAN_TUNE_ROWS; r++)
        if (row_fits(&scan_tune_table[r])) run_tuned(&scan_tune_table[r], SCAN_F32, SCAN_ADD, SCAN_INCLUSIVE, big, 0, rng);
    printf("  2^28+3 elements checked (lookback at every tune.h row that fits, tuned, large)\n");
}

int main(void)
{
    const char *why;
    if (!prim_cuda_available(&why)) {
        /* The timed call (the scan panel's) says why it cannot run. */
        scan_desc d = {SCAN_I32, SCAN_ADD, SCAN_EXCLUSIVE, NULL};
        int32_t x[3] = {1, 2, 3};
        double ms = -1;
        sw_error err = {{0}};
        CHECK(scan_host_cuda_timed(&d, x, x, 3, &ms, &err) == -1 && strstr(err.msg, "unavailable") && ms == 0);
        CHECK(scan_max_elements(PRIM_CPU, NULL, SCAN_I32) == SCAN_MAX_ELEMENTS);
        if (test_failures) return test_finish("test_scan_cuda");
        TEST_SKIP("no CUDA: %s (the unavailable backend checked)", why);
    }
    small_run = getenv("SCANWORKS_TEST_SMALL") && atoi(getenv("SCANWORKS_TEST_SMALL"));
    uint64_t rng = 0x5ca9;
    if (getenv("SCANWORKS_TEST_LARGE_ONLY") && atoi(getenv("SCANWORKS_TEST_LARGE_ONLY"))) {
        test_large(&rng);
        return test_finish("test_scan_cuda");
    }
    no_ws = getenv("SCANWORKS_TEST_NO_WS") && atoi(getenv("SCANWORKS_TEST_NO_WS"));
    if (getenv("SCANWORKS_TEST_SMEM_ONLY") && atoi(getenv("SCANWORKS_TEST_SMEM_ONLY"))) {
        small_run = 1;
        test_smem_only(&rng);
        return test_finish("test_scan_cuda");
    }
    test_example();
    test_limits();
    test_timed(&rng);
    test_all_cases(&rng);
    test_tune_rows(&rng);
    test_float_rounding(&rng);
    for (int a = 0; scan_cuda_algorithms[a]; a++)
        scan_check_subnormal_minmax(PRIM_CUDA, scan_cuda_algorithms[a],
                                    scan_max_elements(PRIM_CUDA, scan_cuda_algorithms[a], SCAN_F32), &rng);
    test_device_unaligned(&rng);
    if (!small_run) {
        test_large(&rng);
        test_huge(&rng);
    }
    return test_finish("test_scan_cuda");
}

#else

TEST_MAIN_WITHOUT_CUDA()

#endif
