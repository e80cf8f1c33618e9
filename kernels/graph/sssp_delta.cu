/* Delta-stepping SSSP in one cooperative kernel (launcher: sssp.h), so a source costs
 * no host round trip per round. Rows are split at upload, arcs of weight < delta (light)
 * first; MID[u] is where u's heavy arcs start. For the bucket [lo, hi = lo + delta):
 *   scan   queues every v with lo <= dist[v] < hi, keeps the least dist >= hi (to
 *          jump over empty buckets);
 *   light  rounds until the queue is empty: queued vertices relax their light arcs and
 *          are listed once as members (BSTAMP); an improved one below hi is queued (STAMP);
 *   heavy  every member, now settled, relaxes its heavy arcs once (they land at or
 *          past hi, where a later scan finds them); none where no arc is heavy.
 * Two switches for small-world graphs (Chakaravarthy et al., IPDPS 2014), where one
 * giant bucket settles much of the graph and most heavy pushes find a vertex as close:
 *   pull   once the unreached vertices' heavy arcs (their count x the mean heavy
 *          degree) are no more than the members would push (as Beamer's BFS switches),
 *          members push none: before the next scan each unsettled v pulls from them over
 *          its own heavy arcs, lightest first (rows sorted at upload; weights symmetric),
 *          stopping where no arc can improve it; so for every later bucket;
 *   tail   (TAIL > 0) once the finite unsettled vertices are at most TAIL x the settled
 *          ones, the rest is one bucket with hi = +inf whose light rounds relax every
 *          arc: Bellman-Ford in place of the last thin buckets (a scan and barriers each).
 * Hubs' arcs are cut into short segments, a warp each over the whole grid (sssp_ds_args).
 * Every thread runs the same loop and branches, on counters read after a grid barrier
 * and not written again before a later one. What other blocks wrote in this launch is
 * read through L2 (__ldcg); the one plain read, dist[v] before the atomicMin, can only
 * be stale high, which costs an atomic and nothing else. */
#include <cooperative_groups.h>

#include "sssp.h"
#include "kernels/common/cuda_util.cuh"
#include "graph_block.cuh"
#include "sssp_pull.cuh"

namespace cg = cooperative_groups;

#define DS_BLOCKS_PER_SM 4   /* at most; the register count (64) allows 4 */

/* Charges the time since the last tick to phase SLOT (one thread, after a grid barrier). */
__device__ __forceinline__ void ds_tick(sssp_ds_ctl *c, int slot)
{
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        unsigned long long now;
        asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now));
        if (slot >= 0) {
            c->ns[slot] += now - c->t_last;
            c->phases[slot]++;
        }
        c->t_last = now;
    }
}

/* Where a relax phase appends (the queue; members if light). FULL (the tail): every arc counts as light. */
typedef struct ds_out {
    float hi;
    unsigned stamp_val, bucket_val;
    unsigned *queue, *queued, *members;
    unsigned long long *member_heavy;
    bool full;
} ds_out;

/* Relaxes B arcs a lane (A[j] from distance DU[j], where VALID[j]), each step (arc loads,
 * dist loads, atomics) issued for all B before the next; an improved vertex below hi is
 * queued once a round, one atomicAdd a warp (a heavy arc only if lo + delta rounds to lo). */
template <int B>
__device__ __forceinline__ void ds_visit(const ds_params &p, const ds_out &o, const bool *valid, const long long *a,
                                         const float *du)
{
    unsigned v[B];
    float nd[B], seen[B];
    bool improved[B];
#pragma unroll
    for (int j = 0; j < B; j++) {
        v[j] = valid[j] ? p.col[a[j]] : 0;
        nd[j] = du[j] + (p.w && valid[j] ? p.w[a[j]] : 1.0f);
    }
#pragma unroll
    for (int j = 0; j < B; j++) seen[j] = valid[j] ? p.dist[v[j]] : 0.0f;
    unsigned first = 0;   /* this lane's arcs that reached their vertex first (it was +inf) */
#pragma unroll
    for (int j = 0; j < B; j++) {
        const float old = valid[j] && nd[j] < seen[j] ? atomic_min_nonneg(&p.dist[v[j]], nd[j]) : 0.0f;
        improved[j] = nd[j] < old && nd[j] < o.hi;
        first += __float_as_uint(old) == DS_INF_BITS;
    }
    if (p.pull) warp_sum_add(&p.ctl->reached, first);   /* the pull's switch counts the vertices reached */
    unsigned mask[B];   /* each ballot right after its stamp atomic: the schedule that was timed */
#pragma unroll
    for (int j = 0; j < B; j++)
        mask[j] = __ballot_sync(FULL_MASK, improved[j] && atomicExch(&p.stamp[v[j]], o.stamp_val) != o.stamp_val);
    warp_append_masks<B>(mask, v, o.queue, o.queued);
}

