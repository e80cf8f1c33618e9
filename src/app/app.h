/* The app: one frame of the demo, shared by window and headless modes.
 * scene -> (later stages) -> present into an RGBA8 output target -> HUD. The window
 * mode blits the output to the screen; the headless mode reads it back to files. */
#ifndef SCANWORKS_APP_APP_H
#define SCANWORKS_APP_APP_H

#include <stdbool.h>

#include "app/options.h"
#include "app/hud_history.h"
#include "app/layout.h"
#include "app/panel_host.h"
#include "dof/dof.h"
#include "dof/dof_half_gl.h"
#include "dof/dof_quality.h"
#include "dof/dof_reference.h"
#include "dof/sat_frame.h"
#include "gfx/context.h"
#include "gfx/cuda_device.h"
#include "gl/gl_util.h"
#include "gfx/gpu_timer.h"
#include "gfx/text.h"
#include "gfx/vk_share.h"
#include "scene/camera.h"
#include "scene/scene.h"

/* Tab cycles these: the depth-of-field image, linear depth, each pixel's blur radius,
 * the frame rebuilt from the SAT by small boxes (DOF_SAT_VIEW_RADIUS), and the
 * scene without DoF. */
enum app_view { APP_VIEW_COLOR, APP_VIEW_DEPTH, APP_VIEW_BLUR, APP_VIEW_SAT, APP_VIEW_DOF_OFF, APP_VIEW_COUNT };
extern const char *const app_view_names[APP_VIEW_COUNT];

#define APP_DOF_COMPARED 5   /* app_dof_compared_modes */

typedef struct app {
    app_options opt;
    gfx_context *ctx;
    cuda_device_info cuda;
    scene scene;
    orbit_camera camera;
    camera_keys camera_keys;  /* the camera's keyboard moves (tap steps, hold speeds) */
    gl_target scene_target;   /* RGBA16F radiance + R32F linear depth + depth buffer */
    gl_target dof_target;     /* RGBA16F depth-of-field result (or a debug view) */
    /* Frame sets (--frames-in-flight 2, --handover-batch N): scene_target, dof_target
     * and sats[set] are the set being worked on; parked_*[s] hold set s's targets while
     * another is current (the current set's entry is empty; select_set in app.c moves
     * them). Frame k renders into one set while others hold earlier frames. */
    gl_target parked_scene[APP_MAX_FRAME_SETS], parked_dof[APP_MAX_FRAME_SETS];
    /* --interop vulkan: the frame's textures (both sets' scene and DoF targets) are
     * Vulkan's, shared with CUDA with no map (gfx/vk_share.h); NULL where it could not
     * open, VULKAN_WHY saying why. */
    vk_share *vulkan;
    char vulkan_why[200];
    int in_flight;            /* frame sets: 1, 2, or --handover-batch's N */
    int set;                  /* index of the current set's SAT in sats */
    struct frame_set {        /* what the DoF stage of a set's frame started with */
        bool started;         /* app_dof_start ran, app_dof_finish has not */
        bool cuda;            /* the SAT is CUDA's: finish unmaps */
        bool cuda_gather;     /* and the gather ran in CUDA */
        bool failed;          /* start failed: the frame shows the scene without DoF */
        GLuint shown;         /* a view without DoF: the texture shown */
        dof_params params;
    } sets[APP_MAX_FRAME_SETS];
    long held[APP_MAX_FRAME_SETS];   /* the frame drawn into set s, not composited yet (-1: none) */
    int batch;                /* frames handed between GL and CUDA at a time (--handover-batch): 1..4 */
    bool batch_auto;          /* --handover-batch auto chose it: in order while a window waits for vsync */
    long shown_frame;         /* the frame the last app_frame or app_flush_one composited (-1: none) */
    gl_target output;         /* RGBA8 final image, what the screen and the files show */
    GLuint present_program, empty_vao;
    text_renderer text;
    gpu_timer timer;
    panel_host panels;
    sat_frame sats[APP_MAX_FRAME_SETS];   /* a SAT (buffer, CUDA registrations) a set */
    dof_pass dof;
    dof_half_gl half_gl;      /* the GL gathers' half-size DoF (made on first use) */
    prim_backend sat_backend;
    sat_variant sat_variant;
    dof_gather gather;
    float focus, aperture;
    dof_kernel kernel;        /* the stepped disc (default) or nested boxes */
    int boxes;                /* nested boxes the box kernel averages, 1..DOF_MAX_BOXES */
    bool guard;               /* the DoF's foreground guard */
    int near;                 /* the DoF's near field (DOF_NEAR_*): off, probes, layer tables */
    bool half;                /* the DoF at half size, composited (app_dof_half_active: where it runs) */
    dof_reference reference;  /* the thin-lens ground truth (app_reference.c) */
    bool reference_on;        /* shown instead of the post-process, accumulating (L) */
    struct reference_state {  /* what the accumulated views were rendered for */
        orbit_camera camera;
        float focus, aperture;
        double time;
        int width, height;
    } reference_state;
    dof_score quality;        /* the post-process against the reference (--dof-reference) */
    int quality_views;        /* views of that reference; 0: not scored */
    /* the same for each kernel of app_dof_compared_modes, against the same reference */
    dof_score quality_modes[APP_DOF_COMPARED];

    bool paused, vsync, show_hud, show_help;
    enum app_view view;
    long frame;
    double dt;                /* the animation step of the frame being drawn */
    double frame_ms_smoothed, fps;
    char message[160];        /* transient HUD line (screenshot saved, vsync on ...) */
    double message_until;     /* wall-clock seconds */
    double wall_time;
    bool minimized;
    int screenshots;          /* F12 screenshots written */
    int unused_keys;          /* keys of the table that did nothing here (and said so) */
    hud_history history;      /* the frame-time graph's last frames */
    layout layout;            /* this frame's overlay rectangles (layout.c) */
} app;

