/* Per-frame stage times collected by a headless run, their medians, and the JSON
 * report that holds them with the environment they were measured in. */
#ifndef SCANWORKS_APP_FRAME_LOG_H
#define SCANWORKS_APP_FRAME_LOG_H

#include "app/app.h"
#include "gfx/gpu_timer.h"

typedef struct frame_log {
    gpu_frame_times *frames;
    double *wall_ms;          /* CPU wall time per frame, same order */
    size_t count, capacity;
    /* Memory samples across the run (the soak test checks that they stay flat). */
    struct memory_sample {
        long frame;
        long rss_kib;
        long heap_kib;              /* live heap allocations (process_memory.h), -1 unknown */
        long heap_low_kib;          /* their least since the sample before, every frame watched */
        long long gpu_used_bytes;   /* -1 without a CUDA device */
        long frame_log_kib;         /* this log's own per-frame records, which grow by design */
    } memory[128];
    int memory_count;
    long heap_low_kib;        /* least live heap since the last sample, -1 none yet */
} frame_log;

/* Records resident, live heap and GPU memory at FRAME (keeps at most 128 samples). */
void frame_log_sample_memory(frame_log *log, long frame, long long gpu_used_bytes);
/* Reads the live heap after a frame: a sample holds the least seen since the one before.
 * A GL driver may hold memory for a frame or a few and free it (llvmpipe's threads: a
 * scene of binned draws in flight, about 16 MiB with the scan panel's timing runs), so
 * one reading a sample may catch it or not; a leak raises the least of every stretch,
 * memory that comes and goes does not (tests/soak_test.sh). */
void frame_log_watch_heap(frame_log *log);

int frame_log_add(frame_log *log, const gpu_frame_times *t, sw_error *err);
/* Reserves room for COUNT frames up front, so that a long run's log grows in place
 * (no doubling and copying while the soak test watches resident memory). */
int frame_log_reserve(frame_log *log, size_t count, sw_error *err);
void frame_log_free(frame_log *log);
/* Median of stage NAME over all frames (0 if absent); NAME "total" gives the sum. */
double frame_log_median(const frame_log *log, const char *name);
/* The frame whose stages name the medians: the first with the most stages (with 2
 * frames in flight the first frame has no composite yet); NULL for an empty log. */
const gpu_frame_times *frame_log_names(const frame_log *log);

int frame_log_write_json(const frame_log *log, const app *a, int argc, char **argv, const char *path,
                         sw_error *err);

/* The frame's GPU busy time: its GL stages plus the CUDA span of the SAT and gather. */
double frame_gpu_busy_ms(const gpu_frame_times *f);
/* Median of metric NAME (gpu_timer_set_metric) over the frames that have it; false
 * when none has. */
bool frame_log_metric_median(const frame_log *log, const char *name, double *out);
/* One line: the hand-over gaps and the GPU busy and wall medians, or why there are no gaps. */
const char *frame_log_gpu_summary(const frame_log *log, const app *a, char *buf, size_t size);

/* The median of N doubles (sorts a copy). */
double median_of(const double *v, size_t n);

#endif
