/* The hand-over's gaps on the GPU's clock (see handover_clock.h). */
#include "gl/gl.h"
#include "dof/handover_clock.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "kernels/common/globaltimer.h"

static void disable(handover_clock *c, const char *what, const char *detail)
{
    c->ready = false;
    if (c->info) {
        c->info->measured = false;
        /* a long driver message is cut: the line says what failed first */
        if (snprintf(c->info->why, sizeof c->info->why, "the hand-over clock is off: %s%s%s", what,
                     detail ? ": " : "", detail ? detail : "") < 0)
            c->info->why[0] = '\0';
    }
    fprintf(stderr, "scanworks: %s\n", c->info ? c->info->why : what);
}

static bool cuda_ok(handover_clock *c, cudaError_t e, const char *what)
{
    if (e == cudaSuccess) return true;
    cudaGetLastError();
    disable(c, what, cudaGetErrorString(e));
    return false;
}

/* Once at start: the globaltimer against GL_TIMESTAMP, each stamp bracketed by two GL
 * clock reads with the host waiting for the stamp in between. */
static bool calibrate(handover_clock *c, cudaStream_t stream)
{
    sw_error err;
    glFinish();
    if (!cuda_ok(c, cudaStreamSynchronize(stream), "waiting for the stream before calibrating")) return false;
    volatile unsigned long long *probe = &c->stamps[2 * HANDOVER_SLOTS];
    double best_unc = INFINITY, best_off = 0.0;
    bool inside = true;
    int samples = 0;
    for (int k = 0; k < HANDOVER_CALIBRATION_SAMPLES; k++) {
        GLint64 before = 0, after = 0;
        *probe = 0;
        glGetInteger64v(GL_TIMESTAMP, &before);
        if (cuda_stamp_globaltimer(&c->dev_stamps[2 * HANDOVER_SLOTS], stream, &err)) {
            cudaGetLastError();
            disable(c, "the globaltimer kernel", err.msg);
            return false;
        }
        if (!cuda_ok(c, cudaStreamSynchronize(stream), "the globaltimer kernel")) return false;
        glGetInteger64v(GL_TIMESTAMP, &after);
        unsigned long long g = *probe;
        if (glGetError() != GL_NO_ERROR || after < before || before <= 0 || !g) {
            disable(c, "GL_TIMESTAMP or the globaltimer read nothing usable", NULL);
            return false;
        }
        samples++;
        double mid = 0.5 * ((double)before + (double)after), unc = 0.5 * (double)(after - before);
        if ((long long)g < (long long)before || (long long)g > (long long)after) inside = false;
        if (unc < best_unc) {
            best_unc = unc;
            best_off = (double)(long long)g - mid;
        }
    }
    sat_handover_info *i = c->info;
    i->clock_samples = samples;
    i->clock_offset_us = best_off * 1e-3;
    i->clock_uncertainty_us = best_unc * 1e-3;
    i->same_clock = inside;
    c->offset_ns = inside ? 0 : (long long)llround(best_off);
    return true;
}

void handover_clock_init(handover_clock *c, cudaStream_t stream, sat_handover_info *info)
{
    memset(c, 0, sizeof *c);
    c->cur = -1;
    c->info = info;
    info->measured = false;
    info->why[0] = 0;
    void *host = NULL, *dev = NULL;
    if (!cuda_ok(c, cudaHostAlloc(&host, (2 * HANDOVER_SLOTS + 1) * sizeof(unsigned long long), cudaHostAllocMapped),
                 "pinned memory for the stamps"))
        return;
    c->stamps = host;
    memset(host, 0, (2 * HANDOVER_SLOTS + 1) * sizeof(unsigned long long));
    if (!cuda_ok(c, cudaHostGetDevicePointer(&dev, host, 0), "mapping the stamps into the device")) return;
    c->dev_stamps = dev;
    for (int s = 0; s < HANDOVER_SLOTS; s++) {
        glGenQueries(2, c->slot[s].q);
        if (!cuda_ok(c, cudaEventCreateWithFlags(&c->slot[s].done, cudaEventDisableTiming), "creating an event"))
            return;
    }
    if (glGetError() != GL_NO_ERROR) {
        disable(c, "creating GL timestamp queries", NULL);
        return;
    }
    if (!calibrate(c, stream)) return;
    c->ready = true;
    info->measured = true;
}

