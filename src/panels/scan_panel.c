/* The scan panel: CPU, OpenGL and CUDA scans of the same array, timed live and drawn
 * as horizontal bars (the chapter's Figure 39-7, live), with the ladder of CUDA
 * variants under them (Figure 39-8). Every result is checked against the CPU one.
 *
 * It must not stall the scene: each backend is measured at most every MEASURE_EVERY
 * seconds, at most one GPU measurement starts per frame, the CPU scan (tens of ms at
 * 2^24) runs on a worker thread, GL times come from a timer query read when ready,
 * and arrays and buffers are kept between measurements. The only synchronous steps
 * are the read-backs for checking (once per change of data) and the CUDA calls,
 * which copy the array both ways; their bars are the scan's own device time (the
 * fastest of three runs between CUDA events after a warm-up, so that the GPU's switch
 * from the frame's GL work is not counted), as the chapter's Figure 39-8 compares
 * kernels. The one-block teaching variants say so when the array is over their limit. */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include "panels/panel.h"
#include "prim/scan.h"
#include "prim/scan_gl.h"
#include "util/clock.h"

#define MEASURE_EVERY 0.5
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
    char status[STATUS_LEN];
} timing;

enum { ROW_CPU, ROW_GL_COMPUTE, ROW_GL_FRAGMENT, ROW_COUNT };

typedef struct scan_panel {
    int log2n, config;
    size_t n, capacity;
    unsigned char *in, *cpu_out, *check;   /* host arrays, capacity * 8 bytes each */
    GLuint ssbo_in, ssbo_out;
    size_t ssbo_bytes;
    GLuint query;
    int gl_in_flight;       /* ROW_GL_* whose query is pending, -1 none */
    long gl_in_flight_version;
    long version;           /* bumped on every change of data, size or operator */
    uint64_t rng;
    bool dirty;             /* a change is waiting for the worker to be idle */
    bool new_data;
    timing rows[ROW_COUNT];
    timing cuda[MAX_CUDA];
    int cuda_count, cuda_next;
    int cuda_pick;          /* the variant shown beside CPU and GL (key C) */
    bool cuda_turn;         /* GL did GPU work last frame: CUDA goes first this one */
    bool cuda_available;
    char cuda_why[256];
    /* CPU worker: one job at a time on the arrays in, cpu_out. */
    pthread_t worker;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    bool worker_started, job, job_done, quit;
    scan_desc job_desc;
    size_t job_n;
    long job_version;
    double job_ms;
} scan_panel;

/* The operator/type pairs N cycles through. */
static const struct { scan_type t; scan_op op; } configs[] = {
    {SCAN_I32, SCAN_ADD}, {SCAN_F32, SCAN_ADD}, {SCAN_U32, SCAN_ADD}, {SCAN_I64, SCAN_ADD},
    {SCAN_I32, SCAN_MAX}, {SCAN_F32, SCAN_MAX}, {SCAN_U32, SCAN_MIN}, {SCAN_I64, SCAN_MIN},
};
enum { CONFIG_COUNT = sizeof configs / sizeof configs[0] };
static const char *const row_names[ROW_COUNT] = {"CPU sequential", "GL compute", "GL fragment (ch.39)"};

static double now_s(void) { return sw_clock_ms() * 1e-3; }

static scan_desc desc_of(const scan_panel *s, const char *algo)
{
    scan_desc d = {configs[s->config].t, configs[s->config].op, SCAN_EXCLUSIVE, algo};
    return d;
}

