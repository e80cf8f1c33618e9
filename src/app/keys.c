#include "app/keys.h"

#include <GLFW/glfw3.h>
#include <stdio.h>
#include <time.h>

const key_help key_help_lines[] = {
    {"Esc", "quit"},
    {"F1 / H", "show or hide this help"},
    {"F2", "show or hide the HUD"},
    {"V", "vsync on/off"},
    {"F12", "screenshot to scanworks-<time>.png"},
    {"Space", "pause/resume the animation"},
    {"Tab", "view: DoF / depth / blur radius / SAT / DoF off"},
    {"Q / E", "focus nearer / farther"},
    {"Z / X", "aperture narrower / wider"},
    {"left click", "auto-focus there (on a panel: focus it; BFS: source)"},
    {"B", "SAT backend: cuda / gl / cpu"},
    {"M", "SAT variant: tiled / three-pass"},
    {"G", "DoF gather: fragment / compute shader / cuda kernel"},
    {"K", "DoF kernel: disc / 3 / 2 / 1 nested boxes"},
    {"F", "DoF foreground guard on/off"},
    {"L", "thin-lens reference (accumulates) / post-process"},
    {"Arrows, left drag", "orbit the camera"},
    {"W A S D, right drag", "pan"},
    {"PgUp PgDn, wheel", "dolly in / out"},
    {"Home", "reset the camera"},
    {"1 .. 9", "open/close overlay panel N (the last opened has the keys)"},
    {"[ ]", "panel: smaller / larger problem"},
    {"N", "panel: next algorithm or variant"},
    {"R", "panel: new random data"},
    {"Enter, P", "panel: one step / run-pause"},
    {NULL, NULL},
};

static void screenshot(app *a)
{
    char path[64];
    time_t now = time(NULL);
    struct tm tm;
    localtime_r(&now, &tm);
    strftime(path, sizeof path, "scanworks-%Y%m%d-%H%M%S.png", &tm);
    sw_error err;
    if (app_write_output_png(a, path, &err)) app_message(a, "screenshot failed: %s", err.msg);
    else app_message(a, "saved %s", path);
}

bool keys_press(app *a, int key, int mods, bool *quit)
{
    (void)mods;
    switch (key) {
    case GLFW_KEY_ESCAPE: *quit = true; return true;
    case GLFW_KEY_F1:
    case GLFW_KEY_H: a->show_help = !a->show_help; return true;
    case GLFW_KEY_F2: a->show_hud = !a->show_hud; return true;
    case GLFW_KEY_V:
        a->vsync = !a->vsync;
        gfx_context_set_vsync(a->ctx, a->vsync);
        app_message(a, "vsync %s", a->vsync ? "on" : "off");
        return true;
    case GLFW_KEY_F12: screenshot(a); return true;
    case GLFW_KEY_SPACE:
        a->paused = !a->paused;
        app_message(a, "animation %s", a->paused ? "paused" : "running");
        return true;
    case GLFW_KEY_TAB:
        a->view = (enum app_view)((a->view + 1) % APP_VIEW_COUNT);
        app_message(a, "view: %s", app_view_names[a->view]);
        return true;
    case GLFW_KEY_Q: app_focus_scale(a, 1.0f / 1.15f); return true;
    case GLFW_KEY_E: app_focus_scale(a, 1.15f); return true;
    case GLFW_KEY_Z: app_aperture_scale(a, 1.0f / 1.25f); return true;
    case GLFW_KEY_X: app_aperture_scale(a, 1.25f); return true;
    case GLFW_KEY_B: app_cycle_sat_backend(a); return true;
    case GLFW_KEY_M: app_cycle_sat_variant(a); return true;
    case GLFW_KEY_G: app_cycle_gather(a); return true;
    case GLFW_KEY_K: app_cycle_kernel(a); return true;
    case GLFW_KEY_F: app_toggle_guard(a); return true;
    case GLFW_KEY_L: app_toggle_reference(a); return true;
    case GLFW_KEY_HOME: camera_reset(&a->camera); app_message(a, "camera reset"); return true;
    default: break;
    }
    if (key >= GLFW_KEY_1 && key <= GLFW_KEY_9) {
        int index = key - GLFW_KEY_1;
        if (index >= panel_registry_count) {
            app_message(a, "no panel %d (this build has %d)", index + 1, panel_registry_count);
            return true;
        }
        sw_error err;
        if (panel_host_toggle(&a->panels, index, &a->cuda, &err)) app_message(a, "%s", err.msg);
        return true;
    }
    return panel_host_key(&a->panels, key, mods);
}

void keys_hold(app *a, double dt, bool (*is_down)(void *user, int key), void *user)
{
    float turn = (float)(1.5 * dt), pan = (float)(0.6 * dt), dolly = (float)(1.0 + 1.5 * dt);
    orbit_camera *c = &a->camera;
    if (is_down(user, GLFW_KEY_LEFT)) camera_orbit(c, -turn, 0);
    if (is_down(user, GLFW_KEY_RIGHT)) camera_orbit(c, turn, 0);
    if (is_down(user, GLFW_KEY_UP)) camera_orbit(c, 0, turn);
    if (is_down(user, GLFW_KEY_DOWN)) camera_orbit(c, 0, -turn);
    if (is_down(user, GLFW_KEY_A)) camera_pan(c, -pan, 0);
    if (is_down(user, GLFW_KEY_D)) camera_pan(c, pan, 0);
    if (is_down(user, GLFW_KEY_W)) camera_pan(c, 0, pan);
    if (is_down(user, GLFW_KEY_S)) camera_pan(c, 0, -pan);
    if (is_down(user, GLFW_KEY_PAGE_UP)) camera_dolly(c, 1.0f / dolly);
    if (is_down(user, GLFW_KEY_PAGE_DOWN)) camera_dolly(c, dolly);
}
