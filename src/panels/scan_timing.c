#include "panels/scan_timing.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "panels/panel_cuda_span.h"
#include "panels/panel_text.h"
#include "prim/scan.h"
#include "prim/scan_gl.h"
#include "util/clock.h"

#define MEASURE_EVERY 0.5
#define MEASURE_STEPS 30   /* frames: at 60 fps about MEASURE_EVERY */
#define MIN_LOG2 10
#define MAX_LOG2 24
#define MAX_CUDA 12
#define STATUS_LEN 64

typedef struct timing {
    double ms;              /* latest time, < 0 when none yet */
    long measured;          /* data version it was measured on */
    long checked;           /* data version its result was checked on (-1: not yet) */
    bool ok;
    bool failed;            /* the backend refused: status says why; retried on a change */
    bool over_limit;        /* failed because n is over the variant's limit (not an error) */
    double next;            /* earliest time of the next measurement */
    long next_step;         /* or this step of the panel, whichever comes first (cuda rows) */
    char status[STATUS_LEN];
} timing;

enum { ROW_CPU, ROW_GL_COMPUTE, ROW_GL_FRAGMENT, ROW_COUNT };

struct scan_timing {
    long steps;             /* scan_timing_step calls so far */
    int log2n;
    size_t n, capacity;
    int32_t *in, *cpu_out, *check;   /* host arrays of capacity elements */
    GLuint ssbo_in, ssbo_out;
    size_t ssbo_bytes;
    GLuint query;
    int gl_in_flight;       /* ROW_GL_* whose query is pending, -1 none */
    long gl_in_flight_version;
    long version;           /* bumped on every change of data or size */
    uint64_t rng;
    bool dirty;             /* a change is waiting for the worker to be idle */
    bool new_data;
    timing rows[ROW_COUNT];
    timing cuda[MAX_CUDA];
    int cuda_count, cuda_next;
    bool cuda_turn;         /* GL did GPU work last frame: CUDA goes first this one */
    bool cuda_available;
    char cuda_why[256];
    /* CPU worker: one job at a time on the arrays in, cpu_out. */
    pthread_t worker;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    bool worker_started, job, job_done, quit;
    size_t job_n;
    long job_version;
    double job_ms;
};

static const char *const row_names[ROW_COUNT] = {"CPU sequential", "GL compute", "GL fragment"};

static double now_s(void) { return sw_clock_ms() * 1e-3; }

static scan_desc desc_of(const char *algo)
{
    scan_desc d = {SCAN_I32, SCAN_ADD, SCAN_EXCLUSIVE, algo};
    return d;
}

static void *cpu_worker(void *arg)
{
    scan_timing *s = arg;
    pthread_mutex_lock(&s->mu);
    for (;;) {
        while (!s->job && !s->quit) pthread_cond_wait(&s->cv, &s->mu);
        if (s->quit) break;
        size_t n = s->job_n;
        pthread_mutex_unlock(&s->mu);
        scan_desc d = desc_of("sequential");
        double t0 = now_s();
        scan_cpu_host(&d, s->in, s->cpu_out, n, NULL);
        double ms = (now_s() - t0) * 1e3;
        pthread_mutex_lock(&s->mu);
        s->job_ms = ms;
        s->job = false;
        s->job_done = true;
    }
    pthread_mutex_unlock(&s->mu);
    return NULL;
}

static void reset_timing(timing *t)
{
    t->measured = t->checked = -1;
    t->failed = t->over_limit = false;
    t->next = 0;
    t->next_step = 0;
    t->status[0] = 0;
}

/* Applies a pending change (size or data); only while the worker is idle. */
static int apply_change(scan_timing *s, sw_error *err)
{
    size_t n = (size_t)1 << s->log2n;
    if (n > s->capacity) {
        free(s->in);
        free(s->cpu_out);
        free(s->check);
        s->in = sw_malloc(n * 4, "scan panel input", err);
        s->cpu_out = s->in ? sw_malloc(n * 4, "scan panel CPU result", err) : NULL;
        s->check = s->cpu_out ? sw_malloc(n * 4, "scan panel check copy", err) : NULL;
        if (!s->check) {
            s->capacity = 0;
            return -1;
        }
        s->capacity = n;
        s->new_data = true;
    }
    if (s->new_data || s->n != n)
        for (size_t i = 0; i < n; i++) {
            uint64_t z = (s->rng += 0x9E3779B97F4A7C15ull);
            z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
            s->in[i] = (int32_t)(uint32_t)(z ^ (z >> 27));
        }
    s->n = n;
    s->new_data = false;
    size_t bytes = n * 4;
    if (bytes > s->ssbo_bytes) {
        glNamedBufferData(s->ssbo_in, (GLsizeiptr)bytes, NULL, GL_DYNAMIC_COPY);
        glNamedBufferData(s->ssbo_out, (GLsizeiptr)bytes, NULL, GL_DYNAMIC_COPY);
        s->ssbo_bytes = bytes;
    }
    glNamedBufferSubData(s->ssbo_in, 0, (GLsizeiptr)bytes, s->in);
    if (gl_check("scan panel: uploading the array", err)) {
        s->ssbo_bytes = 0;
        return -1;
    }
    s->version++;
    for (int i = 0; i < ROW_COUNT; i++) reset_timing(&s->rows[i]);
    for (int i = 0; i < s->cuda_count; i++) reset_timing(&s->cuda[i]);
    s->dirty = false;
    return 0;
}