#define DS_BATCH 4   /* arcs a lane relaxes at once; a hub segment (SSSP_DS_SEGMENT) is 32 x 4 */

/* Arc E of the block's chunk (lb_load): its index in col / w; *DU its tail's dist. */
__device__ __forceinline__ long long ds_chunk_arc(const graph_lb *lb, const float *s_du, long long e, float *du)
{
    int k = lb_find(lb, e);
    long long a = lb->start[k] + (e - lb->off[k]);
    *du = s_du[k];
    return a;
}

/* Relaxes the light (LIGHT) or heavy arcs of LIST's *COUNT vertices, GRAPH_BLOCK a block
 * at a time (lb), hubs' in HUBS' segments. A light phase lists each vertex it expands as
 * a member, once (BSTAMP): a vertex whose final distance is in the bucket is expanded. */
template <bool LIGHT>
__device__ __forceinline__ void ds_expand(const ds_params &p, const ds_out &o, const unsigned *list,
                                          const unsigned *count_at, unsigned *hubs, graph_lb *lb, float *s_du,
                                          unsigned *s_count)
{
    if (threadIdx.x == 0) *s_count = __ldcg(count_at);
    __syncthreads();
    unsigned count = *s_count;
    for (unsigned long long chunk = (unsigned long long)blockIdx.x * GRAPH_BLOCK; chunk < count;
         chunk += (unsigned long long)gridDim.x * GRAPH_BLOCK) {
        unsigned long long i = chunk + threadIdx.x;
        long long start = 0, deg = 0;
        unsigned u = 0;
        bool fresh = false;
        if (i < count) {
            u = __ldcg(&list[i]);
            float du = __ldcg(&p.dist[u]);
            s_du[threadIdx.x] = du;
            if (LIGHT) {
                start = p.row[u];
                deg = (o.full ? p.row[u + 1] : p.mid[u]) - start;
                if (du >= __ldcg(&p.expanded[u])) {   /* expanded before from as close: nothing new */
                    deg = 0;
                } else {
                    p.expanded[u] = du;
                    fresh = true;
                }
            } else {
                start = p.mid[u];
                deg = p.row[u + 1] - start;
            }
        }
        bool big = deg > (long long)p.big_degree;
        warp_hub_append(big, u, start, deg, p.segment, p.hub_start, p.hub_v, hubs);
        long long total = lb_load(lb, start, big ? 0 : deg);
        if (total <= GRAPH_BLOCK) {   /* one arc a thread: no batch to fill */
            long long e = threadIdx.x, a = 0;
            float du = 0;
            bool valid = e < total;
            if (valid) a = ds_chunk_arc(lb, s_du, e, &du);
            ds_visit<1>(p, o, &valid, &a, &du);
        } else {
            for (long long base = 0; base < total; base += DS_BATCH * GRAPH_BLOCK) {
                bool valid[DS_BATCH];
                long long a[DS_BATCH];
                float du[DS_BATCH];
#pragma unroll
                for (int j = 0; j < DS_BATCH; j++) {
                    long long e = base + j * GRAPH_BLOCK + threadIdx.x;
                    valid[j] = e < total;
                    a[j] = 0;
                    du[j] = 0;
                    if (valid[j]) a[j] = ds_chunk_arc(lb, s_du, e, &du[j]);
                }
                ds_visit<DS_BATCH>(p, o, valid, a, du);
            }
        }
        if (LIGHT) {   /* members listed after the arcs, off their path (read in the heavy round) */
            bool member = fresh && atomicExch(&p.bstamp[u], o.bucket_val) != o.bucket_val;
            warp_append(member, u, p.members, o.members);
            /* the pull's switch weighs the heavy arcs the members would push */
            if (p.pull) warp_sum_add(o.member_heavy, member ? (unsigned long long)(p.row[u + 1] - p.mid[u]) : 0ull);
        }
        __syncthreads();
    }
}

