/* The cpu backend of scan: the sequential scan (n-1 applications of the operator,
 * the work-efficiency yardstick of the chapter) and a threaded two-pass
 * reduce-then-scan for large arrays.
 *
 * Integer add is done in unsigned arithmetic so that it wraps like two's complement
 * without undefined behaviour. float32 add accumulates in float, in order, so the
 * sequential result is the one a plain loop gives; the error bound against a float64
 * reference is in docs/perf.md (## Scan (CPU and OpenGL)). In place (out == in) works:
 * each element is read before it is written. */
#include "prim/scan.h"

#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include "prim/scan_cpu_internal.h"

const char *const scan_cpu_algorithms[] = {"sequential", "threaded", NULL};

/* The threaded scan uses threads only when each gets at least this many elements:
 * below it, thread start-up costs more than the scan (measured: see docs/perf.md). */
#define THREADED_MIN_PER_THREAD ((size_t)1 << 18)
#define THREADED_MAX_THREADS 16

/* ---- the operators, per type ------------------------------------------------------ */

#define ADD_I32(a, b) ((int32_t)((uint32_t)(a) + (uint32_t)(b)))
#define ADD_U32(a, b) ((uint32_t)((a) + (b)))
#define ADD_I64(a, b) ((int64_t)((uint64_t)(a) + (uint64_t)(b)))
#define ADD_F32(a, b) ((float)((a) + (b)))
#define MAX_ANY(a, b) ((b) > (a) ? (b) : (a))
#define MIN_ANY(a, b) ((b) < (a) ? (b) : (a))

/* One scan loop over a range, seeded with SEED; *TOTAL receives seed op all inputs. */
#define SCAN_LOOP(T, COMBINE)                                                            \
    do {                                                                                 \
        const T *src = in;                                                               \
        T *dst = out, acc = *(const T *)seed;                                            \
        if (inclusive)                                                                   \
            for (size_t i = 0; i < n; i++) {                                             \
                acc = COMBINE(acc, src[i]);                                              \
                dst[i] = acc;                                                            \
            }                                                                            \
        else                                                                             \
            for (size_t i = 0; i < n; i++) {                                             \
                T x = src[i];                                                            \
                dst[i] = acc;                                                            \
                acc = COMBINE(acc, x);                                                   \
            }                                                                            \
        *(T *)total = acc;                                                               \
    } while (0)

#define REDUCE_LOOP(T, COMBINE)                                                          \
    do {                                                                                 \
        const T *src = in;                                                               \
        T acc = *(const T *)seed;                                                        \
        for (size_t i = 0; i < n; i++) acc = COMBINE(acc, src[i]);                       \
        *(T *)total = acc;                                                               \
    } while (0)

/* Expands BODY(T, COMBINE) for the (type, op) pair; 12 cases. */
#define DISPATCH(BODY)                                                                   \
    switch (t * SCAN_OP_COUNT + op) {                                                    \
    case SCAN_I32 * SCAN_OP_COUNT + SCAN_ADD: BODY(int32_t, ADD_I32); break;              \
    case SCAN_I32 * SCAN_OP_COUNT + SCAN_MAX: BODY(int32_t, MAX_ANY); break;              \
    case SCAN_I32 * SCAN_OP_COUNT + SCAN_MIN: BODY(int32_t, MIN_ANY); break;              \
    case SCAN_U32 * SCAN_OP_COUNT + SCAN_ADD: BODY(uint32_t, ADD_U32); break;             \
    case SCAN_U32 * SCAN_OP_COUNT + SCAN_MAX: BODY(uint32_t, MAX_ANY); break;             \
    case SCAN_U32 * SCAN_OP_COUNT + SCAN_MIN: BODY(uint32_t, MIN_ANY); break;             \
    case SCAN_I64 * SCAN_OP_COUNT + SCAN_ADD: BODY(int64_t, ADD_I64); break;              \
    case SCAN_I64 * SCAN_OP_COUNT + SCAN_MAX: BODY(int64_t, MAX_ANY); break;              \
    case SCAN_I64 * SCAN_OP_COUNT + SCAN_MIN: BODY(int64_t, MIN_ANY); break;              \
    case SCAN_F32 * SCAN_OP_COUNT + SCAN_ADD: BODY(float, ADD_F32); break;                \
    case SCAN_F32 * SCAN_OP_COUNT + SCAN_MAX: BODY(float, MAX_ANY); break;                \
    case SCAN_F32 * SCAN_OP_COUNT + SCAN_MIN: BODY(float, MIN_ANY); break;                \
    default: break;                                                                      \
    }

