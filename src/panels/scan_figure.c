#include "panels/scan_figure.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "panels/panel_text.h"

static const unsigned char CELL[4] = {38, 44, 58, 255}, CELL_HOT[4] = {110, 86, 30, 255},
                           ARROW_NOW[4] = {255, 210, 90, 235}, ARROW_PAST[4] = {120, 130, 150, 150},
                           GREEN[4] = {110, 220, 120, 255}, RED[4] = {255, 90, 80, 255};

/* The short label of row R (0: the input; R: after level R - 1). */
static void row_label(const scan_panel *s, int r, char *buf, size_t size)
{
    if (r == 0) {
        snprintf(buf, size, "input");
        return;
    }
    scan_step st = scan_steps_at(s->algo, s->n, r - 1);
    static const char *const phase[] = {"d=%d", "up d=%d", "clear", "down d=%d"};
    snprintf(buf, size, phase[st.phase], scan_steps_d(st));
}

typedef struct figure_box {
    float x, y, w, h, px;
    float cells_x, cell_w, row_h, gap;
    int first, shown;   /* rows first .. first + shown - 1 */
    bool numbers;
    float num_px;
} figure_box;

static float cell_cx(const figure_box *b, int k) { return b->cells_x + ((float)k + 0.5f) * b->cell_w; }
static float row_y(const figure_box *b, int r) { return b->y + (float)(r - b->first) * (b->row_h + b->gap); }

/* The arrows of level R - 1, between rows R - 1 and R (the chapter's figures draw the
 * adds as two arrows meeting; a swap crosses over). */
static void draw_arrows(scan_panel *s, const figure_box *b, int r, bool now)
{
    scan_elem_op ops[SCAN_STEPS_MAX_N];
    int count = scan_steps_ops(scan_steps_at(s->algo, s->n, r - 1), s->n, ops);
    const unsigned char *c = now ? ARROW_NOW : ARROW_PAST;
    float y0 = row_y(b, r - 1) + b->row_h + 1, y1 = row_y(b, r) - 1, lw = now ? 1.6f : 1.0f;
    float head = fminf(b->gap * 0.6f, 6.0f);
    for (int i = 0; i < count; i++) {
        const scan_elem_op *op = &ops[i];
        float xs = cell_cx(b, op->src), xd = cell_cx(b, op->dst);
        if (op->kind == SCAN_OP_ZERO) continue;
        panel_shapes_arrow(&s->shapes, xs, y0, xd, y1, lw, head, c);
        panel_shapes_arrow(&s->shapes, xd, y0, xd, y1, lw, head, c);
        if (op->kind == SCAN_OP_SWAP) panel_shapes_arrow(&s->shapes, xd, y0, xs, y1, lw, head, c);
    }
}

/* Which cells level R - 1 wrote (highlighted in the current row). */
static void written_cells(const scan_panel *s, int r, bool *hot)
{
    memset(hot, 0, SCAN_STEPS_MAX_N * sizeof *hot);
    if (r == 0) return;
    scan_elem_op ops[SCAN_STEPS_MAX_N];
    int count = scan_steps_ops(scan_steps_at(s->algo, s->n, r - 1), s->n, ops);
    for (int i = 0; i < count; i++) {
        hot[ops[i].dst] = true;
        if (ops[i].kind == SCAN_OP_SWAP) hot[ops[i].src] = true;
    }
}

static void draw_rows(scan_panel *s, const panel_frame *f, const figure_box *b)
{
    int max_v = 1;
    for (int r = b->first; r < b->first + b->shown; r++)
        for (int k = 0; k < s->n; k++) max_v = s->rows[r][k] > max_v ? s->rows[r][k] : max_v;
    float label_w = b->cells_x - b->x;
    for (int r = b->first; r < b->first + b->shown; r++) {
        float y = row_y(b, r);
        bool current = r == s->done;
        char label[24];
        row_label(s, r, label, sizeof label);
        if (r > 0 && s->row_backend[r] == 'c') strncat(label, " cu", sizeof label - strlen(label) - 1);
        const unsigned char *lc = r > 0 && !s->row_ok[r] ? RED : current ? PANEL_ACCENT : PANEL_DIM;
        panel_print_fit(f, b->x, y + (b->row_h - panel_line(b->px)) * 0.5f, b->px, label_w - 4, label, lc);
        bool hot[SCAN_STEPS_MAX_N];
        written_cells(s, r, hot);
        for (int k = 0; k < s->n; k++) {
            float cx = b->cells_x + (float)k * b->cell_w, pad = b->cell_w > 8 ? 1.0f : 0.0f;
            int32_t v = s->rows[r][k];
            unsigned char rgba[4];
            if (b->numbers) memcpy(rgba, current && hot[k] ? CELL_HOT : CELL, 4);
            else panel_hue(0.66f * (float)v / (float)max_v, rgba);
            if (!b->numbers && !(current && hot[k])) rgba[0] /= 2, rgba[1] /= 2, rgba[2] /= 2;
            panel_rect(f, cx + pad, y, b->cell_w - 2 * pad, b->row_h, rgba);
            if (!b->numbers) continue;
            char num[16];
            snprintf(num, sizeof num, "%d", (int)v);
            float tw = panel_text_w(num, b->num_px);
            panel_print_px(f, cx + (b->cell_w - tw) * 0.5f, y + (b->row_h - panel_line(b->num_px)) * 0.5f, b->num_px, num,
                           current && hot[k] ? PANEL_ACCENT : PANEL_TEXT);
        }
    }
    panel_shapes_begin(&s->shapes);
    for (int r = b->first + 1; r < b->first + b->shown; r++) draw_arrows(s, b, r, r == s->done);
    panel_shapes_draw(&s->shapes, f);
}

