#include "app/hud.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "app/frame_log.h"
#include "app/help_text.h"

static const unsigned char WHITE[4] = {240, 240, 240, 255}, DIM[4] = {170, 185, 200, 255},
                           YELLOW[4] = {255, 220, 90, 255}, BOX[4] = {10, 14, 20, 200},
                           GRID[4] = {255, 255, 255, 40};
static const unsigned char GROUP_COLOR[HUD_GROUP_COUNT][4] = {
    {90, 170, 255, 255}, {255, 170, 60, 255}, {120, 220, 120, 255},
    {200, 120, 255, 255}, {255, 110, 140, 255}, {160, 160, 160, 255}};

typedef struct pen {
    text_renderer *t;
    float x, y, px, lh;
    int cols;
} pen;

/* One line, cut to the box's width so it never runs past it. */
static void line(pen *p, const unsigned char *c, const char *fmt, ...) SW_PRINTF(3, 4);
static void line(pen *p, const unsigned char *c, const char *fmt, ...)
{
    char s[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s, sizeof s, fmt, ap);
    va_end(ap);
    if ((int)strlen(s) > p->cols) s[p->cols] = 0;
    text_print_px(p->t, p->x, p->y, p->px, s, c);
    p->y += p->lh;
}

/* 1, 2 or 5 times a power of ten, at least MS. */
static float nice_ceiling(float ms)
{
    float e = powf(10.0f, floorf(log10f(fmaxf(ms, 1e-3f))));
    return ms <= e ? e : ms <= 2 * e ? 2 * e : ms <= 5 * e ? 5 * e : 10 * e;
}

static void graph(app *a, pen *p, float w, float h)
{
    const hud_history *hist = &a->history;
    float top = nice_ceiling(hud_history_peak(hist)), col = w / (float)HUD_HISTORY_FRAMES;
    float y0 = p->y, base = y0 + h;
    text_rect(p->t, p->x, y0, w, 1, GRID);
    text_rect(p->t, p->x, y0 + h * 0.5f, w, 1, GRID);
    text_rect(p->t, p->x, base, w, 1, GRID);
    /* The newest frame at the right edge. */
    for (int i = 0; i < hist->count; i++) {
        const float *ms = hud_history_at(hist, i);
        float x = p->x + w - (float)(hist->count - i) * col, y = base;
        for (int g = 0; g < HUD_GROUP_COUNT; g++) {
            float bar = top > 0 ? ms[g] / top * h : 0;
            if (bar <= 0) continue;
            y -= bar;
            text_rect(p->t, x, y, fmaxf(col, 1.0f), bar, GROUP_COLOR[g]);
        }
    }
    char label[64];
    snprintf(label, sizeof label, "GPU ms, last %d frames: top %g", HUD_HISTORY_FRAMES, top);
    text_print_px(p->t, p->x + 2, y0 + 2, p->px * 0.85f, label, DIM);
    p->y = base + 4;
}

/* The mean of each group over the last frames held (up to 30). */
static void recent(const hud_history *h, float out[HUD_GROUP_COUNT])
{
    int n = h->count < 30 ? h->count : 30;
    for (int g = 0; g < HUD_GROUP_COUNT; g++) out[g] = 0;
    for (int i = h->count - n; i < h->count; i++)
        for (int g = 0; g < HUD_GROUP_COUNT; g++) out[g] += hud_history_at(h, i)[g] / (float)n;
}

static void legend(app *a, pen *p)
{
    float ms[HUD_GROUP_COUNT], adv = text_advance_px(p->px);
    recent(&a->history, ms);
    for (int g = 0; g < HUD_GROUP_COUNT; g++) {
        float x = p->x + (float)(g % 2) * 23 * adv, y = p->y + (float)(g / 2) * p->lh;
        text_rect(p->t, x, y + p->lh * 0.2f, adv, p->lh * 0.6f, GROUP_COLOR[g]);
        char s[32];
        snprintf(s, sizeof s, "%-8s%8.3f ms", hud_group_names[g], ms[g]);
        text_print_px(p->t, x + 1.5f * adv, y, p->px, s, WHITE);
    }
    p->y += 3 * p->lh;
}

