/* Host side of the CUDA radix sorts (kernels/sort/radix_sort_kernel.h): the checks, the
 * temp sizes and layouts, the device's tuning row, the launches of the kernels that
 * kernels/sort/ hands over. */
#include "prim/radix_sort_plan_cuda.h"

#include "kernels/common/cuda_util.cuh"
#include "prim/compact_plan_cuda.h"

static size_t rs_round(size_t bytes) { return (bytes + 255) & ~(size_t)255; }

size_t radix_onesweep_temp_bytes(size_t n, int with_values)
{
    const size_t tiles = (n + RADIX_K_MIN_TILE - 1) / RADIX_K_MIN_TILE;
    return rs_round(n * 4) * (with_values ? 2 : 1) + rs_round(RADIX_K_HEAD_BYTES) + 2 * tiles * RADIX_K_BINS * 4;
}

size_t radix_kernel_temp_bytes(int algo, size_t n, int with_values)
{
    if (algo == RADIX_K_ONESWEEP) return radix_onesweep_temp_bytes(n, with_values);
    size_t buffers = rs_round(n * 4) * (with_values ? 2 : 1);
    return buffers + 2 * rs_round(n * 4) + rs_round(compact_kernel_scan_temp_bytes(n));
}

/* Both sorts' temp starts with the spare keys (and values) of N: *KALT, *VALT (NULL
 * without values); returns what follows them. */
static char *spare_buffers(void *temp, size_t n, int with_values, uint32_t **kalt, uint32_t **valt)
{
    char *t = (char *)temp;
    *kalt = (uint32_t *)t;
    *valt = with_values ? (uint32_t *)(t + rs_round(n * 4)) : NULL;
    return t + rs_round(n * 4) * (with_values ? 2 : 1);
}

int radix_onesweep_run(int threads, int items, int mode, const uint32_t *kin, uint32_t *kout, const uint32_t *vin,
                       uint32_t *vout, size_t n, void *temp, void *stream, sw_error *err)
{
    size_t pass_smem;
    const void *pass = radix_onesweep_pass(vin != NULL, threads, items, &pass_smem);
    if (!pass)
        return sw_fail(err, "radix sort onesweep: %s tile %dx%d is not compiled (kernels/sort/onesweep.cu, "
                       "OS_%s_SHAPES)", vin ? "pairs" : "keys", threads, items, vin ? "PAIR" : "KEY");
    if (n == 0) return 0;
    int fits = 0;
    if (pass_smem && cuda_allow_dyn_smem(pass, pass_smem, &fits, NULL, err)) return -1;
    if (pass_smem && !fits)
        return sw_fail(err, "radix sort onesweep: the pairs tile %dx%d needs %zu bytes of shared memory, more than "
                       "this device gives a block (kernels/sort/tune.h)", threads, items, pass_smem);
    cudaStream_t s = (cudaStream_t)stream;
    uint32_t *kalt, *valt;
    char *t = spare_buffers(temp, n, vin != NULL, &kalt, &valt);
    unsigned int *hist = (unsigned int *)t, *counters = hist + 4 * RADIX_K_BINS;
    unsigned int *status = (unsigned int *)(t + rs_round(RADIX_K_HEAD_BYTES));
    const size_t tiles = (n + (size_t)threads * items - 1) / ((size_t)threads * items);
    /* two sets of status words: pass p reads set p % 2 and zeroes set (p + 1) % 2 for the next */
    CUDA_TRY(cudaMemsetAsync(hist, 0, rs_round(RADIX_K_HEAD_BYTES) + tiles * RADIX_K_BINS * 4, s), err);
    /* the histogram: a block an SM, each thread four keys or more; a copy of the tables a
       lane where 128 KB of shared memory fit a block, else 8 copies, each for 4 lanes */
    int sms, copies = 32;
    if (cuda_sm_count(&sms, err)) return -1;
    const void *hist_fn = radix_onesweep_histogram(copies);
    if (cuda_allow_dyn_smem(hist_fn, (size_t)4096 * copies, &fits, NULL, err)) return -1;
    if (!fits) {
        hist_fn = radix_onesweep_histogram(copies = 8);
        if (cuda_allow_dyn_smem(hist_fn, (size_t)4096 * copies, &fits, NULL, err)) return -1;
        if (!fits) return sw_fail(err, "radix sort onesweep: the histogram's 32 KB of shared memory do not fit");
    }
    size_t hgrid = (n + 4 * RADIX_K_HIST_THREADS - 1) / (4 * RADIX_K_HIST_THREADS);
    if (hgrid > (size_t)sms) hgrid = (size_t)sms;
    unsigned int un = (unsigned int)n;
    void *hist_args[] = {&kin, &un, &mode, &hist}, *start_args[] = {&hist};
    if (cuda_launch(hist_fn, (unsigned)hgrid, RADIX_K_HIST_THREADS, (size_t)4096 * copies, hist_args, s,
                    "os_histogram", err) ||
        cuda_launch(radix_onesweep_digit_starts(), 4, RADIX_K_BINS, 0, start_args, s, "os_digit_starts", err))
        return -1;

    /* in -> alt -> out -> alt -> out */
    const uint32_t *ks[4] = {kin, kalt, kout, kalt}, *vs[4] = {vin, valt, vout, valt};
    uint32_t *kd[4] = {kalt, kout, kalt, kout}, *vd[4] = {valt, vout, valt, vout};
    const dim3 grid = {(unsigned int)tiles, 1, 1}, block = {(unsigned int)threads, 1, 1};
    for (int p = 0; p < 4; p++) {
        const uint32_t *kin_p = ks[p], *vin_p = vin ? vs[p] : NULL;
        uint32_t *kout_p = kd[p], *vout_p = vin ? vd[p] : NULL;
        int shift = 8 * p, first = p == 0, last = p == 3;
        const unsigned int *digit_start = hist + RADIX_K_BINS * p;
        unsigned int *st = status + (size_t)(p & 1) * tiles * RADIX_K_BINS, *counter = counters + p;
        unsigned int *st_next = last ? NULL : status + (size_t)((p + 1) & 1) * tiles * RADIX_K_BINS;
        void *args[] = {&kin_p, &kout_p, &vin_p, &vout_p,      &un,      &shift, &mode,
                        &first, &last,   &digit_start, &st, &counter, &st_next};
        CUDA_TRY(cudaLaunchKernel(pass, grid, block, args, pass_smem, s), err);
        CUDA_TRY_LAUNCH("os_pass", err);
    }
    return 0;
}

