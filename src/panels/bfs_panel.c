/* The BFS panel: a road-like graph (a jittered grid with missing streets and a few
 * diagonals, laid out once) or an R-MAT graph in rings around its hub (N after the
 * last algorithm), drawn as points and lines; the BFS wavefront spreads one level per
 * step, the frontier in yellow. On CUDA the vertex colours are written by a
 * kernel into the GL colour buffer through interop, and the edge-parallel algorithm
 * runs one level per step; the queue-based algorithms run whole on the GPU and are
 * revealed level by level. Without CUDA a CPU BFS step does the same ("CPU fallback"). */
#include "panels/panel_cuda_span.h"
#include "panels/panel_text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/graph/bfs_colors.h"
#include "graph/csr.h"
#include "graph/graph_layout.h"
#include "graph/rmat.h"
#if SCANWORKS_HAVE_CUDA
#include "panels/bfs_panel_gpu.h"
#endif

static const int grid_sizes[][2] = {{24, 16}, {40, 28}, {64, 44}, {96, 64}, {128, 88}};
#define SIZE_COUNT 5
static const char *const gpu_algos[] = {"edge-parallel", "frontier", "direction-optimizing"};
#define FRAMES_PER_LEVEL 2

typedef struct bfs_panel {
    int size_index, algo;
    uint64_t seed;
    uint32_t source;
    graph_csr g;
    int32_t *levels;          /* host levels: the CPU fallback's, or a whole GPU run's */
    uint32_t *queue, *colors;
    float *pos;               /* layout, 2 floats per vertex in 0..1 (for clicks) */
    int level;                /* the frontier shown */
    bool done, running, use_cuda, whole_run;
    bool rmat;                /* an R-MAT graph instead of the grid (N after the last algorithm) */
    int max_level, frames, hold;
    uint64_t edges;
    double color_ms, level_ms;    /* CUDA events: the colour kernel, the last level or run */
    double box[4];                /* the graph's box in the panel's NDC, from the last draw */
    char status[512];
    GLuint prog, vao, pos_vbo, color_vbo, ebo;
    GLint box_loc, size_loc, edge_loc;
    GLsizei edge_indices;
#if SCANWORKS_HAVE_CUDA
    struct bfs_panel_gpu *gpu;
#endif
} bfs_panel;

static const panel_key_help bfs_keys[] = {
    {"N", "next algorithm, then grid / R-MAT"}, {"R", "new graph and source"}, {"Enter", "one level"},
    {"P", "run / pause"},    {"[ ]", "smaller / larger graph"}, {"click", "source at a vertex"}, {NULL, NULL},
};

/* The graph source (the only place that makes the graph: another source is a function
 * of the same shape, filling p->g and a layout of 2 floats per vertex in 0..1): a grid
 * of W x H crossings, streets kept with probability 0.85, one diagonal in 12, positions
 * jittered: looks like roads and has a long BFS. The draw sizes the points by W. */
static int make_graph(bfs_panel *p, float **pos_out, sw_error *err)
{
    int w = grid_sizes[p->size_index][0], h = grid_sizes[p->size_index][1];
    uint32_t n = (uint32_t)(w * h);
    if (p->rmat) {   /* about as many vertices as the grid, 4 edges each */
        int scale = 0;
        while ((2u << scale) <= n) scale++;
        graph_csr_free(&p->g);
        return graph_rmat_layout(scale, 4, p->seed, &p->g, pos_out, err);
    }
    graph_coo e = {0};
    e.n = n;
    e.both_directions = true;
    uint64_t r = p->seed;
    float *pos = sw_malloc(2 * n * sizeof *pos, "BFS panel layout", err);
    if (!pos) return -1;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            uint32_t v = (uint32_t)(y * w + x);
            r = graph_mix64(r);
            pos[2 * v] = (x + 0.5f + 0.3f * ((float)(r & 0xffff) / 65535.0f - 0.5f)) / w;
            pos[2 * v + 1] = (y + 0.5f + 0.3f * ((float)((r >> 16) & 0xffff) / 65535.0f - 0.5f)) / h;
            int rc = 0;
            if (x + 1 < w && (r >> 32) % 100 < 85) rc |= graph_coo_push(&e, v, v + 1, 1, false, err);
            if (y + 1 < h && (r >> 40) % 100 < 85) rc |= graph_coo_push(&e, v, v + (uint32_t)w, 1, false, err);
            if (x + 1 < w && y + 1 < h && (r >> 48) % 12 == 0)
                rc |= graph_coo_push(&e, v, v + (uint32_t)w + 1, 1, false, err);
            if (rc) {
                free(pos);
                graph_coo_free(&e);
                return -1;
            }
        }
    graph_csr_free(&p->g);
    int rc = graph_csr_from_coo(&e, &p->g, err);
    graph_coo_free(&e);
    if (rc) {
        free(pos);
        return -1;
    }
    *pos_out = pos;
    return 0;
}

