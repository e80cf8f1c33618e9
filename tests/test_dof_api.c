/* The public DoF API (include/scanworks/dof.h) on the backend named by the argument
 * ("cpu" or "cuda"), on pictures of awkward sizes (a noisy picture in blocks, a sharp
 * near disc before a far background), outputs poisoned before each call, for the disc
 * (with and without its guard), one and three boxes, with and without the near field.
 * cpu: the entry equals the C gather over the CPU table (dof_cpu_apply, the
 * reference); a zero aperture, a picture of one colour, and in-focus pixels (without
 * the near field) come back unchanged. cuda: sw_dof and the device entries (the table by
 * sw_sat_device, then sw_dof_gather_device on a stream of their own) against the cpu
 * backend, within one step almost everywhere (the approximate reciprocals), and the
 * device entry's refusals. "cuda" skips where no CUDA device answers; "cpu" checks
 * there that the cuda entries say why. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dof/dof_cpu.h"
#include "prim/sat_cpu.h"
#include "scanworks/dof.h"
#include "scanworks/sat.h"
#include "test_util.h"

#if SCANWORKS_HAVE_CUDA
#include <cuda_runtime.h>
#endif

static const int sizes[][2] = {{1, 1}, {17, 9}, {64, 65}, {200, 131}, {513, 31}};
#define SIZE_COUNT (int)(sizeof sizes / sizeof sizes[0])
#define FOCUS 4.0f

static const sw_dof_desc descs[] = {
    {FOCUS, 12.0f, SW_DOF_DISC, 0, 1, 0}, {FOCUS, 12.0f, SW_DOF_DISC, 0, 0, 0}, {FOCUS, 9.0f, SW_DOF_BOXES, 1, 0, 0},
    {FOCUS, 9.0f, SW_DOF_BOXES, 3, 1, 0}, {FOCUS, 12.0f, SW_DOF_DISC, 0, 1, 1}, {FOCUS, 30.0f, SW_DOF_BOXES, 3, 1, 1},
    /* below the grids' apertures (the point probes' kernels) and far above (both grids:
       dof_limits.h, DOF_USES_GRIDS) */
    {FOCUS, 6.0f, SW_DOF_DISC, 0, 1, 1}, {FOCUS, 40.0f, SW_DOF_DISC, 0, 1, 1},
};
#define DESC_COUNT (int)(sizeof descs / sizeof descs[0])

/* Noise in 8x8 blocks; depth: a disc at 1.5 before a background at 10, a band in focus. */
static void make_picture(int w, int h, uint64_t *rng, uint8_t *rgba, float *depth)
{
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            size_t i = (size_t)y * w + x;
            uint64_t block = ((uint64_t)(y / 8) * 977 + (uint64_t)(x / 8)) * 0x9E3779B97F4A7C15ull;
            for (int k = 0; k < 4; k++)
                rgba[i * 4 + k] = (uint8_t)((block >> (8 * k)) + test_rand(rng) % 32);
            float dx = (float)x - 0.4f * (float)w, dy = (float)y - 0.5f * (float)h;
            depth[i] = dx * dx + dy * dy < 0.05f * (float)(w * w + h * h) ? 1.5f : x % 23 < 3 ? FOCUS : 10.0f;
        }
}

/* The reference: the CPU table of the 8-bit values, then the C gather. */
static int reference(const sw_dof_desc *d, const uint8_t *rgba, const float *depth, int w, int h, uint8_t *out)
{
    const size_t n = (size_t)w * h;
    uint32_t *in4 = malloc(n * 16), *sat = malloc(n * 16);
    if (!in4 || !sat) return free(in4), free(sat), -1;
    for (size_t i = 0; i < n * 4; i++) in4[i] = rgba[i];
    sat_cpu_rgba(in4, w, h, sat);
    dof_params p = {d->focus, d->aperture, 1.0f, DOF_VIEW_EFFECT, d->kernel == SW_DOF_BOXES ? d->boxes : 1,
                    d->guard, d->kernel == SW_DOF_BOXES ? DOF_KERNEL_BOXES : DOF_KERNEL_DISC, d->near_field, 0, 0};
    dof_cpu_apply(&p, rgba, sat, NULL, depth, w, h, 4, out);
    free(in4), free(sat);
    return 0;
}

#if SCANWORKS_HAVE_CUDA
/* GOT against WANT: at most 0.1% of the bytes more than one step apart, none more than
 * 48, the mean difference at most 0.05. */
static void compare(const char *what, const uint8_t *got, const uint8_t *want, size_t bytes)
{
    size_t over = 0;
    int worst = 0;
    double sum = 0;
    for (size_t i = 0; i < bytes; i++) {
        int dv = abs(got[i] - want[i]);
        sum += dv;
        over += dv > 1;
        if (dv > worst) worst = dv;
    }
    CHECK_MSG(over * 1000 <= bytes && worst <= 48 && sum <= 0.05 * (double)bytes,
              "%s: %zu of %zu bytes differ by more than 1 (worst %d, mean %.4f)", what, over, bytes, worst,
              sum / (double)bytes);
}
#endif

