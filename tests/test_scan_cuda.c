/* The cuda scan backend against a sequential reference: every algorithm, element
 * type, operator and kind on awkward lengths (up to each algorithm's limit), random
 * data, outputs poisoned; in-place; the chapter's example; device pointers that
 * are not 16-byte aligned on a stream of their own; the one-block variants'
 * refusal; every look-back configuration; the benchmark's floor-bulk copy; float32
 * max and min on subnormals (scan_check.h); one large case. Skips (exit 77) when no CUDA device can be used.
 *
 * SCANWORKS_TEST_SMEM_ONLY=1 checks only the kernels that stage tiles in shared
 * memory (pipelined, bulk-copy, warp-specialized and register-path look-back, the copy
 * floors), on small lengths; SCANWORKS_TEST_NO_WS=1 leaves the warp-specialized and
 * register-path ones and floor-ring out (for racecheck, which follows neither their
 * mbarrier waits nor the bar.arrive -> bar.sync handovers between warps).
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
#include "kernels/scan/scan.h"
#include "scan_check.h"
#include "scan_cuda_case.h"
#include "kernels/scan/scan_copy_floor.h"

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

/* Configurations of the kernels that stage tiles in shared memory (pipelined,
 * bulk-copy, warp-specialized, register-path), and of those whose handovers between
 * warps racecheck cannot follow (SCANWORKS_TEST_NO_WS leaves them out). */
static int stages_tiles(const char *c)
{
    return strstr(c, "pipe") || strstr(c, "bulk") || strstr(c, "-ws") || strstr(c, "-rp");
}
static int racecheck_blind(const char *c) { return strstr(c, "-ws") || strstr(c, "-rp"); }

/* The pipelined, warp-specialized and register-path kernels on a grid of 1, 2 and 3
 * blocks (every compiled pipelined shape, with and without streaming hints; every
 * warp-specialized ring; five register-path configurations): each block loops over
 * many tiles, the ring of stages wraps; one block scans every tile in order, its
 * look-backs find the previous tile finished. */
static void test_pipe_grids(uint64_t *rng)
{
    const size_t big = 3 * ((size_t)1 << 20) + 7;
    const char *pipes[] = {"lookback-256-16-pipe",       "lookback-256-16-pipe-s3-cs", "lookback-256-32-pipe-s2-cs",
                           "lookback-256-32-pipe-cs",    "lookback-128-48-ws-s8",      "lookback-128-48-ws-s4-cs",
                           "lookback-128-24-ws-s4-cs-ef", "lookback-128-32-ws-s4-spread8", "lookback-256-16-rp-w1",
                           "lookback-256-24-rp-lb2-cs",   "lookback-256-32-rp-s3-w2-cs-spread4", "lookback-512-16-rp-s3-w2",
                           "lookback-256-24-rp-s3-w1"};
    for (int g = 1; g <= 3; g++) {
        char cap[8];
        snprintf(cap, sizeof cap, "%d", g);
        CHECK(setenv("SCANWORKS_LOOKBACK_PIPE_GRID", cap, 1) == 0);
        for (size_t i = 0; i < sizeof pipes / sizeof *pipes; i++) {
            if (no_ws && racecheck_blind(pipes[i])) continue;
            run_case(pipes[i], SCAN_I32, SCAN_ADD, (scan_kind)(g & 1), 70001, 0, rng);
            run_case(pipes[i], SCAN_I64, SCAN_MIN, SCAN_INCLUSIVE, 40009, 1, rng);
            if (!small_run) run_case(pipes[i], SCAN_F32, SCAN_ADD, SCAN_EXCLUSIVE, big, 0, rng);
        }
    }
    unsetenv("SCANWORKS_LOOKBACK_PIPE_GRID");
    printf("  pipelined, warp-specialized and register-path look-back on grids of 1..3 blocks checked\n");
}

/* SCANWORKS_TEST_SMEM_ONLY=1 (compute-sanitizer on the newer kernels): the pipelined,
 * bulk-copy, warp-specialized and register-path configurations only, on small
 * lengths: every type, operator and kind on awkward lengths, in place, and the
 * pipelined grids of 1..3 blocks. */
