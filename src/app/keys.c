#include "app/keys.h"

#include <GLFW/glfw3.h>
#include <stdio.h>
#include <time.h>

static void quit(app *a, int code, bool *q) { (void)a, (void)code, *q = true; }
static void help(app *a, int code, bool *q) { (void)code, (void)q, a->show_help = !a->show_help; }
static void hud(app *a, int code, bool *q) { (void)code, (void)q, a->show_hud = !a->show_hud; }

static void vsync(app *a, int code, bool *q)
{
    (void)code, (void)q;
    a->vsync = !a->vsync;
    gfx_context_set_vsync(a->ctx, a->vsync);
    app_message(a, "vsync %s", a->vsync ? "on" : "off");
}

static void screenshot(app *a, int code, bool *q)
{
    (void)code, (void)q;
    char path[64];
    time_t now = time(NULL);
    struct tm tm;
    localtime_r(&now, &tm);
    strftime(path, sizeof path, "scanworks-%Y%m%d-%H%M%S.png", &tm);
    sw_error err;
    if (app_write_output_png(a, path, &err)) app_message(a, "screenshot failed: %s", err.msg);
    else {
        a->screenshots++;
        app_message(a, "saved %s", path);
    }
}

static void pause_anim(app *a, int code, bool *q)
{
    (void)code, (void)q;
    a->paused = !a->paused;
    app_message(a, "animation %s", a->paused ? "paused" : "running");
}

static void view(app *a, int code, bool *q)
{
    (void)code, (void)q;
    a->view = (enum app_view)((a->view + 1) % APP_VIEW_COUNT);
    app_message(a, "view: %s", app_view_names[a->view]);
}

static void focus(app *a, int code, bool *q) { (void)q, app_focus_scale(a, code == GLFW_KEY_Q ? 1.0f / 1.15f : 1.15f); }
static void aperture(app *a, int code, bool *q) { (void)q, app_aperture_scale(a, code == GLFW_KEY_Z ? 1.0f / 1.25f : 1.25f); }
static void backend(app *a, int code, bool *q) { (void)code, (void)q, app_cycle_sat_backend(a); }
static void variant(app *a, int code, bool *q) { (void)code, (void)q, app_cycle_sat_variant(a); }
static void gather(app *a, int code, bool *q) { (void)code, (void)q, app_cycle_gather(a); }
static void kernel(app *a, int code, bool *q) { (void)code, (void)q, app_cycle_kernel(a); }
static void reference(app *a, int code, bool *q) { (void)code, (void)q, app_toggle_reference(a); }
static void guard(app *a, int code, bool *q) { (void)code, (void)q, app_toggle_guard(a); }
static void near_field(app *a, int code, bool *q) { (void)code, (void)q, app_toggle_near(a); }
static void half_size(app *a, int code, bool *q) { (void)code, (void)q, app_toggle_half(a); }

static void camera_home(app *a, int code, bool *q)
{
    (void)code, (void)q;
    camera_reset(&a->camera);
    app_message(a, "camera reset");
}

static void panel_toggle(app *a, int code, bool *q)
{
    (void)q;
    int index = code - GLFW_KEY_1;
    sw_error err;
    if (index >= panel_registry_count) app_message(a, "no panel %d (this build has %d)", index + 1, panel_registry_count);
    else if (panel_host_toggle(&a->panels, index, &a->cuda, &err)) app_message(a, "%s", err.msg);
}

