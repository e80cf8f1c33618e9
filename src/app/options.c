#include "app/options.h"
#include "app/cli.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dof/dof.h"
#include "dof/dof_reference.h"
#include "dof/sat.h"
#include "dof/sat_frame.h"
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
    o->near = DOF_NEAR_ON;   /* the quality targets' setting (docs/perf/dof.md) */
    o->sat_variant = "tiled";
    o->dof_half = true;   /* 72 us against 121 at 1080p on the H200, both quality targets met (docs/perf/dof-half.md) */
    o->handover_batch = 0;     /* auto: app_dof_init picks (APP_AUTO_BATCH where CUDA takes the frame through Vulkan) */
    o->frames_in_flight = 0;   /* app_dof_init picks: 2 where CUDA takes the frame by map, else 1 */
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
    } else if (!strcmp(a, "--interop")) {
        sat_interop_mode m;
        if (sat_interop_parse(next, &m, err)) return sw_wrap(err, "--interop: ");
        o->interop = next;
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

int options_parse_size(const char *s, int *w, int *h, sw_error *err)
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

static void panel_names(char *out, size_t size)
{
    out[0] = 0;
    for (int i = 0; i < panel_registry_count; i++) {
        strncat(out, i ? ", " : "", size - strlen(out) - 1);
        strncat(out, panel_registry[i]->name, size - strlen(out) - 1);
    }
}

static int check_panel_names(const char *list, sw_error *err)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", list);
    for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        int ok = !strcmp(tok, "all");
        for (int i = 0; i < panel_registry_count; i++) ok |= !strcmp(tok, panel_registry[i]->name);
        if (!ok) {
            char names[200];
            panel_names(names, sizeof names);
            return sw_fail(err, "--panels: no panel named '%s' (have: %s, or all)", tok, names[0] ? names : "none yet");
        }
    }
    return 0;
}

