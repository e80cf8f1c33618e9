#include "app/layout.h"

#include <math.h>
#include <string.h>

#include "gfx/text.h"
#include "panels/panel.h"

bool layout_rects_overlap(const layout_rect *a, const layout_rect *b)
{
    if (a->w <= 0 || a->h <= 0 || b->w <= 0 || b->h <= 0) return false;
    return a->x < b->x + b->w && b->x < a->x + a->w && a->y < b->y + b->h && b->y < a->y + a->h;
}

static int start_px(int width, int height)
{
    float by_size = fminf((float)height / 90.0f, (float)width / 160.0f);
    int px = (int)floorf(6.0f + by_size + 0.5f);
    return px < LAYOUT_MIN_PX ? LAYOUT_MIN_PX : px > LAYOUT_MAX_PX ? LAYOUT_MAX_PX : px;
}

/* The help band in C columns, along the bottom. False if it does not fit the width. */
static bool place_help(const layout_input *in, layout *L, float m, int c)
{
    float adv = L->advance_px, lh = L->line_px, pad = L->pad;
    float col_w = (float)(in->help_key_cols + 2 + in->help_action_cols) * adv, gap = 2 * adv;
    int rows = (in->help_lines + c - 1) / c;
    float w = (float)c * col_w + (float)(c - 1) * gap + 2 * pad, h = (float)(rows + 1) * lh + 2 * pad;
    if (w > (float)in->width - 2 * m || h > (float)in->height - 2 * m) return false;
    L->help_columns = c;
    L->help_rows = rows;
    L->help_col_w = col_w + gap;
    L->help = (layout_rect){m, (float)in->height - m - h, w, h};
    return true;
}

static int detail_for(float w, float h, float adv, float lh)
{
    if (w >= 56 * adv && h >= 20 * lh) return PANEL_DETAIL_LARGE;
    if (w >= 36 * adv && h >= 11 * lh) return PANEL_DETAIL_MEDIUM;
    return PANEL_DETAIL_SMALL;
}

/* Tiles N panels into the region, from its top-right corner; *SCORE says how
 * readable the cells are (their height, or width / 1.5 if that is less). */
static bool place_panels(const layout_input *in, layout *L, layout_rect region, float m, bool force, float *score)
{
    int n = in->panels < LAYOUT_MAX_PANELS ? in->panels : LAYOUT_MAX_PANELS;
    *score = 0;
    if (n <= 0) return true;
    float adv = L->advance_px, lh = L->line_px;
    int best_c = 0;
    float best_score = -1, best_w = 0, best_h = 0;
    for (int c = 1; c <= n; c++) {
        int r = (n + c - 1) / c;
        float cw = (region.w - (float)(c - 1) * m) / (float)c, ch = (region.h - (float)(r - 1) * m) / (float)r;
        cw = fminf(cw, 80 * adv);
        ch = fminf(ch, cw * 0.8f);   /* no tall, mostly empty panels */
        float readable = fminf(cw / 1.5f, ch);
        if (readable > best_score) best_score = readable, best_c = c, best_w = floorf(cw), best_h = floorf(ch);
    }
    if (!force && (best_w < 24 * adv || best_h < 6 * lh)) return false;
    if (best_w < 1 || best_h < 1) return false;
    *score = best_score;
    for (int i = 0; i < n; i++) {
        int col = i % best_c, row = i / best_c, from_right = best_c - col;
        float x = region.x + region.w - (float)from_right * best_w - (float)(from_right - 1) * m;
        L->panels[i] = (layout_rect){floorf(x), region.y + (float)row * (best_h + m), best_w, best_h};
        L->panel_detail[i] = detail_for(best_w, best_h, adv, lh);
    }
    return true;
}

/* Everything at text size PX, the help in HELP_COLUMNS columns. */
static bool try_px(const layout_input *in, int px, int help_columns, layout *L, bool force, float *score)
{
    memset(L, 0, sizeof *L);
    L->text_px = (float)px;
    L->line_px = text_line_px((float)px);
    L->advance_px = text_advance_px((float)px);
    L->pad = floorf((float)px * 0.4f + 0.5f) + 2;
    float m = fmaxf(4.0f, floorf((float)px * 0.5f + 0.5f)), adv = L->advance_px, lh = L->line_px, pad = L->pad;
    float bottom = (float)in->height - m;   /* of the band above the help */
    if (in->help) {
        if (!place_help(in, L, m, help_columns)) return false;
        bottom = L->help.y - m;
    }
    float hud_w = LAYOUT_HUD_COLS * adv + 2 * pad, hud_h = LAYOUT_HUD_ROWS * lh + 2 * pad;
    float toast_w = LAYOUT_TOAST_COLS * adv + 2 * pad, toast_h = 3 * lh + 2 * pad;
    if (force && !in->hud) {   /* a tiny window: the message box takes less (its text is cut) */
        toast_w = fminf(toast_w, floorf(((float)in->width - 3 * m) * 0.4f));
        toast_h = fminf(toast_h, floorf(((float)in->height - 2 * m) * 0.5f));
    }
    float y = m;
    if (in->hud) {
        L->hud = (layout_rect){m, y, hud_w, hud_h};
        y += hud_h + m;
    }
    L->toast = (layout_rect){m, y, toast_w, toast_h};
    if (y + toast_h > bottom) return false;
    float left_w = fmaxf(in->hud ? hud_w : 0, toast_w);
    if (m + left_w + m > (float)in->width) return false;
    layout_rect region = {2 * m + left_w, m, (float)in->width - m - (2 * m + left_w), bottom - m};
    return place_panels(in, L, region, m, force, score);
}

void layout_compute(const layout_input *in, layout *out)
{
    /* The largest text at which everything fits; at that size, the help's column count
     * that leaves the panels the most readable cells (then the fewest columns). */
    for (int px = start_px(in->width, in->height); px >= LAYOUT_MIN_PX; px--) {
        float best = -1, score;
        for (int c = 1; c <= (in->help ? 6 : 1); c++) {
            layout L;
            if (try_px(in, px, c, &L, false, &score) && score > best + 0.5f) {
                best = score;
                *out = L;
            }
        }
        if (best >= 0) {
            out->fits = true;
            return;
        }
    }
    /* Smaller than 640x360 or so: the smallest text; the help goes, then the HUD, and
     * the panels take what is left, however small (the host skips a panel under
     * 16 pixels). Still nothing overlaps. */
    layout_input fewer = *in;
    float score;
    for (;;) {
        bool placed = false;
        for (int c = 1; c <= 6 && !placed; c++) placed = try_px(&fewer, LAYOUT_MIN_PX, c, out, true, &score);
        if (placed) break;
        if (fewer.help) fewer.help = false;
        else if (fewer.hud) fewer.hud = false;
        else if (fewer.panels) fewer.panels--;
        else break;
    }
    out->fits = false;
}
