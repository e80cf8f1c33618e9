/* Host side of "lookback" (included by scan.cu after its cache and helpers): the
 * configuration (shape and look-back options) from the algorithm name or
 * SCANWORKS_LOOKBACK_CONFIG, the status words kept between calls, the launch.
 *
 * Names: "lookback" = SCANWORKS_LOOKBACK_CONFIG if set, else LB_DEFAULT_SM90 on sm_90
 * and later, LB_DEFAULT before;
 * SCANWORKS_LOOKBACK_PIPE_GRID=N caps the grid of the pipelined kernel (tests).
 * "lookback-T-I[-opt...]" = T threads per block, I 4-byte items per thread (8-byte
 * types: I/2), options as below. The environment variable takes "TxI[,opt...]"
 * (or the same with '-'). Options (each turns one thing away from the default):
 *   w1 | w2 | w4        predecessors per lane per look-back step (default w4)
 *   memset              zero the status words before every call (default: epochs)
 *   relaxed | acquire   poll with ld.relaxed.gpu / ld.acquire.gpu (default volatile)
 *   sleep               __nanosleep backoff in the spin, from 32 ns (default none)
 *   bid                 tile = blockIdx.x: no atomic counter, one barrier less
 *   cs                  streaming cache hints on the data loads and stores
 *   loose               (256x16 only) 48 registers, 5 blocks per SM, no spill
 *                       (default: 40, 6 blocks, 32 bytes spilled)
 *   pipe                the pipelined kernel (scan_lookback_pipe.cuh): persistent
 *                       blocks taking tiles in waves (block b: b, b + grid, ...),
 *                       the next tiles' loads in flight during the look-back
 *                       (256x16 and 256x32 only; no tile counter, so 'bid' is moot
 *                       and refused)
 *   s2 | s3 | s4        pipe, rp: ring stages (pipe: 4 for 256x16, 3 for 256x32; rp: 4)
 *   bulk                the tile comes into shared memory by one bulk copy
 *                       (scan_lookback_bulk.cuh; implies bid; 128x48, 128x64,
 *                       128x96, 256x32, 256x48 and 512x32 only)
 *   ws                  the warp-specialized kernel (scan_lookback_ws.cuh): persistent
 *                       blocks, a ring of tiles, producer, reducer, look-back and
 *                       scanner warps (128x48 with s4 or s8, 128x32 and 128x24 with s4;
 *                       tiles from the counter, so 'bid' is refused; sm_90 and
 *                       16-byte aligned data, else the bulk kernel 128x48 runs)
 *   rp                  the register-path kernel (scan_lookback_rp.cuh): persistent blocks,
 *                       tiles loaded into registers, parked in a ring in shared memory
 *                       (s3 | s4, default s4) until a look-back warp has their prefix
 *                       (256x16, 256x24 with s3 or s4; 256x32 and 512x16 with s3; tiles
 *                       from the counter, so 'bid' is refused)
 *   lb2                 rp: two look-back warps taking the ring's slots in turn
 *   ef                  bulk, ws: the bulk copy in with the evict-first L2 policy
 *   bstore              bulk: the tile out by one bulk copy from shared memory
 *                       instead of the threads' 16-byte stores (evict-first with cs)
 *   spread2 | spread4 | spread8
 *                       tile t's status at slot t * 2 (4, 8) instead of t: for 4-byte
 *                       types one 8-byte word every 16 (32, 64) bytes, so the words a
 *                       look-back polls spread over 2 (4, 8) times the bytes, and so
 *                       over more L2 sectors and slices (default: packed) */
#ifndef SCANWORKS_KERNELS_SCAN_LOOKBACK_RUN_CUH
#define SCANWORKS_KERNELS_SCAN_LOOKBACK_RUN_CUH

#include <stdio.h>
#include <stdlib.h>

/* The default configuration (options not named keep their defaults: w4, epochs).
 * Measured on the H200 (2^28 int32, docs/perf-scan.md): the register-path kernel 256x32 with
 * a ring of 3 (two blocks an SM), a look-back window of 32 and the status words 32 bytes
 * apart, 0.540-0.546 ms (1.275-1.295x CUB; 1.32-1.36x at 2^25; 0.2-0.9% faster than with
 * a window of 64 in each of seven pairs; 0.577-0.583 ms with 256x24 tiles, a window of 64
 * and packed words, the default before); the warp-specialized kernel 128x32 with
 * a ring of 4 0.593-0.603 with a window of 32; the bulk-copy kernel 128x48 0.61 with
 * spread words (0.67-0.68 packed); the register-tile kernel 256x48 with bid and cs 0.70
 * (packed; 0.97x CUB). The register-path kernel's ring of 96 KB asks for more shared
 * memory than sm_75 has, and it was measured on sm_90 only, so older chips keep the
 * register tiles. The pipelined shapes ("pipe") measured 6-20x slower there when they
 * took tiles from the counter (tiles completed one after another, docs/perf-scan.md); they
 * now take tiles in waves. */