/* Every viewer flag, in the order --help lists them; the parser refuses any other. */
static const struct viewer_flag {
    const char *name, *value, *help;
} viewer_flags[] = {
    {"--headless", NULL, "render offscreen through EGL (no X server needed)"},
    {"--size", "WxH", "framebuffer size (default 1280x720; 1..16384 per side)"},
    {"--frames", "N", "stop after N measured frames (window mode too; default: run until closed)"},
    {"--warmup", "N", "frames rendered before measuring (default 0)"},
    {"--dump", "DIR", "write frame_0000.png, frame_0001.png ... into DIR (default: none)"},
    {"--json", "FILE.json", "write the environment and per-frame, per-stage GPU times (default: none)"},
    {"--screenshot", "FILE.png", "write the last frame, HUD included, on exit (default: none)"},
    {"--dt", "SECONDS", "animation step per frame in headless mode (default 1/60)"},
    {"--pause", NULL, "start with the animation paused"},
    {"--view", "VIEW", "color (depth of field), depth, blur, sat or nodof (default color; Tab cycles)"},
    {"--focus", "F", "depth-of-field focus distance in scene units (default 5)"},
    {"--aperture", "A", "blur radius at infinity in pixels, 0 = no blur (default 12)"},
    {"--sat-backend", "B", "who builds the summed-area table: cuda, gl or cpu (default cuda, or gl\n"
                           "where CUDA is unavailable; a named backend that cannot run is an error)"},
    {"--sat-variant", "V", "three-pass (the chapter's) or tiled (default tiled)"},
    {"--gather", "G", "DoF pass: fragment or compute shader, or cuda (a CUDA kernel in the same\n"
                      "mapping; needs --sat-backend cuda); default cuda where the SAT is built by\n"
                      "cuda, else compute"},
    {"--interop", "I", "how the cuda SAT and gather share the frame with GL: vulkan (the frame's\n"
                       "textures are Vulkan images GL and CUDA share, ordered by semaphores on\n"
                       "the GPU: no map, no host wait; the default where CUDA builds the table and\n"
                       "Vulkan opens on GL's device), map (register once, map and unmap each\n"
                       "frame; the default elsewhere), external (CUDA-allocated memory GL imports,\n"
                       "GL_EXT_memory_object_fd) or auto (vulkan where it opens, else map); a path that\n"
                       "cannot run falls back to map and says why"},
    {"--frames-in-flight", "N", "1: each frame's GL render, CUDA SAT and gather, and composite run one\n"
                                "after the other; 2: two sets of the frame's textures, so GL renders\n"
                                "frame k+1 while CUDA works on frame k, and frame k is shown one frame\n"
                                "later (the same pixels a frame index; --interop map or vulkan). Default: 2\n"
                                "where the cuda SAT takes the frame by map, else 1 (through Vulkan, two\n"
                                "save no wall time)"},
    {"--handover-batch", "auto|N", "1: each frame's CUDA work starts after its render; 2..4: GL renders N\n"
                                   "frames, then CUDA works on all N, so the GPU switches between GL and\n"
                                   "CUDA twice per N frames instead of twice a frame (N frame sets; each\n"
                                   "frame is shown N frames later). auto (default): 3 where the cuda SAT and\n"
                                   "gather take the frame through Vulkan and no --frames-in-flight is\n"
                                   "given, run in order (no frame late) while a window waits for vsync;\n"
                                   "else 1"},
    {"--fallback", NULL, "when the --sat-backend or --gather asked for cannot run here, run what\n"
                         "can (cuda -> gl, cuda gather -> compute) and say so, instead of failing"},
    {"--kernel", "K", "DoF kernel: disc (a stepped disc of fractional radius, soft guard; the\n"
                      "default) or boxes"},
    {"--boxes", "N", "the box kernel: N nested boxes, 1 (the chapter's single box) .. 3 (default 3;\n"
                     "selects the box kernel)"},
    {"--guard", "on|off", "keep sharp foreground edges from bleeding into the blur (default on)"},
    {"--near", "off|on|layers", "a blurred foreground spreads over what lies behind it (compute and\n"
                         "cuda gathers; default on): by probes (on), or, with the disc, from near\n"
                         "and far layer tables that also keep sharp objects out of the far blur (layers)"},
    {"--dof-scale", "full|half", "the DoF at half size, composited back at full size (the default, where\n"
                                 "it runs: the cuda gather, or the compute or fragment gather after the gl\n"
                                 "or cpu SAT), or at the frame's size; U toggles"},
    {"--cuda-stages", "whole|split", "how the HUD and --json time a frame's CUDA work with the cuda gather:\n"
                                     "whole (one stage, \"sat + dof (cuda)\", from the first kernel to the\n"
                                     "last; the default) or split (the downsample, the table and the DoF passes\n"
                                     "apart, by events between them, which cost the GPU 8-12 us a 1080p frame)"},
    {"--dof-reference", "N", "headless: after the last frame, render the thin-lens reference of N views\n"
                             "(1..4096) and score the DoF against it: dof_quality in --json; dof.png,\n"
                             "reference.png, pinhole.png (no DoF) and depth.npy (linear) in --dump DIR\n"
                             "(default: none)"},
    {"--panels", "LIST", NULL},   /* help built from the panel registry */
    {"--hud", NULL, "draw the HUD (default: on in a window, off headless)"},
    {"--no-hud", NULL, "do not draw the HUD"},
    {"--state-log", "FILE", "window mode: after each key, append the key and the app's state to FILE\n"
                            "(default: none)"},
    {"--keys-overlay", NULL, "start with the help overlay (the key list) shown, as F1 does"},
    {"--list-keys", NULL, "print the key table (keys, X11 names, the state each changes) and exit"},
    {"--no-vsync", NULL, "start with vsync off (default on; key V toggles)"},
    {"--device", "N", "CUDA device to use (default: the one driving the GL context)"},
    {"--gl-debug", NULL, "print OpenGL debug messages to stderr"},
    {"--version", NULL, "print the version"},
    {"--help", NULL, "this text (also -h)"},
};
enum { VIEWER_FLAG_COUNT = (int)(sizeof viewer_flags / sizeof viewer_flags[0]) };

static int viewer_flag_index(const char *name)
{
    for (int i = 0; i < VIEWER_FLAG_COUNT; i++)
        if (!strcmp(viewer_flags[i].name, name)) return i;
    return !strcmp(name, "-h") ? viewer_flag_index("--help") : -1;
}