/* The split sort: 32 passes of one bit (radix_sort.cu's kernels; the flags' scan is the
 * scan ladder's "tuned" rung), the result in KOUT. TEMP: the spare keys (and values),
 * the flags, their scan, the scan's temp. */
static int split_sort(int mode, const uint32_t *kin, uint32_t *kout, const uint32_t *vin, uint32_t *vout, size_t n,
                      void *temp, cudaStream_t s, sw_error *err)
{
    uint32_t *kalt, *valt;
    char *t = spare_buffers(temp, n, vin != NULL, &kalt, &valt);
    uint32_t *flags = (uint32_t *)t, *addr = (uint32_t *)(t + rs_round(n * 4));
    void *scan_temp = t + 2 * rs_round(n * 4);
    const unsigned grid = cuda_grid_capped((n + 255) / 256, 65535u * 16);
    int to_ordered = 1;
    void *map_args[] = {&kin, &kout, &n, &mode, &to_ordered};
    if (cuda_launch(radix_split_kernel(0), grid, 256, 0, map_args, s, "rs_map_keys", err)) return -1;
    if (vin) CUDA_TRY(cudaMemcpyAsync(vout, vin, n * 4, cudaMemcpyDeviceToDevice, s), err);
    uint32_t *ka = kout, *kb = kalt, *va = vout, *vb = valt;
    for (int bit = 0; bit < 32; bit++) {   /* 32 passes: the result ends in kout */
        void *flag_args[] = {&ka, &n, &bit, &flags}, *scatter_args[] = {&ka, &va, &flags, &addr, &n, &kb, &vb};
        if (cuda_launch(radix_split_kernel(1), grid, 256, 0, flag_args, s, "rs_split_flags", err) ||
            compact_kernel_scan_flags(flags, addr, n, scan_temp, s, err) ||
            cuda_launch(radix_split_kernel(2), grid, 256, 0, scatter_args, s, "rs_split_scatter", err))
            return -1;
        uint32_t *x = ka; ka = kb; kb = x;
        x = va; va = vb; vb = x;
    }
    to_ordered = 0;
    void *back_args[] = {&kout, &kout, &n, &mode, &to_ordered};
    return cuda_launch(radix_split_kernel(0), grid, 256, 0, back_args, s, "rs_map_keys", err);
}

int radix_onesweep_sort_tuned(const sort_tune *tune, int mode, const uint32_t *kin, uint32_t *kout,
                              const uint32_t *vin, uint32_t *vout, size_t n, void *temp, void *stream, sw_error *err)
{
    if (!tune) tune = sort_tune_for(cuda_device_arch(), cuda_device_mem_gbps());
    if (n > RADIX_K_ONESWEEP_MAX)
        return sw_fail(err, "radix sort onesweep: %zu keys, the limit is 2^30 (use --algo split)", n);
    return radix_onesweep_run(vin ? tune->pairs_threads : tune->keys_threads,
                              vin ? tune->pairs_items : tune->keys_items, mode, kin, kout, vin, vout, n, temp, stream,
                              err);
}

int radix_onesweep_shape_row(int with_values, int i, sort_tune *row)
{
    int shapes[16][2];
    if (i < 0 || i >= radix_onesweep_shapes(with_values, shapes, 16) || i >= 16) return -1;
    *row = *sort_tune_for(cuda_device_arch(), cuda_device_mem_gbps());
    if (with_values) row->pairs_threads = shapes[i][0], row->pairs_items = shapes[i][1];
    else row->keys_threads = shapes[i][0], row->keys_items = shapes[i][1];
    return 0;
}

int radix_kernel_sort(int algo, int mode, const uint32_t *keys_in, uint32_t *keys_out, const uint32_t *vals_in,
                      uint32_t *vals_out, size_t n, void *temp, void *stream, sw_error *err)
{
    if (n == 0) return 0;
    if (n >= ((size_t)1 << 32)) return sw_fail(err, "radix sort (cuda): %zu keys, the limit is 2^32 - 1", n);
    if ((vals_in == NULL) != (vals_out == NULL)) return sw_fail(err, "radix sort (cuda): values in and out differ");
    if (algo == RADIX_K_SPLIT)
        return split_sort(mode, keys_in, keys_out, vals_in, vals_out, n, temp, (cudaStream_t)stream, err);
    return radix_onesweep_sort_tuned(NULL, mode, keys_in, keys_out, vals_in, vals_out, n, temp, stream, err);
}