/* 1 .. 5 toggle panel_registry[0 .. 4]; test_keys checks that they match. */
const key_binding key_table[] = {
    {"Esc", "quit", "quit", KEY_APP, {GLFW_KEY_ESCAPE}, quit, {0}},
    {"F1 / H", "help overlay (lists every key)", "help", KEY_APP, {GLFW_KEY_F1, GLFW_KEY_H}, help, {0}},
    {"F2", "HUD on/off", "hud", KEY_APP, {GLFW_KEY_F2}, hud, {0}},
    {"V", "vsync on/off", "vsync", KEY_APP, {GLFW_KEY_V}, vsync, {0}},
    {"F12", "screenshot to `scanworks-<time>.png`", "screenshots", KEY_APP, {GLFW_KEY_F12}, screenshot, {0}},
    {"Space", "pause/resume the animation", "paused", KEY_APP, {GLFW_KEY_SPACE}, pause_anim, {0}},
    {"Tab", "view: DoF/depth/blur/SAT/no DoF", "view", KEY_APP, {GLFW_KEY_TAB},
     view, {0}},
    {"Q / E", "focus nearer / farther", "focus", KEY_APP, {GLFW_KEY_Q, GLFW_KEY_E}, focus, {0}},
    {"Z / X", "aperture narrower / wider", "aperture", KEY_APP, {GLFW_KEY_Z, GLFW_KEY_X}, aperture, {0}},
    {"left click", "auto-focus there; on a panel: keys", "focus", KEY_MOUSE, {0},
     NULL, {0}},
    {"M", "SAT variant: tiled / three-pass", "sat_variant", KEY_APP, {GLFW_KEY_M}, variant, {0}},
    {"B", "SAT backend: cuda / gl / cpu", "sat_backend", KEY_APP, {GLFW_KEY_B}, backend, {0}},
    {"G", "DoF gather: fragment/compute/CUDA", "gather", KEY_APP, {GLFW_KEY_G}, gather, {0}},
    {"K", "DoF kernel: disc / 3 / 2 / 1 boxes", "kernel", KEY_APP, {GLFW_KEY_K}, kernel, {0}},
    {"F", "DoF foreground guard on/off", "guard", KEY_APP, {GLFW_KEY_F}, guard, {0}},
    {"J", "DoF near field: off / probes / layers", "near", KEY_APP, {GLFW_KEY_J}, near_field, {0}},
    {"U", "DoF at full / half size", "half", KEY_APP, {GLFW_KEY_U}, half_size, {0}},
    {"L", "thin-lens reference / post-process", "reference", KEY_APP, {GLFW_KEY_L}, reference, {0}},
    {"Arrows", "orbit (a tap steps, a hold turns)", "camera", KEY_CAMERA,
     {GLFW_KEY_LEFT, GLFW_KEY_RIGHT, GLFW_KEY_UP, GLFW_KEY_DOWN}, NULL,
     {CAMERA_ORBIT_LEFT, CAMERA_ORBIT_RIGHT, CAMERA_ORBIT_UP, CAMERA_ORBIT_DOWN}},
    {"W A S D", "pan", "camera", KEY_CAMERA, {GLFW_KEY_A, GLFW_KEY_D, GLFW_KEY_W, GLFW_KEY_S}, NULL,
     {CAMERA_PAN_LEFT, CAMERA_PAN_RIGHT, CAMERA_PAN_UP, CAMERA_PAN_DOWN}},
    {"PgUp PgDn", "dolly in / out", "camera", KEY_CAMERA, {GLFW_KEY_PAGE_UP, GLFW_KEY_PAGE_DOWN}, NULL,
     {CAMERA_DOLLY_IN, CAMERA_DOLLY_OUT}},
    {"left drag", "orbit", "camera", KEY_MOUSE, {0}, NULL, {0}},
    {"right drag", "pan", "camera", KEY_MOUSE, {0}, NULL, {0}},
    {"wheel", "dolly", "camera", KEY_MOUSE, {0}, NULL, {0}},
    {"Home", "reset the camera", "camera", KEY_APP, {GLFW_KEY_HOME}, camera_home, {0}},
    {"1 .. 5", "open/close panel (1 scan .. 5 BFS)", "panels", KEY_APP,
     {GLFW_KEY_1, GLFW_KEY_2, GLFW_KEY_3, GLFW_KEY_4, GLFW_KEY_5}, panel_toggle, {0}},
    {"[ ]", "panel: smaller / larger problem", "panel_keys", KEY_PANEL, {GLFW_KEY_LEFT_BRACKET, GLFW_KEY_RIGHT_BRACKET},
     NULL, {0}},
    {"N", "panel: next algorithm or variant", "panel_keys", KEY_PANEL, {GLFW_KEY_N}, NULL, {0}},
    {"R", "panel: new random data", "panel_keys", KEY_PANEL, {GLFW_KEY_R}, NULL, {0}},
    {"Enter / P", "panel: one step / run-pause", "panel_keys", KEY_PANEL, {GLFW_KEY_ENTER, GLFW_KEY_P}, NULL, {0}},
    {"C", "panel: CUDA / GL levels, GPU / CPU passes", "panel_keys", KEY_PANEL, {GLFW_KEY_C}, NULL, {0}},
};
const int key_table_count = (int)(sizeof key_table / sizeof key_table[0]);