/* The NSEG hub segments ds_expand listed, a warp each over the whole grid. */
template <bool LIGHT>
__device__ __forceinline__ void ds_hubs(const ds_params &p, const ds_out &o, unsigned nseg)
{
    unsigned lane = threadIdx.x & 31, warps = gridDim.x * GRAPH_WARPS;
    for (unsigned i = blockIdx.x * GRAPH_WARPS + (threadIdx.x >> 5); i < nseg; i += warps) {
        unsigned u = __ldcg(&p.hub_v[i]);
        float du = __ldcg(&p.dist[u]);
        long long s = __ldcg(&p.hub_start[i]), end = LIGHT && !o.full ? p.mid[u] : p.row[u + 1];
        if (end > s + p.segment) end = s + p.segment;
        for (long long base = s; base < end; base += 32 * DS_BATCH) {
            bool valid[DS_BATCH];
            long long a[DS_BATCH];
            float dus[DS_BATCH];
#pragma unroll
            for (int j = 0; j < DS_BATCH; j++) {
                a[j] = base + j * 32 + lane;
                valid[j] = a[j] < end;
                dus[j] = du;
            }
            ds_visit<DS_BATCH>(p, o, valid, a, dus);
        }
    }
}

/* Zeroes round IT's counters two slots ahead, (IT + 2) % 3 (one thread: block 0's thread 0). */
__device__ __forceinline__ void ds_reset_round_slot(sssp_ds_ctl *c, unsigned it)
{
    c->queued[(it + 2) % 3] = 0;
    c->far_min_bits[(it + 2) % 3] = DS_INF_BITS;
    c->unsettled[(it + 2) % 3] = 0;
}

/* Round IT, phase PH of bucket B: LIST's vertices, a barrier, their hubs' segments if any, a barrier. */
template <bool LIGHT>
__device__ __forceinline__ void ds_round(const ds_params &p, const unsigned *list, const unsigned *count_at, float hi,
                                         bool full, unsigned it, unsigned ph, unsigned b, graph_lb *lb, float *s_du,
                                         unsigned *s_count, cg::grid_group &grid)
{
    sssp_ds_ctl *c = p.ctl;
    if (blockIdx.x == 0 && threadIdx.x == 0) ds_reset_round_slot(c, it);
    ds_out o = {hi, it + 1, b + 1, p.queue[(it + 1) & 1], &c->queued[(it + 1) % 3], &c->members[b % 3],
                &c->member_heavy[b % 3], full};
    if (blockIdx.x == 0 && threadIdx.x == 0) p.ctl->hubs[(ph + 1) % 3] = 0;
    ds_expand<LIGHT>(p, o, list, count_at, &p.ctl->hubs[ph % 3], lb, s_du, s_count);
    grid.sync();
    ds_tick(p.ctl, LIGHT ? SSSP_DS_T_LIGHT : SSSP_DS_T_HEAVY);
    unsigned nseg = __ldcg(&p.ctl->hubs[ph % 3]);
    if (nseg) {
        ds_hubs<LIGHT>(p, o, nseg);
        grid.sync();
        ds_tick(p.ctl, LIGHT ? SSSP_DS_T_LIGHT_HUBS : SSSP_DS_T_HEAVY_HUBS);
    }
}

/* ds_scan's block counters: step k counts into cnt[k % 3], its place in base[k % 3]
 * (three, so that zeroing the next step's never races a slow warp's read of the last). */
typedef struct ds_scan_shared {
    unsigned cnt[3], base[3], min_bits;
    unsigned long long unsettled;
} ds_scan_shared;

/* Thread 0 readies S for a scan: at the launch's start and at each scan's end. */
__device__ __forceinline__ void ds_scan_shared_init(ds_scan_shared *s)
{
    if (threadIdx.x == 0) {
        s->cnt[0] = s->cnt[1] = s->cnt[2] = 0;
        s->min_bits = DS_INF_BITS;
        s->unsettled = 0;
    }
}

/* Queues every v with LO <= dist[v] < HI; the least finite dist >= HI to *FAR_MIN, the count
 * of finite dist >= LO to *UNSETTLED. A thread keeps DS_SCAN_LOADS float4 loads in flight;
 * a block appends with one atomicAdd a step. */