#define LB_DEFAULT "256x48,bid,cs"
#define LB_DEFAULT_SM90 "256x32,rp,s3,w1,cs,spread4"

/* The default for the current device: LB_DEFAULT_SM90 where its compute capability is
 * 9 or more. When no device answers, LB_DEFAULT (the launch then reports the error). */
static const char *lb_default(void) { return cuda_device_major() >= 9 ? LB_DEFAULT_SM90 : LB_DEFAULT; }

struct lb_config {
    int threads, items;   /* items: 4-byte items per thread, a multiple of 4 */
    int memset_each;
    int loose;            /* 256 x 16 only: 5 blocks per SM, 48 registers, instead of 6 and 40 */
    int pipe, stages;     /* the pipelined kernel and its ring stages (0: the shape's default) */
    int bulk;             /* the bulk-copy kernel */
    int ws;               /* the warp-specialized kernel (stages: its ring) */
    int rp, lbw;          /* the register-path kernel, its look-back warps */
    lb_opts o;
};

/* The shapes compiled in: threads x 4-byte items per thread. */
static const int lb_shapes[][2] = {{128, 16}, {256, 16}, {256, 24}, {512, 16}, {128, 32}, {256, 32},
                                   {512, 32}, {128, 48}, {256, 48}, {512, 48}, {256, 64}};
#define LB_SHAPES ((int)(sizeof lb_shapes / sizeof lb_shapes[0]))
/* The bulk-copy shapes compiled in: threads x 4-byte items per thread. */
static const int lbb_shapes[][2] = {{128, 48}, {128, 64}, {128, 96}, {256, 32}, {256, 48}, {512, 32}};
#define LBB_SHAPES ((int)(sizeof lbb_shapes / sizeof lbb_shapes[0]))
/* The warp-specialized shapes compiled in: scanner threads x 4-byte items x ring stages. */
static const int lw_shapes[][3] = {{128, 48, 8}, {128, 48, 4}, {128, 32, 4}, {128, 24, 4}};
#define LW_SHAPES ((int)(sizeof lw_shapes / sizeof lw_shapes[0]))
/* The register-path shapes compiled in, one list for the table and the launch:
 * X(threads, 4-byte items per thread, ring stages, look-back warps, blocks an SM the
 * registers are bounded for). */
#define LR_SHAPE_LIST(X) \
    X(256, 16, 4, 1, 3) X(256, 16, 3, 1, 4) X(256, 24, 4, 1, 2) X(256, 24, 4, 2, 2) X(256, 24, 3, 1, 3) \
    X(256, 32, 3, 1, 2) X(512, 16, 3, 1, 2)
#define LR_SHAPE_ROW(TH, I, S, L, MB) {TH, I, S, L},
static const int lr_shapes[][4] = {LR_SHAPE_LIST(LR_SHAPE_ROW)};
#define LR_SHAPES ((int)(sizeof lr_shapes / sizeof lr_shapes[0]))
/* The pipelined shapes compiled in: threads x 4-byte items per thread x ring stages. */
static const int lp_shapes[][3] = {{256, 16, 3}, {256, 16, 4}, {256, 32, 2}, {256, 32, 3}};
#define LP_SHAPES ((int)(sizeof lp_shapes / sizeof lp_shapes[0]))

/* The compiled shapes of one table (rows of STRIDE ints: threads, items[, stages[,
 * look-back warps]]) as "256x16 s4, 256x24 s4 lb2, ...", for the messages below: the
 * tables above are the one place the shapes are listed. */
static const char *lb_shape_names(const int *rows, int stride, int count, char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = 0;
    for (int i = 0; i < count && n < size; i++) {
        const int *r = rows + (size_t)i * stride;
        n += (size_t)snprintf(buf + n, size - n, "%s%dx%d", i ? ", " : "", r[0], r[1]);
        if (stride > 2 && n < size) n += (size_t)snprintf(buf + n, size - n, " s%d", r[2]);
        if (stride > 3 && r[3] > 1 && n < size) n += (size_t)snprintf(buf + n, size - n, " lb%d", r[3]);
    }
    return buf;
}
#define LB_SHAPE_NAMES(table, count, buf) \
    lb_shape_names(&(table)[0][0], (int)(sizeof(table)[0] / sizeof(int)), count, buf, sizeof(buf))

/* What `bench scan --lookback-sweep` times, and the tests run: every shape with the
 * default options, then the default shape with one option changed at a time, the
 * configuration before this round, two combinations, and the larger shape with the
 * old window (does the window matter once more bytes are in flight?). Then the
 * pipelined kernel, three ways to keep about 100-130 KB of loads in flight per SM:
 * 32 KB tiles x 2 stages (3 blocks per SM, one tile ahead each), 32 KB x 3 (2 blocks,
 * two ahead: fewer, longer waves), 16 KB x 3 (4 blocks, two ahead: more blocks to
 * cover each other's look-back, twice the waves). Last the bulk-copy shapes, and the
 * default bulk shape with the evict-first policy on its copy in and the tile stored by
 * a bulk copy ('ef', 'bstore'); then the warp-specialized rings and the register-path
 * kernels; last the status words spread apart ('spread2/4/8'): the register-path default
 * and its neighbours, and one configuration of each other kernel. */
