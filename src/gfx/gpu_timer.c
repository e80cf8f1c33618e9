#include "gfx/gpu_timer.h"

#include <string.h>

void gpu_timer_init(gpu_timer *t)
{
    memset(t, 0, sizeof *t);
    for (int s = 0; s < GPU_TIMER_FRAMES_IN_FLIGHT; s++)
        glGenQueries(GPU_TIMER_MAX_STAGES * 2, &t->slots[s].queries[0][0]);
    t->current = -1;
    t->open_stage = -1;
    t->last_read = -1;
}

void gpu_timer_shutdown(gpu_timer *t)
{
    for (int s = 0; s < GPU_TIMER_FRAMES_IN_FLIGHT; s++)
        glDeleteQueries(GPU_TIMER_MAX_STAGES * 2, &t->slots[s].queries[0][0]);
    memset(t, 0, sizeof *t);
}

static void read_slot(gpu_timer *t, gpu_timer_slot *s, gpu_frame_times *out)
{
    memset(out, 0, sizeof *out);
    out->frame = s->frame;
    out->count = s->count;
    GLuint64 first = 0, last = 0;
    for (int i = 0; i < s->count; i++) {
        out->names[i] = s->names[i];
        out->is_gl[i] = s->is_gl[i];
        if (s->is_gl[i]) {
            GLuint64 a = 0, b = 0;
            glGetQueryObjectui64v(s->queries[i][0], GL_QUERY_RESULT, &a);
            glGetQueryObjectui64v(s->queries[i][1], GL_QUERY_RESULT, &b);
            out->ms[i] = b > a ? (double)(b - a) * 1e-6 : 0.0;
            out->gl_busy_ms += out->ms[i];
            if (!first || a < first) first = a;
            if (b > last) last = b;
        } else {
            out->ms[i] = s->external_ms[i];
        }
    }
    out->total_ms = last > first ? (double)(last - first) * 1e-6 : 0.0;
    out->end_ns = last;
    out->period_ms = t->last_read >= 0 && s->frame == t->last_read + 1 && last > t->last_end_ns && t->last_end_ns
                         ? (double)(last - t->last_end_ns) * 1e-6
                         : 0.0;
    t->last_read = s->frame;
    t->last_end_ns = last;
    out->metric_count = s->metric_count;
    for (int i = 0; i < s->metric_count; i++) {
        out->metric_names[i] = s->metric_names[i];
        out->metrics[i] = s->metrics[i];
    }
    s->pending = false;
    /* Smooth for the HUD: exponential average by stage position. */
    for (int i = 0; i < out->count; i++) {
        bool same = t->has_latest && i < t->latest.count && t->latest.names[i] == out->names[i];
        t->smoothed_ms[i] = same ? 0.9 * t->smoothed_ms[i] + 0.1 * out->ms[i] : out->ms[i];
    }
    t->latest = *out;
    t->has_latest = true;
}

bool gpu_timer_begin_frame(gpu_timer *t, long frame, gpu_frame_times *completed)
{
    t->current = (int)(frame % GPU_TIMER_FRAMES_IN_FLIGHT);
    t->frame = frame;
    gpu_timer_slot *s = &t->slots[t->current];
    bool got = false;
    if (s->pending) {
        gpu_frame_times tmp;
        read_slot(t, s, completed ? completed : &tmp);
        got = completed != NULL;
    }
    s->frame = frame;
    s->count = 0;
    s->metric_count = 0;
    s->pending = true;
    t->open_stage = -1;
    return got;
}

void gpu_timer_begin(gpu_timer *t, const char *stage)
{
    if (t->current < 0) return;
    gpu_timer_slot *s = &t->slots[t->current];
    if (t->open_stage >= 0) gpu_timer_end(t);
    if (s->count >= GPU_TIMER_MAX_STAGES) return;
    int i = s->count++;
    s->names[i] = stage;
    s->is_gl[i] = true;
    glQueryCounter(s->queries[i][0], GL_TIMESTAMP);
    t->open_stage = i;
}

void gpu_timer_end(gpu_timer *t)
{
    if (t->current < 0 || t->open_stage < 0) return;
    glQueryCounter(t->slots[t->current].queries[t->open_stage][1], GL_TIMESTAMP);
    t->open_stage = -1;
}

void gpu_timer_add(gpu_timer *t, const char *stage, double ms)
{
    if (t->current >= 0) gpu_timer_add_to(t, t->frame, stage, ms);
}

bool gpu_timer_add_to(gpu_timer *t, long frame, const char *stage, double ms)
{
    if (frame < 0) return false;
    gpu_timer_slot *s = &t->slots[frame % GPU_TIMER_FRAMES_IN_FLIGHT];
    if (!s->pending || s->frame != frame || s->count >= GPU_TIMER_MAX_STAGES) return false;
    int i = s->count++;
    s->names[i] = stage;
    s->is_gl[i] = false;
    s->external_ms[i] = ms;
    return true;
}

void gpu_timer_end_frame(gpu_timer *t)
{
    gpu_timer_end(t);
    t->current = -1;
}

void gpu_timer_flush(gpu_timer *t, void (*fn)(const gpu_frame_times *, void *), void *user)
{
    for (long f = t->frame - GPU_TIMER_FRAMES_IN_FLIGHT + 1; f <= t->frame; f++) {
        if (f < 0) continue;
        gpu_timer_slot *s = &t->slots[f % GPU_TIMER_FRAMES_IN_FLIGHT];
        if (!s->pending || s->frame != f) continue;
        gpu_frame_times out;
        read_slot(t, s, &out);
        if (fn) fn(&out, user);
    }
}

bool gpu_timer_set_metric(gpu_timer *t, long frame, const char *name, double value)
{
    if (frame < 0) return false;
    gpu_timer_slot *s = &t->slots[frame % GPU_TIMER_FRAMES_IN_FLIGHT];
    if (!s->pending || s->frame != frame) return false;
    int i = 0;
    while (i < s->metric_count && strcmp(s->metric_names[i], name)) i++;
    if (i == GPU_TIMER_MAX_METRICS) return false;
    if (i == s->metric_count) s->metric_names[s->metric_count++] = name;
    s->metrics[i] = value;
    return true;
}

bool gpu_frame_metric(const gpu_frame_times *f, const char *name, double *value)
{
    for (int i = 0; i < f->metric_count; i++)
        if (!strcmp(f->metric_names[i], name)) {
            *value = f->metrics[i];
            return true;
        }
    return false;
}