void handover_clock_shutdown(handover_clock *c)
{
    for (int s = 0; s < HANDOVER_SLOTS; s++) {
        if (c->slot[s].q[0]) glDeleteQueries(2, c->slot[s].q);
        if (c->slot[s].done) cudaEventDestroy(c->slot[s].done);
    }
    if (c->stamps) cudaFreeHost(c->stamps);
    cudaGetLastError();
    memset(c, 0, sizeof *c);
    c->cur = -1;
}

/* Reads slot S if its results are in (or, with WAIT, once they are). */
static void read_slot(handover_clock *c, int s, gpu_timer *timer, bool wait)
{
    handover_slot *h = &c->slot[s];
    if (!h->pending) return;
    if (!wait) {
        GLuint avail = 0;
        glGetQueryObjectuiv(h->q[1], GL_QUERY_RESULT_AVAILABLE, &avail);
        if (!avail || cudaEventQuery(h->done) != cudaSuccess) return;
    } else if (cudaEventSynchronize(h->done) != cudaSuccess) {
        h->pending = false;
        cuda_ok(c, cudaGetLastError(), "waiting for the stamps");
        return;
    }
    h->pending = false;
    GLuint64 gl_end = 0, gl_resume = 0;
    glGetQueryObjectui64v(h->q[0], GL_QUERY_RESULT, &gl_end);
    glGetQueryObjectui64v(h->q[1], GL_QUERY_RESULT, &gl_resume);
    volatile unsigned long long *st = &c->stamps[2 * s];
    long long cuda_start = (long long)st[0] - c->offset_ns, cuda_end = (long long)st[1] - c->offset_ns;
    if (!st[0] || !st[1] || !gl_end || !gl_resume || !timer) return;
    gpu_timer_set_metric(timer, h->frame, "gl_to_cuda_us", (double)(cuda_start - (long long)gl_end) * 1e-3);
    gpu_timer_set_metric(timer, h->frame, "cuda_to_gl_us", (double)((long long)gl_resume - cuda_end) * 1e-3);
    gpu_timer_set_metric(timer, h->frame, "cuda_span_ms", (double)(cuda_end - cuda_start) * 1e-6);
}

void handover_clock_collect(handover_clock *c, gpu_timer *timer, long wait_through)
{
    if (!c->ready) return;
    for (int s = 0; s < HANDOVER_SLOTS; s++) read_slot(c, s, timer, c->slot[s].frame <= wait_through);
}

void handover_clock_gl_end(handover_clock *c, long frame, gpu_timer *timer)
{
    c->cur = -1;
    if (!c->ready || frame < 0) return;
    handover_clock_collect(c, timer, -1);
    int s = (int)(frame % HANDOVER_SLOTS);
    read_slot(c, s, timer, true);   /* HANDOVER_SLOTS frames old: done long ago */
    if (!c->ready) return;
    handover_slot *h = &c->slot[s];
    h->frame = frame;
    c->stamps[2 * s] = c->stamps[2 * s + 1] = 0;
    glQueryCounter(h->q[0], GL_TIMESTAMP);
    c->cur = s;
}

void handover_clock_cuda_begin(handover_clock *c, cudaStream_t stream)
{
    if (!c->ready || c->cur < 0) return;
    sw_error err;
    if (cuda_stamp_globaltimer(&c->dev_stamps[2 * c->cur], stream, &err)) {
        cudaGetLastError();
        c->cur = -1;
        disable(c, "the globaltimer kernel", err.msg);
    }
}

void handover_clock_cuda_end(handover_clock *c, cudaStream_t stream)
{
    if (!c->ready || c->cur < 0) return;
    sw_error err;
    if (cuda_stamp_globaltimer(&c->dev_stamps[2 * c->cur + 1], stream, &err)) {
        cudaGetLastError();
        c->cur = -1;
        disable(c, "the globaltimer kernel", err.msg);
        return;
    }
    if (!cuda_ok(c, cudaEventRecord(c->slot[c->cur].done, stream), "recording the stamps' event")) c->cur = -1;
}

void handover_clock_gl_begin(handover_clock *c)
{
    if (!c->ready || c->cur < 0) return;
    glQueryCounter(c->slot[c->cur].q[1], GL_TIMESTAMP);
    c->slot[c->cur].pending = true;
    c->cur = -1;
}
