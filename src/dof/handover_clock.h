/* The GL-CUDA hand-over measured on the GPU's own clock (the cuda SAT backend only).
 *
 * Per frame: a GL timestamp query at the end of the render (before the colour goes to
 * CUDA), a %globaltimer stamp (kernels/common/globaltimer.h) when the CUDA stream
 * starts the SAT, another when it has finished the table and the gather, and a GL
 * timestamp query where GL takes the output back. The two gaps are
 *   gl_to_cuda = CUDA start - GL render end,  cuda_to_gl = GL resume - CUDA end,
 * and the CUDA span (end - start) is GPU time the GL stages do not count. They are read
 * a frame or more later, without waiting, and set as metrics of their frame in the
 * gpu_timer (gl_to_cuda_us, cuda_to_gl_us, cuda_span_ms).
 *
 * The clocks: GL_TIMESTAMP and %globaltimer are both nanoseconds, and on NVIDIA the
 * same counter, but that is checked, not assumed: once, at start, a globaltimer stamp
 * is bracketed by two glGetInteger64v(GL_TIMESTAMP) reads with the host waiting for
 * each. If every stamp falls inside its bracket the clocks are taken as one (offset
 * 0); otherwise the offset of the tightest bracket is applied. Both are reported
 * (sat_handover_info). */
#ifndef SCANWORKS_DOF_HANDOVER_CLOCK_H
#define SCANWORKS_DOF_HANDOVER_CLOCK_H

#include <cuda_runtime_api.h>
#include <stdbool.h>

#include "dof/sat_frame.h"
#include "gl/gl.h"
#include "gfx/gpu_timer.h"

#define HANDOVER_SLOTS GPU_TIMER_FRAMES_IN_FLIGHT
#define HANDOVER_CALIBRATION_SAMPLES 8

typedef struct handover_slot {
    long frame;
    bool pending;     /* queries and stamps issued, not yet read */
    GLuint q[2];      /* GL timestamps: render end, GL resumes */
    cudaEvent_t done; /* after the second stamp */
} handover_slot;

typedef struct handover_clock {
    bool ready;                       /* measuring; false after a failure (info->why says) */
    handover_slot slot[HANDOVER_SLOTS];
    int cur;                          /* slot of the frame being recorded, -1 outside */
    unsigned long long *stamps;       /* pinned host memory mapped into the device: 2 a slot + 1 */
    unsigned long long *dev_stamps;   /* the device's address of the same */
    long long offset_ns;              /* applied: globaltimer - GL clock (0 when one clock) */
    sat_handover_info *info;
} handover_clock;

/* Creates the queries, events and stamp memory and calibrates the clocks (host waits:
 * once). On failure the clock stays off, INFO->why says why, and 0 is still returned:
 * a missing measurement never stops the frame. */
void handover_clock_init(handover_clock *c, cudaStream_t stream, sat_handover_info *info);
void handover_clock_shutdown(handover_clock *c);
/* Before the map of frame FRAME: sets the metrics of earlier frames that are ready,
 * then the GL timestamp of the render's end. */
void handover_clock_gl_end(handover_clock *c, long frame, gpu_timer *timer);
/* Stamps on STREAM: after the map, before the SAT; after the last kernel, before the unmap. */
void handover_clock_cuda_begin(handover_clock *c, cudaStream_t stream);
void handover_clock_cuda_end(handover_clock *c, cudaStream_t stream);
/* After the unmap: the GL timestamp where GL work resumes. */
void handover_clock_gl_begin(handover_clock *c);
/* Sets the metrics of every frame whose results are in, waiting for those of frames up
 * to WAIT_THROUGH (LONG_MAX: all; -1: none). */
void handover_clock_collect(handover_clock *c, gpu_timer *timer, long wait_through);

#endif
