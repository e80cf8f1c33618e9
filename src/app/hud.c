#include "app/hud.h"

#include <stdio.h>
#include <string.h>

#include "app/keys.h"

static const unsigned char WHITE[4] = {240, 240, 240, 255}, DIM[4] = {170, 185, 200, 255},
                           YELLOW[4] = {255, 220, 90, 255}, PANEL[4] = {10, 14, 20, 170},
                           BAR[4] = {90, 170, 255, 220};

static void stats(app *a, float scale)
{
    text_renderer *t = &a->text;
    enum { MAX_LINES = GPU_TIMER_MAX_STAGES + 3 };
    char lines[MAX_LINES][128];
    const unsigned char *colors[MAX_LINES];
    double bar_ms[MAX_LINES];
    int n = 0;
    const gpu_frame_times *ft = &a->timer.latest;
    snprintf(lines[n], sizeof lines[n], "%.0f fps  %.2f ms/frame%s%s", a->fps, a->frame_ms_smoothed,
             a->vsync ? "  vsync" : "", a->paused ? "  paused" : "");
    colors[n] = WHITE, bar_ms[n++] = -1;
    snprintf(lines[n], sizeof lines[n], "%dx%d  %s  CUDA: %.60s", a->output.width, a->output.height,
             app_view_names[a->view], a->cuda.available ? a->cuda.name : "off");
    colors[n] = DIM, bar_ms[n++] = -1;
    snprintf(lines[n], sizeof lines[n], "SAT %s %s  %s  focus %.2f  aperture %.1f  boxes %d%s",
             prim_backend_name(a->sat_backend), sat_variant_name(a->sat_variant), dof_gather_name(a->gather), a->focus,
             a->aperture, a->boxes, a->guard ? "" : "  no guard");
    colors[n] = DIM, bar_ms[n++] = -1;
    double total = 0;
    if (a->timer.has_latest) {
        for (int i = 0; i < ft->count; i++) total += a->timer.smoothed_ms[i];
        snprintf(lines[n], sizeof lines[n], "GPU %.3f ms  (F1: keys)", total);
        colors[n] = YELLOW, bar_ms[n++] = -1;
        for (int i = 0; i < ft->count && n < MAX_LINES; i++) {
            snprintf(lines[n], sizeof lines[n], "  %-12s %8.3f ms", ft->names[i], a->timer.smoothed_ms[i]);
            colors[n] = WHITE, bar_ms[n++] = a->timer.smoothed_ms[i];
        }
    }
    float text_w = 0, lh = 10 * scale, bar_w = 60 * scale, x = 10, y = 10;
    for (int i = 0; i < n; i++) {
        float w = text_width(lines[i], scale);
        if (w > text_w) text_w = w;
    }
    text_rect(t, x - 6, y - 6, text_w + bar_w + 20, n * lh + 10, PANEL);
    for (int i = 0; i < n; i++, y += lh) {
        text_print(t, x, y, scale, lines[i], colors[i]);
        if (bar_ms[i] >= 0 && total > 0)
            text_rect(t, x + text_w + 8, y + 1, (float)(bar_ms[i] / total) * bar_w, lh * 0.6f, BAR);
    }
}

static void help(app *a, float scale)
{
    text_renderer *t = &a->text;
    float lh = 10 * scale, w = 380 * scale * 0.5f * 2.0f;
    int n = 0;
    while (key_help_lines[n].keys) n++;
    float h = (n + 2) * lh + 12;
    float x = (a->output.width - w) * 0.5f, y = (a->output.height - h) * 0.5f;
    if (x < 4) x = 4;
    if (y < 4) y = 4;
    text_rect(t, x - 8, y - 8, w + 16, h + 8, PANEL);
    text_print(t, x, y, scale, "scanworks keys", YELLOW);
    y += lh * 1.5f;
    for (int i = 0; i < n; i++) {
        text_print(t, x, y, scale, key_help_lines[i].keys, YELLOW);
        text_print(t, x + w * 0.42f, y, scale, key_help_lines[i].action, WHITE);
        y += lh;
    }
}

void hud_draw(app *a)
{
    float scale = a->output.height >= 1000 ? 3.0f : 2.0f;
    glBindFramebuffer(GL_FRAMEBUFFER, a->output.fbo);
    text_begin(&a->text, a->output.width, a->output.height);
    if (a->show_hud) stats(a, scale);
    if (a->show_help) help(a, scale);
    if (a->message[0] && a->wall_time < a->message_until) {
        float w = text_width(a->message, scale);
        float y = a->output.height - 16 * scale;
        text_rect(&a->text, 4, y - 6, w + 16, 10 * scale + 8, PANEL);
        text_print(&a->text, 10, y, scale, a->message, YELLOW);
    }
    text_end(&a->text);
}