static void upload_colors(bfs_panel *p)
{
    for (uint32_t v = 0; v < p->g.n; v++) p->colors[v] = bfs_level_color(p->levels[v], p->level);
    glBindBuffer(GL_ARRAY_BUFFER, p->color_vbo);
    glBufferSubData(GL_ARRAY_BUFFER, 0, (GLsizeiptr)p->g.n * 4, p->colors);
}

static void set_status(bfs_panel *p, const char *msg)
{
    snprintf(p->status, sizeof p->status, "%s", msg);
}

/* Starts a BFS from SOURCE in the current graph. */
static void start_from(bfs_panel *p, uint32_t source)
{
    p->source = source;
    p->level = 0;
    p->done = false;
    p->edges = 0;
    p->hold = 0;
    p->whole_run = false;
    for (uint32_t v = 0; v < p->g.n; v++) p->levels[v] = -1;
    p->levels[p->source] = 0;
    p->max_level = 0;
#if SCANWORKS_HAVE_CUDA
    if (p->use_cuda) {
        sw_error err;
        const char *algo = gpu_algos[p->algo];
        p->whole_run = strcmp(algo, "edge-parallel") != 0;
        panel_cuda_span span;
        panel_cuda_span_begin(&span);
        int rc = bfs_panel_gpu_start(p->gpu, algo, p->source, p->levels, &err);
        if (panel_cuda_span_end(&span, &p->level_ms)) p->level_ms = -1;
        if (rc) {
            set_status(p, err.msg);
            p->use_cuda = false;
        } else if (p->whole_run) {
            for (uint32_t v = 0; v < p->g.n; v++)
                if (p->levels[v] > p->max_level) p->max_level = p->levels[v];
        }
    }
#endif
}

/* Starts a BFS from a new random source. */
static void start(bfs_panel *p)
{
    /* the best connected of 8 random vertices: on R-MAT, most likely one of the giant
       component (many vertices there are alone or in pairs) */
    uint32_t best = 0;
    for (int k = 0; k < 8; k++) {
        p->seed = graph_mix64(p->seed);
        uint32_t v = (uint32_t)(p->seed % p->g.n);
        if (k == 0 || graph_degree(&p->g, v) > graph_degree(&p->g, best)) best = v;
    }
    start_from(p, best);
}