/* The view's legend: the blur view's colour bar, in pixels of blur radius. */
static void view_legend(app *a, pen *p, float w)
{
    if (a->view == APP_VIEW_BLUR) {
        float adv = text_advance_px(p->px), label_w = 12 * adv, bar_w = w - label_w - 6 * adv;
        text_print_px(p->t, p->x, p->y, p->px, "blur radius", DIM);
        /* The blur view's colours: t = radius / aperture, (t, t^2, 1 - t), 1 at the aperture. */
        for (int i = 0; i < 64; i++) {
            float t = ((float)i + 0.5f) / 64.0f;
            unsigned char c[4] = {(unsigned char)(255 * t), (unsigned char)(255 * t * t), (unsigned char)(255 * (1 - t)), 255};
            text_rect(p->t, p->x + label_w + bar_w * (float)i / 64.0f, p->y + 1, bar_w / 64.0f + 0.5f, p->lh * 0.5f, c);
        }
        char s[32];
        float apt = fmaxf(a->aperture, 1.0f);
        snprintf(s, sizeof s, "0");
        text_print_px(p->t, p->x + label_w, p->y + p->lh * 0.45f, p->px * 0.8f, s, WHITE);
        snprintf(s, sizeof s, "%.0f", apt * 0.5f);
        text_print_px(p->t, p->x + label_w + bar_w * 0.5f - adv, p->y + p->lh * 0.45f, p->px * 0.8f, s, WHITE);
        snprintf(s, sizeof s, "%.0f+ px", apt);
        text_print_px(p->t, p->x + label_w + bar_w - adv, p->y + p->lh * 0.45f, p->px * 0.8f, s, WHITE);
    } else if (a->view == APP_VIEW_SAT) {
        line(p, DIM, "SAT view: each pixel the mean of a %dx%d box", 2 * DOF_SAT_VIEW_RADIUS + 1, 2 * DOF_SAT_VIEW_RADIUS + 1);
        line(p, DIM, "from 4 reads of the table: wrong if it is");
    } else if (a->view == APP_VIEW_DEPTH) {
        line(p, DIM, "depth: white near (0.5) .. black far (200)");
    }
}

/* The latest measured frame's GPU busy and wall time and the hand-over's gaps. */
static void handover_line(app *a, pen *p)
{
    if (!a->timer.has_latest) {
        line(p, DIM, "GPU busy/wall: not measured yet");
        return;
    }
    const gpu_frame_times *t = &a->timer.latest;
    double g2c, c2g;
    bool gaps = a->sat_backend == PRIM_CUDA && gpu_frame_metric(t, "gl_to_cuda_us", &g2c) &&
                gpu_frame_metric(t, "cuda_to_gl_us", &c2g);
    const char *path = a->sats[0].handover.interop ? a->sats[0].handover.interop : "map";
    if (gaps)   /* "map", "ext" or "vk" */
        line(p, DIM, "%.3s GL>CUDA %.0f CUDA>GL %.0f us busy %.2f/%.2f", !strcmp(path, "vulkan") ? "vk" : path, g2c, c2g,
             frame_gpu_busy_ms(t), t->period_ms);
    else
        line(p, DIM, "GPU busy %.2f of %.2f ms  %s", frame_gpu_busy_ms(t), t->period_ms,
             a->sat_backend == PRIM_CUDA ? "no stamps" : "no hand-over");
}

