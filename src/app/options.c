#include "app/options.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dof/dof.h"
#include "dof/dof_reference.h"
#include "dof/sat.h"
#include "io/image.h"
#include "panels/panel.h"

void app_options_defaults(app_options *o)
{
    memset(o, 0, sizeof *o);
    o->width = 1280;
    o->height = 720;
    o->warmup = 0;
    o->vsync = true;
    o->hud = true;
    o->cuda_device = -1;
    o->dt = 1.0 / 60.0;
    o->view = "color";
    o->focus = 5.0;
    o->aperture = 12.0;
    o->boxes = DOF_DEFAULT_BOXES;
    o->kernel = DOF_KERNEL_DISC;
    o->guard = true;
    o->near = true;
    o->sat_variant = "tiled";
    o->gather = NULL;   /* app_dof_init picks: cuda with the cuda SAT backend, else compute */
}

static int parse_double(const char *flag, const char *s, double lo, double hi, double *out, sw_error *err)
{
    char *end;
    if (!s) return sw_fail(err, "%s needs a value", flag);
    errno = 0;
    double v = strtod(s, &end);
    if (errno || end == s || *end || !(v >= lo && v <= hi))
        return sw_fail(err, "%s '%s': expected a number in %g..%g", flag, s, lo, hi);
    *out = v;
    return 0;
}

static int parse_dof_flag(const char *a, const char *next, app_options *o, sw_error *err)
{
    prim_backend b;
    sat_variant v;
    dof_gather g;
    if (!strcmp(a, "--focus")) return parse_double(a, next, 1e-3, 1e6, &o->focus, err);
    if (!strcmp(a, "--aperture")) return parse_double(a, next, 0.0, 1000.0, &o->aperture, err);
    if (!strcmp(a, "--sat-backend")) {
        if (prim_backend_parse(next, &b, err)) return sw_wrap(err, "--sat-backend: ");
        o->sat_backend = next;
    } else if (!strcmp(a, "--sat-variant")) {
        if (sat_variant_parse(next, &v, err)) return sw_wrap(err, "--sat-variant: ");
        o->sat_variant = next;
    } else {
        if (dof_gather_parse(next, &g, err)) return sw_wrap(err, "--gather: ");
        o->gather = next;
    }
    return 0;
}

static int parse_long(const char *flag, const char *s, long lo, long hi, long *out, sw_error *err)
{
    if (!s) return sw_fail(err, "%s needs a value", flag);
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || end == s || *end || v < lo || v > hi)
        return sw_fail(err, "%s '%s': expected a whole number in %ld..%ld", flag, s, lo, hi);
    *out = v;
    return 0;
}

static int parse_size(const char *s, int *w, int *h, sw_error *err)
{
    if (!s) return sw_fail(err, "--size needs a value like 1920x1080");
    char *end;
    errno = 0;
    long a = strtol(s, &end, 10);
    if (errno || end == s || (*end != 'x' && *end != 'X')) goto bad;
    const char *second = end + 1;
    long b = strtol(second, &end, 10);
    if (errno || end == second || *end) goto bad;
    if (a < 1 || b < 1 || a > IMAGE_MAX_SIDE || b > IMAGE_MAX_SIDE)
        return sw_fail(err, "--size %s: each side must be 1..%d", s, IMAGE_MAX_SIDE);
    *w = (int)a;
    *h = (int)b;
    return 0;
bad:
    return sw_fail(err, "--size '%s': expected WIDTHxHEIGHT, e.g. 1920x1080", s);
}

static int check_panel_names(const char *list, sw_error *err)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", list);
    for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        int ok = !strcmp(tok, "all");
        for (int i = 0; i < panel_registry_count; i++) ok |= !strcmp(tok, panel_registry[i]->name);
        if (!ok) {
            char names[200] = "";
            for (int i = 0; i < panel_registry_count; i++) {
                strncat(names, i ? ", " : "", sizeof names - strlen(names) - 1);
                strncat(names, panel_registry[i]->name, sizeof names - strlen(names) - 1);
            }
            return sw_fail(err, "--panels: no panel named '%s' (have: %s)", tok, names[0] ? names : "none yet");
        }
    }
    return 0;
}