int scan_timing_create(scan_timing **out, const cuda_device_info *cuda, sw_error *err)
{
    *out = NULL;
    scan_timing *s = sw_calloc(1, sizeof *s, "scan panel timing", err);
    if (!s) return -1;
    s->log2n = 20;
    s->rng = 2026;
    s->gl_in_flight = -1;
    s->new_data = true;
    for (int i = 0; i < ROW_COUNT; i++) s->rows[i].ms = -1;
    const char *why = "";
    s->cuda_available = cuda && cuda->available && prim_cuda_available(&why);
    snprintf(s->cuda_why, sizeof s->cuda_why, "%s", cuda && !cuda->available ? cuda->why_unavailable : why);
    for (int i = 0; s->cuda_available && scan_cuda_algorithms[i] && i < MAX_CUDA; i++) {
        s->cuda[i].ms = -1;
        s->cuda_count++;
    }
    glCreateBuffers(1, &s->ssbo_in);
    glCreateBuffers(1, &s->ssbo_out);
    glGenQueries(1, &s->query);
    pthread_mutex_init(&s->mu, NULL);
    pthread_cond_init(&s->cv, NULL);
    if (pthread_create(&s->worker, NULL, cpu_worker, s)) {
        scan_timing_destroy(s);
        return sw_fail(err, "cannot start the CPU scan thread");
    }
    s->worker_started = true;
    if (apply_change(s, err)) {
        scan_timing_destroy(s);
        return -1;
    }
    *out = s;
    return 0;
}

void scan_timing_destroy(scan_timing *s)
{
    if (!s) return;
    if (s->worker_started) {
        pthread_mutex_lock(&s->mu);
        s->quit = true;
        pthread_cond_signal(&s->cv);
        pthread_mutex_unlock(&s->mu);
        pthread_join(s->worker, NULL);
    }
    pthread_mutex_destroy(&s->mu);
    pthread_cond_destroy(&s->cv);
    glDeleteBuffers(1, &s->ssbo_in);
    glDeleteBuffers(1, &s->ssbo_out);
    glDeleteQueries(1, &s->query);
    scan_gl_shutdown();
    free(s->in);
    free(s->cpu_out);
    free(s->check);
    free(s);
}

/* Whether T's latest result can be checked now: the CPU result is of the current data
 * and the worker is not rewriting it (only this thread starts jobs, so it stays idle). */
static bool can_check(scan_timing *s, const timing *t)
{
    if (s->rows[ROW_CPU].measured != s->version || t->measured != s->version || t->checked == s->version)
        return false;
    pthread_mutex_lock(&s->mu);
    bool busy = s->job;
    pthread_mutex_unlock(&s->mu);
    return !busy;
}

static void check_against_cpu(scan_timing *s, timing *t, const int32_t *result)
{
    if (!can_check(s, t)) return;
    t->ok = !memcmp(s->cpu_out, result, s->n * 4);
    t->checked = s->version;
}

static void poll_cpu(scan_timing *s, double now)
{
    pthread_mutex_lock(&s->mu);
    bool busy = s->job;
    if (s->job_done) {
        s->job_done = false;
        timing *t = &s->rows[ROW_CPU];
        if (s->job_version == s->version) {
            t->ms = s->job_ms;
            t->measured = t->checked = s->version;
            t->ok = true;
        }
        t->next = now + MEASURE_EVERY;
    }
    if (!busy && s->dirty) {
        pthread_mutex_unlock(&s->mu);
        sw_error err;
        if (apply_change(s, &err)) snprintf(s->rows[ROW_CPU].status, STATUS_LEN, "%.63s", err.msg);
        return;
    }
    if (!busy && s->capacity && now >= s->rows[ROW_CPU].next) {
        s->job_n = s->n;
        s->job_version = s->version;
        s->job = true;
        s->rows[ROW_CPU].next = now + 1e9;   /* set again when the job is done */
        pthread_cond_signal(&s->cv);
    }
    pthread_mutex_unlock(&s->mu);
}