static const char *const lb_sweep[] = {
    "lookback-128-16", "lookback-256-16", "lookback-256-24", "lookback-512-16", "lookback-128-32",
    "lookback-256-32", "lookback-256-16-w1", "lookback-256-16-w2", "lookback-256-16-memset",
    "lookback-256-16-relaxed", "lookback-256-16-acquire", "lookback-256-16-sleep", "lookback-256-16-bid",
    "lookback-256-16-cs", "lookback-256-16-loose", "lookback-256-16-w1-memset", "lookback-256-32-bid-cs",
    "lookback-128-32-bid-sleep", "lookback-128-32-w1", "lookback-128-32-bid-cs", "lookback-512-32-bid-cs",
    "lookback-128-48-bid-cs", "lookback-256-48-bid-cs", "lookback-512-48-bid-cs", "lookback-256-64-bid-cs",
    "lookback-256-32-pipe-s2-cs", "lookback-256-32-pipe-s3-cs", "lookback-256-16-pipe-s3-cs",
    "lookback-128-48-bulk-cs", "lookback-128-64-bulk-cs", "lookback-128-96-bulk-cs", "lookback-256-32-bulk-cs",
    "lookback-256-48-bulk-cs", "lookback-512-32-bulk-cs", "lookback-128-64-bulk", "lookback-128-48-bulk-cs-ef",
    "lookback-128-48-bulk-bstore", "lookback-128-48-bulk-cs-bstore", "lookback-128-48-bulk-cs-ef-bstore",
    "lookback-128-96-bulk-cs-ef-bstore", "lookback-256-48-bulk-cs-ef-bstore", "lookback-128-48-ws-s8-cs",
    "lookback-128-48-ws-s8-cs-ef", "lookback-128-48-ws-s4-cs", "lookback-128-32-ws-s4-cs", "lookback-128-24-ws-s4-cs",
    "lookback-128-32-ws-s4-w2-cs", "lookback-128-32-ws-s4-w1-cs", "lookback-256-24-rp-cs", "lookback-256-24-rp-w2-cs",
    "lookback-256-24-rp-w1-cs", "lookback-256-24-rp-w2", "lookback-256-24-rp-s3-w2-cs", "lookback-256-16-rp-cs",
    "lookback-256-16-rp-w2-cs", "lookback-256-16-rp-s3-w2-cs", "lookback-512-16-rp-s3-w2-cs",
    "lookback-256-32-rp-s3-w2-cs", "lookback-256-24-rp-lb2-cs", "lookback-256-24-rp-lb2-w1-cs",
    "lookback-256-32-rp-s3-w2-cs-spread4", "lookback-256-32-rp-s3-w2-cs-spread2", "lookback-256-32-rp-s3-w2-cs-spread8",
    "lookback-256-32-rp-s3-w1-cs-spread4", "lookback-512-16-rp-s3-w2-cs-spread4", "lookback-256-24-rp-w2-cs-spread4",
    "lookback-256-24-rp-lb2-w2-cs-spread4", "lookback-128-32-ws-s4-w1-cs-spread4", "lookback-128-48-bulk-cs-spread4",
    "lookback-256-32-pipe-s3-cs-spread4", "lookback-256-16-spread4", NULL};

extern "C" const char *const *scan_cuda_lookback_sweep(void) { return lb_sweep; }

