/* The cuda half of `scanworks bench sat`: device-only builds timed by CUDA events
 * (each variant by stage), the memcpy floor, the CUB reference (cub::BlockScan rows,
 * a transpose, again), every output checked after its timed runs, and the GL-CUDA
 * hand-over (map/unmap) timed on its own by host wall clock. */
#include "gl/gl.h"
#include "bench/bench_sat.h"

#include <cuda_gl_interop.h>
#include <cuda_runtime_api.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gl/gl_util.h"
#include "util/clock.h"
#include "prim/sat_plan_cuda.h"
#include "kernels/common/cuda_util.cuh"
#if SCANWORKS_HAVE_CUB_REF
#include "bench/refs/sat_ref.h"
#endif

#define TRY(call)                                                                                       \
    do {                                                                                                \
        cudaError_t e_ = (call);                                                                        \
        if (e_ != cudaSuccess) {                                                                        \
            rc = sw_fail(err, "%s failed: %s", #call, cudaGetErrorString(e_));                          \
            goto done;                                                                                  \
        }                                                                                               \
    } while (0)

#define MAX_REPS 1000

static int add(bench_report *r, const char *op, const char *variant, int w, int h, double *ms, int reps, double bytes,
               const char *note, sw_error *err)
{
    bench_row row;
    memset(&row, 0, sizeof row);
    snprintf(row.op, sizeof row.op, "%s", op);
    snprintf(row.variant, sizeof row.variant, "%s", variant);
    snprintf(row.backend, sizeof row.backend, "cuda");
    row.n = (int64_t)w * h;
    row.reps = reps;
    row.median_ms = bench_median(ms, reps);
    row.min_ms = ms[0];
    row.bytes = bytes;
    snprintf(row.note, sizeof row.note, "%dx%d %.80s", w, h, note);
    return bench_add(r, &row, err);
}

static int sat_mismatches;

int bench_sat_cuda_mismatches(void) { return sat_mismatches; }

/* T (w*h uint4 as uint32 x 4) becomes its inclusive summed-area table, in place,
 * modulo 2^32. */
static void expected_sat(uint32_t *t, int w, int h)
{
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            for (int c = 0; c < 4; c++) {
                size_t i = ((size_t)y * w + x) * 4 + c;
                uint32_t left = x ? t[i - 4] : 0, up = y ? t[i - (size_t)w * 4] : 0;
                uint32_t diag = x && y ? t[i - (size_t)w * 4 - 4] : 0;
                t[i] += left + up - diag;
            }
}

/* The first word of GOT (the table as built) that differs from WANT (w*h uint4), or
 * -1. SPLIT: GOT holds the two planes of sat_cuda_src.split (R, G then B, (w + 1) x
 * (h + 1) each, row and column -1 zero) and no fourth channel. */
static long long table_mismatch(const uint32_t *got, const uint32_t *want, int w, int h, int split)
{
    size_t n = (size_t)w * h, p = sat_split_plane_elems(w, h);
    if (!split) {
        for (size_t i = 0; i < n * 4; i++)
            if (got[i] != want[i]) return (long long)i;
        return -1;
    }
    for (int y = -1; y < h; y++)
        for (int x = -1; x < w; x++) {
            size_t j = sat_split_index(w, x, y), i = x < 0 || y < 0 ? 0 : (size_t)y * w + x;
            for (int c = 0; c < 3; c++) {
                uint32_t want_c = x < 0 || y < 0 ? 0 : want[i * 4 + c];
                if ((c < 2 ? got[j * 2 + c] : got[2 * p + j]) != want_c) return (long long)(i * 4 + c);
            }
        }
    return -1;
}

/* Times one size on the device alone: every cuda variant (each first checked against
 * the CPU), the memcpy floor, CUB. */
static int device_rows(bench_report *r, int w, int h, int reps, bool ref_only, sw_error *err)
{
    int rc = 0;
    size_t n = (size_t)w * h;
    float *pic = sw_malloc(n * 16, "bench picture", err);
    uint16_t *half = pic ? sw_malloc(n * 8, "bench picture (half)", err) : NULL;
    cudaArray_t array = NULL;
    cudaTextureObject_t tex = 0;
    void *out = NULL, *quantized = NULL;
    uint32_t *want = NULL, *got = NULL, *q = NULL;
    sat_cuda_scratch scratch = {0};
#if SCANWORKS_HAVE_CUB_REF
    sat_ref_work ref = {0};
#endif
    cudaEvent_t ev[SAT_CUDA_MAX_STAGES + 1] = {0};
    double *ms = sw_calloc(MAX_REPS * (SAT_CUDA_MAX_STAGES + 1), sizeof *ms, "timings", err);
    if (!half || !ms) {
        rc = -1;
        goto done;
    }
    bench_sat_picture(pic, w, h);
    for (size_t i = 0; i < n; i++) pic[i * 4 + 3] = 1.0f;   /* opaque, like the app's frames */
    for (size_t i = 0; i < n * 4; i++) half[i] = bench_sat_to_half(pic[i]);
    struct cudaChannelFormatDesc cd = cudaCreateChannelDesc(16, 16, 16, 16, cudaChannelFormatKindFloat);
    TRY(cudaMallocArray(&array, &cd, (size_t)w, (size_t)h, 0));
    TRY(cudaMemcpy2DToArray(array, 0, 0, half, (size_t)w * 8, (size_t)w * 8, (size_t)h, cudaMemcpyHostToDevice));
    if (cuda_point_texture(array, &tex, err)) {
        rc = -1;
        goto done;
    }
    TRY(cudaMalloc(&out, n * 16));
    TRY(cudaMalloc(&quantized, n * 16));
    for (int i = 0; i <= SAT_CUDA_MAX_STAGES; i++) TRY(cudaEventCreate(&ev[i]));
    sat_cuda_src src4 = {.tex = tex, .scale = 4096.0f};
    /* The expected table: the CPU's wrapped sums of the pixels quantized as the kernels
     * do; those pixels on the device are what the CUB reference scans. */
    if (!(want = sw_malloc(n * 16, "the expected table", err)) || !(got = sw_malloc(n * 16, "the check buffer", err)) ||
        !(q = sw_malloc(n * 16, "the quantized picture", err))) {
        rc = -1;
        goto done;
    }
    bench_sat_quantize(half, n * 4, q);
    TRY(cudaMemcpy(quantized, q, n * 16, cudaMemcpyHostToDevice));
    memcpy(want, q, n * 16);
    expected_sat(want, w, h);
    /* Every variant scanning all four channels, then tiled-v2 told that the fourth is
     * constant (as the app tells it: three channels scanned, the fourth computed), and
     * so writing the two-plane table (as for the app's cuda gather). */
    for (int vi = 0; vi <= SAT_CUDA_VARIANTS + 1 && !ref_only; vi++) {
        int v = vi < SAT_CUDA_VARIANTS ? vi : SAT_CUDA_TILED_V2;
        const char *vname = vi < SAT_CUDA_VARIANTS    ? sat_cuda_variant_name(v)
                            : vi == SAT_CUDA_VARIANTS ? "tiled-v2-rgb"
                                                      : "tiled-v2-rgb-split";
        sat_cuda_src src = src4;
        if (vi >= SAT_CUDA_VARIANTS) src.alpha_const = 1, src.alpha = 1.0f, src.split = vi > SAT_CUDA_VARIANTS;
        int split = sat_cuda_split_table(v, &src);
        const char *const *names;
        int stages = sat_cuda_stage_names(v, &names);
        /* Checked against the CPU before it is timed; a mismatch fails the run. */
        TRY(cudaMemset(out, 0xA5, n * 16));
        if (sat_cuda_build(v, &src, out, w, h, &scratch, 0, NULL, err)) {
            rc = -1;
            goto done;
        }
        TRY(cudaMemcpy(got, out, n * 16, cudaMemcpyDeviceToHost));
        long long bad = table_mismatch(got, want, w, h, split);
        if (bad >= 0) {   /* counted, reported, not timed; the run goes on */
            size_t i = (size_t)bad;
            fprintf(stderr, "\n*** MISMATCH: cuda sat %s at %dx%d: pixel (%zu, %zu) channel %zu: want %u ***\n\n",
                    vname, w, h, i / 4 % w, i / 4 / w, i % 4, want[i]);
            sat_mismatches++;
            continue;
        }
        for (int k = -3; k < reps; k++) {
            if (k == 0) TRY(cudaMemset(out, 0xA5, n * 16));   /* the timed builds must write it all again */
            if (sat_cuda_build(v, &src, out, w, h, &scratch, 0, ev, err)) {
                rc = -1;
                goto done;
            }
            TRY(cudaEventSynchronize(ev[stages]));
            if (k < 0) continue;
            float t;
            TRY(cudaEventElapsedTime(&t, ev[0], ev[stages]));
            ms[k] = t;
            for (int s = 0; s < stages; s++) {
                TRY(cudaEventElapsedTime(&t, ev[s], ev[s + 1]));
                ms[(size_t)(s + 1) * MAX_REPS + k] = t;
            }
        }
        /* Once more after the reps: a variant that keeps state in the scratch between
         * calls must still be right. */
        TRY(cudaMemcpy(got, out, n * 16, cudaMemcpyDeviceToHost));
        if (table_mismatch(got, want, w, h, split) >= 0) {
            fprintf(stderr, "\n*** MISMATCH: cuda sat %s at %dx%d after %d repeated builds ***\n\n",
                    vname, w, h, reps + 3);
            sat_mismatches++;
            continue;
        }
        /* "us: T1 T2 ... (name1, name2, ...)", stages with no kernel left out */
        char times[64] = "", labels[160] = "", note[240];
        for (int s = 0; s < stages; s++) {
            if (!names[s]) continue;
            double us = bench_median(ms + (size_t)(s + 1) * MAX_REPS, reps) * 1e3;
            snprintf(times + strlen(times), sizeof times - strlen(times), " %.1f", us);
            snprintf(labels + strlen(labels), sizeof labels - strlen(labels), "%s%s", labels[0] ? ", " : "", names[s]);
        }
        snprintf(note, sizeof note, "us:%s (%s)", times, labels);
        if (add(r, "sat", vname, w, h, ms, reps, bench_sat_floor_bytes(w, h), note, err)) {
            rc = -1;
            goto done;
        }
    }
    /* Floor: a device copy moving what a build must (read 8 bytes a pixel, write 16):
     * 12 bytes a pixel of the quantized picture copied, checked after the timed runs. */
    const size_t floor_bytes = (size_t)(bench_sat_floor_bytes(w, h) / 2);
    for (int k = -3; k < reps; k++) {
        if (k == 0) TRY(cudaMemset(out, 0xA5, floor_bytes));
        TRY(cudaEventRecord(ev[0], 0));
        TRY(cudaMemcpyAsync(out, quantized, floor_bytes, cudaMemcpyDeviceToDevice, 0));
        TRY(cudaEventRecord(ev[1], 0));
        TRY(cudaEventSynchronize(ev[1]));
        float t;
        TRY(cudaEventElapsedTime(&t, ev[0], ev[1]));
        if (k >= 0) ms[k] = t;
    }
    {
        TRY(cudaMemcpy(got, out, floor_bytes, cudaMemcpyDeviceToHost));
        if (memcmp(got, q, floor_bytes)) {
            fprintf(stderr, "\n*** MISMATCH: cuda sat memcpy at %dx%d after %d repeated copies ***\n\n", w, h,
                    reps + 3);
            sat_mismatches++;
        } else if (add(r, "sat", "memcpy", w, h, ms, reps, bench_sat_floor_bytes(w, h),
                       "device copy of 12 B a pixel: 24 B moved, as by a build", err)) {
            rc = -1;
            goto done;
        }
    }
#if SCANWORKS_HAVE_CUB_REF
    /* The reference: cub::BlockScan rows, a transpose, the same again (bench/refs/
     * sat_ref.cu), checked against the CPU table before and after its timed runs. */
    TRY(cudaMemset(out, 0xA5, n * 16));
    for (int k = -4; k < reps; k++) {
        if (k == 0) {
            TRY(cudaMemcpy(got, out, n * 16, cudaMemcpyDeviceToHost));
            if (table_mismatch(got, want, w, h, 0) >= 0) break;
            TRY(cudaMemset(out, 0xA5, n * 16));
        }
        TRY(cudaEventRecord(ev[0], 0));
        if (sat_ref_build(quantized, out, w, h, &ref, 0, err)) {
            rc = -1;
            goto done;
        }
        TRY(cudaEventRecord(ev[1], 0));
        TRY(cudaEventSynchronize(ev[1]));
        float t;
        TRY(cudaEventElapsedTime(&t, ev[0], ev[1]));
        if (k >= 0) ms[k] = t;
    }
    TRY(cudaMemcpy(got, out, n * 16, cudaMemcpyDeviceToHost));
    long long bad = table_mismatch(got, want, w, h, 0);
    if (bad >= 0) {
        size_t i = (size_t)bad;
        fprintf(stderr, "\n*** MISMATCH: cuda sat cub-blockscan at %dx%d: pixel (%zu, %zu) channel %zu: want %u ***\n\n",
                w, h, i / 4 % w, i / 4 / w, i % 4, want[i]);
        sat_mismatches++;
    } else {
        rc = add(r, "sat", "cub-blockscan", w, h, ms, reps, bench_sat_floor_bytes(w, h),
                 "cub::BlockScan rows, transpose, again, transpose", err);
    }
#endif
done:
    for (int i = 0; i <= SAT_CUDA_MAX_STAGES; i++)
        if (ev[i]) cudaEventDestroy(ev[i]);
    if (tex) cudaDestroyTextureObject(tex);
    if (array) cudaFreeArray(array);
    cudaFree(out);
    cudaFree(quantized);
    free(want);
    free(got);
    free(q);
    sat_cuda_scratch_free(&scratch);
#if SCANWORKS_HAVE_CUB_REF
    sat_ref_free(&ref);
#endif
    cudaGetLastError();
    free(pic);
    free(half);
    free(ms);
    return rc;
}

/* The hand-over alone: map + unmap in several shapes, host wall time per frame. */
static int handover_rows(bench_report *r, int w, int h, int reps, sw_error *err)
{
    int rc = 0;
    double *ms = sw_calloc(MAX_REPS, sizeof *ms, "timings", err);
    if (!ms) return -1;
    GLuint tex = gl_texture_2d(GL_RGBA16F, w, h), buf;
    glCreateBuffers(1, &buf);
    glNamedBufferStorage(buf, (GLsizeiptr)w * h * 16, NULL, 0);
    glFinish();
    cudaGraphicsResource_t res[2] = {NULL, NULL};
    cudaStream_t stream = NULL;
    TRY(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
    TRY(cudaGraphicsGLRegisterImage(&res[0], tex, GL_TEXTURE_2D, cudaGraphicsRegisterFlagsReadOnly));
    TRY(cudaGraphicsGLRegisterBuffer(&res[1], buf, cudaGraphicsRegisterFlagsWriteDiscard));
    static const char *const shapes[4] = {"map+unmap 2 res, 1 call", "map+unmap 2 res, 2 calls",
                                          "map+unmap texture only", "clear + map+unmap 2 res, 1 call"};
    const float zero[4] = {0, 0, 0, 0};
    for (int shape = 0; shape < 4; shape++) {
        for (int k = -3; k < reps; k++) {
            if (shape == 3) glClearTexImage(tex, 0, GL_RGBA, GL_FLOAT, zero);
            double t0 = sw_clock_ms();
            if (shape == 1) {
                TRY(cudaGraphicsMapResources(1, &res[0], stream));
                TRY(cudaGraphicsMapResources(1, &res[1], stream));
                TRY(cudaGraphicsUnmapResources(1, &res[1], stream));
                TRY(cudaGraphicsUnmapResources(1, &res[0], stream));
            } else {
                int count = shape == 2 ? 1 : 2;
                TRY(cudaGraphicsMapResources(count, res, stream));
                TRY(cudaGraphicsUnmapResources(count, res, stream));
            }
            if (k >= 0) ms[k] = sw_clock_ms() - t0;
        }
        if (add(r, "handover", shapes[shape], w, h, ms, reps, 0, "host wall time per frame", err)) {
            rc = -1;
            goto done;
        }
    }
done:
    for (int i = 0; i < 2; i++)
        if (res[i]) cudaGraphicsUnregisterResource(res[i]);
    if (stream) cudaStreamDestroy(stream);
    cudaGetLastError();
    glDeleteTextures(1, &tex);
    glDeleteBuffers(1, &buf);
    free(ms);
    return rc;
}

int bench_sat_cuda(bench_report *r, int reps, bool ref_only, sw_error *err)
{
    if (reps > MAX_REPS) reps = MAX_REPS;
    for (int s = 0; s < BENCH_SAT_SIZES; s++) {
        int w = bench_sat_sizes[s][0], h = bench_sat_sizes[s][1];
        fprintf(stderr, "scanworks bench sat: cuda %dx%d\n", w, h);
        if (device_rows(r, w, h, reps, ref_only, err)) return -1;
        if (handover_rows(r, w, h, reps, err)) return sw_wrap(err, "GL-CUDA hand-over: ");
    }
    return 0;
}
