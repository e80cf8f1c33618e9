/* An overlay panel: a live demonstration of one primitive (scan, compaction, radix
 * sort, search, BFS) drawn in its own rectangle over the scene. A panel is one file
 * that fills a `panel` struct; adding one touches that file and one line of
 * panel_registry.c. Life cycle: init -> (step, draw) per frame -> shutdown. */
#ifndef SCANWORKS_PANELS_PANEL_H
#define SCANWORKS_PANELS_PANEL_H

#include <stdbool.h>

#include "gfx/cuda_device.h"
#include "gl/gl_util.h"
#include "gfx/gpu_timer.h"
#include "gfx/text.h"
#include "util/error.h"

/* What the app gives a panel each frame. */
typedef struct panel_frame {
    int x, y, width, height;       /* the panel's rectangle in the output target, GL
                                      convention: (x, y) is the bottom-left corner */
    int target_height;             /* to turn GL y into text y (top-left origin) */
    GLuint target_fbo;             /* bound when step and draw are called */
    text_renderer *text;           /* queue text here; the app flushes it after draw */
    gpu_timer *timer;              /* the app times step and draw; add CUDA-event times here */
    const cuda_device_info *cuda;  /* cuda->available says whether the cuda backend can run */
    double dt;                     /* seconds since the last frame, 0 when paused */
    long frame;
    bool focused;                  /* the panel that receives the panel keys */
    /* From the app's layout pass (src/app/layout.c): the text size to use, in pixels
     * (text_print_px; grows with the window), and how much to show: PANEL_DETAIL_SMALL
     * (a few numbers, no per-element labels), _MEDIUM, or _LARGE (everything). The
     * title bar (text_line_px(text_px) + 6 pixels at the top) is drawn by the host. */
    float text_px;
    int detail;
} panel_frame;

enum { PANEL_DETAIL_SMALL = 0, PANEL_DETAIL_MEDIUM = 1, PANEL_DETAIL_LARGE = 2 };

typedef struct panel_key_help {
    const char *keys, *action;
} panel_key_help;

typedef struct panel {
    const char *name;     /* "scan": used by --panels and in the HUD */
    const char *title;    /* "Scan: CPU vs GL vs CUDA" */
    int (*init)(void **state, const cuda_device_info *cuda, sw_error *err);
    /* Advance the demonstration (run GPU work). May be NULL. */
    void (*step)(void *state, const panel_frame *f);
    /* Draw into f's rectangle (viewport and scissor are set; blending is off). */
    void (*draw)(void *state, const panel_frame *f);
    /* A key (GLFW code) while the panel is focused; return true if used. May be NULL. */
    bool (*key)(void *state, int key, int mods);
    void (*shutdown)(void *state);
    const panel_key_help *keys;   /* help lines, ending with {NULL, NULL} */
    /* A left click at (X, Y) pixels from the panel's top-left corner, in a panel of
     * WIDTH x HEIGHT; return true if used. May be NULL (then clicks go to the scene). */
    bool (*click)(void *state, float x, float y, float width, float height);
} panel;

/* Every panel, in toggle-key order: key 1 toggles panel_registry[0], and so on. */
extern const panel *const panel_registry[];
extern const int panel_registry_count;

/* The panel a GPU timer stage belongs to: the app times each panel's step and draw as
 * the stage named after it ("compact"), and a panel adds the work timed another way
 * (CUDA events, the host clock on llvmpipe) as stages named after it, a space and what
 * they are ("compact (cuda)"), so that the frame report keeps them apart. Returns the
 * panel's index in panel_registry, or -1 for a stage of no panel. */
int panel_of_stage(const char *stage);

#endif
