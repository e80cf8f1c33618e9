/* The overlay layout: at every window size from 640x360 up (and a few odd ones),
 * with any mix of HUD, help and 0..5 panels open, no two rectangles overlap, every
 * one lies inside the window, the help box holds its measured text, the panels get
 * readable sizes, and the text grows with the window. */
#include "app/help_text.h"
#include "app/layout.h"
#include "gfx/text.h"
#include "panels/panel.h"
#include "test_util.h"

static int inside(const layout_rect *r, int w, int h)
{
    return r->w <= 0 || (r->x >= 0 && r->y >= 0 && r->x + r->w <= (float)w && r->y + r->h <= (float)h);
}

static void check_one(int w, int h, bool hud, bool help, int panels, const help_text *ht)
{
    layout_input in = {w, h, hud, help, panels, ht->count, ht->key_cols, HELP_ACTION_COLS};
    layout L;
    layout_compute(&in, &L);
    CHECK_MSG(L.fits, "%dx%d hud %d help %d panels %d: did not fit", w, h, hud, help, panels);
    layout_rect all[3 + LAYOUT_MAX_PANELS];
    int n = 0;
    if (hud) {
        CHECK_MSG(L.hud.w > 0, "%dx%d: no HUD rectangle", w, h);
        all[n++] = L.hud;
    }
    if (help) {
        CHECK_MSG(L.help.w > 0, "%dx%d: no help rectangle", w, h);
        /* The text it holds, measured: columns of keys + actions, title + rows. */
        float need_w = (float)L.help_columns * (float)(ht->key_cols + 2 + HELP_ACTION_COLS) * L.advance_px;
        float need_h = (float)(L.help_rows + 1) * L.line_px;
        CHECK_MSG(L.help.w >= need_w && L.help.h >= need_h, "%dx%d: help %gx%g holds less than its text %gx%g", w, h,
                  L.help.w, L.help.h, need_w, need_h);
        CHECK(L.help_columns * L.help_rows >= ht->count);
        all[n++] = L.help;
    }
    all[n++] = L.toast;
    for (int i = 0; i < panels; i++) {
        CHECK_MSG(L.panels[i].w >= 24 * L.advance_px && L.panels[i].h >= 6 * L.line_px,
                  "%dx%d: panel %d is %gx%g, too small to read", w, h, i, L.panels[i].w, L.panels[i].h);
        CHECK(L.panel_detail[i] >= PANEL_DETAIL_SMALL && L.panel_detail[i] <= PANEL_DETAIL_LARGE);
        all[n++] = L.panels[i];
    }
    for (int i = 0; i < n; i++) {
        CHECK_MSG(inside(&all[i], w, h), "%dx%d: rectangle %d (%g,%g %gx%g) leaves the window", w, h, i, all[i].x,
                  all[i].y, all[i].w, all[i].h);
        for (int j = i + 1; j < n; j++)
            CHECK_MSG(!layout_rects_overlap(&all[i], &all[j]), "%dx%d hud %d help %d panels %d: %d overlaps %d", w, h,
                      hud, help, panels, i, j);
    }
    CHECK(L.text_px >= LAYOUT_MIN_PX && L.text_px <= LAYOUT_MAX_PX);
}

int main(void)
{
    help_text ht;
    help_text_build(&ht);
    CHECK(ht.count > 10);
    static const int sizes[][2] = {{640, 360}, {641, 361}, {700, 400}, {800, 450}, {800, 600}, {960, 540},
                                   {1024, 768}, {1280, 720}, {1366, 768}, {1600, 900}, {1920, 1080},
                                   {2560, 1440}, {3840, 2160}, {640, 1000}, {1900, 400}, {1000, 360}};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
        for (int mask = 0; mask < 4; mask++)
            for (int panels = 0; panels <= panel_registry_count; panels++)
                check_one(sizes[s][0], sizes[s][1], mask & 1, mask & 2, panels, &ht);
    /* Random sizes too. */
    uint64_t seed = 21;
    for (int k = 0; k < 300; k++) {
        int w = 640 + (int)(test_rand(&seed) % 3200), h = 360 + (int)(test_rand(&seed) % 1800);
        check_one(w, h, true, true, (int)(test_rand(&seed) % (uint64_t)(panel_registry_count + 1)), &ht);
    }
    /* The text grows with the window, and a large one shows panels in more detail. */
    layout_input small = {640, 360, true, true, panel_registry_count, ht.count, ht.key_cols, HELP_ACTION_COLS};
    layout_input large = {1920, 1080, true, true, panel_registry_count, ht.count, ht.key_cols, HELP_ACTION_COLS};
    layout a, b;
    layout_compute(&small, &a);
    layout_compute(&large, &b);
    CHECK_MSG(b.text_px > a.text_px, "text %g px at 1080p, %g at 360p", b.text_px, a.text_px);
    CHECK_MSG(b.panel_detail[0] > a.panel_detail[0], "detail %d at 1080p, %d at 360p", b.panel_detail[0],
              a.panel_detail[0]);
    /* Below the smallest size, it still never overlaps: it drops what does not fit. */
    layout_input tiny = {320, 200, true, true, 5, ht.count, ht.key_cols, HELP_ACTION_COLS};
    layout t;
    layout_compute(&tiny, &t);
    CHECK(!t.fits);
    CHECK(!layout_rects_overlap(&t.hud, &t.toast) && !layout_rects_overlap(&t.help, &t.toast));
    return test_finish("test_layout");
}