void scan_cpu_identity(scan_type t, scan_op op, scan_value *v)
{
    memset(v, 0, sizeof *v);
    if (op == SCAN_ADD) return;
    bool mx = op == SCAN_MAX;
    switch (t) {
    case SCAN_I32: v->i32 = mx ? INT32_MIN : INT32_MAX; break;
    case SCAN_U32: v->u32 = mx ? 0 : UINT32_MAX; break;
    case SCAN_I64: v->i64 = mx ? INT64_MIN : INT64_MAX; break;
    default: v->f32 = mx ? -INFINITY : INFINITY; break;
    }
}

void scan_cpu_range(scan_type t, scan_op op, bool inclusive, const void *in, void *out, size_t n,
                    const scan_value *seed, scan_value *total)
{
    DISPATCH(SCAN_LOOP)
}

void scan_cpu_reduce(scan_type t, scan_op op, const void *in, size_t n, const scan_value *seed, scan_value *total)
{
    DISPATCH(REDUCE_LOOP)
}

/* ---- threaded: each thread reduces its slice, the slice totals are scanned here, then
 * each thread scans its slice seeded with the total of the slices before it. Two rounds
 * of create/join (no barrier), so a thread that cannot start has its slice done on
 * this thread instead. ------------------------------------------------------------------ */

typedef struct slice_job {
    const scan_desc *d;
    const unsigned char *in;
    unsigned char *out;
    size_t n;
    bool scan_phase;
    scan_value seed, total;
} slice_job;

static void *slice_worker(void *arg)
{
    slice_job *j = arg;
    if (j->scan_phase)
        scan_cpu_range(j->d->type, j->d->op, j->d->kind == SCAN_INCLUSIVE, j->in, j->out, j->n, &j->seed, &j->total);
    else
        scan_cpu_reduce(j->d->type, j->d->op, j->in, j->n, &j->seed, &j->total);
    return NULL;
}

static void run_round(slice_job *jobs, int k)
{
    pthread_t tid[THREADED_MAX_THREADS];
    bool started[THREADED_MAX_THREADS] = {false};
    for (int i = 1; i < k; i++) started[i] = pthread_create(&tid[i], NULL, slice_worker, &jobs[i]) == 0;
    slice_worker(&jobs[0]);
    for (int i = 1; i < k; i++) {
        if (started[i]) pthread_join(tid[i], NULL);
        else slice_worker(&jobs[i]);
    }
}

static int threads_for(size_t n)
{
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    size_t k = cores < 1 ? 1 : (size_t)cores, by_size = n / THREADED_MIN_PER_THREAD;
    if (k > by_size) k = by_size;
    if (k > THREADED_MAX_THREADS) k = THREADED_MAX_THREADS;
    return k < 1 ? 1 : (int)k;
}

static void scan_threaded(const scan_desc *d, const void *in, void *out, size_t n, int k)
{
    slice_job jobs[THREADED_MAX_THREADS];
    size_t es = scan_type_size(d->type), per = (n + (size_t)k - 1) / (size_t)k;
    scan_value id;
    scan_cpu_identity(d->type, d->op, &id);
    for (int i = 0; i < k; i++) {
        size_t lo = (size_t)i * per, hi = lo + per < n ? lo + per : n;
        jobs[i] = (slice_job){d, (const unsigned char *)in + lo * es, (unsigned char *)out + lo * es,
                              hi > lo ? hi - lo : 0, false, id, id};
    }
    run_round(jobs, k);
    scan_value seed = id;
    for (int i = 0; i < k; i++) {
        scan_value slice_total = jobs[i].total;
        jobs[i].seed = seed;
        jobs[i].scan_phase = true;
        scan_cpu_reduce(d->type, d->op, &slice_total, 1, &seed, &seed);
    }
    run_round(jobs, k);
}

int scan_cpu_host(const scan_desc *d, const void *in, void *out, size_t n, sw_error *err)
{
    (void)err;
    if (!n) return 0;
    int k = d->algo && !strcmp(d->algo, "threaded") ? threads_for(n) : 1;
    if (k > 1) {
        scan_threaded(d, in, out, n, k);
        return 0;
    }
    scan_value seed, total;
    scan_cpu_identity(d->type, d->op, &seed);
    scan_cpu_range(d->type, d->op, d->kind == SCAN_INCLUSIVE, in, out, n, &seed, &total);
    return 0;
}