static int rebuild(bfs_panel *p, sw_error *err)
{
    float *pos;
    if (make_graph(p, &pos, err)) return -1;
    uint32_t n = p->g.n;
    free(p->levels), free(p->queue), free(p->colors);
    p->levels = sw_malloc(n * sizeof *p->levels, "BFS panel levels", err);
    p->queue = sw_malloc(n * sizeof *p->queue, "BFS panel queue", err);
    p->colors = sw_malloc(n * sizeof *p->colors, "BFS panel colours", err);
    uint32_t *idx = sw_malloc((p->g.m + 1) * sizeof *idx, "BFS panel edges", err);
    if (!p->levels || !p->queue || !p->colors || !idx) {
        free(pos), free(idx);
        return -1;
    }
    free(p->pos);
    p->pos = pos;
    GLsizei k = 0;
    for (uint32_t u = 0; u < n; u++)
        for (int64_t a = p->g.row[u]; a < p->g.row[u + 1]; a++)
            if (p->g.col[a] > u) idx[k++] = u, idx[k++] = p->g.col[a];
    p->edge_indices = k;
    glBindVertexArray(p->vao);
    glBindBuffer(GL_ARRAY_BUFFER, p->pos_vbo);
    glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)n * 8, pos, GL_STATIC_DRAW);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 8, NULL);
    glEnableVertexAttribArray(0);
    glBindBuffer(GL_ARRAY_BUFFER, p->color_vbo);
    glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)n * 4, NULL, GL_DYNAMIC_DRAW);
    glVertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, 4, NULL);
    glEnableVertexAttribArray(1);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, p->ebo);
    glBufferData(GL_ELEMENT_ARRAY_BUFFER, (GLsizeiptr)k * 4, idx, GL_STATIC_DRAW);
    glBindVertexArray(0);
    free(idx);
#if SCANWORKS_HAVE_CUDA
    if (p->gpu) bfs_panel_gpu_destroy(p->gpu), p->gpu = NULL;
    if (p->use_cuda && bfs_panel_gpu_create(&p->g, p->color_vbo, &p->gpu, err)) {
        set_status(p, err->msg);
        p->use_cuda = false;
    }
#endif
    start(p);
    return gl_check("bfs panel buffers", err);
}

static int bfs_init(void **state, const cuda_device_info *cuda, sw_error *err)
{
    bfs_panel *p = sw_calloc(1, sizeof *p, "BFS panel", err);
    if (!p) return -1;
    *state = p;
    p->size_index = 2;
    p->seed = 2026;
    p->running = true;
    p->use_cuda = SCANWORKS_HAVE_CUDA && cuda && cuda->available;
    p->algo = 0;   /* edge-parallel: one GPU launch per level, live */
    p->prog = gl_program_vf("shaders/bfs_panel.vert", "shaders/bfs_panel.frag", NULL, err);
    if (!p->prog) return -1;
    p->box_loc = glGetUniformLocation(p->prog, "u_box");
    p->size_loc = glGetUniformLocation(p->prog, "u_point_size");
    p->edge_loc = glGetUniformLocation(p->prog, "u_edge_color");
    glGenVertexArrays(1, &p->vao);
    glGenBuffers(1, &p->pos_vbo);
    glGenBuffers(1, &p->color_vbo);
    glGenBuffers(1, &p->ebo);
    return rebuild(p, err);
}

/* One level of the CPU fallback: expands the vertices on level p->level. */
static bool cpu_step(bfs_panel *p)
{
    size_t qn = 0;
    for (uint32_t v = 0; v < p->g.n; v++)
        if (p->levels[v] == p->level) p->queue[qn++] = v;
    bool any = false;
    for (size_t i = 0; i < qn; i++) {
        uint32_t u = p->queue[i];
        for (int64_t a = p->g.row[u]; a < p->g.row[u + 1]; a++) {
            uint32_t v = p->g.col[a];
            if (p->levels[v] < 0) p->levels[v] = p->level + 1, any = true;
        }
        p->edges += graph_degree(&p->g, u);
    }
    return any;
}

/* Advances one level; marks the run done when the wavefront stops. */
static void advance(bfs_panel *p)
{
    if (p->done) return;
    bool any;
    if (!p->use_cuda) {
        any = cpu_step(p);
    } else if (p->whole_run) {
        any = p->level < p->max_level;
        for (uint32_t v = 0; v < p->g.n; v++)
            if (p->levels[v] == p->level) p->edges += graph_degree(&p->g, v);
    } else {
#if SCANWORKS_HAVE_CUDA
        int changed = 0;
        uint64_t e = 0;
        sw_error err;
        panel_cuda_span span;
        panel_cuda_span_begin(&span);
        int rc = bfs_panel_gpu_step(p->gpu, p->level, &changed, &e, &err);
        if (panel_cuda_span_end(&span, &p->level_ms)) p->level_ms = -1;
        if (rc) {
            set_status(p, err.msg);
            p->done = true;
            return;
        }
        any = changed;
        p->edges += e;
#else
        any = false;
#endif
    }
    if (any) p->level++;
    else p->done = true;
}