/* The figure in the box (X, Y, W, H): as many of the last rows as fit. */
static void draw_figure(scan_panel *s, const panel_frame *f, float x, float y, float w, float h, float px)
{
    figure_box b = {x, y, w, h, px, 0, 0, 0, 0, 0, 0, false, px};
    b.cells_x = x + panel_text_w("down d=4 cu", px) + 6;
    b.cell_w = (x + w - b.cells_x) / (float)s->n;
    /* Room for every level's row where it fits (rows up to twice a line, gaps for the
     * arrows), else the last rows that fit. */
    int rows = scan_steps_count(s->algo, s->n) + 1;
    float line = panel_line(px) + 2, unit = h / (float)rows;
    b.row_h = fminf(fmaxf(unit * 0.5f, line), line * 1.8f);
    b.gap = fminf(fmaxf(unit - b.row_h, 8.0f), b.row_h * 2.5f);
    /* Numbers in the cells at a size that fits the widest value shown, down to 8 px;
     * below that the cells are colours. */
    int widest = 1;
    for (int r = 0; r <= s->done; r++)
        for (int k = 0; k < s->n; k++) {
            char num[16];
            int len = snprintf(num, sizeof num, "%d", (int)s->rows[r][k]);
            widest = len > widest ? len : widest;
        }
    b.num_px = fminf(px, (b.cell_w - 3) / (text_advance_px(px) / px * (float)widest));
    b.numbers = b.num_px >= 8.0f;
    int fit = (int)((h + b.gap) / (b.row_h + b.gap));
    if (fit < 1) return;
    b.shown = s->done + 1 < fit ? s->done + 1 : fit;
    b.first = s->done + 1 - b.shown;
    draw_rows(s, f, &b);
}

void scan_figure_draw(void *state, const panel_frame *f)
{
    scan_panel *s = state;
    int detail = panel_detail(f);
    float px = panel_px(f), lh = panel_line(px), x = 8, w = (float)f->width - 16;
    float spx = panel_small_px(f), slh = panel_line(spx);
    float y = panel_content_y(f), bottom = (float)f->height - 4;
    int count = scan_steps_count(s->algo, s->n);
    char line[320], name[200];
    /* 1: what this level does. */
    if (s->done == 0) snprintf(name, sizeof name, "%d random values; Enter or P steps", s->n);
    else scan_steps_name(scan_steps_at(s->algo, s->n, s->done - 1), s->n, name, sizeof name);
    snprintf(line, sizeof line, "%s %d: %s", scan_steps_algo_name(s->algo), s->n, name);
    panel_print_fit(f, x, y, px, w, line, PANEL_ACCENT);
    y += lh;
    /* 2: where it ran, its time, and whether it matches the CPU model. */
    const char *where = s->done && s->row_backend[s->done] == 'c' ? "CUDA" : "GL compute";
    if (s->done == count && s->result_checked)
        snprintf(line, sizeof line, "done in %d levels: the %s %s", count, scan_steps_result_kind(s->algo),
                 s->result_ok && !s->mismatches ? "= the CPU's" : "DIFFERS from the CPU's");
    else if (s->done)
        snprintf(line, sizeof line, "level %d/%d on %s, %.3f ms; %s", s->done, count, where, s->level_ms,
                 s->mismatches ? "MISMATCH with the CPU model" : "every level = the CPU model");
    else
        snprintf(line, sizeof line, "%d levels to go%s", count, s->playing ? "" : " (paused)");
    panel_print_fit(f, x, y, spx, w, line, s->mismatches || (s->result_checked && !s->result_ok) ? RED : GREEN);
    y += slh;
    if (detail >= 1 || s->status[0]) {   /* what C does here, or the last message */
        const char *msg = s->status[0] ? s->status
                          : s->cuda_possible ? (s->use_cuda ? "C: levels on CUDA (GL compute: C)" : "C: levels on GL compute (CUDA: C)")
                                             : "no CUDA here: the levels run on GL compute";
        panel_print_fit(f, x, y, spx, w, msg, PANEL_DIM);
        y += slh;
    }
    /* The timing comparison below, smaller; the figure takes the rest. */
    float tpx = spx, tlh = panel_line(tpx);
    int trows = detail == 0 ? 2 : scan_timing_rows(s->timing);
    float th = fminf((float)trows * tlh, (bottom - y) * 0.4f);
    if (detail >= 2) th = fmaxf(th, (bottom - y) * 0.3f);
    draw_figure(s, f, x, y + 2, w, bottom - y - th - 8, spx);
    scan_timing_draw(s->timing, f, x, bottom - th, w, th, tpx, detail >= 2);
}
