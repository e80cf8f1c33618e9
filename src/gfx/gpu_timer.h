/* Per-stage GPU times of a frame from GL timestamp queries, read back a few frames
 * later so that timing never stalls the pipeline. Stages timed elsewhere (CUDA
 * events) are added with gpu_timer_add. */
#ifndef SCANWORKS_GFX_GPU_TIMER_H
#define SCANWORKS_GFX_GPU_TIMER_H

#include <stdbool.h>
#include "gl/gl.h"

#define GPU_TIMER_MAX_STAGES 24
#define GPU_TIMER_FRAMES_IN_FLIGHT 8   /* --handover-batch 4 files CUDA times 7 frames late */
#define GPU_TIMER_MAX_METRICS 8

typedef struct gpu_frame_times {
    long frame;                              /* frame index these times belong to */
    int count;
    const char *names[GPU_TIMER_MAX_STAGES]; /* static strings */
    double ms[GPU_TIMER_MAX_STAGES];
    double total_ms;                         /* first begin to last end, GL stages only */
    unsigned long long end_ns;               /* the GL clock at the frame's last GL stage's end */
    /* The GPU's period: this frame's end_ns minus the frame before's (0 when that frame
     * was not read just before this one). In steady state it is the GPU's elapsed time
     * per frame, every idle gap included, also where frames overlap. */
    double period_ms;
    bool is_gl[GPU_TIMER_MAX_STAGES];        /* timed by GL timestamp queries (else added) */
    double gl_busy_ms;                       /* the GL stages' times summed */
    /* Values about the frame that are not stage times (the GL-CUDA hand-over gaps),
     * set by gpu_timer_set_metric, possibly a few frames after the frame was drawn. */
    int metric_count;
    const char *metric_names[GPU_TIMER_MAX_METRICS];   /* static strings */
    double metrics[GPU_TIMER_MAX_METRICS];
} gpu_frame_times;

typedef struct gpu_timer_slot {
    long frame;
    bool pending;
    int count;
    const char *names[GPU_TIMER_MAX_STAGES];
    GLuint queries[GPU_TIMER_MAX_STAGES][2];
    bool is_gl[GPU_TIMER_MAX_STAGES];
    double external_ms[GPU_TIMER_MAX_STAGES];
    int metric_count;
    const char *metric_names[GPU_TIMER_MAX_METRICS];
    double metrics[GPU_TIMER_MAX_METRICS];
} gpu_timer_slot;

typedef struct gpu_timer {
    gpu_timer_slot slots[GPU_TIMER_FRAMES_IN_FLIGHT];
    int current;          /* slot being recorded, -1 outside a frame */
    int open_stage;       /* stage between begin and end, -1 if none */
    long frame;
    gpu_frame_times latest;   /* most recent completed frame */
    long last_read;           /* frame of the last read slot (-1: none), for period_ms */
    unsigned long long last_end_ns;
    double smoothed_ms[GPU_TIMER_MAX_STAGES];   /* by stage position in latest */
    bool has_latest;
} gpu_timer;

void gpu_timer_init(gpu_timer *t);
void gpu_timer_shutdown(gpu_timer *t);

/* Starts frame FRAME. If the slot it reuses still holds an unread frame, that frame is
 * read (waiting if needed) and returned in *completed with true. */
bool gpu_timer_begin_frame(gpu_timer *t, long frame, gpu_frame_times *completed);
void gpu_timer_begin(gpu_timer *t, const char *stage);   /* stage: a static string */
void gpu_timer_end(gpu_timer *t);
/* A stage measured another way (CUDA events), in milliseconds. */
void gpu_timer_add(gpu_timer *t, const char *stage, double ms);
/* The same for frame FRAME, whose times are still unread (work started in one frame and
 * timed in a later one); false when that frame is gone. */
bool gpu_timer_add_to(gpu_timer *t, long frame, const char *stage, double ms);
void gpu_timer_end_frame(gpu_timer *t);
/* Sets metric NAME (a static string) of frame FRAME, whose times are still unread (at
 * most GPU_TIMER_FRAMES_IN_FLIGHT - 1 frames ago); false when that frame is gone. */
bool gpu_timer_set_metric(gpu_timer *t, long frame, const char *name, double value);
/* Metric NAME of a completed frame, or false when it was not set. */
bool gpu_frame_metric(const gpu_frame_times *f, const char *name, double *value);

/* Reads every frame still in flight, oldest first; calls FN for each. */
void gpu_timer_flush(gpu_timer *t, void (*fn)(const gpu_frame_times *, void *), void *user);

#endif