/* Reads a finished GL timer query, checks that run's result, or starts the next run. */
static bool step_gl(scan_timing *s, double now)
{
    if (s->gl_in_flight >= 0) {
        GLint ready = 0;
        glGetQueryObjectiv(s->query, GL_QUERY_RESULT_AVAILABLE, &ready);
        if (!ready) return false;
        GLuint64 ns = 0;
        glGetQueryObjectui64v(s->query, GL_QUERY_RESULT, &ns);
        timing *t = &s->rows[s->gl_in_flight];
        s->gl_in_flight = -1;
        t->next = now + MEASURE_EVERY;
        if (s->gl_in_flight_version != s->version) return false;
        t->ms = (double)ns * 1e-6;
        t->measured = s->version;
        if (can_check(s, t)) {
            glGetNamedBufferSubData(s->ssbo_out, 0, (GLsizeiptr)(s->n * 4), s->check);
            check_against_cpu(s, t, s->check);
        }
        return true;
    }
    if (s->dirty) return false;
    for (int r = ROW_GL_COMPUTE; r <= ROW_GL_FRAGMENT; r++) {
        timing *t = &s->rows[r];
        if (t->failed || now < t->next) continue;
        scan_desc d = desc_of(r == ROW_GL_COMPUTE ? "compute" : "fragment");
        sw_error err;
        glBeginQuery(GL_TIME_ELAPSED, s->query);
        int rc = scan_gl_buffer(&d, s->ssbo_in, s->ssbo_out, s->n, &err);
        glEndQuery(GL_TIME_ELAPSED);
        if (rc) {
            t->failed = true;
            snprintf(t->status, STATUS_LEN, "%.63s", err.msg);
            continue;
        }
        s->gl_in_flight = r;
        s->gl_in_flight_version = s->version;
        return true;
    }
    return false;
}

/* Runs the next CUDA variant that is due; returns whether one ran. */
static bool step_cuda(scan_timing *s, double now, gpu_timer *timer)
{
    if (!s->cuda_available || s->dirty) return false;
    for (int k = 0; k < s->cuda_count; k++) {
        int i = (s->cuda_next + k) % s->cuda_count;
        timing *t = &s->cuda[i];
        /* due after MEASURE_EVERY seconds or MEASURE_STEPS frames: a fast headless run
         * (hundreds of frames a second) measures too, not only a window's clock */
        if (t->failed || (now < t->next && s->steps < t->next_step)) continue;
        scan_desc d = desc_of(scan_cuda_algorithms[i]);
        size_t limit = scan_max_elements(PRIM_CUDA, d.algo, d.type);
        if (s->n > limit) {   /* a one-block variant: not an error, a limit */
            t->failed = true;
            t->over_limit = true;
            snprintf(t->status, STATUS_LEN, "one block: n <= %zu", limit);
            continue;
        }
        s->cuda_next = i + 1;
        sw_error err;
        double ms = 0, call_ms = 0;
        panel_cuda_span span;
        panel_cuda_span_begin(&span);
        int rc = scan_host_cuda_timed(&d, s->in, s->check, s->n, &ms, &err);
        if (panel_cuda_span_end(&span, &call_ms) == 0) gpu_timer_add(timer, "scan bars (cuda)", call_ms);
        t->next = now_s() + MEASURE_EVERY;
        t->next_step = s->steps + MEASURE_STEPS;
        if (rc) {
            t->failed = true;
            snprintf(t->status, STATUS_LEN, "%.63s", err.msg);
        } else {
            t->ms = ms;
            t->measured = s->version;
            check_against_cpu(s, t, s->check);
        }
        return true;   /* one CUDA run per frame */
    }
    return false;
}

void scan_timing_step(scan_timing *s, gpu_timer *timer)
{
    double now = now_s();
    s->steps++;
    poll_cpu(s, now);
    if (!s->capacity) return;
    /* One GPU step a frame, GL and CUDA taking turns while both have work due: when a
     * frame takes over a quarter of MEASURE_EVERY (a headless run writing every frame,
     * a slow machine), GL always has a run to start or a result to read, and CUDA going
     * first only when GL had nothing to do would never run. */
    if (s->cuda_turn && step_cuda(s, now, timer)) {
        s->cuda_turn = false;
        return;
    }
    if (step_gl(s, now)) {
        s->cuda_turn = true;
        return;
    }
    if (!s->cuda_turn) step_cuda(s, now, timer);
}