static void check_cpu(uint64_t *rng)
{
    for (int si = 0; si < SIZE_COUNT; si++) {
        const int w = sizes[si][0], h = sizes[si][1];
        const size_t n = (size_t)w * h;
        uint8_t *rgba = malloc(n * 4), *got = malloc(n * 4), *want = malloc(n * 4);
        float *depth = malloc(n * 4);
        CHECK(rgba && got && want && depth);
        if (!rgba || !got || !want || !depth) goto next;
        make_picture(w, h, rng, rgba, depth);
        sw_error err = {{0}};
        for (int di = 0; di < DESC_COUNT; di++) {
            const sw_dof_desc *d = &descs[di];
            test_poison(got, n * 4);
            CHECK_MSG(sw_dof(SW_BACKEND_CPU, d, rgba, depth, w, h, got, &err) == 0, "%dx%d desc %d: %s", w, h, di,
                      err.msg);
            CHECK(reference(d, rgba, depth, w, h, want) == 0);
            CHECK_MSG(!memcmp(got, want, n * 4), "%dx%d desc %d: sw_dof differs from the C gather", w, h, di);
            for (size_t i = 0; !d->near_field && i < n; i++)
                if (depth[i] == FOCUS && memcmp(got + i * 4, rgba + i * 4, 4)) {
                    CHECK_MSG(0, "%dx%d desc %d: in-focus pixel %zu changed", w, h, di, i);
                    break;
                }
            sw_dof_desc flat = *d;
            flat.aperture = 0.0f;
            test_poison(got, n * 4);
            CHECK_MSG(sw_dof(SW_BACKEND_CPU, &flat, rgba, depth, w, h, got, &err) == 0 && !memcmp(got, rgba, n * 4),
                      "%dx%d desc %d: aperture 0 changed the picture", w, h, di);
        }
        memset(rgba, 77, n * 4);
        test_poison(got, n * 4);
        CHECK_MSG(sw_dof(SW_BACKEND_CPU, &descs[4], rgba, depth, w, h, got, &err) == 0 && !memcmp(got, rgba, n * 4),
                  "%dx%d: a picture of one colour changed", w, h);
    next:
        free(rgba), free(got), free(want), free(depth);
    }
}

static void check_refusals(sw_backend b)
{
    uint8_t px[16] = {0}, out[16];
    float depth[4] = {1, 2, 3, 4};
    sw_error err = {{0}};
    sw_dof_desc d = descs[0];
    CHECK_MSG(sw_dof(b, &d, px, depth, 0, 2, out, &err) != 0 && strstr(err.msg, "0x2"), "a 0x2 picture taken");
    CHECK_MSG(sw_dof(b, &d, px, depth, SW_DOF_MAX_SIDE + 1, 1, out, &err) != 0, "a picture too wide taken");
    d.focus = 0.0f;
    CHECK_MSG(sw_dof(b, &d, px, depth, 2, 2, out, &err) != 0 && strstr(err.msg, "focus"), "focus 0 taken");
    d = descs[0], d.aperture = -1.0f;
    CHECK_MSG(sw_dof(b, &d, px, depth, 2, 2, out, &err) != 0 && strstr(err.msg, "aperture"), "aperture -1 taken");
    d = descs[2], d.boxes = 4;
    CHECK_MSG(sw_dof(b, &d, px, depth, 2, 2, out, &err) != 0 && strstr(err.msg, "boxes"), "4 boxes taken");
    d = descs[0], d.kernel = (sw_dof_kernel)5;
    CHECK_MSG(sw_dof(b, &d, px, depth, 2, 2, out, &err) != 0 && strstr(err.msg, "kernel"), "kernel 5 taken");
    d = descs[0], depth[3] = 0.0f;
    CHECK_MSG(sw_dof(b, &d, px, depth, 2, 2, out, &err) != 0 && strstr(err.msg, "depth[3]"), "depth 0 taken");
    CHECK_MSG(sw_dof(b, &d, NULL, depth, 2, 2, out, &err) != 0 && strstr(err.msg, "NULL"), "NULL picture taken");
}