static int parse_flag(app_options *o, const char *a, const char *next, sw_error *err)
{
    long v;
    if (!strcmp(a, "--help")) o->help = true;
    else if (!strcmp(a, "--version")) o->version = true;
    else if (!strcmp(a, "--headless")) o->headless = true;
    else if (!strcmp(a, "--hud")) o->hud = o->hud_set = true;
    else if (!strcmp(a, "--no-hud")) { o->hud = false; o->hud_set = true; }
    else if (!strcmp(a, "--no-vsync")) o->vsync = false;
    else if (!strcmp(a, "--gl-debug")) o->gl_debug = true;
    else if (!strcmp(a, "--pause")) o->paused = true;
    else if (!strcmp(a, "--fallback")) o->fallback = true;
    else if (!strcmp(a, "--keys-overlay")) o->show_keys = true;
    else if (!strcmp(a, "--list-keys")) o->list_keys = true;
    else if (!strcmp(a, "--state-log")) o->state_log = next;
    else if (!strcmp(a, "--size")) return options_parse_size(next, &o->width, &o->height, err);
    else if (!strcmp(a, "--frames")) return parse_long(a, next, 1, 100000000, &o->frames, err);
    else if (!strcmp(a, "--warmup")) return parse_long(a, next, 0, 1000000, &o->warmup, err);
    else if (!strcmp(a, "--dof-reference")) return parse_long(a, next, 1, DOF_REFERENCE_MAX_VIEWS, &o->dof_reference, err);
    else if (!strcmp(a, "--boxes")) {
        if (parse_long(a, next, 1, DOF_MAX_BOXES, &o->boxes, err)) return -1;
        if (!o->kernel_set) o->kernel = DOF_KERNEL_BOXES;
    } else if (!strcmp(a, "--kernel")) {
        dof_kernel k;
        if (dof_kernel_parse(next, &k, err)) return sw_wrap(err, "--kernel: ");
        o->kernel = k;
        o->kernel_set = true;
    }
    else if (!strcmp(a, "--guard")) {
        if (dof_guard_parse(next, &o->guard, err)) return sw_wrap(err, "--guard: ");
    } else if (!strcmp(a, "--frames-in-flight")) {
        return parse_long(a, next, 1, APP_MAX_FRAMES_IN_FLIGHT, &o->frames_in_flight, err);
    } else if (!strcmp(a, "--handover-batch")) {
        if (next && !strcmp(next, "auto")) {
            o->handover_batch = 0;
            return 0;
        }
        if (parse_long(a, next, 1, APP_MAX_FRAME_SETS, &o->handover_batch, err))
            return sw_fail(err, "--handover-batch '%s': expected auto or a whole number in 1..%d", next ? next : "",
                           APP_MAX_FRAME_SETS);
        return 0;
    } else if (!strcmp(a, "--near")) {
        if (dof_near_parse(next, &o->near, err)) return sw_wrap(err, "--near: ");
    } else if (!strcmp(a, "--dof-scale")) {
        if (strcmp(next, "full") && strcmp(next, "half"))
            return sw_fail(err, "--dof-scale: '%s': expected full or half", next);
        o->dof_half = !strcmp(next, "half");
        o->dof_scale_set = true;
    } else if (!strcmp(a, "--cuda-stages")) {
        if (strcmp(next, "whole") && strcmp(next, "split"))
            return sw_fail(err, "--cuda-stages: '%s': expected whole or split", next);
        o->cuda_split_stages = !strcmp(next, "split");
    } else if (!strcmp(a, "--device")) {
        if (parse_long(a, next, 0, 63, &v, err)) return -1;
        o->cuda_device = (int)v;
    } else if (!strcmp(a, "--dt")) {
        char *end;
        o->dt = strtod(next, &end);
        if (end == next || *end || !(o->dt >= 0.0 && o->dt <= 10.0))
            return sw_fail(err, "--dt '%s': expected seconds in 0..10", next);
    } else if (!strcmp(a, "--focus") || !strcmp(a, "--aperture") || !strcmp(a, "--sat-backend") ||
               !strcmp(a, "--sat-variant") || !strcmp(a, "--gather") || !strcmp(a, "--interop")) {
        return parse_dof_flag(a, next, o, err);
    } else if (!strcmp(a, "--view")) {
        if (strcmp(next, "color") && strcmp(next, "depth") && strcmp(next, "blur") && strcmp(next, "sat") &&
            strcmp(next, "nodof"))
            return sw_fail(err, "--view '%s': expected color, depth, blur, sat or nodof", next);
        o->view = next;
    } else if (!strcmp(a, "--panels")) {
        o->panels = next;
        return check_panel_names(next, err);
    } else if (!strcmp(a, "--screenshot")) {
        o->screenshot = next;
        return cli_check_output("--screenshot", next, ".png", err) ? -1 : 0;
    } else if (!strcmp(a, "--json")) {
        o->json_path = next;
        /* A missing folder is checked (exit 1) when the run starts. */
        return cli_check_output("--json", next, ".json", err) == CLI_USAGE_ERROR ? -1 : 0;
    } else {
        o->dump_dir = next;
    }
    return 0;
}

