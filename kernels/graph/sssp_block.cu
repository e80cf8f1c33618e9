/* Near-far SSSP in one block (see sssp_block.h). A round (bucket [lo, thr)):
 *   A  after a barrier, each thread takes up to SSSP_BLOCK_ITEMS near vertices; one
 *      whose distance is below EXPANDED (not yet relaxed from it) is claimed:
 *      expanded = dist; barrier (the next queue's counter was zeroed);
 *   B  a thread relaxes the arcs of its claimed vertices of at most SB_SMALL arcs
 *      itself (all loads, then all atomicMins, then the appends: an improved vertex
 *      below thr goes to the next near queue once per round (STAMP), else to the far
 *      pile); larger vertices are listed; barrier;
 *   C  the listed ones, a warp each.
 * When the near queue is empty the far pile is split in place for the next bucket
 * [thr, thr + delta): stale entries (below lo) dropped, those in the bucket to near
 * (once, STAMP), the rest kept; an empty bucket jumps to the pile's smallest distance.
 * Reads of data other threads write in this launch (dist, expanded, the far pile) go
 * through L2 (__ldcg). */
#include "sssp_block.h"
#include "kernels/common/cuda_util.cuh"
#include "graph_block.cuh"

#define SB_T SSSP_BLOCK_THREADS
#define SB_K SSSP_BLOCK_ITEMS
#define SB_SMALL 4
#define SB_BIG_CAP SSSP_BLOCK_MAX_VERTICES   /* at most every claimed vertex */
#define SB_SMEM_BYTES \
    (SB_BIG_CAP * (sizeof(long long) + 2 * sizeof(unsigned)) + 2 * SSSP_BLOCK_NEAR_CAP * sizeof(unsigned))
#define SB_INF_BITS 0x7f800000u

typedef struct sb_shared {
    unsigned ncnt[2], nbig, fcnt, fcnt_new, fmin_bits;
    int overflow, far_full;
    unsigned long long relaxed;
} sb_shared;

/* Lowers dist[V] to ND; true when that improved it. */
__device__ __forceinline__ bool sb_relax(float *dist, unsigned v, float nd)
{
    return nd < atomic_min_nonneg(&dist[v], nd);
}