#define DS_SCAN_LOADS 8
static_assert(DS_SCAN_LOADS * 4 <= 32, "a thread's finds of one step are bits of one 32-bit mask");
__device__ __forceinline__ void ds_scan(const ds_params &p, float lo, float hi, unsigned *queue, unsigned *queued,
                                        unsigned *far_min, unsigned long long *unsettled, ds_scan_shared *sh)
{
    const unsigned long long n = p.n, threads = (unsigned long long)gridDim.x * GRAPH_BLOCK;
    const unsigned long long tid = (unsigned long long)blockIdx.x * GRAPH_BLOCK + threadIdx.x;
    const int lane = threadIdx.x & 31;
    unsigned min_bits = DS_INF_BITS, k3 = 0, fin = 0;
    /* step k reads float4 qbase + k * threads + tid; every thread runs the same trips (barriers) */
    for (unsigned long long qbase = 0; qbase * 4 < n; qbase += DS_SCAN_LOADS * threads, k3 = k3 == 2 ? 0 : k3 + 1) {
        float4 d[DS_SCAN_LOADS];
#pragma unroll
        for (int k = 0; k < DS_SCAN_LOADS; k++) {
            unsigned long long v = (qbase + k * threads + tid) * 4;
            if (v + 4 <= n) {
                d[k] = __ldcg((const float4 *)p.dist + (v >> 2));
            } else {   /* the tail: past n reads as -1 (neither queued nor far) */
                d[k].x = v < n ? __ldcg(&p.dist[v]) : -1.0f;
                d[k].y = v + 1 < n ? __ldcg(&p.dist[v + 1]) : -1.0f;
                d[k].z = v + 2 < n ? __ldcg(&p.dist[v + 2]) : -1.0f;
                d[k].w = -1.0f;
            }
        }
        unsigned mask = 0;
#pragma unroll
        for (int k = 0; k < DS_SCAN_LOADS; k++) {
            float e[4] = {d[k].x, d[k].y, d[k].z, d[k].w};
#pragma unroll
            for (int j = 0; j < 4; j++) {
                if (e[j] >= lo && e[j] < hi) mask |= 1u << (4 * k + j);
                else if (e[j] >= hi) min_bits = min(min_bits, (unsigned)__float_as_int(e[j]));
                fin += e[j] >= lo && e[j] < __int_as_float(DS_INF_BITS);
            }
        }
        unsigned cnt = __popc(mask), inc = warp_inclusive_sum(cnt);
        unsigned total = __shfl_sync(FULL_MASK, inc, 31), wbase = 0;
        if (lane == 31 && total) wbase = atomicAdd(&sh->cnt[k3], total);
        if (threadIdx.x == 0) sh->cnt[k3 == 2 ? 0 : k3 + 1] = 0;
        __syncthreads();
        unsigned block_total = sh->cnt[k3];
        if (!block_total) continue;   /* the same in every thread of the block */
        if (threadIdx.x == 0) sh->base[k3] = atomicAdd(queued, block_total);
        __syncthreads();
        unsigned at = sh->base[k3] + __shfl_sync(FULL_MASK, wbase, 31) + inc - cnt;
        while (mask) {
            int bit = __ffs(mask) - 1;
            mask &= mask - 1;
            queue[at++] = (unsigned)((qbase + (bit >> 2) * threads + tid) * 4 + (bit & 3));
        }
    }
    for (int s = 16; s > 0; s >>= 1) min_bits = min(min_bits, __shfl_down_sync(FULL_MASK, min_bits, s));
    fin = warp_inclusive_sum(fin);
    if (lane == 0 && min_bits != DS_INF_BITS) atomicMin(&sh->min_bits, min_bits);
    if (lane == 31 && fin) atomicAdd(&sh->unsettled, (unsigned long long)fin);
    __syncthreads();
    if (threadIdx.x == 0) {   /* the reset follows the read in the same thread; the next scan is past a grid barrier */
        if (sh->min_bits != DS_INF_BITS) atomicMin(far_min, sh->min_bits);
        if (sh->unsettled) atomicAdd(unsettled, sh->unsettled);
        ds_scan_shared_init(sh);
    }
}

