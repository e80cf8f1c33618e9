/* The per-frame SAT: one buffer, three ways to fill it (see sat_frame.h). */
#include "gl/gl.h"
#include "dof/sat_frame.h"

#include <stdlib.h>
#include <string.h>

#include "gl/gl_util.h"
#include "util/clock.h"

static const char *const interop_names[SAT_INTEROP_COUNT] = {"map", "external", "auto", "vulkan"};

const char *sat_interop_name(sat_interop_mode m) { return (unsigned)m < SAT_INTEROP_COUNT ? interop_names[m] : "?"; }

int sat_interop_parse(const char *s, sat_interop_mode *out, sw_error *err)
{
    for (int i = 0; i < SAT_INTEROP_COUNT; i++)
        if (s && !strcmp(s, interop_names[i])) {
            *out = (sat_interop_mode)i;
            return 0;
        }
    return sw_fail(err, "'%s': expected map, external, auto or vulkan", s ? s : "");
}

int sat_frame_init(sat_frame *f, sw_error *err)
{
    memset(f, 0, sizeof *f);
    f->handover.work_frame = -1;
    return sat_gl_init(&f->gl, err);
}

void sat_frame_invalidate(sat_frame *f)
{
#if SCANWORKS_HAVE_CUDA
    sat_interop_release(&f->cuda);
#else
    (void)f;
#endif
}

void sat_frame_drain(sat_frame *f, gpu_timer *timer)
{
#if SCANWORKS_HAVE_CUDA
    if (f->cuda) sat_interop_drain(f->cuda, timer);
#else
    (void)f;
    (void)timer;
#endif
}

void sat_frame_collect(sat_frame *f, gpu_timer *timer, long frame)
{
#if SCANWORKS_HAVE_CUDA
    if (f->cuda) sat_interop_collect(f->cuda, timer, frame - GPU_TIMER_FRAMES_IN_FLIGHT);
#else
    (void)f;
    (void)timer;
    (void)frame;
#endif
}

void sat_frame_shutdown(sat_frame *f)
{
    sat_frame_invalidate(f);
    sat_gl_shutdown(&f->gl);
    if (f->buffer) glDeleteBuffers(1, &f->buffer);
    free(f->readback);
    free(f->cpu_in);
    free(f->cpu_out);
    memset(f, 0, sizeof *f);
}

static int ensure_size(sat_frame *f, int w, int h, sw_error *err)
{
    if (f->buffer && f->width == w && f->height == h) return 0;
    sat_frame_invalidate(f);   /* the registered buffer goes away */
    if (f->buffer) glDeleteBuffers(1, &f->buffer);
    free(f->readback);
    free(f->cpu_in);
    free(f->cpu_out);
    f->readback = NULL;
    f->cpu_in = f->cpu_out = NULL;
    f->width = f->height = 0;
    glCreateBuffers(1, &f->buffer);
    glNamedBufferStorage(f->buffer, (GLsizeiptr)w * h * 16, NULL, GL_DYNAMIC_STORAGE_BIT);
    if (gl_check("allocating the SAT buffer", err)) return -1;
    f->width = w;
    f->height = h;
    return 0;
}

static int build_cpu(sat_frame *f, GLuint color_tex, int w, int h, float scale, gpu_timer *timer, sw_error *err)
{
    size_t n = (size_t)w * h;
    if (!f->readback) {
        f->readback = sw_malloc(n * 4 * sizeof(float), "SAT readback", err);
        f->cpu_in = f->readback ? sw_malloc(n * 16, "SAT input", err) : NULL;
        f->cpu_out = f->cpu_in ? sw_malloc(n * 16, "SAT output", err) : NULL;
        if (!f->cpu_out) return -1;
    }
    if (timer) gpu_timer_end(timer);
    double t0 = sw_clock_ms();
    glGetTextureImage(color_tex, 0, GL_RGBA, GL_FLOAT, (GLsizei)(n * 16), f->readback);
    for (size_t i = 0; i < n * 4; i++) {
        float v = f->readback[i] * scale + 0.5f;
        f->cpu_in[i] = !(v > 0.0f) ? 0u : v >= (float)SAT_MAX_VALUE ? SAT_MAX_VALUE : (uint32_t)v;
    }
    sat_cpu_rgba(f->cpu_in, w, h, f->cpu_out);
    glNamedBufferSubData(f->buffer, 0, (GLsizeiptr)(n * 16), f->cpu_out);
    if (timer) gpu_timer_add(timer, "sat cpu (wall)", sw_clock_ms() - t0);
    return gl_check("building the SAT (cpu)", err);
}

int sat_frame_build(sat_frame *f, prim_backend b, sat_variant v, GLuint color_tex, int w, int h, float scale,
                    float alpha, const sat_cuda_gather *gather, gpu_timer *timer, sw_error *err)
{
    if (sat_frame_start(f, b, v, color_tex, w, h, scale, alpha, gather, timer, err)) return -1;
    return sat_frame_finish(f, timer, err);
}

int sat_frame_finish(sat_frame *f, gpu_timer *timer, sw_error *err)
{
#if SCANWORKS_HAVE_CUDA
    if (f->cuda) {
        if (timer) gpu_timer_end(timer);   /* GL's stage before the unmap ends there */
        return sat_interop_finish(f->cuda, &f->handover, timer, err);
    }
#else
    (void)f;
    (void)timer;
    (void)err;
#endif
    return 0;
}

int sat_frame_start(sat_frame *f, prim_backend b, sat_variant v, GLuint color_tex, int w, int h, float scale,
                    float alpha, const sat_cuda_gather *gather, gpu_timer *timer, sw_error *err)
{
    if (gather && b != PRIM_CUDA) return sw_fail(err, "the cuda gather needs the cuda SAT backend");
    if (ensure_size(f, w, h, err)) return -1;
    switch (b) {
    case PRIM_CPU: return build_cpu(f, color_tex, w, h, scale, timer, err);
    case PRIM_GL: return sat_gl_build(&f->gl, v, color_tex, 0, scale, f->buffer, w, h, timer, err);
    case PRIM_CUDA:
#if SCANWORKS_HAVE_CUDA
        if (timer) gpu_timer_end(timer);
        return sat_interop_start(&f->cuda, v, color_tex, f->buffer, w, h, scale, alpha, gather, &f->handover, timer,
                                 err);
#else
        (void)alpha;
        return sw_fail(err, "this build has no CUDA backend");
#endif
    default: return sw_fail(err, "SAT: invalid backend");
    }
}