/* Parses "T?I[?opt...]" (? = 'x', '-' or ','); SRC names the source in messages. */
static int lb_parse(const char *spec, const char *src, lb_config *c, sw_error *err)
{
    char names[320];   /* the compiled shapes, for a refusal */
    memset(c, 0, sizeof *c);
    c->o.window = 4;
    char buf[96];
    if (strlen(spec) >= sizeof buf) return sw_fail(err, "scan lookback: %s '%.40s...' is too long", src, spec);
    strcpy(buf, spec);
    int field = 0;
    /* Split at '-' and ',' only: option names may contain an 'x' ("relaxed"). The
     * shape is "T-I" (from an algorithm name) or "TxI" (from the environment). */
    for (char *tok = strtok(buf, "-,"); tok; tok = strtok(NULL, "-,"), field++) {
        char *end;
        if (field < 2) {
            long v = strtol(tok, &end, 10);
            if (v <= 0) break;
            (field ? c->items : c->threads) = (int)v;
            if (field == 0 && (*end == 'x' || *end == 'X')) {
                v = strtol(end + 1, &end, 10);
                if (v <= 0) break;
                c->items = (int)v;
                field++;
            }
            if (*end) break;
        } else if (!strcmp(tok, "w1") || !strcmp(tok, "w2") || !strcmp(tok, "w4")) {
            c->o.window = tok[1] - '0';
        } else if (!strcmp(tok, "memset")) {
            c->memset_each = 1;
        } else if (!strcmp(tok, "relaxed")) {
            c->o.poll = LB_POLL_RELAXED;
        } else if (!strcmp(tok, "acquire")) {
            c->o.poll = LB_POLL_ACQUIRE;
        } else if (!strcmp(tok, "sleep")) {
            c->o.sleep_ns = 32;
        } else if (!strcmp(tok, "bid")) {
            c->o.bid = 1;
        } else if (!strcmp(tok, "cs")) {
            c->o.cs = 1;
        } else if (!strcmp(tok, "loose")) {
            c->loose = 1;
        } else if (!strcmp(tok, "pipe")) {
            c->pipe = 1;
        } else if (!strcmp(tok, "s2") || !strcmp(tok, "s3") || !strcmp(tok, "s4") || !strcmp(tok, "s8")) {
            c->stages = tok[1] - '0';
        } else if (!strcmp(tok, "bulk")) {
            c->bulk = 1;
        } else if (!strcmp(tok, "ws")) {
            c->ws = 1;
        } else if (!strcmp(tok, "rp")) {
            c->rp = 1;
        } else if (!strcmp(tok, "lb2")) {
            c->lbw = 2;
        } else if (!strcmp(tok, "ef")) {
            c->o.evict_first = 1;
        } else if (!strcmp(tok, "spread2") || !strcmp(tok, "spread4") || !strcmp(tok, "spread8")) {
            c->o.spread = tok[6] == '2' ? 1 : tok[6] == '4' ? 2 : 3;
        } else if (!strcmp(tok, "bstore")) {
            c->o.bulk_store = 1;
        } else {
            return sw_fail(err, "scan lookback: %s '%s': unknown option '%s' (w1|w2|w4, memset, relaxed, acquire, "
                           "sleep, bid, cs, loose, pipe, s2|s3|s4|s8, bulk, ws, rp, lb2, ef, bstore, spread2|spread4|spread8)",
                           src, spec, tok);
        }
    }
    if (c->lbw && !c->rp) return sw_fail(err, "scan lookback: %s '%s': 'lb2' needs 'rp'", src, spec);
    if (c->rp) {
        if (c->ws || c->pipe || c->bulk || c->loose || c->o.bid || c->o.evict_first || c->o.bulk_store)
            return sw_fail(err, "scan lookback: %s '%s': 'rp' takes none of ws, pipe, bulk, loose, bid, ef, "
                           "bstore", src, spec);
        if (!c->stages) c->stages = 4;
        if (!c->lbw) c->lbw = 1;
        for (int i = 0; i < LR_SHAPES; i++)
            if (c->threads == lr_shapes[i][0] && c->items == lr_shapes[i][1] && c->stages == lr_shapes[i][2] &&
                c->lbw == lr_shapes[i][3])
                return 0;
        return sw_fail(err, "scan lookback: %s '%s' is no compiled register-path shape; use one of %s", src, spec,
                       LB_SHAPE_NAMES(lr_shapes, LR_SHAPES, names));
    }
    if (c->ws) {
        if (c->pipe || c->bulk || c->loose || c->o.bid || c->o.bulk_store)
            return sw_fail(err, "scan lookback: %s '%s': 'ws' takes none of pipe, bulk, loose, bid, bstore", src,
                           spec);
        if (!c->stages) c->stages = 4;
        for (int i = 0; i < LW_SHAPES; i++)
            if (c->threads == lw_shapes[i][0] && c->items == lw_shapes[i][1] && c->stages == lw_shapes[i][2])
                return 0;
        return sw_fail(err, "scan lookback: %s '%s' is no compiled warp-specialized shape; use one of %s", src, spec,
                       LB_SHAPE_NAMES(lw_shapes, LW_SHAPES, names));
    }
    if ((c->o.evict_first || c->o.bulk_store) && !c->bulk)
        return sw_fail(err, "scan lookback: %s '%s': 'ef' needs 'bulk' or 'ws', 'bstore' needs 'bulk'", src, spec);
    if (c->bulk) {
        if (c->pipe || c->stages || c->loose)
            return sw_fail(err, "scan lookback: %s '%s': 'bulk' takes none of pipe, s2|s3|s4, loose", src, spec);
        c->o.bid = 1;
        for (int i = 0; i < LBB_SHAPES; i++)
            if (c->threads == lbb_shapes[i][0] && c->items == lbb_shapes[i][1]) return 0;
        return sw_fail(err, "scan lookback: %s '%s' is no compiled bulk shape; use one of %s", src, spec,
                       LB_SHAPE_NAMES(lbb_shapes, LBB_SHAPES, names));
    }
    if (c->pipe || c->stages) {
        if (!c->pipe) return sw_fail(err, "scan lookback: %s '%s': s2|s3|s4 need 'pipe'", src, spec);
        if (c->o.bid || c->loose)
            return sw_fail(err, "scan lookback: %s '%s': 'pipe' takes neither 'bid' nor 'loose'", src, spec);
        if (!c->stages) c->stages = c->items == 16 ? 4 : 3;
        for (int i = 0; i < LP_SHAPES; i++)
            if (c->threads == lp_shapes[i][0] && c->items == lp_shapes[i][1] && c->stages == lp_shapes[i][2])
                return 0;
        return sw_fail(err, "scan lookback: %s '%s' is no compiled pipelined shape; use one of %s", src, spec,
                       LB_SHAPE_NAMES(lp_shapes, LP_SHAPES, names));
    }
    if (c->loose && (c->threads != 256 || c->items != 16))
        return sw_fail(err, "scan lookback: %s '%s': 'loose' exists for 256x16 only", src, spec);
    for (int i = 0; i < LB_SHAPES; i++)
        if (c->threads == lb_shapes[i][0] && c->items == lb_shapes[i][1]) return 0;
    return sw_fail(err, "scan lookback: %s '%s' is no compiled shape; use THREADSxITEMS[,options] with one of %s",
                   src, spec, LB_SHAPE_NAMES(lb_shapes, LB_SHAPES, names));
}