static void *cpu_worker(void *arg)
{
    scan_panel *s = arg;
    pthread_mutex_lock(&s->mu);
    for (;;) {
        while (!s->job && !s->quit) pthread_cond_wait(&s->cv, &s->mu);
        if (s->quit) break;
        scan_desc d = s->job_desc;
        size_t n = s->job_n;
        pthread_mutex_unlock(&s->mu);
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
    t->status[0] = 0;
}

/* Applies a pending change (size, data or operator); only while the worker is idle. */
static int apply_change(scan_panel *s, sw_error *err)
{
    size_t n = (size_t)1 << s->log2n;
    if (n > s->capacity) {
        free(s->in);
        free(s->cpu_out);
        free(s->check);
        s->in = sw_malloc(n * 8, "scan panel input", err);
        s->cpu_out = s->in ? sw_malloc(n * 8, "scan panel CPU result", err) : NULL;
        s->check = s->cpu_out ? sw_malloc(n * 8, "scan panel check copy", err) : NULL;
        if (!s->check) {
            s->capacity = 0;
            return -1;
        }
        s->capacity = n;
        s->new_data = true;
    }
    if (s->new_data || s->n != n) {
        /* Random 64-bit words: every type reads them as its own values. Floats keep to
         * small integers so that max/min and add behave like the chapter's data. */
        uint64_t *w = (uint64_t *)s->in;
        for (size_t i = 0; i < n; i++) {
            uint64_t z = (s->rng += 0x9E3779B97F4A7C15ull);
            z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
            w[i] = z ^ (z >> 27);
        }
    }
    s->n = n;
    s->new_data = false;
    if (configs[s->config].t == SCAN_F32) {
        float *f = (float *)s->in;
        const uint32_t *u = (const uint32_t *)s->in;
        for (size_t i = 0; i < n; i++) f[i] = (float)(int)(u[i] % 17u) - 8.0f;
    }
    size_t bytes = n * scan_type_size(configs[s->config].t);
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

static void scan_panel_shutdown(void *state);

static int scan_panel_init(void **state, const cuda_device_info *cuda, sw_error *err)
{
    scan_panel *s = sw_calloc(1, sizeof *s, "scan panel", err);
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
        free(s);
        return sw_fail(err, "cannot start the CPU scan thread");
    }
    s->worker_started = true;
    if (apply_change(s, err)) {
        scan_panel_shutdown(s);
        return -1;
    }
    *state = s;
    return 0;
}

/* Whether two results of the same scan agree: bit for bit for integers and max/min;
 * for float32 add each within the bound of docs/perf.md of the exact prefix, so at
 * most twice the bound apart. */
static bool same_result(const scan_desc *d, const void *in, const void *a, const void *b, size_t n)
{
    if (d->type != SCAN_F32 || d->op != SCAN_ADD) return !memcmp(a, b, n * scan_type_size(d->type));
    const float *x = in, *fa = a, *fb = b;
    double abs_prefix = 0, u = ldexp(1.0, -24);
    for (size_t i = 0; i < n; i++) {
        double k = (double)i;
        if (fabs((double)fa[i] - (double)fb[i]) > 2 * k * u / (1 - k * u) * abs_prefix) return false;
        abs_prefix += fabs((double)x[i]);
    }
    return true;
}

/* Whether T's latest result can be checked now: the CPU result is of the current data
 * and the worker is not rewriting it (only this thread starts jobs, so it stays idle). */
static bool can_check(scan_panel *s, const timing *t)
{
    if (s->rows[ROW_CPU].measured != s->version || t->measured != s->version || t->checked == s->version)
        return false;
    pthread_mutex_lock(&s->mu);
    bool busy = s->job;
    pthread_mutex_unlock(&s->mu);
    return !busy;
}

static void check_against_cpu(scan_panel *s, timing *t, const void *result)
{
    if (!can_check(s, t)) return;
    scan_desc d = desc_of(s, NULL);
    t->ok = same_result(&d, s->in, s->cpu_out, result, s->n);
    t->checked = s->version;
}

static void poll_cpu(scan_panel *s, double now)
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
        s->job_desc = desc_of(s, "sequential");
        s->job_n = s->n;
        s->job_version = s->version;
        s->job = true;
        s->rows[ROW_CPU].next = now + 1e9;   /* set again when the job is done */
        pthread_cond_signal(&s->cv);
    }
    pthread_mutex_unlock(&s->mu);
}