int app_init(app *a, const app_options *opt, gfx_context *ctx, int width, int height, sw_error *err);
void app_shutdown(app *a);

/* Recreates size-dependent targets; 0x0 (minimized) only marks the app minimized. */
int app_resize(app *a, int width, int height, sw_error *err);

/* Advances the animation by DT seconds (unless paused) and renders one frame into
 * a->output. WALL_DT is the real time since the last frame, for the fps counter.
 * When a frame's GPU times become available they are copied to *completed and the
 * function returns true. */
bool app_frame(app *a, double dt, double wall_dt, gpu_frame_times *completed);
/* Whether this frame overlaps frame sets (frames in flight, batches) or runs its stages
 * in order (one set, the reference view, a window waiting for vsync with the auto batch). */
bool app_sets_overlap(const app *a);

/* Tone-maps the linear colour texture COLOR into a->output (no panels, no HUD). */
void app_present(app *a, GLuint color);

/* Reads a->output back and writes a PNG (rows top first). */
int app_write_output_png(app *a, const char *path, sw_error *err);

/* The depth-of-field stage (app_dof.c): SAT + DoF pass; returns the texture that
 * present() shows. */
int app_dof_init(app *a, sw_error *err);
void app_dof_shutdown(app *a);
GLuint app_dof_frame(app *a);
/* app_dof_frame in two halves (frames in flight): the start issues the SAT build and,
 * on cuda, every CUDA command; the finish hands the frame back to GL (unmap), runs a
 * GL gather and returns the texture to show. One finish follows every start. */
void app_dof_start(app *a);
GLuint app_dof_finish(app *a);
/* Frames in flight: composites the oldest frame still held (after the last app_frame)
 * into a->output, its index in a->shown_frame; false when none is held. */
bool app_flush_one(app *a);
/* Every frame still held, oldest first, so that a->output shows the last one rendered. */
void app_flush_frames(app *a);

/* Why there are no GL-CUDA hand-over gaps to show (the SAT is not CUDA's, the clock is
 * off, no frame was read), into BUF; FRAMES: frames measured so far. */
const char *app_handover_why(const app *a, size_t frames, char *buf, size_t size);

/* Depth-of-field controls (keys, mouse). FACTOR scales focus or aperture. */
void app_focus_scale(app *a, float factor);
void app_aperture_scale(app *a, float factor);
void app_cycle_kernel(app *a);   /* disc, 3 boxes, 2, 1, disc, ... */
/* The gather's mode in words (dof_mode_describe), for the HUD. */
const char *app_dof_mode(const app *a, char *buf, size_t size);
void app_toggle_guard(app *a);
void app_toggle_near(app *a);
/* U: the DoF at half size and back. It runs without the layer tables where the cuda gather
 * takes the frame (in the cuda SAT build) or a GL gather follows a gl or cpu SAT build
 * (dof_half_gl.h); app_dof_half_active says whether it does now. */
void app_toggle_half(app *a);
bool app_dof_half_active(const app *a);
void app_cycle_sat_backend(app *a);
void app_cycle_sat_variant(app *a);
void app_cycle_gather(app *a);

/* The thin-lens reference (app_dof.c). The window's L key: show it, accumulating a few
 * views a frame while nothing moves, or go back to the post-process. */
void app_toggle_reference(app *a);
GLuint app_reference_frame(app *a);
/* Renders the current frame's post-process and a thin-lens reference of VIEWS views,
 * scores one against the other into a->quality and, with DIR, writes DIR/dof.png and
 * DIR/reference.png. */
int app_dof_score(app *a, int views, const char *dir, sw_error *err);
/* The kernels every score is also given for: the disc with the layer tables, the disc
 * with its soft guard, with and without the near field, 3 boxes with the guard, the
 * chapter's single box without; their names (dof_mode_describe; near: DOF_NEAR_*). */
typedef struct dof_mode {
    dof_kernel kernel;
    int boxes, guard, near;
} dof_mode;
extern const dof_mode app_dof_compared_modes[APP_DOF_COMPARED];
/* Focus on the depth under window pixel (X, Y) (top-left origin, framebuffer pixels). */
void app_autofocus(app *a, int x, int y);

/* Shows a line on the HUD for a few seconds (and on stderr). */
void app_message(app *a, const char *fmt, ...) SW_PRINTF(2, 3);

#endif