const key_binding *keys_find(int code)
{
    for (int b = 0; b < key_table_count; b++)
        for (int i = 0; i < KEY_CODES_MAX && key_table[b].codes[i]; i++)
            if (key_table[b].codes[i] == code) return &key_table[b];
    return NULL;
}

static int code_index(const key_binding *b, int code)
{
    for (int i = 0; i < KEY_CODES_MAX && b->codes[i]; i++)
        if (b->codes[i] == code) return i;
    return -1;
}

const char *keys_x11_name(int code)
{
    static char letter[2];
    if ((code >= GLFW_KEY_A && code <= GLFW_KEY_Z) || (code >= GLFW_KEY_0 && code <= GLFW_KEY_9)) {
        letter[0] = (char)(code >= GLFW_KEY_A ? code - GLFW_KEY_A + 'a' : code);
        letter[1] = 0;
        return letter;
    }
    switch (code) {
    case GLFW_KEY_ESCAPE: return "Escape";
    case GLFW_KEY_F1: return "F1";
    case GLFW_KEY_F2: return "F2";
    case GLFW_KEY_F12: return "F12";
    case GLFW_KEY_SPACE: return "space";
    case GLFW_KEY_TAB: return "Tab";
    case GLFW_KEY_LEFT: return "Left";
    case GLFW_KEY_RIGHT: return "Right";
    case GLFW_KEY_UP: return "Up";
    case GLFW_KEY_DOWN: return "Down";
    case GLFW_KEY_PAGE_UP: return "Prior";
    case GLFW_KEY_PAGE_DOWN: return "Next";
    case GLFW_KEY_HOME: return "Home";
    case GLFW_KEY_LEFT_BRACKET: return "bracketleft";
    case GLFW_KEY_RIGHT_BRACKET: return "bracketright";
    case GLFW_KEY_ENTER: return "Return";
    default: return "?";
    }
}

/* What a panel key does not do here, said on the HUD rather than nothing at all. */
static void panel_key_unused(app *a, const key_binding *b, int key)
{
    const char *name = keys_x11_name(key);
    if (a->panels.focused < 0) {
        app_message(a, "%s: no panel is open (1 .. %d open one)", name, panel_registry_count);
    } else if (key == GLFW_KEY_C && !a->cuda.available) {
        app_message(a, "C: no CUDA here, so the %s panel has no CUDA variant (%s)",
                    panel_registry[a->panels.focused]->name, a->cuda.why_unavailable);
    } else {
        app_message(a, "%s (%s): nothing to do in the %s panel", name, b->action,
                    panel_registry[a->panels.focused]->name);
    }
    a->unused_keys++;
}

bool keys_press(app *a, int key, int mods, bool *quit_flag)
{
    const key_binding *b = keys_find(key);
    if (!b) return false;
    switch (b->kind) {
    case KEY_APP: b->press(a, key, quit_flag); return true;
    case KEY_CAMERA: camera_keys_press(&a->camera_keys, &a->camera, b->moves[code_index(b, key)]); return true;
    case KEY_PANEL:
        /* C picks among CUDA variants: without CUDA there are none, say so. */
        if ((key == GLFW_KEY_C && !a->cuda.available) || !panel_host_key(&a->panels, key, mods))
            panel_key_unused(a, b, key);
        return true;
    default: return false;
    }
}

void keys_hold(app *a, double dt, bool (*is_down)(void *user, int key), void *user)
{
    bool down[CAMERA_MOVE_COUNT] = {false};
    for (int b = 0; b < key_table_count; b++) {
        if (key_table[b].kind != KEY_CAMERA) continue;
        for (int i = 0; i < KEY_CODES_MAX && key_table[b].codes[i]; i++)
            if (is_down(user, key_table[b].codes[i])) down[key_table[b].moves[i]] = true;
    }
    camera_keys_update(&a->camera_keys, &a->camera, down, dt);
}

void keys_print_table(FILE *out)
{
    static const char *const kinds[] = {"app", "camera", "panel", "mouse"};
    for (int b = 0; b < key_table_count; b++) {
        const key_binding *k = &key_table[b];
        fprintf(out, "%s\t%s\t%s\t", k->keys, kinds[k->kind], k->state);
        if (!k->codes[0]) fputc('-', out);
        for (int i = 0; i < KEY_CODES_MAX && k->codes[i]; i++) fprintf(out, "%s%s", i ? " " : "", keys_x11_name(k->codes[i]));
        fputc('\n', out);
    }
}