static void stats(app *a, const layout_rect *r)
{
    const layout *L = &a->layout;
    pen p = {&a->text, r->x + L->pad, r->y + L->pad, L->text_px, L->line_px, LAYOUT_HUD_COLS};
    float w = r->w - 2 * L->pad;
    text_rect(&a->text, r->x, r->y, r->w, r->h, BOX);
    line(&p, WHITE, "%4.0f fps %7.2f ms a frame%s%s", a->fps, a->frame_ms_smoothed, a->vsync ? "  vsync" : "",
         a->paused ? "  paused" : "");
    /* 2 in flight: the frame shown is the one before the frame rendered (N before, in batches of N). */
    char late[40] = "";
    if (a->in_flight > 1 && !app_sets_overlap(a)) snprintf(late, sizeof late, "in order  ");
    else if (a->batch > 1) snprintf(late, sizeof late, "%d at a time, %d late  ", a->batch, a->batch);
    else if (a->in_flight > 1) snprintf(late, sizeof late, "2 in flight, 1 late  ");
    line(&p, DIM, "%s%dx%d  %s", late, a->output.width, a->output.height,
         app_view_names[a->view]);
    /* A variant is named only where the backend has more than one. */
    int variants = 0;
    for (int v = 0; v < SAT_VARIANT_COUNT; v++) variants += sat_variant_supported(a->sat_backend, (sat_variant)v);
    line(&p, DIM, "SAT %s%s%s  gather: %s %s", prim_backend_name(a->sat_backend), variants > 1 ? " " : "",
         variants > 1 ? sat_variant_name(a->sat_variant) : "", dof_gather_name(a->gather),
         a->gather == DOF_CUDA ? "kernel" : "shader");
    handover_line(a, &p);
    line(&p, DIM, "focus %.2f  aperture %.1f px%s", a->focus, a->aperture,
         a->reference_on ? "  (thin-lens reference)" : "");
    char mode[128];
    line(&p, DIM, "DoF: %s", app_dof_mode(a, mode, sizeof mode));   /* the kernel, the near field, the size */
    p.y += L->line_px * 0.25f;
    graph(a, &p, w, 3.5f * L->line_px);
    legend(a, &p);
    view_legend(a, &p, w);
    p.y = r->y + r->h - L->pad - L->line_px;
    line(&p, YELLOW, "CUDA: %.30s   F1: keys", a->cuda.available ? a->cuda.name : "not available");
}

static void help(app *a, const layout_rect *r)
{
    const layout *L = &a->layout;
    static help_text h;
    if (!h.count) help_text_build(&h);
    text_rect(&a->text, r->x, r->y, r->w, r->h, BOX);
    float x0 = r->x + L->pad, y0 = r->y + L->pad, key_w = (float)(h.key_cols + 2) * L->advance_px;
    text_print_px(&a->text, x0, y0, L->text_px, "keys (F1 or H closes)", YELLOW);
    for (int i = 0; i < h.count; i++) {
        int col = i / L->help_rows, row = i % L->help_rows;
        float x = x0 + (float)col * L->help_col_w, y = y0 + (float)(row + 1) * L->line_px;
        text_print_px(&a->text, x, y, L->text_px, h.lines[i].keys, YELLOW);
        text_print_px(&a->text, x + key_w, y, L->text_px, h.lines[i].action, WHITE);
    }
}

static void toast(app *a, const layout_rect *r)
{
    const layout *L = &a->layout;
    enum { LINES = 3 };
    char s[LINES][LAYOUT_TOAST_COLS + 1];
    int n = 0;
    const char *rest = a->message;
    while (*rest && n < LINES) {
        int take = (int)strlen(rest);
        if (take > LAYOUT_TOAST_COLS) {
            take = LAYOUT_TOAST_COLS;
            while (take > 0 && rest[take] != ' ') take--;
            if (take == 0) take = LAYOUT_TOAST_COLS;   /* one long word: cut it */
        }
        memcpy(s[n], rest, (size_t)take);
        s[n++][take] = 0;
        rest += take;
        while (*rest == ' ') rest++;
    }
    if (*rest) memcpy(s[n - 1] + (strlen(s[n - 1]) > LAYOUT_TOAST_COLS - 3 ? LAYOUT_TOAST_COLS - 3 : strlen(s[n - 1])), "...", 4);
    float h = (float)n * L->line_px + 2 * L->pad;
    text_rect(&a->text, r->x, r->y, r->w, h, BOX);
    for (int i = 0; i < n; i++)
        text_print_px(&a->text, r->x + L->pad, r->y + L->pad + (float)i * L->line_px, L->text_px, s[i], YELLOW);
}

void hud_draw(app *a)
{
    const layout *L = &a->layout;
    glBindFramebuffer(GL_FRAMEBUFFER, a->output.fbo);
    text_begin(&a->text, a->output.width, a->output.height);
    if (a->show_hud && L->hud.w > 0) stats(a, &L->hud);
    if (a->show_help && L->help.w > 0) help(a, &L->help);
    if (a->message[0] && a->wall_time < a->message_until && (a->show_hud || !a->opt.headless)) toast(a, &L->toast);
    text_end(&a->text);
}