int app_options_parse(app_options *o, int argc, char **argv, sw_error *err)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *next = i + 1 < argc ? argv[i + 1] : NULL;
        long v;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) o->help = true;
        else if (!strcmp(a, "--version")) o->version = true;
        else if (!strcmp(a, "--headless")) o->headless = true;
        else if (!strcmp(a, "--hud")) o->hud = o->hud_set = true;
        else if (!strcmp(a, "--no-hud")) { o->hud = false; o->hud_set = true; }
        else if (!strcmp(a, "--no-vsync")) o->vsync = false;
        else if (!strcmp(a, "--gl-debug")) o->gl_debug = true;
        else if (!strcmp(a, "--pause")) o->paused = true;
        else if (!strcmp(a, "--size")) { if (parse_size(next, &o->width, &o->height, err)) return -1; i++; }
        else if (!strcmp(a, "--frames")) { if (parse_long(a, next, 1, 100000000, &o->frames, err)) return -1; i++; }
        else if (!strcmp(a, "--warmup")) { if (parse_long(a, next, 0, 1000000, &o->warmup, err)) return -1; i++; }
        else if (!strcmp(a, "--dof-reference")) {
            if (parse_long(a, next, 1, DOF_REFERENCE_MAX_VIEWS, &o->dof_reference, err)) return -1;
            i++;
        }
        else if (!strcmp(a, "--boxes")) {
            if (parse_long(a, next, 1, DOF_MAX_BOXES, &o->boxes, err)) return -1;
            if (!o->kernel_set) o->kernel = DOF_KERNEL_BOXES;
            i++;
        } else if (!strcmp(a, "--kernel")) {
            dof_kernel k;
            if (dof_kernel_parse(next, &k, err)) return sw_wrap(err, "--kernel: ");
            o->kernel = k;
            o->kernel_set = true;
            i++;
        }
        else if (!strcmp(a, "--guard")) {
            if (dof_guard_parse(next, &o->guard, err)) return sw_wrap(err, "--guard: ");
            i++;
        }
        else if (!strcmp(a, "--near")) {
            if (dof_near_parse(next, &o->near, err)) return sw_wrap(err, "--near: ");
            i++;
        }
        else if (!strcmp(a, "--device")) {
            if (parse_long(a, next, 0, 63, &v, err)) return -1;
            o->cuda_device = (int)v;
            i++;
        } else if (!strcmp(a, "--dt")) {
            char *end;
            if (!next) return sw_fail(err, "--dt needs a value in seconds");
            o->dt = strtod(next, &end);
            if (end == next || *end || !(o->dt >= 0.0 && o->dt <= 10.0))
                return sw_fail(err, "--dt '%s': expected seconds in 0..10", next);
            i++;
        } else if (!strcmp(a, "--focus") || !strcmp(a, "--aperture") || !strcmp(a, "--sat-backend") ||
                   !strcmp(a, "--sat-variant") || !strcmp(a, "--gather")) {
            if (parse_dof_flag(a, next, o, err)) return -1;
            i++;
        } else if (!strcmp(a, "--view")) {
            if (!next || (strcmp(next, "color") && strcmp(next, "depth") && strcmp(next, "blur") &&
                          strcmp(next, "sat") && strcmp(next, "nodof")))
                return sw_fail(err, "--view '%s': expected color, depth, blur, sat or nodof", next ? next : "");
            o->view = next;
            i++;
        } else if (!strcmp(a, "--panels")) {
            if (!next || !*next) return sw_fail(err, "--panels needs a list such as scan,bfs or all");
            o->panels = next;
            i++;
            if (check_panel_names(next, err)) return -1;
        } else if (!strcmp(a, "--keys-overlay")) {
            o->show_keys = true;
        } else if (!strcmp(a, "--list-keys")) {
            o->list_keys = true;
        } else if (!strcmp(a, "--state-log")) {
            if (!next || !*next) return sw_fail(err, "--state-log needs a path");
            o->state_log = next;
            i++;
        } else if (!strcmp(a, "--screenshot")) {
            if (!next || !*next) return sw_fail(err, "--screenshot needs a path");
            o->screenshot = next;
            i++;
        } else if (!strcmp(a, "--dump") || !strcmp(a, "--json")) {
            if (!next || !*next) return sw_fail(err, "%s needs a path", a);
            if (!strcmp(a, "--dump")) o->dump_dir = next; else o->json_path = next;
            i++;
        } else if (a[0] == '-') {
            return sw_fail(err, "unknown flag '%s' (see --help)", a);
        } else {
            return sw_fail(err, "unexpected argument '%s' (see --help)", a);
        }
    }
    if (o->dof_reference && !o->headless)
        return sw_fail(err, "--dof-reference N is for --headless runs (in the window, L shows the reference)");
    if (o->headless && !o->hud_set) o->hud = false;
    if ((o->dump_dir || o->json_path) && !o->headless && !o->frames)
        return sw_fail(err, "--dump and --json need --frames N (and usually --headless)");
    return 0;
}