int app_options_parse(app_options *o, int argc, char **argv, sw_error *err)
{
    bool seen[VIEWER_FLAG_COUNT] = {false};
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (arg[0] != '-') return sw_fail(err, "unexpected argument '%s' (see --help)", arg);
        /* --flag=value and --flag value */
        char name[64];
        const char *eq = cli_split_flag(arg, name, sizeof name);
        int k = viewer_flag_index(name);
        if (k < 0) return sw_fail(err, "unknown flag '%s' (see --help)", name);
        if (seen[k]) return sw_fail(err, "%s is given twice; give it once", viewer_flags[k].name);
        seen[k] = true;
        const char *value = NULL;
        if (viewer_flags[k].value) {
            value = eq ? eq : i + 1 < argc ? argv[++i] : NULL;
            if (!value || !*value)
                return sw_fail(err, "%s needs a value (%s)", viewer_flags[k].name, viewer_flags[k].value);
        } else if (eq) {
            return sw_fail(err, "%s takes no value (got '%s')", name, eq);
        }
        if (parse_flag(o, viewer_flags[k].name, value, err)) return -1;
    }
    if (seen[viewer_flag_index("--hud")] && seen[viewer_flag_index("--no-hud")])
        return sw_fail(err, "--hud and --no-hud contradict each other; give one");
    if (!o->fallback && o->gather && !strcmp(o->gather, "cuda") && o->sat_backend && strcmp(o->sat_backend, "cuda"))
        return sw_fail(err, "--gather cuda runs inside the cuda SAT's mapping, so it needs --sat-backend cuda, not %s "
                       "(or add --fallback to run the compute shader)", o->sat_backend);
    if (o->cuda_split_stages && ((o->sat_backend && strcmp(o->sat_backend, "cuda")) ||
                                 (o->gather && strcmp(o->gather, "cuda"))))
        return sw_fail(err, "--cuda-stages times the cuda gather's kernels, so it needs --sat-backend cuda and "
                            "--gather cuda (not %s)", o->sat_backend && strcmp(o->sat_backend, "cuda") ? o->sat_backend : o->gather);
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
           "Flags:\n",
           SCANWORKS_VERSION, program, program, program, program);
    char names[200], panels_help[300];
    panel_names(names, sizeof names);
    snprintf(panels_help, sizeof panels_help, "open overlay panels: comma-separated names, or all (default: none);\nthe names: %s",
             names[0] ? names : "none in this build");
    for (int i = 0; i < VIEWER_FLAG_COUNT; i++) {
        const struct viewer_flag *f = &viewer_flags[i];
        char left[64];
        snprintf(left, sizeof left, "%s%s%s", f->name, f->value ? " " : "", f->value ? f->value : "");
        printf("  %-22s ", left);
        for (const char *h = f->help ? f->help : panels_help; *h; h++) {
            putchar(*h);
            if (*h == '\n') printf("  %-22s ", "");
        }
        putchar('\n');
    }
    printf("\nEvery flag with a value also takes the form --flag=VALUE; each may be given once.\n"
           "Keys in the window: press F1 or H for the full list.\n"
           "Exit codes: 0 success, 1 runtime error, 2 usage error.\n");
}