/* The configuration of algorithm NAME ("lookback", "lookback-..." or NULL). */
static int lookback_config(const char *name, lb_config *c, sw_error *err)
{
    if (name && !strncmp(name, "lookback-", 9)) return lb_parse(name + 9, "variant", c, err);
    const char *env = getenv("SCANWORKS_LOOKBACK_CONFIG");
    if (env && *env) return lb_parse(env, "SCANWORKS_LOOKBACK_CONFIG", c, err);
    return lb_parse(lb_default(), "default", c, err);
}

/* Parses a look-back configuration name without touching the GPU (tests). */
extern "C" int scan_cuda_lookback_check(const char *name, sw_error *err)
{
    lb_config c;
    if (name && strncmp(name, "lookback-", 9)) return lb_parse(name, "config", &c, err);
    return lookback_config(name, &c, err);
}

/* Tests: the next look-back call runs with epoch EPOCH + 1 and the tile counter at
 * TICKET (both near their wrap-around), the status words as they are. */
extern "C" int scan_cuda_lookback_seed(unsigned epoch, unsigned ticket, sw_error *err)
{
    if (!cache.status || !cache.status_ready)
        return sw_fail(err, "scan lookback seed: run a look-back scan first (no status words yet)");
    if (epoch >= LB_EPOCH_LIMIT)
        return sw_fail(err, "scan lookback seed: epoch %u is over %u", epoch, LB_EPOCH_LIMIT - 1);
    CUDA_TRY(cudaMemcpy(cache.status, &ticket, sizeof ticket, cudaMemcpyHostToDevice), err);
    cache.epoch = epoch;
    cache.ticket = ticket;
    return 0;
}

template <typename T, int OP, int THREADS, int NV, int MIN_BLOCKS = LB_MIN_BLOCKS(THREADS, NV)>
static void lb_launch(size_t tiles, const T *in, T *out, size_t n, int incl, int aligned, tile_status<T> st,
                      unsigned *counter, const lb_opts &o, cudaStream_t s)
{
    lookback_scan_kernel<T, OP, THREADS, NV, MIN_BLOCKS>
        <<<(unsigned)tiles, THREADS, 0, s>>>(in, out, n, incl, aligned, st, counter, o);
}

/* The one-tile-per-block kernel of C's shape. */
template <typename T, int OP>
static int lb_launch_shape(const lb_config &c, size_t tiles, const T *in, T *out, size_t n, int incl, int aligned,
                           tile_status<T> st, unsigned *counter, const lb_opts &o, cudaStream_t s, sw_error *err)
{
    switch (c.threads * 1000 + c.items) {
    case 128016: lb_launch<T, OP, 128, 4>(tiles, in, out, n, incl, aligned, st, counter, o, s); break;
    case 256016:
        if (c.loose)
            lb_launch<T, OP, 256, 4, 5>(tiles, in, out, n, incl, aligned, st, counter, o, s);
        else
            lb_launch<T, OP, 256, 4>(tiles, in, out, n, incl, aligned, st, counter, o, s);
        break;
    case 256024: lb_launch<T, OP, 256, 6>(tiles, in, out, n, incl, aligned, st, counter, o, s); break;
    case 512016: lb_launch<T, OP, 512, 4>(tiles, in, out, n, incl, aligned, st, counter, o, s); break;
    case 128032: lb_launch<T, OP, 128, 8>(tiles, in, out, n, incl, aligned, st, counter, o, s); break;
    case 256032: lb_launch<T, OP, 256, 8>(tiles, in, out, n, incl, aligned, st, counter, o, s); break;
    case 512032: lb_launch<T, OP, 512, 8>(tiles, in, out, n, incl, aligned, st, counter, o, s); break;
    case 128048: lb_launch<T, OP, 128, 12>(tiles, in, out, n, incl, aligned, st, counter, o, s); break;
    case 256048: lb_launch<T, OP, 256, 12>(tiles, in, out, n, incl, aligned, st, counter, o, s); break;
    case 512048: lb_launch<T, OP, 512, 12>(tiles, in, out, n, incl, aligned, st, counter, o, s); break;
    case 256064: lb_launch<T, OP, 256, 16>(tiles, in, out, n, incl, aligned, st, counter, o, s); break;
    default: return sw_fail(err, "scan lookback: shape %dx%d is not compiled", c.threads, c.items);
    }
    return 0;
}