static void bfs_step(void *state, const panel_frame *f)
{
    bfs_panel *p = state;
    p->level_ms = -1;
    if (p->running && ++p->frames >= FRAMES_PER_LEVEL) {
        p->frames = 0;
        if (!p->done) advance(p);
        else if (++p->hold > 30) start(p);   /* rest on the finished picture, then a new source */
    }
    if (p->level_ms >= 0) gpu_timer_add(f->timer, p->whole_run ? "bfs run (cuda)" : "bfs level (cuda)", p->level_ms);
#if SCANWORKS_HAVE_CUDA
    if (p->use_cuda) {
        sw_error err;
        if (bfs_panel_gpu_colorize(p->gpu, p->level, &p->color_ms, &err)) {
            set_status(p, err.msg);
            p->use_cuda = false;
            start(p);
        } else {
            gpu_timer_add(f->timer, "bfs colours (cuda)", p->color_ms);
            return;
        }
    }
#endif
    upload_colors(p);
}

/* A click at (X, Y) pixels from the panel's top-left corner: the nearest vertex
 * becomes the source. The graph's box is the one the last draw used. */
static bool bfs_click(void *state, float x, float y, float width, float height)
{
    bfs_panel *p = state;
    const double *box = p->box;
    float ndc_x = 2.0f * x / width - 1.0f, ndc_y = 1.0f - 2.0f * y / height;
    float u = (float)((ndc_x - box[0]) / (box[2] - box[0])), v = (float)((ndc_y - box[1]) / (box[3] - box[1]));
    if (!p->pos || box[2] <= box[0] || u < -0.02f || u > 1.02f || v < -0.02f || v > 1.02f) return false;
    uint32_t best = 0;
    float best_d = 1e30f;
    for (uint32_t i = 0; i < p->g.n; i++) {
        float du = p->pos[2 * i] - u, dv = p->pos[2 * i + 1] - v, d = du * du + dv * dv;
        if (d < best_d) best_d = d, best = i;
    }
    start_from(p, best);
    p->running = true;
    return true;
}

/* The text lines over the graph, each cut to the panel's width; returns the y under them. */
static float draw_text(const bfs_panel *p, const panel_frame *f)
{
    static const unsigned char red[4] = {255, 120, 100, 255};
    float px = panel_px(f), lh = panel_line(px), x = 8, w = (float)f->width - 16, y = panel_content_y(f);
    float spx = panel_small_px(f);
    char line[320];
    snprintf(line, sizeof line, "%s: %s on %s%s", p->use_cuda ? "CUDA" : "CPU fallback",
             p->use_cuda ? gpu_algos[p->algo] : "queue step", p->rmat ? "R-MAT" : "the grid",
             p->use_cuda && p->whole_run ? " (run whole, shown per level)" : "");
    panel_print_fit(f, x, y, px, w, line, PANEL_TEXT);
    y += lh;
    snprintf(line, sizeof line, "level %d%s, %llu edges visited%s", p->level, p->done ? " (done)" : "",
             (unsigned long long)p->edges, p->running ? "" : "  [paused]");
    panel_print_fit(f, x, y, px, w, line, PANEL_ACCENT);
    y += lh;
    if (panel_detail(f) >= 1) {
        snprintf(line, sizeof line, "%u vertices, %llu arcs, source %u; %s", p->g.n, (unsigned long long)p->g.m,
                 p->source, p->use_cuda ? "CUDA colours the GL buffer" : "no GPU work but the colour upload");
        panel_print_fit(f, x, y, spx, w, line, PANEL_DIM);
        y += panel_line(spx);
    }
    if (p->status[0]) {
        panel_print_fit(f, x, y, px, w, p->status, red);
        y += lh;
    }
    return y + 4;
}