__global__ void __launch_bounds__(GRAPH_BLOCK, DS_BLOCKS_PER_SM) k_ds_run(const __grid_constant__ ds_params p)
{
    cg::grid_group grid = cg::this_grid();
    __shared__ graph_lb lb;
    __shared__ float s_du[GRAPH_BLOCK];
    __shared__ unsigned s_count;
    __shared__ ds_scan_shared s_scan;
    ds_scan_shared_init(&s_scan);
    __syncthreads();
    sssp_ds_ctl *c = p.ctl;
    bool leader = blockIdx.x == 0 && threadIdx.x == 0;
    /* it: rounds (scans, light, heavy); ph: relax phases; b: buckets. Round IT reads queue[IT & 1]
       (count queued[IT % 3]), writes queue[(IT + 1) & 1], zeroes slot (IT + 2) % 3 and hubs[(PH + 1) % 3]. */
    unsigned it = 0, ph = 0, b = 0;
    float lo = 0.0f, pl = -1.0f;   /* pl >= 0: the next scan pulls from the bucket [pl, lo) */
    bool tail = false;
    ds_tick(c, -1);
    for (;;) {
        float hi = tail ? __int_as_float(DS_INF_BITS) : lo + p.delta;
        if (!(hi > lo)) hi = __int_as_float(__float_as_int(lo) + 1);   /* delta lost in rounding */
        if (leader) {
            ds_reset_round_slot(c, it);
            c->members[(b + 1) % 3] = 0;
            c->member_heavy[(b + 1) % 3] = 0;
        }
        if (pl >= 0.0f) ds_pull_pass(p, lo, pl);
        pl = -1.0f;
        ds_scan(p, lo, hi, p.queue[(it + 1) & 1], &c->queued[(it + 1) % 3], &c->far_min_bits[(it + 1) % 3],
                &c->unsettled[(it + 1) % 3], &s_scan);
        grid.sync();
        ds_tick(c, SSSP_DS_T_SCAN);
        it++;
        if (!tail && p.tail > 0.0f) {   /* few finite vertices unsettled: rescan with hi = +inf */
            const unsigned long long settled = __ldcg(&c->settled);
            if (settled && (double)__ldcg(&c->unsettled[it % 3]) <= (double)p.tail * (double)settled) {
                tail = true;
                if (leader) c->tail_bucket = b;
                continue;
            }
        }
        unsigned nq = __ldcg(&c->queued[it % 3]);
        if (!nq) {
            unsigned fm = __ldcg(&c->far_min_bits[it % 3]);
            if (fm >= DS_INF_BITS) break;
            lo = __int_as_float((int)fm);   /* jump over the empty buckets */
            continue;
        }
        /* light rounds until the queue is empty, then a heavy round (again if delta rounds away) or a pull */
        for (;;) {
            while (nq) {
                ds_round<true>(p, p.queue[it & 1], &c->queued[it % 3], hi, tail, it, ph, b, &lb, s_du, &s_count,
                               grid);
                it++;
                ph++;
                nq = __ldcg(&c->queued[it % 3]);
            }
            if (tail) break;
            const unsigned long long nh = __ldcg(p.heavy_rows);
            if (!nh) break;   /* no heavy arc anywhere: nothing to push or pull */
            if (p.pull && lo + p.delta > lo) {   /* the pull's switch (above) */
                const unsigned long long reached = __ldcg(&c->reached);
                const double unreached_arcs =
                    (double)(nh > reached ? nh - reached : 0) * (double)__ldcg(p.heavy_rows + 1) / (double)nh;
                if (p.pull == 2 || __ldcg(&c->pulling) ||
                    unreached_arcs <= (double)__ldcg(&c->member_heavy[b % 3])) {
                    if (leader) c->pulling = 1;   /* whoever reads it now decides the same */
                    pl = lo;
                    break;
                }
            }
            ds_round<false>(p, p.members, &c->members[b % 3], hi, false, it, ph, b, &lb, s_du, &s_count, grid);
            it++;
            ph++;
            nq = __ldcg(&c->queued[it % 3]);
            if (!nq) break;
        }
        if (leader) c->settled += __ldcg(&c->members[b % 3]);   /* read past the next scan's barrier */
        b++;
        if (tail) break;   /* Bellman-Ford to the end: every reachable vertex is settled */
        lo = hi;
    }
    if (leader) {
        c->rounds = it;
        c->buckets = b;
        if (!tail) c->tail_bucket = b;
    }
}

extern "C" int sssp_launch_delta_stepping(const sssp_ds_args *a, cudaStream_t stream, sw_error *err)
{
    ds_params p = {(const long long *)a->row, (const long long *)a->mid, a->col, a->w, a->n, a->delta, a->tail,
                   a->pull, a->heavy_min, a->heavy_rows, a->dist, a->expanded, {a->queue[0], a->queue[1]},
                   a->members, a->stamp, a->bstamp, a->big_degree, a->segment, (long long *)a->hub_start, a->hub_v,
                   a->ctl};
    void *args[] = {&p};
    return cuda_cooperative_launch((const void *)k_ds_run, GRAPH_BLOCK, DS_BLOCKS_PER_SM, args, stream,
                                   "sssp_delta_stepping", err);
}
