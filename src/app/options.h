/* The viewer's command-line flags (window and headless modes). */
#ifndef SCANWORKS_APP_OPTIONS_H
#define SCANWORKS_APP_OPTIONS_H

#include <stdbool.h>
#include "util/error.h"

#define APP_MAX_FRAMES_IN_FLIGHT 2   /* --frames-in-flight: 1 or 2 frame sets */
#define APP_MAX_FRAME_SETS 4         /* --handover-batch: frame sets the app can hold */
#define APP_AUTO_BATCH 3             /* --handover-batch auto: frames a hand-over where CUDA takes the frame */

typedef struct app_options {
    bool headless;
    bool help, version;
    int width, height;        /* --size WxH */
    long frames;              /* --frames N: stop after N measured frames (0: run until closed) */
    long warmup;              /* --warmup N: frames rendered before measuring */
    const char *dump_dir;     /* --dump DIR: write frame_NNNN.png */
    const char *json_path;    /* --json FILE */
    const char *screenshot;   /* --screenshot FILE: write the last frame (HUD included) on exit */
    bool vsync;               /* --no-vsync clears */
    bool hud;                 /* headless default off, window default on; --hud / --no-hud */
    bool hud_set;
    bool gl_debug;            /* --gl-debug: KHR_debug messages on stderr */
    int cuda_device;          /* --device N, -1 = the one that drives the GL context */
    double dt;                /* --dt SECONDS: fixed animation step (headless default 1/60) */
    bool paused;              /* --pause: start with animation paused */
    const char *view;         /* --view color|depth|blur|sat|nodof */
    double focus;             /* --focus F: focus distance (scene units) */
    double aperture;          /* --aperture A: blur radius at infinity, pixels */
    long boxes;               /* --boxes N: nested boxes the DoF averages, 1..3 (selects the box kernel) */
    int kernel;               /* --kernel disc|boxes (a dof_kernel; default disc, boxes with --boxes) */
    bool kernel_set;
    bool guard;               /* --guard on|off: the DoF's foreground guard */
    int near;                 /* --near off|on|layers (DOF_NEAR_*): the DoF's near field spreads */
    bool dof_half;            /* --dof-scale full|half: the DoF at half size, composited (default; app_dof_half_active) */
    bool dof_scale_set;       /* --dof-scale given: say so where half size cannot run */
    bool cuda_split_stages;   /* --cuda-stages split: the CUDA DoF's downsample, table and passes timed apart */
    long dof_reference;       /* --dof-reference N: thin-lens views to score the DoF against (0: none) */
    const char *sat_backend;  /* --sat-backend cpu|gl|cuda (NULL: cuda when available, else gl) */
    const char *sat_variant;  /* --sat-variant three-pass|tiled */
    long handover_batch;      /* --handover-batch 1..4: frames handed between GL and CUDA at a time (0: auto) */
    long frames_in_flight;    /* --frames-in-flight 1|2: frame sets the GPU works on at once (0: app_dof_init picks) */
    const char *interop;      /* --interop map|external|auto: the GL-CUDA hand-over (NULL: map) */
    const char *gather;       /* --gather fragment|compute|cuda; NULL: cuda with the cuda SAT, else compute */
    const char *panels;       /* --panels LIST: overlay panels to open (names or "all") */
    const char *state_log;    /* --state-log FILE: a line of app state after each key (window mode) */
    bool show_keys;           /* --keys-overlay: start with the help overlay shown */
    bool list_keys;           /* --list-keys: print the key table (X11 names) and exit */
    bool fallback;            /* --fallback: run another SAT backend / gather when the one named cannot run */
} app_options;

void app_options_defaults(app_options *o);
/* Returns 0, or -1 with a one-line message for a usage error (exit code 2). */
int app_options_parse(app_options *o, int argc, char **argv, sw_error *err);
void app_options_print_help(const char *program);
/* --size's value, WIDTHxHEIGHT with sides 1..IMAGE_MAX_SIDE (also compute dof-scene's). */
int options_parse_size(const char *s, int *w, int *h, sw_error *err);

#endif