#if SCANWORKS_HAVE_CUDA
static void check_cuda(uint64_t *rng)
{
    for (int si = 0; si < SIZE_COUNT; si++) {
        const int w = sizes[si][0], h = sizes[si][1];
        const size_t n = (size_t)w * h;
        uint8_t *rgba = malloc(n * 4), *got = malloc(n * 4), *want = malloc(n * 4);
        float *depth = malloc(n * 4);
        uint32_t *in4 = malloc(n * 16);
        void *d_in = NULL, *d_sat = NULL, *d_rgba = NULL, *d_depth = NULL, *d_out = NULL, *temp = NULL;
        size_t sat_bytes = 0, gather_bytes = 0;
        sw_error err = {{0}};
        cudaStream_t s = NULL;
        int ok = rgba && got && want && depth && in4 && sw_sat_temp_bytes(w, h, &sat_bytes, &err) == 0 &&
                 sw_dof_gather_temp_bytes(w, h, &gather_bytes, &err) == 0 &&
                 cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking) == cudaSuccess &&
                 cudaMalloc(&d_in, n * 16) == cudaSuccess && cudaMalloc(&d_sat, n * 16) == cudaSuccess &&
                 cudaMalloc(&d_rgba, n * 4) == cudaSuccess && cudaMalloc(&d_depth, n * 4) == cudaSuccess &&
                 cudaMalloc(&d_out, n * 4) == cudaSuccess &&
                 cudaMalloc(&temp, sat_bytes > gather_bytes ? sat_bytes : gather_bytes) == cudaSuccess;
        CHECK_MSG(ok, "%dx%d: set-up failed: %s", w, h, err.msg);
        if (ok) {
            make_picture(w, h, rng, rgba, depth);
            for (size_t i = 0; i < n * 4; i++) in4[i] = rgba[i];
            ok = cudaMemcpyAsync(d_in, in4, n * 16, cudaMemcpyHostToDevice, s) == cudaSuccess &&
                 cudaMemcpyAsync(d_rgba, rgba, n * 4, cudaMemcpyHostToDevice, s) == cudaSuccess &&
                 cudaMemcpyAsync(d_depth, depth, n * 4, cudaMemcpyHostToDevice, s) == cudaSuccess &&
                 sw_sat_device(d_in, d_sat, w, h, temp, sat_bytes, s, &err) == 0;
            CHECK_MSG(ok, "%dx%d: the table: %s", w, h, err.msg);
        }
        for (int di = 0; ok && di < DESC_COUNT; di++) {
            const sw_dof_desc *d = &descs[di];
            char what[96];
            CHECK(sw_dof(SW_BACKEND_CPU, d, rgba, depth, w, h, want, &err) == 0);
            test_poison(got, n * 4);
            CHECK_MSG(sw_dof(SW_BACKEND_CUDA, d, rgba, depth, w, h, got, &err) == 0, "%dx%d desc %d: %s", w, h, di,
                      err.msg);
            snprintf(what, sizeof what, "sw_dof cuda %dx%d desc %d", w, h, di);
            compare(what, got, want, n * 4);
            test_poison(got, n * 4);
            int rc = cudaMemsetAsync(d_out, 0xA5, n * 4, s) != cudaSuccess ||
                     sw_dof_gather_device(d, d_sat, d_rgba, d_depth, d_out, w, h, temp, gather_bytes, s, &err) ||
                     cudaMemcpyAsync(got, d_out, n * 4, cudaMemcpyDeviceToHost, s) != cudaSuccess ||
                     cudaStreamSynchronize(s) != cudaSuccess;
            CHECK_MSG(!rc, "%dx%d desc %d: the device entry: %s", w, h, di, err.msg);
            snprintf(what, sizeof what, "sw_dof_gather_device %dx%d desc %d", w, h, di);
            if (!rc) compare(what, got, want, n * 4);
        }
        if (ok) {
            CHECK_MSG(sw_dof_gather_device(&descs[0], d_sat, d_rgba, d_depth, (uint8_t *)d_out + 4, w, h, temp,
                                           gather_bytes, s, &err) != 0 && strstr(err.msg, "aligned"),
                      "a misaligned output taken");
            CHECK_MSG(sw_dof_gather_device(&descs[0], d_sat, d_rgba, d_depth, (uint8_t *)d_sat, w, h, temp,
                                           gather_bytes, s, &err) != 0 && strstr(err.msg, "overlaps"),
                      "an output over the table taken");
        }
        if (s) cudaStreamDestroy(s);
        void *p[] = {d_in, d_sat, d_rgba, d_depth, d_out, temp};
        for (size_t i = 0; i < sizeof p / sizeof p[0]; i++) cudaFree(p[i]);
        free(rgba), free(got), free(want), free(depth), free(in4);
    }
}
#endif

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "cpu";
    uint64_t rng = 2026;
    sw_error err = {{0}};
    const int cuda = sw_cuda_available(&err);
    if (!strcmp(mode, "cuda")) {
        if (!cuda) TEST_SKIP("dof.h on cuda: %s", err.msg);
#if SCANWORKS_HAVE_CUDA
        check_cuda(&rng);
#endif
        check_refusals(SW_BACKEND_CUDA);
        return test_finish("test_dof_api cuda");
    }
    check_cpu(&rng);
    check_refusals(SW_BACKEND_CPU);
    uint8_t px[4] = {1, 2, 3, 4}, out[4];
    float depth = 1.0f;
    CHECK_MSG(sw_dof((sw_backend)1, &descs[0], px, &depth, 1, 1, out, &err) != 0 && strstr(err.msg, "backend"),
              "backend 1 taken");
    if (!cuda) {
        CHECK_MSG(sw_dof(SW_BACKEND_CUDA, &descs[0], px, &depth, 1, 1, out, &err) != 0 && strstr(err.msg, "cuda"),
                  "sw_dof on cuda without a device did not say why: %s", err.msg);
        CHECK_MSG(sw_dof_gather_device(&descs[0], NULL, NULL, NULL, NULL, 1, 1, NULL, 0, NULL, &err) != 0 &&
                      strstr(err.msg, "cuda"),
                  "sw_dof_gather_device without a device did not say why: %s", err.msg);
    }
    return test_finish("test_dof_api cpu");
}