/* cuda_persistent_grid, which SCANWORKS_LOOKBACK_PIPE_GRID caps for the tests: fewer
 * blocks, each looping over more tiles (the ring wraps sooner; one block scans every
 * tile in order). Returns the grid, 0 when a block does not fit, -1 on an error. */
static long long lb_persistent_grid(const void *kernel, int threads, size_t smem, size_t tiles, int *cached_device,
                                    int *resident, sw_error *err)
{
    long long grid = cuda_persistent_grid(kernel, threads, smem, tiles, cached_device, resident, err);
    const char *cap = getenv("SCANWORKS_LOOKBACK_PIPE_GRID");
    if (grid > 0 && cap && atoi(cap) > 0 && grid > atoi(cap)) grid = atoi(cap);
    return grid;
}

/* The pipelined kernel on a grid of the blocks the GPU holds at once (at most TILES):
 * the grid must be co-resident, see scan_lookback_pipe.cuh (a smaller grid, as the
 * tests' cap makes, is fine: fewer blocks, more waves). Returns the grid, 0 when a
 * block does not fit this GPU (the caller falls back to the one-tile kernel of the
 * same shape), -1 on an error. */
template <typename T, int OP, int THREADS, int NV, int STAGES>
static long long lp_launch(size_t tiles, const T *in, T *out, size_t n, int incl, int aligned,
                           tile_status<T> st, const lb_opts &o, cudaStream_t s, sw_error *err)
{
    void (*kernel)(const T *, T *, size_t, int, int, tile_status<T>, lb_opts, size_t) =
        lookback_pipe_kernel<T, OP, THREADS, NV, STAGES>;
    const size_t smem = (size_t)STAGES * LP_STAGE_CHUNKS(THREADS, NV) * 16;
    static int cached_device = -1, resident = 0;   /* per instantiation */
    const long long grid =
        lb_persistent_grid((const void *)kernel, THREADS, smem, tiles, &cached_device, &resident, err);
    if (grid <= 0) return grid;
    kernel<<<(unsigned)grid, THREADS, smem, s>>>(in, out, n, incl, aligned, st, o, tiles);
    return grid;
}

/* The bulk-copy kernel (dynamic shared memory: one tile; the opt-in attribute is set
 * once per device, also for tiles under 48 KB). A tile that does not fit beside the
 * kernel's static shared memory is an error. */
template <typename T, int OP, int THREADS, int NV>
static int lbb_launch(size_t tiles, const T *in, T *out, size_t n, int incl, int aligned, tile_status<T> st,
                      const lb_opts &o, cudaStream_t s, sw_error *err)
{
    void (*kernel)(const T *, T *, size_t, int, int, tile_status<T>, lb_opts) =
        lookback_bulk_kernel<T, OP, THREADS, NV>;
    const size_t smem = (size_t)THREADS * NV * 16;
    static int cached_device = -1;
    int dev;
    CUDA_TRY(cudaGetDevice(&dev), err);
    if (dev != cached_device) {
        if (cuda_require_dyn_smem((const void *)kernel, smem, "a tile of the scan's bulk-copy look-back", err))
            return -1;
        cached_device = dev;
    }
    kernel<<<(unsigned)tiles, THREADS, smem, s>>>(in, out, n, incl, aligned, st, o);
    return 0;
}

/* The warp-specialized kernel on as many blocks as the GPU holds at once (at most TILES;
 * SCANWORKS_LOOKBACK_PIPE_GRID caps it, for the tests). Returns the grid, -1 on an
 * error. */
template <typename T, int OP, int NV, int STAGES>
static long long lw_launch(size_t tiles, const T *in, T *out, size_t n, int incl, tile_status<T> st,
                           unsigned *counter, const lb_opts &o, cudaStream_t s, sw_error *err)
{
    void (*kernel)(const T *, T *, size_t, int, tile_status<T>, unsigned *, lb_opts, size_t) =
        lookback_ws_kernel<T, OP, NV, STAGES>;
    const size_t smem = (size_t)STAGES * 4 * 32 * NV * 16;
    static int cached_device = -1, resident = 0;   /* per instantiation */
    const long long grid =
        lb_persistent_grid((const void *)kernel, WS_THREADS, smem, tiles, &cached_device, &resident, err);
    if (grid == 0)
        return sw_fail(err, "scan lookback ws: a block of %zu bytes of shared memory does not fit this GPU", smem);
    if (grid < 0) return -1;
    kernel<<<(unsigned)grid, WS_THREADS, smem, s>>>(in, out, n, incl, st, counter, o, tiles);
    return grid;
}

