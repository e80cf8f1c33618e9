#include "app/panel_host.h"

#include <stdio.h>
#include <string.h>

static const unsigned char FRAME_BG[4] = {8, 10, 16, 200}, TITLE[4] = {255, 220, 90, 255},
                           TITLE_DIM[4] = {200, 200, 200, 255};

void panel_host_init(panel_host *h)
{
    memset(h, 0, sizeof *h);
    h->focused = -1;
}

int panel_host_toggle(panel_host *h, int i, const cuda_device_info *cuda, sw_error *err)
{
    if (i < 0 || i >= panel_registry_count || i >= PANEL_HOST_MAX) return sw_fail(err, "no panel %d", i + 1);
    const panel *p = panel_registry[i];
    if (!h->initialized[i]) {
        if (p->init(&h->state[i], cuda, err)) return sw_wrap(err, "panel %s: ", p->name);
        h->initialized[i] = true;
    }
    h->enabled[i] = !h->enabled[i];
    if (h->enabled[i]) h->focused = i;
    else if (h->focused == i) {
        h->focused = -1;
        for (int j = 0; j < panel_registry_count; j++)
            if (h->enabled[j]) h->focused = j;
    }
    return 0;
}

int panel_host_enable_list(panel_host *h, const char *list, const cuda_device_info *cuda, sw_error *err)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", list);
    for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        int found = 0;
        for (int i = 0; i < panel_registry_count; i++)
            if ((!strcmp(tok, "all") || !strcmp(tok, panel_registry[i]->name)) && !h->enabled[i]) {
                if (panel_host_toggle(h, i, cuda, err)) return -1;
                found = 1;
            } else if (!strcmp(tok, panel_registry[i]->name)) {
                found = 1;
            }
        if (!found && strcmp(tok, "all")) {
            char names[160] = "";
            for (int i = 0; i < panel_registry_count; i++) {
                strncat(names, panel_registry[i]->name, sizeof names - strlen(names) - 2);
                if (i + 1 < panel_registry_count) strncat(names, ", ", sizeof names - strlen(names) - 1);
            }
            return sw_fail(err, "--panels: no panel named '%s' (have: %s)", tok, names[0] ? names : "none");
        }
    }
    return 0;
}

int panel_host_enabled_count(const panel_host *h)
{
    int n = 0;
    for (int i = 0; i < panel_registry_count && i < PANEL_HOST_MAX; i++) n += h->enabled[i];
    return n;
}

/* The smoothed GPU time of panel INDEX's stages in the latest frame (panel_of_stage:
 * its GL stage and the CUDA ones it added), or -1. */
static double stage_ms(const gpu_timer *timer, int index)
{
    if (!timer->has_latest) return -1;
    double sum = -1;
    for (int i = 0; i < timer->latest.count; i++)
        if (panel_of_stage(timer->latest.names[i]) == index) sum = (sum < 0 ? 0 : sum) + timer->smoothed_ms[i];
    return sum;
}

void panel_host_frame(panel_host *h, const gl_target *target, text_renderer *text, gpu_timer *timer,
                      const cuda_device_info *cuda, double dt, long frame, const layout *L)
{
    int n = panel_host_enabled_count(h), k = 0;
    if (!n) return;
    for (int i = 0; i < panel_registry_count && i < PANEL_HOST_MAX; i++) {
        if (!h->enabled[i]) continue;
        const panel *p = panel_registry[i];
        layout_rect r = k < LAYOUT_MAX_PANELS ? L->panels[k] : (layout_rect){0, 0, 0, 0};
        int detail = k < LAYOUT_MAX_PANELS ? L->panel_detail[k] : PANEL_DETAIL_SMALL;
        k++;
        /* GL's y is the rectangle's bottom row. */
        int x = (int)r.x, w = (int)r.w, ph = (int)r.h, y = target->height - ((int)r.y + ph);
        h->rect[i][0] = x, h->rect[i][1] = (int)r.y, h->rect[i][2] = w, h->rect[i][3] = ph;
        if (w < 16 || ph < 16) continue;
        float px = L->text_px;
        panel_frame f = {x, y, w, ph, target->height, target->fbo, text, timer, cuda, dt, frame, h->focused == i, px, detail};
        glBindFramebuffer(GL_FRAMEBUFFER, target->fbo);
        /* Background and title first, so the panel draws over them. */
        text_begin(text, target->width, target->height);
        float top = (float)(target->height - (y + ph));
        text_rect(text, (float)x, top, (float)w, (float)ph, FRAME_BG);
        char title[128];
        snprintf(title, sizeof title, "%d  %s", i + 1, p->title);   /* yellow: this panel has the keys */
        /* Its GPU time (GL queries and any CUDA events it added, smoothed) at the right. */
        char ms[32] = "";
        double t = stage_ms(timer, i);
        if (t >= 0) snprintf(ms, sizeof ms, "%.2f ms", t);
        float ms_w = text_width_px(ms, px);
        int fit = text_fit_chars((float)w - 12 - (ms[0] ? ms_w + text_advance_px(px) : 0), px);
        if (fit < (int)strlen(title)) title[fit > 0 ? fit : 0] = 0;   /* never past the frame */
        text_print_px(text, (float)x + 6, top + 3, px, title, f.focused ? TITLE : TITLE_DIM);
        if (ms[0] && fit > 4) text_print_px(text, (float)(x + w) - 6 - ms_w, top + 3, px, ms, TITLE_DIM);
        text_end(text);
        gpu_timer_begin(timer, p->name);
        glViewport(x, y, w, ph);
        glEnable(GL_SCISSOR_TEST);
        glScissor(x, y, w, ph);
        text_begin(text, target->width, target->height);
        if (p->step) p->step(h->state[i], &f);
        glBindFramebuffer(GL_FRAMEBUFFER, target->fbo);
        glViewport(x, y, w, ph);
        p->draw(h->state[i], &f);
        /* The panel's text is clipped to its rectangle too: it never runs into another. */
        glEnable(GL_SCISSOR_TEST);
        glScissor(x, y, w, ph);
        text_end(text);
        glDisable(GL_SCISSOR_TEST);
        gpu_timer_end(timer);
    }
}

bool panel_host_click(panel_host *h, float x, float y)
{
    for (int i = 0; i < panel_registry_count && i < PANEL_HOST_MAX; i++) {
        const int *r = h->rect[i];
        if (!h->enabled[i] || x < r[0] || y < r[1] || x >= r[0] + r[2] || y >= r[1] + r[3]) continue;
        h->focused = i;
        const panel *p = panel_registry[i];
        if (p->click) p->click(h->state[i], x - r[0], y - r[1], (float)r[2], (float)r[3]);
        return true;   /* a click on a panel never refocuses the scene behind it */
    }
    return false;
}

bool panel_host_key(panel_host *h, int key, int mods)
{
    if (h->focused < 0) return false;
    const panel *p = panel_registry[h->focused];
    bool used = p->key && p->key(h->state[h->focused], key, mods);
    h->keys_used += used;
    return used;
}

void panel_host_shutdown(panel_host *h)
{
    for (int i = 0; i < panel_registry_count && i < PANEL_HOST_MAX; i++)
        if (h->initialized[i]) panel_registry[i]->shutdown(h->state[i]);
    panel_host_init(h);
}