static void test_smem_only(uint64_t *rng)
{
    if (no_ws)
        printf("  SCANWORKS_TEST_NO_WS: the warp-specialized and register-path configurations are left out\n"
               "  (compute-sanitizer's racecheck follows neither mbarrier waits nor bar.arrive -> bar.sync, so it\n"
               "  reports their handovers between warps as races)\n");
    const size_t sizes[] = {0, 1, 31, 1025, 4097, 8191, 12289, 70001};
    for (const char *const *c = scan_cuda_lookback_sweep(); *c; c++) {
        if (!stages_tiles(*c) || (no_ws && racecheck_blind(*c))) continue;
        /* every type, operator and kind for two pipelined tile sizes, one bulk, one
         * warp-specialized and the register-path default; the rest: add */
        const int all = !strcmp(*c, "lookback-256-16-pipe-s3-cs") || !strcmp(*c, "lookback-256-32-pipe-s2-cs") ||
                        !strcmp(*c, "lookback-128-64-bulk-cs") || !strcmp(*c, "lookback-128-48-ws-s8-cs") ||
                        !strcmp(*c, "lookback-256-32-rp-s3-w1-cs-spread4");
        for (int t = 0; t < SCAN_TYPE_COUNT; t++)
            for (int op = 0; op < (all ? SCAN_OP_COUNT : 1); op++)
                for (int k = 0; k < 2; k++)
                    for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++)
                        if ((all && t == SCAN_I32) || s % 3 == (size_t)op)
                            run_case(*c, (scan_type)t, (scan_op)op, (scan_kind)k, sizes[s], 0, rng);
        run_case(*c, SCAN_I32, SCAN_ADD, SCAN_INCLUSIVE, 40009, 1, rng);
        printf("  %-26s checked\n", *c);
        fflush(stdout);
    }
    test_pipe_grids(rng);
}

/* floor-bulk (kernels/scan/scan_copy_floor.h, the benchmark's copy with the bulk-copy
 * scan's tile traffic) reproduces its input exactly: 4- and 8-byte elements, lengths
 * around its tiles (6144 and 3072 elements), the device buffer poisoned first and
 * the poison checked to stay before and past the copy; aligned pointers (bulk copy,
 * vector stores) and pointers one element past alignment (the threads' path); each
 * under the four flag settings (bulk store, evict-first policy), as floor-ring and as
 * floor-regs. */