/* The register-path kernel on as many blocks as the GPU holds at once (at most
 * TILES; SCANWORKS_LOOKBACK_PIPE_GRID caps it, for the tests). Returns the grid, -1 on
 * an error. */
template <typename T, int OP, int THREADS, int NV, int STAGES, int LBW, int MIN_BLOCKS>
static long long lr_launch(size_t tiles, const T *in, T *out, size_t n, int incl, int aligned, tile_status<T> st,
                           unsigned *counter, const lb_opts &o, cudaStream_t s, sw_error *err)
{
    void (*kernel)(const T *, T *, size_t, int, int, tile_status<T>, unsigned *, lb_opts, size_t) =
        lookback_rp_kernel<T, OP, THREADS, NV, STAGES, LBW, LB_BOUND_BLOCKS(MIN_BLOCKS, THREADS + 32 * LBW)>;
    const size_t smem = (size_t)STAGES * THREADS * NV * 16;
    static int cached_device = -1, resident = 0;   /* per instantiation */
    const long long grid =
        lb_persistent_grid((const void *)kernel, THREADS + 32 * LBW, smem, tiles, &cached_device, &resident, err);
    if (grid == 0)
        return sw_fail(err, "scan lookback rp: a block with %zu bytes of shared memory does not fit this GPU", smem);
    if (grid < 0) return -1;
    kernel<<<(unsigned)grid, THREADS + 32 * LBW, smem, s>>>(in, out, n, incl, aligned, st, counter, o, tiles);
    return grid;
}

/* The register-path configuration C (the counter then moves by TILES plus one per
 * block). */
template <typename T, int OP>
static int lr_run(const lb_config &c, size_t tiles, const T *in, T *out, size_t n, int incl, int aligned,
                  tile_status<T> st, unsigned *counter, const lb_opts &o, cudaStream_t s, sw_error *err)
{
    long long grid = -1;
    switch (c.threads * 1000 + c.items + 1000000 * c.stages + 10000000 * c.lbw) {
#define LR_CASE(TH, I, S, L, MB)                                                                                   \
    case (L) * 10000000 + (S) * 1000000 + (TH) * 1000 + (I):                                                      \
        grid = lr_launch<T, OP, TH, (I) / 4, S, L, MB>(tiles, in, out, n, incl, aligned, st, counter, o, s, err); \
        break;
        LR_SHAPE_LIST(LR_CASE)
#undef LR_CASE
    default:
        return sw_fail(err, "scan lookback rp: shape %dx%d s%d with %d look-back warps is not compiled", c.threads,
                       c.items, c.stages, c.lbw);
    }
    if (grid < 0) return -1;
    cache.ticket += (unsigned)(tiles + (size_t)grid);
    return 0;
}

/* The warp-specialized configuration C: on sm_90 with aligned data its kernel (the
 * counter then moves by TILES plus one per block); else the bulk kernel, 128x48. */
template <typename T, int OP>
static int lw_run(const lb_config &c, size_t tiles, const T *in, T *out, size_t n, int incl, int aligned,
                  tile_status<T> st, unsigned *counter, lb_opts o, cudaStream_t s, sw_error *err)
{
    if (!aligned || cuda_device_major() < 9) {
        /* 128x48 tiles: no more of them than of this shape's, so the status words suffice */
        o.bid = 1;
        const size_t tiles48 = div_up(n, (size_t)128 * 12 * (16 / sizeof(T)));
        return lbb_launch<T, OP, 128, 12>(tiles48, in, out, n, incl, aligned, st, o, s, err);
    }
    long long grid = -1;
    switch (c.items * 10 + c.stages) {
    case 488: grid = lw_launch<T, OP, 12, 8>(tiles, in, out, n, incl, st, counter, o, s, err); break;
    case 484: grid = lw_launch<T, OP, 12, 4>(tiles, in, out, n, incl, st, counter, o, s, err); break;
    case 324: grid = lw_launch<T, OP, 8, 4>(tiles, in, out, n, incl, st, counter, o, s, err); break;
    case 244: grid = lw_launch<T, OP, 6, 4>(tiles, in, out, n, incl, st, counter, o, s, err); break;
    default: return sw_fail(err, "scan lookback ws: shape %dx%d s%d is not compiled", c.threads, c.items, c.stages);
    }
    if (grid < 0) return -1;
    cache.ticket += (unsigned)(tiles + (size_t)grid);
    return 0;
}