__global__ void __launch_bounds__(SB_T, 1)
    k_sssp_block(const long long *__restrict__ row, const unsigned *__restrict__ col, const float *__restrict__ w,
                 unsigned source, float delta, float *dist, float *expanded, unsigned *stamp, unsigned *far,
                 unsigned long long far_cap, sssp_block_state *state)
{
    extern __shared__ long long sb_smem[];
    long long *b_start = sb_smem;
    unsigned *b_deg = (unsigned *)(b_start + SB_BIG_CAP);
    float *b_du = (float *)(b_deg + SB_BIG_CAP);
    unsigned *nq0 = (unsigned *)(b_du + SB_BIG_CAP), *nq1 = nq0 + SSSP_BLOCK_NEAR_CAP;
    __shared__ sb_shared s;
    const unsigned tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    if (tid == 0) {
        s.ncnt[0] = 1;
        s.ncnt[1] = 0;
        s.nbig = 0;
        s.fcnt = 0;
        s.fcnt_new = 0;
        s.fmin_bits = SB_INF_BITS;
        s.overflow = 0;
        s.far_full = 0;
        s.relaxed = 0;
        nq0[0] = source;
    }
    int cur = 0, reason = 0;
    unsigned sv = 1, rounds = 0, buckets = 0;   /* sv: this round's stamp value */
    float lo = 0.0f, thr = delta;
    for (;;) {
        __syncthreads();   /* queues, counters and the far pile are complete */
        unsigned cnt = s.ncnt[cur];
        if (s.overflow) { reason = 2; break; }
        if (s.far_full) { reason = 3; break; }
        if (cnt > SSSP_BLOCK_MAX_VERTICES) { reason = 1; break; }
        unsigned *q = cur ? nq1 : nq0, *nq = cur ? nq0 : nq1;
        if (cnt == 0) {
            /* the bucket is settled: split the far pile for the next one */
            unsigned fcount = s.fcnt;
            if (fcount == 0) break;   /* done */
            float hi = thr + delta;
            if (!(hi > thr)) hi = __int_as_float(__float_as_int(thr) + 1);   /* delta lost in rounding */
            lo = thr;
            if (tid == 0) {
                s.fcnt_new = 0;
                s.fmin_bits = SB_INF_BITS;
            }
            __syncthreads();
            unsigned fmin = SB_INF_BITS;
            for (unsigned base = 0; base < fcount; base += SB_T * SB_K) {
                unsigned v[SB_K];
                float d[SB_K];
#pragma unroll
                for (int k = 0; k < SB_K; k++) {
                    unsigned i = base + tid + k * SB_T;
                    v[k] = i < fcount ? __ldcg(&far[i]) : 0;
                    d[k] = i < fcount ? __ldcg(&dist[v[k]]) : -1.0f;
                }
                __syncthreads();   /* this chunk is read before any kept entry is written over it */
#pragma unroll
                for (int k = 0; k < SB_K; k++) {
                    bool in_bucket = d[k] >= lo && d[k] < hi && atomicExch(&stamp[v[k]], sv) != sv;
                    bool keep = d[k] >= hi;
                    if (keep) fmin = min(fmin, (unsigned)__float_as_int(d[k]));
                    warp_append(in_bucket, v[k], q, &s.ncnt[cur], SSSP_BLOCK_NEAR_CAP, &s.overflow);
                    warp_append(keep, v[k], far, &s.fcnt_new, far_cap, NULL);
                }
            }
            for (int o = 16; o > 0; o >>= 1) fmin = min(fmin, __shfl_down_sync(FULL_MASK, fmin, o));
            if (lane == 0 && fmin != SB_INF_BITS) atomicMin(&s.fmin_bits, fmin);
            __syncthreads();
            thr = hi;
            if (s.ncnt[cur] == 0 && s.fcnt_new > 0 && __int_as_float((int)s.fmin_bits) > thr)
                thr = __int_as_float((int)s.fmin_bits);   /* jump over empty buckets */
            __syncthreads();   /* everyone has read fcnt_new and fmin_bits */
            if (tid == 0) s.fcnt = s.fcnt_new;
            sv++;
            buckets++;
            continue;
        }
        /* A: claim the near vertices not yet relaxed from their distance */
        long long start[SB_K];
        unsigned deg[SB_K];
        float du[SB_K];
        unsigned long long mine = 0;
#pragma unroll
        for (int k = 0; k < SB_K; k++) {
            unsigned i = tid + k * SB_T;
            start[k] = 0;
            deg[k] = 0;
            du[k] = 0;
            if (i < cnt) {
                unsigned u = q[i];
                float d = __ldcg(&dist[u]);
                if (d < __ldcg(&expanded[u])) {
                    expanded[u] = d;
                    du[k] = d;
                    start[k] = __ldg(&row[u]);
                    deg[k] = (unsigned)(__ldg(&row[u + 1]) - start[k]);
                    mine += deg[k];
                }
            }
        }
        mine = warp_sum(mine);
        if (lane == 0 && mine) atomicAdd(&s.relaxed, mine);
        if (tid == 0) {
            s.ncnt[cur ^ 1] = 0;
            s.nbig = 0;
        }
        __syncthreads();   /* the next queue's counter is zero */
        /* B: small vertices here, larger ones listed */
        unsigned nb[SB_K][SB_SMALL];
        float nd[SB_K][SB_SMALL];
#pragma unroll
        for (int k = 0; k < SB_K; k++) {
            bool small = deg[k] <= SB_SMALL;
            if (!small) {
                unsigned slot = atomicAdd(&s.nbig, 1u);   /* < SB_BIG_CAP: one per claimed vertex */
                b_start[slot] = start[k];
                b_deg[slot] = deg[k];
                b_du[slot] = du[k];
            }
#pragma unroll
            for (int j = 0; j < SB_SMALL; j++) {
                bool valid = small && j < deg[k];
                nb[k][j] = valid ? __ldg(&col[start[k] + j]) : 0;
                nd[k][j] = valid ? du[k] + (w ? __ldg(&w[start[k] + j]) : 1.0f) : -1.0f;
            }
        }
        bool imp[SB_K][SB_SMALL];
#pragma unroll
        for (int k = 0; k < SB_K; k++)
#pragma unroll
            for (int j = 0; j < SB_SMALL; j++) imp[k][j] = nd[k][j] >= 0 && sb_relax(dist, nb[k][j], nd[k][j]);
#pragma unroll
        for (int k = 0; k < SB_K; k++)
#pragma unroll
            for (int j = 0; j < SB_SMALL; j++) {
                bool near = imp[k][j] && nd[k][j] < thr && atomicExch(&stamp[nb[k][j]], sv) != sv;
                bool to_far = imp[k][j] && !(nd[k][j] < thr);
                warp_append(near, nb[k][j], nq, &s.ncnt[cur ^ 1], SSSP_BLOCK_NEAR_CAP, &s.overflow);
                warp_append(to_far, nb[k][j], far, &s.fcnt, far_cap, &s.far_full);
            }
        __syncthreads();   /* the list of larger vertices is complete */
        /* C: the larger vertices, a warp each */
        unsigned nbig = s.nbig;
        for (unsigned b = warp; b < nbig; b += SB_T / 32) {
            long long st = b_start[b];
            unsigned d = b_deg[b];
            float dub = b_du[b];
            for (unsigned base = 0; base < d; base += 32) {
                bool valid = base + lane < d;
                unsigned v = valid ? __ldg(&col[st + base + lane]) : 0;
                float x = valid ? dub + (w ? __ldg(&w[st + base + lane]) : 1.0f) : -1.0f;
                bool improved = valid && sb_relax(dist, v, x);
                bool near = improved && x < thr && atomicExch(&stamp[v], sv) != sv;
                warp_append(near, v, nq, &s.ncnt[cur ^ 1], SSSP_BLOCK_NEAR_CAP, &s.overflow);
                warp_append(improved && !(x < thr), v, far, &s.fcnt, far_cap, &s.far_full);
            }
        }
        cur ^= 1;
        sv++;
        rounds++;
    }
    if (tid == 0) {
        state->done = reason == 0;
        state->reason = reason;
        state->rounds = rounds;
        state->buckets = buckets;
        state->relaxed = s.relaxed;
    }
}

extern "C" int sssp_block_prepare(int *fits, sw_error *err)
{
    return graph_block_smem((const void *)k_sssp_block, SB_SMEM_BYTES, fits, err);
}

extern "C" int sssp_launch_block(const int64_t *row, const uint32_t *col, const float *w, uint32_t source, float delta,
                                 float *dist, float *expanded, uint32_t *stamp, uint32_t *far, uint64_t far_cap,
                                 sssp_block_state *state, sw_error *err)
{
    if (!(delta > 0)) return sw_fail(err, "sssp_block: bucket width %g must be > 0", (double)delta);
    if (far_cap > 0xffffffffull) far_cap = 0xffffffffull;   /* the pile's counter is 32-bit */
    k_sssp_block<<<1, SB_T, SB_SMEM_BYTES>>>((const long long *)row, col, w, source, delta, dist, expanded, stamp, far,
                                             far_cap, state);
    CUDA_TRY_LAUNCH("sssp_block", err);
    return 0;
}