static void test_copy_floor(uint64_t *rng)
{
    const size_t sizes[] = {0, 1, 4095, 4097, 3073, 6144, 6145, 1000003}, max_n = 1000003, guard = 4096;
    for (size_t es = 4; es <= 8; es += 4) {
        const size_t room = max_n * es + 2 * guard;
        unsigned char *h_in = malloc(max_n * es), *h_out = malloc(room);
        void *d_in = NULL, *d_out = NULL;
        if (!h_in || !h_out || cudaMalloc(&d_in, room) != cudaSuccess || cudaMalloc(&d_out, room) != cudaSuccess) {
            CHECK_MSG(0, "cannot allocate for the floor-bulk test");
        } else {
            for (size_t i = 0; i < max_n * es; i++) h_in[i] = (unsigned char)(test_rand(rng) >> 24);
            for (size_t off = 0; off <= es; off += es) {
                for (size_t s = 0; s < 6 * (sizeof sizes / sizeof *sizes); s++) {
                    /* every size under each of the four flag combinations, then floor-ring
                     * and floor-regs */
                    const unsigned k = (unsigned)(s / (sizeof sizes / sizeof *sizes)),
                                   flags = k < 4 ? k : k == 4 ? SCAN_FLOOR_RING : SCAN_FLOOR_REGS;
                    if (no_ws && flags == SCAN_FLOOR_RING) continue;   /* mbarrier handovers: see no_ws */
                    const size_t n = sizes[s % (sizeof sizes / sizeof *sizes)], bytes = n * es,
                                 at = guard + off;   /* at: 16-byte aligned + off */
                    sw_error err = {{0}};
                    CHECK(cudaMemcpy((char *)d_in + at, h_in, bytes, cudaMemcpyHostToDevice) == cudaSuccess);
                    CHECK(cudaMemset(d_out, 0xA5, room) == cudaSuccess);
                    CHECK_MSG(scan_copy_floor((char *)d_in + at, (char *)d_out + at, n, es, flags, NULL, &err) == 0,
                              "floor-bulk %zu-byte n=%zu flags %u: %s", es, n, flags, err.msg);
                    CHECK(cudaDeviceSynchronize() == cudaSuccess);
                    test_poison(h_out, room);
                    CHECK(cudaMemcpy(h_out, d_out, room, cudaMemcpyDeviceToHost) == cudaSuccess);
                    size_t bad = room;
                    for (size_t i = 0; i < room && bad == room; i++) {
                        const int inside = i >= at && i < at + bytes;
                        if (h_out[i] != (inside ? h_in[i - at] : 0xA5)) bad = i;
                    }
                    CHECK_MSG(bad == room, "floor-bulk %zu-byte n=%zu%s flags %u: byte %lld from the start differs",
                              es, n, off ? " unaligned" : "", flags, (long long)bad - (long long)at);
                }
            }
        }
        cudaFree(d_in);
        cudaFree(d_out);
        free(h_in), free(h_out);
    }
    sw_error err = {{0}};
    CHECK_MSG(scan_copy_floor(NULL, NULL, 5, 2, 0, NULL, &err) == -1 && strstr(err.msg, "2-byte"),
              "floor-bulk accepted 2-byte elements");
    CHECK_MSG(scan_copy_floor(NULL, NULL, 5, 4, SCAN_FLOOR_RING | SCAN_FLOOR_EVICT_FIRST, NULL, &err) == -1,
              "floor-ring accepted another flag");
    CHECK_MSG(scan_copy_floor(NULL, NULL, 5, 4, SCAN_FLOOR_REGS | SCAN_FLOOR_BULK_STORE, NULL, &err) == -1,
              "floor-regs accepted another flag");
    /* floor-ring with more tiles than its ring holds in every block (the ring wraps):
     * 7,000,003 4-byte elements are 1,710 tiles of 16 KB, over four a block on any GPU
     * with fewer than 428 blocks resident. */
    for (size_t es = 4; es <= 8 && !no_ws; es += 4) {
        const size_t n = 7000003 / (es / 4), bytes = n * es;
        unsigned char *h_in = malloc(bytes), *h_out = malloc(bytes);
        void *d_in = NULL, *d_out = NULL;
        if (!h_in || !h_out || cudaMalloc(&d_in, bytes) != cudaSuccess ||
            cudaMalloc(&d_out, bytes) != cudaSuccess) {
            CHECK_MSG(0, "cannot allocate for the floor-ring test");
        } else {
            for (size_t i = 0; i < bytes; i++) h_in[i] = (unsigned char)(test_rand(rng) >> 24);
            CHECK(cudaMemcpy(d_in, h_in, bytes, cudaMemcpyHostToDevice) == cudaSuccess);
            CHECK(cudaMemset(d_out, 0xA5, bytes) == cudaSuccess);
            CHECK_MSG(scan_copy_floor(d_in, d_out, n, es, SCAN_FLOOR_RING, NULL, &err) == 0, "%s", err.msg);
            CHECK(cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost) == cudaSuccess);
            CHECK_MSG(!memcmp(h_in, h_out, bytes), "floor-ring %zu-byte n=%zu: the copy differs", es, n);
        }
        cudaFree(d_in);
        cudaFree(d_out);
        free(h_in), free(h_out);
    }
    printf("  floor-bulk copy checked (4- and 8-byte elements, aligned and not; bulk stores and evict-first too;\n"
           "  floor-ring and floor-regs too)\n");
    fflush(stdout);
}

/* Every look-back configuration of the sweep (shapes and options), 4- and 8-byte
 * types, both kinds; repeated calls of mixed sizes, types and options reuse the
 * status words (epochs, the never-reset tile counter). Lengths up to 70001 reach
 * 18 tiles of 4096; the full run adds lengths of up to 1500 tiles, past the widest
 * look-back window (128 predecessors). Then SCANWORKS_LOOKBACK_CONFIG and the
 * refusal of unknown shapes and options. */