static void bfs_draw(void *state, const panel_frame *f)
{
    bfs_panel *p = state;
    /* The graph below the text, in a box of the grid's aspect, centred. */
    float top = draw_text(p, f), W = (float)f->width, H = (float)f->height;
    float bw = W - 16, bh = H - top - 6;
    float aspect = (float)grid_sizes[p->size_index][0] / (float)grid_sizes[p->size_index][1];
    if (bh < 8) bh = 8;
    if (bw / bh > aspect * 1.3f) bw = bh * aspect * 1.3f;   /* not too stretched */
    float x0 = (W - bw) * 0.5f;
    p->box[0] = 2.0 * x0 / W - 1.0, p->box[2] = 2.0 * (x0 + bw) / W - 1.0;
    p->box[3] = 1.0 - 2.0 * top / H, p->box[1] = 1.0 - 2.0 * (top + bh) / H;
    glUseProgram(p->prog);
    glBindVertexArray(p->vao);
    glUniform4f(p->box_loc, (float)p->box[0], (float)p->box[1], (float)p->box[2], (float)p->box[3]);
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    glUniform4f(p->edge_loc, 0.55f, 0.6f, 0.7f, 0.55f);
    glDrawElements(GL_LINES, p->edge_indices, GL_UNSIGNED_INT, NULL);
    glDisable(GL_BLEND);
    glUniform4f(p->edge_loc, 0, 0, 0, 0);
    float size = bw / (float)grid_sizes[p->size_index][0] * 0.45f;
    glUniform1f(p->size_loc, size < 2 ? 2 : size > 9 ? 9 : size);
    glEnable(GL_PROGRAM_POINT_SIZE);
    glDrawArrays(GL_POINTS, 0, (GLsizei)p->g.n);
    glDisable(GL_PROGRAM_POINT_SIZE);
    glBindVertexArray(0);
    GL_CHECK();
}

static bool bfs_key(void *state, int key, int mods)
{
    bfs_panel *p = state;
    sw_error err;
    switch (key) {
    case 'N':   /* the next algorithm; after the last one, the other graph (grid / R-MAT) */
        if (p->use_cuda) p->algo = (p->algo + 1) % 3;
        if (!p->use_cuda || p->algo == 0) {
            p->rmat = !p->rmat;
            if (rebuild(p, &err)) set_status(p, err.msg);
        } else {
            start(p);
        }
        return true;
    case 'R':
        p->seed = graph_mix64(p->seed + 1);
        if (rebuild(p, &err)) set_status(p, err.msg);
        return true;
    case 257: /* Enter */
    case 335: /* keypad Enter */
        advance(p);
        return true;
    case 'P':
        p->running = !p->running;
        return true;
    case '[':
    case ']':
        p->size_index += key == ']' ? 1 : -1;
        p->size_index = p->size_index < 0 ? 0 : p->size_index >= SIZE_COUNT ? SIZE_COUNT - 1 : p->size_index;
        if (rebuild(p, &err)) set_status(p, err.msg);
        return true;
    default:
        return false;
    }
}

static void bfs_shutdown(void *state)
{
    bfs_panel *p = state;
    if (!p) return;
#if SCANWORKS_HAVE_CUDA
    bfs_panel_gpu_destroy(p->gpu);
#endif
    glDeleteBuffers(1, &p->pos_vbo);
    glDeleteBuffers(1, &p->color_vbo);
    glDeleteBuffers(1, &p->ebo);
    glDeleteVertexArrays(1, &p->vao);
    glDeleteProgram(p->prog);
    graph_csr_free(&p->g);
    free(p->levels), free(p->queue), free(p->colors), free(p->pos);
    free(p);
}

const panel bfs_panel_def = {
    "bfs", "BFS: the wavefront", bfs_init, bfs_step, bfs_draw, bfs_key, bfs_shutdown, bfs_keys,
    bfs_click,
};