/* Reads a finished GL timer query, checks that run's result, or starts the next run. */
static bool step_gl(scan_panel *s, double now)
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
            glGetNamedBufferSubData(s->ssbo_out, 0, (GLsizeiptr)(s->n * scan_type_size(desc_of(s, NULL).type)),
                                    s->check);
            check_against_cpu(s, t, s->check);
        }
        return true;
    }
    if (s->dirty) return false;
    for (int r = ROW_GL_COMPUTE; r <= ROW_GL_FRAGMENT; r++) {
        timing *t = &s->rows[r];
        if (t->failed || now < t->next) continue;
        scan_desc d = desc_of(s, r == ROW_GL_COMPUTE ? "compute" : "fragment");
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
static bool step_cuda(scan_panel *s, double now)
{
    if (!s->cuda_available || s->dirty) return false;
    for (int k = 0; k < s->cuda_count; k++) {
        int i = (s->cuda_next + k) % s->cuda_count;
        timing *t = &s->cuda[i];
        if (t->failed || now < t->next) continue;
        scan_desc d = desc_of(s, scan_cuda_algorithms[i]);
        size_t limit = scan_max_elements(PRIM_CUDA, d.algo, d.type);
        if (s->n > limit) {   /* a one-block variant: not an error, a limit */
            t->failed = true;
            t->over_limit = true;
            snprintf(t->status, STATUS_LEN, "one block: n <= %zu", limit);
            continue;
        }
        s->cuda_next = i + 1;
        sw_error err;
        double ms = 0;
        int rc = scan_host_cuda_timed(&d, s->in, s->check, s->n, &ms, &err);
        t->next = now_s() + MEASURE_EVERY;
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

static void scan_panel_step(void *state, const panel_frame *f)
{
    scan_panel *s = state;
    double now = now_s();
    poll_cpu(s, now);
    if (!s->capacity) return;
    /* One GPU step a frame, GL and CUDA taking turns while both have work due: when a
     * frame takes over a quarter of MEASURE_EVERY (a headless run writing every frame,
     * a slow machine), GL always has a run to start or a result to read, and CUDA went
     * first only when GL had nothing to do, so it never ran. */
    if (s->cuda_turn && step_cuda(s, now)) {
        s->cuda_turn = false;
        return;
    }
    if (step_gl(s, now)) {
        s->cuda_turn = true;
        return;
    }
    if (!s->cuda_turn) step_cuda(s, now);
}

static bool scan_panel_key(void *state, int key, int mods)
{
    scan_panel *s = state;
    (void)mods;
    switch (key) {
    case GLFW_KEY_LEFT_BRACKET:
        if (s->log2n > MIN_LOG2) s->log2n--;
        break;
    case GLFW_KEY_RIGHT_BRACKET:
        if (s->log2n < MAX_LOG2) s->log2n++;
        break;
    case GLFW_KEY_N: s->config = (s->config + 1) % CONFIG_COUNT; break;
    case GLFW_KEY_R: s->new_data = true; break;
    case GLFW_KEY_C:   /* which CUDA variant sits beside CPU and GL: no new measurement */
        if (s->cuda_count) s->cuda_pick = (s->cuda_pick + 1) % s->cuda_count;
        return true;
    default: return false;
    }
    s->dirty = true;
    return true;
}

static const unsigned char WHITE[4] = {235, 235, 235, 255}, DIM[4] = {160, 170, 185, 255},
                           GREEN[4] = {110, 220, 120, 255}, RED[4] = {255, 90, 80, 255},
                           BARS[3][4] = {{120, 160, 230, 230}, {240, 170, 60, 230}, {110, 210, 140, 230}};

typedef struct bar_layout {
    float x, label_w, bar_w, scale;
    double max_ms;
} bar_layout;

/* One row: label, a bar whose length is the time on a log scale from 1 us to the
 * largest time shown, the time and OK/MISMATCH. */
static void draw_row(const panel_frame *f, const bar_layout *b, float y, const char *label, const timing *t,
                     const unsigned char *color, bool reference)
{
    text_print(f->text, b->x, y, b->scale, label, WHITE);
    char line[96];
    float bx = b->x + b->label_w;
    if (t->failed || t->ms < 0) {
        snprintf(line, sizeof line, "%s", t->failed ? t->status : "measuring...");
        text_print(f->text, bx, y, b->scale * 0.9f, line, t->failed && !t->over_limit ? RED : DIM);
        return;
    }
    double span = log10(b->max_ms / 1e-3);
    float len = span > 0 ? (float)(log10(fmax(t->ms, 1e-3) / 1e-3) / span) * b->bar_w : b->bar_w;
    text_rect(f->text, bx, y, len < 2 ? 2 : len, 7 * b->scale, color);
    const char *verdict = reference ? "reference"
                          : t->checked == t->measured && t->measured >= 0 ? (t->ok ? "OK" : "MISMATCH") : "";
    snprintf(line, sizeof line, "%.3f ms", t->ms);
    text_print(f->text, bx + len + 4, y, b->scale, line, WHITE);
    text_print(f->text, bx + b->bar_w + 70 * b->scale, y, b->scale, verdict, t->ok ? GREEN : RED);
}

/* Prints STR in lines that fit the panel, breaking at spaces. */
static void print_wrapped(const panel_frame *f, float x, float y, float scale, float lh, const char *str,
                          const unsigned char *color)
{
    size_t fit = (size_t)(((float)f->width - 16) / (6 * scale)), len = strlen(str);
    char line[160];
    while (len) {
        size_t take = len <= fit || fit < 8 ? len : fit;
        if (take < len)
            while (take > fit / 2 && str[take] != ' ') take--;
        snprintf(line, sizeof line, "%.*s", (int)(take < sizeof line ? take : sizeof line - 1), str);
        text_print(f->text, x, y, scale, line, color);
        str += take;
        len -= take;
        while (*str == ' ') str++, len--;
        y += lh;
    }
}

static void scan_panel_draw(void *state, const panel_frame *f)
{
    scan_panel *s = state;
    float top = (float)(f->target_height - (f->y + f->height)), scale = f->width >= 640 ? 1.5f : f->width >= 420 ? 1.25f : 1.0f;
    float lh = 11 * scale, y = top + 28;
    bar_layout b = {(float)f->x + 8, 150 * scale, 0, scale, 1e-3};
    b.bar_w = (float)f->width - b.label_w - 130 * scale - 16;
    for (int i = 0; i < ROW_COUNT; i++) b.max_ms = fmax(b.max_ms, s->rows[i].ms);
    for (int i = 0; i < s->cuda_count; i++) b.max_ms = fmax(b.max_ms, s->cuda[i].ms);

    char line[160];
    scan_desc d = desc_of(s, NULL);
    snprintf(line, sizeof line, "n = 2^%d (%zu)  %s %s, exclusive%s", s->log2n, (size_t)1 << s->log2n,
             scan_type_name(d.type), scan_op_name(d.op), s->dirty ? "  (changing...)" : "");
    text_print(f->text, b.x, y, scale, line, WHITE);
    y += lh;
    text_print(f->text, b.x, y, scale * 0.9f, "[ ] size  N type/op  R new data  C CUDA variant  (log time)", DIM);
    y += lh * 1.5f;
    text_print(f->text, b.x, y, scale, "CPU vs GL vs CUDA (Figure 39-7, live)", DIM);
    y += lh;
    for (int i = 0; i < ROW_COUNT; i++, y += lh) draw_row(f, &b, y, row_names[i], &s->rows[i], BARS[i == 0 ? 0 : 1], i == ROW_CPU);
    if (s->cuda_available && s->cuda_count) {
        snprintf(line, sizeof line, "CUDA %s", scan_cuda_algorithms[s->cuda_pick]);
        draw_row(f, &b, y, line, &s->cuda[s->cuda_pick], BARS[2], false);
        y += lh;
    }
    y += lh * 0.5f;
    if (!s->cuda_available) {
        snprintf(line, sizeof line, "CUDA: unavailable: %.120s", s->cuda_why);
        print_wrapped(f, b.x, y, scale * 0.9f, lh, line, DIM);
        return;
    }
    text_print(f->text, b.x, y, scale, "CUDA variants (Figure 39-8), scan time on the device", DIM);
    y += lh;
    for (int i = 0; i < s->cuda_count && y < top + f->height - lh; i++, y += lh) {
        snprintf(line, sizeof line, "%s %s", i == s->cuda_pick ? ">" : " ", scan_cuda_algorithms[i]);
        draw_row(f, &b, y, line, &s->cuda[i], BARS[2], false);
    }
}

static void scan_panel_shutdown(void *state)
{
    scan_panel *s = state;
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

static const panel_key_help scan_panel_keys[] = {
    {"[ ]", "array size 2^10 .. 2^24"},
    {"N", "next type / operator"},
    {"R", "new random data"},
    {"C", "next CUDA variant beside CPU and GL"},
    {NULL, NULL},
};

const panel scan_panel_def = {
    "scan", "Scan: CPU vs GL vs CUDA", scan_panel_init, scan_panel_step, scan_panel_draw, scan_panel_key,
    scan_panel_shutdown, scan_panel_keys, NULL,
};