static void test_lookback_configs(uint64_t *rng)
{
    const size_t sizes[] = {1, 4097, 70001}, big[] = {3 * ((size_t)1 << 20) + 7, 6 * ((size_t)1 << 20) + 1};
    for (const char *const *c = scan_cuda_lookback_sweep(); *c; c++) {
        /* small (compute-sanitizer): three scans per configuration */
        run_case(*c, SCAN_I32, SCAN_ADD, SCAN_EXCLUSIVE, 70001, 0, rng);
        run_case(*c, SCAN_I32, SCAN_ADD, SCAN_INCLUSIVE, 4097, 0, rng);
        run_case(*c, SCAN_I64, SCAN_ADD, SCAN_EXCLUSIVE, 70001, 0, rng);
        if (!small_run) {
            for (size_t s = 0; s < 3; s++)
                for (int k = 0; k < 2; k++) run_case(*c, SCAN_I32, SCAN_ADD, (scan_kind)k, sizes[s], 0, rng);
            run_case(*c, SCAN_I32, SCAN_MIN, SCAN_INCLUSIVE, 70001, 1, rng);
            run_case(*c, SCAN_I64, SCAN_MAX, SCAN_INCLUSIVE, 4097, 0, rng);
            run_case(*c, SCAN_I32, SCAN_ADD, SCAN_EXCLUSIVE, big[0], 0, rng);
            run_case(*c, SCAN_I32, SCAN_ADD, SCAN_EXCLUSIVE, big[1], 0, rng);
            run_case(*c, SCAN_F32, SCAN_ADD, SCAN_INCLUSIVE, big[0], 0, rng);
        }
        printf("  %-26s checked\n", *c);
        fflush(stdout);
    }
    test_pipe_grids(rng);
    /* Wrap-arounds: the tile counter past 2^32 within a call, then the epoch's limit
     * (2^30 - 1: the status words are zeroed and the epochs start again); the
     * default, the one-tile kernel with the counter, and a pipelined shape (tiles in
     * waves: it leaves the counter and the ticket alone, so only the epochs wrap). */
    const char *wraps[] = {"lookback", "lookback-256-16", "lookback-256-32-pipe-s2-cs"};
    for (int a = 0; a < 3; a++) {
        for (int i = 0; i < 2; i++) {
            const scan_type t = i ? SCAN_I64 : SCAN_I32;   /* a call of the type first: its layout */
            run_case(wraps[a], t, SCAN_ADD, SCAN_EXCLUSIVE, 70001, 0, rng);
            sw_error err = {{0}};
            CHECK_MSG(scan_cuda_lookback_seed((1u << 30) - 3, 0xFFFFFFF0u, &err) == 0, "%s", err.msg);
            for (int k = 0; k < 4; k++) {
                run_case(wraps[a], t, SCAN_ADD, SCAN_EXCLUSIVE, 70001, 0, rng);
                /* the counter's ticket is still in step after a pipelined call */
                if (a == 2) run_case("lookback-256-16", t, SCAN_ADD, SCAN_EXCLUSIVE, 70001, 0, rng);
            }
        }
    }
    printf("  look-back epoch and tile-counter wrap-around checked\n");
    CHECK(setenv("SCANWORKS_LOOKBACK_CONFIG", "128x32,bid,w2", 1) == 0);
    run_case("lookback", SCAN_I32, SCAN_ADD, SCAN_EXCLUSIVE, 70001, 0, rng);
    const char *bad_env[] = {"100x16", "256x16,fast", "256", "x"};
    int32_t v[4] = {1, 2, 3, 4};
    for (int i = 0; i < 4; i++) {
        CHECK(setenv("SCANWORKS_LOOKBACK_CONFIG", bad_env[i], 1) == 0);
        scan_desc d = {SCAN_I32, SCAN_ADD, SCAN_EXCLUSIVE, "lookback"};
        sw_error err = {{0}};
        CHECK_MSG(scan_cuda_host(&d, v, v, 4, &err) != 0 && strstr(err.msg, "SCANWORKS_LOOKBACK_CONFIG"),
                  "SCANWORKS_LOOKBACK_CONFIG=%s was accepted (or the message does not name it: %s)", bad_env[i],
                  err.msg);
    }
    unsetenv("SCANWORKS_LOOKBACK_CONFIG");
    scan_desc d = {SCAN_I32, SCAN_ADD, SCAN_EXCLUSIVE, "lookback-256-16-w3"};
    sw_error err = {{0}};
    CHECK_MSG(scan_cuda_host(&d, v, v, 4, &err) != 0 && strstr(err.msg, "w3"), "lookback-256-16-w3 was accepted");
    printf("  SCANWORKS_LOOKBACK_CONFIG honoured; unknown shapes and options refused\n");
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
    const char *algos[] = {"lookback", "tuned", "large", "lookback-256-32-pipe-s2-cs"};
    for (int t = 0; t < SCAN_TYPE_COUNT; t++) {
        size_t es = elem_size[t], bytes = n * es;
        char *h_in = malloc(bytes), *h_out = malloc(bytes), *want = malloc(bytes);
        void *d_buf = NULL;
        cudaStream_t s = NULL;
        if (!h_in || !h_out || !want || cudaMalloc(&d_buf, bytes + 2 * es) != cudaSuccess ||
            cudaStreamCreate(&s) != cudaSuccess) {
            CHECK_MSG(0, "cannot allocate for the unaligned test");
        } else {
            fill((scan_type)t, SCAN_ADD, h_in, n, rng);
            ref_scan((scan_type)t, SCAN_ADD, SCAN_EXCLUSIVE, h_in, want, n);
            char *d_in = (char *)d_buf + es;   /* 4 or 8 bytes past alignment */
            for (int a = 0; a < 4; a++) {
                scan_desc d = {(scan_type)t, SCAN_ADD, SCAN_EXCLUSIVE, algos[a]};
                sw_error err = {{0}};
                CHECK(cudaMemcpy(d_in, h_in, bytes, cudaMemcpyHostToDevice) == cudaSuccess);
                CHECK_MSG(scan_cuda_device(&d, d_in, d_in, n, s, &err) == 0, "%s", err.msg);
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
    if (!h || cudaMalloc((void **)&d_in, n * 4) != cudaSuccess || cudaMalloc((void **)&d_out, n * 4) != cudaSuccess) {
        cudaGetLastError();
        printf("  huge case skipped: cannot allocate 2 x %.1f GB on the device\n", n * 4 / 1e9);
    } else {
        CHECK(cudaMemset(d_in, 1, n * 4) == cudaSuccess);
        const char *algos[] = {"lookback", "tuned", "large", "lookback-256-32-pipe-s2-cs"};
        for (int a = 0; a < 3; a++) {
            scan_desc d = {SCAN_U32, SCAN_ADD, SCAN_EXCLUSIVE, algos[a]};
            sw_error err = {{0}};
            CHECK(cudaMemset(d_out, 0xA5, n * 4) == cudaSuccess);
            CHECK_MSG(scan_cuda_device(&d, d_in, d_out, n, NULL, &err) == 0, "%s n=%zu: %s", algos[a], n, err.msg);
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
    free(h);
    scan_cuda_release();
}

/* 2^28+3 elements: the default look-back, tuned and large, and every pipelined and
 * bulk-copy configuration of the sweep (many waves of tiles on the full grid). */
static void test_large(uint64_t *rng)
{
    const size_t big = ((size_t)1 << 28) + 3;
    run_case("lookback", SCAN_I32, SCAN_ADD, SCAN_EXCLUSIVE, big, 0, rng);
    run_case("tuned", SCAN_I32, SCAN_ADD, SCAN_INCLUSIVE, big, 0, rng);
    run_case("large", SCAN_I64, SCAN_MAX, SCAN_EXCLUSIVE, big, 0, rng);
    for (const char *const *c = scan_cuda_lookback_sweep(); *c; c++)
        if (stages_tiles(*c)) run_case(*c, SCAN_I32, SCAN_ADD, SCAN_INCLUSIVE, big, 0, rng);
    run_case("lookback-256-32-pipe-s2-cs", SCAN_I64, SCAN_ADD, SCAN_EXCLUSIVE, big, 0, rng);
    run_case("lookback-256-48-bulk-cs", SCAN_I64, SCAN_ADD, SCAN_EXCLUSIVE, big, 0, rng);
    run_case("lookback-128-48-ws-s8-cs", SCAN_I64, SCAN_ADD, SCAN_EXCLUSIVE, big, 0, rng);
    run_case("lookback-256-32-rp-s3-w1-cs-spread4", SCAN_I64, SCAN_ADD, SCAN_EXCLUSIVE, big, 0, rng);
    printf("  2^28+3 elements checked (lookback, tuned, large, the pipelined, bulk, warp-specialized and "
           "register-path configurations)\n");
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
        scan_cuda_release();
        return test_finish("test_scan_cuda");
    }
    no_ws = getenv("SCANWORKS_TEST_NO_WS") && atoi(getenv("SCANWORKS_TEST_NO_WS"));
    if (getenv("SCANWORKS_TEST_SMEM_ONLY") && atoi(getenv("SCANWORKS_TEST_SMEM_ONLY"))) {
        small_run = 1;
        test_copy_floor(&rng);
        test_smem_only(&rng);
        scan_cuda_release();
        return test_finish("test_scan_cuda");
    }
    test_example();
    test_limits();
    test_timed(&rng);
    test_all_cases(&rng);
    test_lookback_configs(&rng);
    test_copy_floor(&rng);
    test_float_rounding(&rng);
    for (int a = 0; scan_cuda_algorithms[a]; a++)
        scan_check_subnormal_minmax(PRIM_CUDA, scan_cuda_algorithms[a],
                                    scan_max_elements(PRIM_CUDA, scan_cuda_algorithms[a], SCAN_F32), &rng);
    test_device_unaligned(&rng);
    if (!small_run) {
        test_large(&rng);
        test_huge(&rng);
    }
    scan_cuda_release();
    return test_finish("test_scan_cuda");
}

#else

int main(void)
{
    const char *why;
    if (!prim_cuda_available(&why)) TEST_SKIP("no CUDA: %s", why);
    return 1;   /* unreachable: a build without CUDA has no cuda backend */
}

#endif