template <typename T, int OP>
static int run_lookback(const lb_config &c, const T *in, T *out, size_t n, int incl, int aligned, cudaStream_t s,
                        sw_error *err)
{
    const size_t tile = (size_t)c.threads * c.items / 4 * (16 / sizeof(T));
    const size_t tiles = div_up(n, tile);
    if (check_grid(tiles, "lookback", n, err)) return -1;
    const size_t slots = tiles << c.o.spread;   /* status slots: tile t's at t << spread */
    const size_t bytes = status_bytes<T>(slots);
    void *had = cache.status;
    const size_t had_bytes = cache.status_bytes;
    if (cache_reserve(&cache.status, &cache.status_bytes, bytes, "scan look-back status", err)) return -1;
    /* 4-byte types keep one word per tile at a fixed place; 8-byte types place their
     * value slots after the flags, by the tile count: a stale word of another layout
     * could carry this epoch's tag, so a layout change zeroes the words first. */
    const size_t layout = sizeof(T) == 4 ? 4 : 8 + 16 * slots;
    /* A new allocation (often at the freed one's address: compare sizes too) holds
     * neither the counter nor zeroed words. */
    if (cache.status != had || cache.status_bytes != had_bytes || cache.layout != layout) cache.status_ready = 0;
    cache.layout = layout;
    char *p = (char *)cache.status;
    if (!cache.status_ready || c.memset_each || cache.epoch + 1 >= LB_EPOCH_LIMIT) {
        /* The whole buffer: words past this call's tiles may be read by a later, longer one. */
        CUDA_TRY(cudaMemsetAsync(p, 0, cache.status_bytes, s), err);
        cache.epoch = 0;
        cache.ticket = 0;
        cache.status_ready = 1;
    }
    tile_status<T> st = {};
    if (sizeof(T) == 4) {
        st.packed = (unsigned long long *)(p + 16);
    } else {
        st.flags = (unsigned int *)(p + 16);
        st.aggregate = (T *)(p + 16 + round16(slots * 4));
        st.inclusive = (T *)(p + 16 + round16(slots * 4) + round16(slots * sizeof(T)));
    }
    lb_opts o = c.o;
    o.epoch = ++cache.epoch;
    o.ticket = cache.ticket;
    unsigned *counter = (unsigned *)p;
    long long grid = 0;
    const int ring_rc = c.ws ? lw_run<T, OP>(c, tiles, in, out, n, incl, aligned, st, counter, o, s, err)
                        : c.rp ? lr_run<T, OP>(c, tiles, in, out, n, incl, aligned, st, counter, o, s, err)
                               : 0;
    switch (c.pipe ? c.threads * 1000 + c.items + 1000000 * c.stages : 0) {
    case 3256016: grid = lp_launch<T, OP, 256, 4, 3>(tiles, in, out, n, incl, aligned, st, o, s, err); break;
    case 4256016: grid = lp_launch<T, OP, 256, 4, 4>(tiles, in, out, n, incl, aligned, st, o, s, err); break;
    case 2256032: grid = lp_launch<T, OP, 256, 8, 2>(tiles, in, out, n, incl, aligned, st, o, s, err); break;
    case 3256032: grid = lp_launch<T, OP, 256, 8, 3>(tiles, in, out, n, incl, aligned, st, o, s, err); break;
    default: break;   /* not pipelined */
    }
    int bulk_rc = 0;
    switch (c.bulk ? c.threads * 1000 + c.items : 0) {
    case 128048: bulk_rc = lbb_launch<T, OP, 128, 12>(tiles, in, out, n, incl, aligned, st, o, s, err); break;
    case 128064: bulk_rc = lbb_launch<T, OP, 128, 16>(tiles, in, out, n, incl, aligned, st, o, s, err); break;
    case 128096: bulk_rc = lbb_launch<T, OP, 128, 24>(tiles, in, out, n, incl, aligned, st, o, s, err); break;
    case 256032: bulk_rc = lbb_launch<T, OP, 256, 8>(tiles, in, out, n, incl, aligned, st, o, s, err); break;
    case 256048: bulk_rc = lbb_launch<T, OP, 256, 12>(tiles, in, out, n, incl, aligned, st, o, s, err); break;
    case 512032: bulk_rc = lbb_launch<T, OP, 512, 8>(tiles, in, out, n, incl, aligned, st, o, s, err); break;
    default: break;   /* not bulk */
    }
    if (ring_rc || bulk_rc || grid < 0) {
        cache.status_ready = 0;   /* the counter's value is unknown now */
        return -1;
    }
    /* The one-tile kernel: the configuration names it, or a pipelined block does not fit
     * this GPU. The bulk and warp-specialized runs are done by now. */
    if (grid == 0 && !c.bulk && !c.ws && !c.rp) {
        if (!o.bid) cache.ticket += (unsigned)tiles;
        if (lb_launch_shape<T, OP>(c, tiles, in, out, n, incl, aligned, st, counter, o, s, err)) return -1;
    }
    cudaError_t e = cudaGetLastError();
    if (e != cudaSuccess) {
        cache.status_ready = 0;   /* the counter's value is unknown now */
        return sw_fail(err, "scan lookback %dx%d: launch failed: %s", c.threads, c.items, cudaGetErrorString(e));
    }
    return 0;
}

#endif