void scan_timing_resize(scan_timing *s, int delta)
{
    int l = s->log2n + delta;
    if (l < MIN_LOG2 || l > MAX_LOG2) return;
    s->log2n = l;
    s->dirty = true;
}

void scan_timing_new_data(scan_timing *s)
{
    s->new_data = true;
    s->dirty = true;
}

int scan_timing_rows(const scan_timing *s) { return 1 + ROW_COUNT + (s->cuda_available && s->cuda_count ? 1 : 0); }

static const unsigned char GREEN[4] = {110, 220, 120, 255}, RED[4] = {255, 90, 80, 255},
                           BARS[3][4] = {{120, 160, 230, 230}, {240, 170, 60, 230}, {110, 210, 140, 230}};

typedef struct bar_layout {
    float x, label_w, bar_w, time_w, px;
    double max_ms;
} bar_layout;

/* One row: label, a bar whose length is the time on a log scale from 1 us to the
 * largest time shown, the time and OK/MISMATCH. */
static void draw_row(const panel_frame *f, const bar_layout *b, float y, const char *label, const timing *t,
                     const unsigned char *color, bool reference)
{
    panel_print_fit(f, b->x, y, b->px, b->label_w - 4, label, PANEL_TEXT);
    char line[96];
    float bx = b->x + b->label_w;
    if (t->failed || t->ms < 0) {
        snprintf(line, sizeof line, "%s", t->failed ? t->status : "measuring...");
        panel_print_fit(f, bx, y, b->px, b->bar_w + b->time_w, line, t->failed && !t->over_limit ? RED : PANEL_DIM);
        return;
    }
    double span = log10(b->max_ms / 1e-3);
    float len = span > 0 ? (float)(log10(fmax(t->ms, 1e-3) / 1e-3) / span) * b->bar_w : b->bar_w;
    panel_rect(f, bx, y + b->px * 0.15f, len < 2 ? 2 : len, b->px * 0.8f, color);
    const char *verdict = reference ? "ref"
                          : t->checked == t->measured && t->measured >= 0 ? (t->ok ? "OK" : "MISMATCH") : "";
    snprintf(line, sizeof line, "%.3f ms %s", t->ms, verdict);
    panel_print_fit(f, bx + b->bar_w + 4, y, b->px, b->time_w - 4, line, reference || t->ok ? GREEN : RED);
}

void scan_timing_draw(scan_timing *s, const panel_frame *f, float x, float y, float w, float h, float px, bool ladder)
{
    float lh = panel_line(px), bottom = y + h;
    bar_layout b = {x, 0, 0, 0, px, 1e-3};
    b.time_w = panel_text_w("0000.000 ms MISMATCH", px) + 4;
    b.label_w = fminf(panel_text_w("CPU sequential", px) + 6, w * 0.34f);
    b.bar_w = w - b.label_w - b.time_w;
    if (b.bar_w < 10) {   /* too narrow for bars: times only */
        b.time_w += b.bar_w - 10;
        b.bar_w = 10;
    }
    for (int i = 0; i < ROW_COUNT; i++) b.max_ms = fmax(b.max_ms, s->rows[i].ms);
    for (int i = 0; i < s->cuda_count; i++) b.max_ms = fmax(b.max_ms, s->cuda[i].ms);
    char line[200];
    snprintf(line, sizeof line, "the same scan timed live: 2^%d int32 add, exclusive%s ([ ] size, log scale)", s->log2n,
             s->dirty ? " (changing)" : "");
    panel_print_fit(f, x, y, px, w, line, PANEL_DIM);
    y += lh;
    for (int i = 0; i < ROW_COUNT && y + lh <= bottom; i++, y += lh)
        draw_row(f, &b, y, row_names[i], &s->rows[i], BARS[i == 0 ? 0 : 1], i == ROW_CPU);
    if (!s->cuda_available) {
        snprintf(line, sizeof line, "CUDA: %.190s", s->cuda_why);
        if (y + lh <= bottom) panel_print_fit(f, x, y, px, w, line, PANEL_DIM);
        return;
    }
    if (s->cuda_count && y + lh <= bottom) {
        snprintf(line, sizeof line, "CUDA %s", scan_cuda_algorithms[0]);
        draw_row(f, &b, y, line, &s->cuda[0], BARS[2], false);
        y += lh;
    }
    if (!ladder || y + 2 * lh > bottom) return;
    panel_print_fit(f, x, y, px, w, "CUDA variants, down to the naive scan: the scan's time on the device", PANEL_DIM);
    y += lh;
    for (int i = 1; i < s->cuda_count && y + lh <= bottom; i++, y += lh)
        draw_row(f, &b, y, scan_cuda_algorithms[i], &s->cuda[i], BARS[2], false);
}