void app_options_print_help(const char *program)
{
    printf("scanworks %s: GPU parallel primitives (scan, SAT, compaction, sort, BFS) in a live OpenGL scene.\n\n"
           "Usage:\n"
           "  %s [flags]                         open the window (the default)\n"
           "  %s --headless --frames N [flags]   render N frames with no display\n"
           "  %s compute OP --help              run one primitive on your files (.npy, PNG, graphs)\n"
           "  %s bench OP --help                measure a primitive against references\n\n"
           "Flags:\n"
           "  --headless          render offscreen through EGL (no X server needed)\n"
           "  --size WxH          framebuffer size (default 1280x720; 1..%d per side)\n"
           "  --frames N          stop after N measured frames (window mode too)\n"
           "  --warmup N          frames rendered before measuring (default 0)\n"
           "  --dump DIR          write frame_0000.png, frame_0001.png ... into DIR\n"
           "  --json FILE         write the environment and per-frame, per-stage GPU times\n"
           "  --screenshot FILE   write the last frame, HUD included, to FILE.png on exit\n"
           "  --dt SECONDS        animation step per frame in headless mode (default 1/60)\n"
           "  --pause             start with the animation paused\n"
           "  --view VIEW         color (depth of field), depth, blur, sat or nodof (Tab cycles)\n"
           "  --focus F           depth-of-field focus distance in scene units (default 5)\n"
           "  --aperture A        blur radius at infinity in pixels, 0 = no blur (default 12)\n"
           "  --sat-backend B     who builds the summed-area table: cuda, gl or cpu\n"
           "                      (default cuda, or gl when CUDA is unavailable)\n"
           "  --sat-variant V     three-pass (the chapter's) or tiled (default)\n"
           "  --gather G          DoF pass: fragment or compute shader, or cuda (a CUDA kernel in the\n"
           "                      same mapping; needs --sat-backend cuda); default cuda where the SAT\n"
           "                      is built by cuda, else compute\n"
           "  --kernel K          DoF kernel: disc (a stepped disc of fractional radius, soft guard;\n"
           "                      the default) or boxes\n"
           "  --boxes N           the box kernel: N nested boxes, 1 (the chapter's single box) .. 3\n"
           "  --guard on|off      keep sharp foreground edges from bleeding into the blur (default on)\n"
           "  --near on|off       a blurred foreground spreads over what lies behind it (compute and\n"
           "                      cuda gathers; default on)\n"
"  --dof-reference N   headless: after the last frame, render the thin-lens reference of N\n"
           "                      views (1..%d) and score the DoF against it: dof_quality in --json,\n"
           "                      dof.png and reference.png in --dump DIR\n"
           "  --panels LIST       open overlay panels: comma-separated names, or all\n"
           "  --hud, --no-hud     draw the HUD (default: on in a window, off headless)\n"
"  --state-log FILE    window mode: after each key, append the key and the app's state to FILE\n"
           "  --keys-overlay      start with the help overlay (the key list) shown, as F1 does\n"
           "  --list-keys         print the key table (keys, X11 names, the state each changes) and exit\n"
           "  --no-vsync          start with vsync off (key V toggles)\n"
           "  --device N          CUDA device to use (default: the one driving the GL context)\n"
           "  --gl-debug          print OpenGL debug messages to stderr\n"
           "  --version           print the version\n"
           "  -h, --help          this text\n\n"
           "Keys in the window: press F1 or H for the full list.\n"
           "Exit codes: 0 success, 1 runtime error, 2 usage error.\n",
           SCANWORKS_VERSION, program, program, program, program, IMAGE_MAX_SIDE, DOF_REFERENCE_MAX_VIEWS);
}
