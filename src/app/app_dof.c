/* The depth-of-field stage of the frame (SAT build + DoF pass) and its controls. */
#include "app/app.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

const char *const app_view_names[APP_VIEW_COUNT] = {"depth of field", "linear depth", "blur radius",
                                                    "SAT: frame from the table", "DoF off"};

/* Falls back from cuda to gl when CUDA cannot run, saying why once. */
static void settle_backend(app *a)
{
    if (a->sat_backend == PRIM_CUDA && !a->cuda.available) {
        a->sat_backend = PRIM_GL;
        app_message(a, "SAT on gl: CUDA unavailable (%s)", a->cuda.why_unavailable);
    }
    if (!sat_variant_supported(a->sat_backend, a->sat_variant)) a->sat_variant = SAT_THREE_PASS;
    if (a->gather == DOF_CUDA && a->sat_backend != PRIM_CUDA) {
        a->gather = DOF_COMPUTE;
        app_message(a, "DoF gather: compute shader (the cuda gather needs the cuda SAT backend)");
    }
}

int app_dof_init(app *a, sw_error *err)
{
    const app_options *o = &a->opt;
    a->focus = (float)o->focus;
    a->aperture = (float)o->aperture;
    a->boxes = (int)o->boxes;
    a->kernel = o->kernel;
    a->guard = o->guard;
    a->near = o->near;
    a->half = o->dof_half;
    a->sat_backend = a->cuda.available ? PRIM_CUDA : PRIM_GL;
    if (o->sat_backend && prim_backend_parse(o->sat_backend, &a->sat_backend, err)) return -1;
    if (!o->sat_backend && !a->cuda.available)
        app_message(a, "SAT on gl: CUDA unavailable (%s)", a->cuda.why_unavailable);
    if (sat_variant_parse(o->sat_variant, &a->sat_variant, err)) return -1;
    a->gather = DOF_COMPUTE;
    if (o->gather && dof_gather_parse(o->gather, &a->gather, err)) return -1;
    /* A backend named on the command line runs, or the run fails (a scripted benchmark
     * must not measure something else), unless --fallback allows a substitute. */
    if (!o->fallback && o->sat_backend && a->sat_backend == PRIM_CUDA && !a->cuda.available)
        return sw_fail(err, "--sat-backend cuda: CUDA is unavailable here (%s); use --sat-backend gl, or add "
                       "--fallback to run gl instead", a->cuda.why_unavailable);
    if (!o->fallback && o->gather && a->gather == DOF_CUDA && (a->sat_backend != PRIM_CUDA || !a->cuda.available))
        return sw_fail(err, "--gather cuda: needs the cuda SAT backend, which %s; use --gather compute, or add "
                       "--fallback to run the compute shader instead",
                       a->cuda.available ? "is not the one chosen (--sat-backend cuda)" : "cannot run here");
    settle_backend(a);
    /* No --gather: the fastest pass, the CUDA kernel inside the SAT's mapping, where
     * CUDA builds the table (35 us against 54 for the compute shader at 1080p). */
    if (!o->gather && a->sat_backend == PRIM_CUDA) a->gather = DOF_CUDA;
    /* The hand-over: Vulkan's semaphores where the frame's textures are Vulkan's (opened by
     * default where CUDA builds the table; app.c), else map. */
    sat_interop_mode requested = a->vulkan ? SAT_INTEROP_VULKAN : SAT_INTEROP_MAP;
    if (o->interop && sat_interop_parse(o->interop, &requested, err)) return sw_wrap(err, "--interop: ");
    /* Frames in flight, by default where the auto batch (below) does not apply: one through
     * Vulkan (its wall is two's by map, 1.985 against 2.006 ms a 1080p frame on an H100,
     * with no frame of latency, and the kernels find the frame in L2), two by map (wall
     * 2.34 -> 2.04 ms on the H200); with external memory the two sets' frames are not yet
     * the single set's, so it is refused there. */
    const bool vulkan = requested == SAT_INTEROP_VULKAN || requested == SAT_INTEROP_AUTO;   /* auto: else map */
    const bool two = a->sat_backend == PRIM_CUDA && (requested == SAT_INTEROP_MAP || vulkan);
    if (o->frames_in_flight > 1 && a->sat_backend == PRIM_CUDA && !two)
        return sw_fail(err, "--frames-in-flight %ld: needs --interop map or vulkan (with --interop %s the frames of "
                       "two sets differ from one set's); use --interop map or --frames-in-flight 1",
                       o->frames_in_flight, o->interop);
    /* N frames a hand-over: N renders, then their CUDA work (app.c), in N frame sets. By
     * default (auto) 3 through Vulkan: the GPU's switch between the GL and CUDA contexts,
     * about 170 us each way, then comes twice per 3 frames, not twice a frame (wall/busy
     * 1.21x -> 1.08x a 1080p frame on an H100); a window waiting for vsync runs the sets in
     * order instead (app_frame), since there the GPU idles anyway and 3 frames late is 50 ms. */
    a->batch_auto = !o->handover_batch && !o->frames_in_flight && a->sat_backend == PRIM_CUDA && a->gather == DOF_CUDA &&
                    vulkan && a->vulkan;   /* a GL gather takes the frame by map: measured through Vulkan only */
    a->batch = a->batch_auto ? APP_AUTO_BATCH : o->handover_batch > 1 ? (int)o->handover_batch : 1;
    if (a->batch > 1 && o->frames_in_flight && o->frames_in_flight != a->batch)
        return sw_fail(err, "--handover-batch %d: holds %d frames in flight; drop --frames-in-flight %ld", a->batch,
                       a->batch, o->frames_in_flight);
    if (a->batch > 1 && a->sat_backend == PRIM_CUDA && !two)
        return sw_fail(err, "--handover-batch %d: needs --interop map or vulkan (with --interop %s the frames of two "
                       "sets differ from one set's)", a->batch, o->interop);
    a->in_flight = a->batch > 1 ? a->batch
                   : o->frames_in_flight >= 1 && o->frames_in_flight <= APP_MAX_FRAMES_IN_FLIGHT ? (int)o->frames_in_flight
                   : two && !(vulkan && a->vulkan) ? 2
                                                    : 1;
    for (int s = 0; s < a->in_flight; s++) {
        if (sat_frame_init(&a->sats[s], err)) return sw_wrap(err, "SAT: ");
        a->sats[s].handover.requested = requested;
    }
    if (o->interop && a->sat_backend != PRIM_CUDA)
        app_message(a, "--interop %s: the SAT is built by %s here, so nothing is handed to CUDA", o->interop,
                    prim_backend_name(a->sat_backend));
    if (o->dof_scale_set && a->half && !app_dof_half_active(a)) {   /* asked for, yet full size: say why */
        char mode[128];
        app_message(a, "--dof-scale half: the DoF runs at full size here (%s)", app_dof_mode(a, mode, sizeof mode));
    }
    if (dof_pass_init(&a->dof, "rgba16f", err)) return sw_wrap(err, "DoF: ");
    dof_half_gl_init(&a->half_gl);
    return 0;
}

void app_dof_shutdown(app *a)
{
    dof_reference_shutdown(&a->reference);
    for (int s = 0; s < APP_MAX_FRAME_SETS; s++) sat_frame_shutdown(&a->sats[s]);
    dof_half_gl_shutdown(&a->half_gl);
    dof_pass_shutdown(&a->dof);
}

GLuint app_dof_frame(app *a)
{
    app_dof_start(a);
    return app_dof_finish(a);
}

void app_dof_start(app *a)
{
    struct frame_set *fs = &a->sets[a->set];
    memset(fs, 0, sizeof *fs);
    fs->started = true;
    a->sats[a->set].handover.work_frame = a->held[a->set];   /* the CUDA stamps' frame */
    if (a->view == APP_VIEW_DEPTH || a->view == APP_VIEW_DOF_OFF) {
        fs->shown = a->scene_target.color[0];
        return;
    }
    dof_params p = {a->focus, a->aperture, SAT_FRAME_SCALE,
                    a->view == APP_VIEW_BLUR  ? DOF_VIEW_BLUR
                    : a->view == APP_VIEW_SAT ? DOF_VIEW_SAT
                                              : DOF_VIEW_EFFECT,
                    a->boxes, a->guard, a->kernel, 0, 0, 0};
    dof_params_near(&p, a->near, a->kernel);
    p.half = app_dof_half_active(a);
    fs->params = p;
    fs->cuda = a->sat_backend == PRIM_CUDA;
    fs->cuda_gather = a->gather == DOF_CUDA && fs->cuda;
    if (!fs->cuda) return;   /* the gl and cpu builds are all GL work: app_dof_finish does them */
    sw_error err;
    int w = a->scene_target.width, h = a->scene_target.height;
    sat_cuda_gather cg = {.depth_tex = a->scene_target.color[1], .out_tex = a->dof_target.color[0], .params = p,
                          .split_stages = a->opt.cuda_split_stages, .vulkan = a->vulkan,
                          .vulkan_why = a->vulkan_why[0] ? a->vulkan_why : NULL};
    /* 1: the scene is opaque (scene_draw clears to alpha 1, scene.frag writes 1, no blending) */
    if (sat_frame_start(&a->sats[a->set], a->sat_backend, a->sat_variant, a->scene_target.color[0], w, h,
                        SAT_FRAME_SCALE, 1.0f, fs->cuda_gather ? &cg : NULL, &a->timer, &err)) {
        app_message(a, "SAT on %s failed, using gl: %s", prim_backend_name(a->sat_backend), err.msg);
        a->sat_backend = PRIM_GL;
        settle_backend(a);
        fs->failed = true;
    }
}

GLuint app_dof_finish(app *a)
{
    struct frame_set *fs = &a->sets[a->set];
    if (!fs->started) return a->scene_target.color[0];
    fs->started = false;
    if (fs->shown) return fs->shown;
    if (fs->failed) return a->scene_target.color[0];
    sw_error err;
    sat_frame *sat = &a->sats[a->set];
    int w = a->scene_target.width, h = a->scene_target.height;
    dof_gather gather = fs->cuda_gather || a->gather == DOF_CUDA ? DOF_COMPUTE : a->gather;
    if (fs->cuda) {
        if (sat_frame_finish(sat, &a->timer, &err)) {
            app_message(a, "SAT on cuda failed, using gl: %s", err.msg);
            a->sat_backend = PRIM_GL;
            settle_backend(a);
            return a->scene_target.color[0];
        }
        if (fs->cuda_gather) return a->dof_target.color[0];
    } else {
        prim_backend b = a->sat_backend == PRIM_CUDA ? PRIM_GL : a->sat_backend;   /* switched to cuda since */
        /* The GL gathers' half-size DoF (app_dof_half_active; the debug views stay at full
         * size): the table and the gather at half size, composited (dof_half_gl.h). */
        if (fs->params.half && fs->params.view == DOF_VIEW_EFFECT) {
            if (dof_half_gl_run(&a->half_gl, &a->dof, sat, b, a->sat_variant, gather, &fs->params,
                                a->scene_target.color[0], a->scene_target.color[1], w, h, 1.0f, a->dof_target.color[0],
                                &a->timer, &err)) {
                app_message(a, "DoF at half size failed: %s", err.msg);
                return a->scene_target.color[0];
            }
            return a->dof_target.color[0];
        }
        if (sat_frame_build(sat, b, a->sat_variant, a->scene_target.color[0], w, h, SAT_FRAME_SCALE, 1.0f, NULL,
                            &a->timer, &err)) {
            app_message(a, "SAT on %s failed, using gl: %s", prim_backend_name(b), err.msg);
            a->sat_backend = PRIM_GL;
            settle_backend(a);
            return a->scene_target.color[0];
        }
    }
    dof_params p = fs->params;
    p.half = 0;   /* the full-size pass (a debug view with the GL gathers' half size on) */
    gpu_timer_begin(&a->timer, "dof");
    if (dof_pass_run(&a->dof, gather, &p, a->scene_target.color[0], a->scene_target.color[1], sat->buffer, w,
                     h, a->dof_target.fbo, a->dof_target.color[0], &err)) {
        app_message(a, "%s", err.msg);
        return a->scene_target.color[0];
    }
    return a->dof_target.color[0];
}

const char *app_handover_why(const app *a, size_t frames, char *buf, size_t size)
{
    const sat_handover_info *h = &a->sats[0].handover;
    if (a->sat_backend != PRIM_CUDA)
        snprintf(buf, size, "the SAT is built by %s, so no work is handed between GL and CUDA%s%s%s",
                 prim_backend_name(a->sat_backend), a->cuda.available ? "" : " (CUDA unavailable: ",
                 a->cuda.available ? "" : a->cuda.why_unavailable, a->cuda.available ? "" : ")");
    else if (!h->interop) snprintf(buf, size, "no frame went through the GL-CUDA hand-over yet");
    else if (!h->measured) snprintf(buf, size, "%s", h->why[0] ? h->why : "the hand-over clock is off");
    else snprintf(buf, size, "no frame's stamps were read back (%zu frames)", frames);
    return buf;
}

void app_focus_scale(app *a, float factor)
{
    a->focus = fminf(fmaxf(a->focus * factor, 0.05f), 900.0f);
    app_message(a, "focus %.2f", a->focus);
}

void app_aperture_scale(app *a, float factor)
{
    a->aperture = a->aperture < 0.5f && factor > 1.0f ? 1.0f : a->aperture * factor;
    if (a->aperture < 0.5f) a->aperture = 0.0f;
    if (a->aperture > DOF_MAX_RADIUS) a->aperture = DOF_MAX_RADIUS;
    app_message(a, "aperture %.1f px (blur radius at infinity)", a->aperture);
}

void app_cycle_sat_backend(app *a)
{
    static const prim_backend order[3] = {PRIM_CUDA, PRIM_GL, PRIM_CPU};
    int i = 0;
    while (order[i] != a->sat_backend) i++;
    prim_backend next = order[(i + 1) % 3];
    bool skipped = next == PRIM_CUDA && !a->cuda.available;
    a->sat_backend = skipped ? PRIM_GL : next;
    if (!sat_variant_supported(a->sat_backend, a->sat_variant)) a->sat_variant = SAT_THREE_PASS;
    if (a->gather == DOF_CUDA && a->sat_backend != PRIM_CUDA) a->gather = DOF_COMPUTE;
    if (skipped)
        app_message(a, "SAT backend gl (cuda skipped: %s)", a->cuda.why_unavailable);
    else
        app_message(a, "SAT backend %s (%s)", prim_backend_name(a->sat_backend), sat_variant_name(a->sat_variant));
}

void app_cycle_sat_variant(app *a)
{
    sat_variant v = a->sat_variant;
    for (int k = 0; k < SAT_VARIANT_COUNT; k++) {
        v = (sat_variant)((v + 1) % SAT_VARIANT_COUNT);
        if (sat_variant_supported(a->sat_backend, v)) break;
    }
    if (v == a->sat_variant) app_message(a, "SAT on %s has only %s", prim_backend_name(a->sat_backend), sat_variant_name(v));
    else app_message(a, "SAT variant %s", sat_variant_name(v));
    a->sat_variant = v;
}

void app_cycle_kernel(app *a)
{
    if (a->kernel == DOF_KERNEL_DISC) a->kernel = DOF_KERNEL_BOXES, a->boxes = DOF_MAX_BOXES;
    else if (a->boxes > 1) a->boxes--;
    else a->kernel = DOF_KERNEL_DISC;
    char mode[128];
    app_message(a, "DoF kernel: %s (%d table reads a pixel)", app_dof_mode(a, mode, sizeof mode),
                a->kernel == DOF_KERNEL_DISC ? (a->near == DOF_NEAR_LAYERS ? 80 : 40) : 4 * a->boxes);
}

const char *app_dof_mode(const app *a, char *buf, size_t size)
{
    dof_mode_describe(a->kernel, a->boxes, a->guard, a->near, buf, size);
    size_t n = strlen(buf);
    if (a->half && n < size)
        snprintf(buf + n, size - n, "%s", app_dof_half_active(a) ? ", half size"
                                                            : ", full size (half: cuda gather by map or vulkan, or gl/cpu SAT)");
    return buf;
}

bool app_dof_half_active(const app *a)
{
    /* the cuda gather's, in the cuda SAT build (sat_cuda.c) of a frame handed over by map or
     * through Vulkan (its downsample gathers texels four at a time, which CUDA does on arrays,
     * not on the external path's pitch-linear buffers); the GL gathers' after a gl or cpu
     * build (dof_half_gl.h), not after the cuda build, which takes the frame at full size */
    const sat_interop_mode m = a->sats[0].handover.requested;
    const bool where = a->sat_backend == PRIM_CUDA
                           ? a->gather == DOF_CUDA && m != SAT_INTEROP_EXTERNAL
                           : a->gather != DOF_CUDA;
    return a->half && where;
}

void app_toggle_half(app *a)
{
    a->half = !a->half;
    char mode[128];
    app_message(a, "DoF %s: %s", a->half ? "at half size, composited" : "at full size", app_dof_mode(a, mode, sizeof mode));
}

void app_toggle_guard(app *a)
{
    a->guard = !a->guard;
    char mode[128];
    bool layers = a->near == DOF_NEAR_LAYERS && a->kernel == DOF_KERNEL_DISC;
    app_message(a, "DoF foreground guard %s: %s%s", a->guard ? "on" : "off (sharp edges bleed)",
                app_dof_mode(a, mode, sizeof mode), layers ? " (the layer tables keep sharp edges out without it)" : "");
}

void app_toggle_near(app *a)
{
    a->near = (a->near + 1) % 3;   /* off, probes, layer tables */
    char mode[128];
    app_message(a, "DoF near field %s: %s",
                a->near == DOF_NEAR_LAYERS ? "from the layer tables"
                : a->near                  ? "on (probes)"
                                           : "off (blurred foreground keeps a hard edge)",
                app_dof_mode(a, mode, sizeof mode));
}

void app_cycle_gather(app *a)
{
    a->gather = (dof_gather)((a->gather + 1) % DOF_GATHER_COUNT);
    if (a->gather == DOF_CUDA && a->sat_backend != PRIM_CUDA) {
        a->gather = DOF_FRAGMENT;
        app_message(a, "DoF gather: fragment shader (cuda skipped: it needs the cuda SAT backend)");
        return;
    }
    app_message(a, "DoF gather: %s%s", dof_gather_name(a->gather), a->gather == DOF_CUDA ? " kernel" : " shader");
}

void app_autofocus(app *a, int x, int y)
{
    const gl_target *t = &a->scene_target;
    if (x < 0 || y < 0 || x >= t->width || y >= t->height) return;
    float d = 0;
    glGetTextureSubImage(t->color[1], 0, x, t->height - 1 - y, 0, 1, 1, 1, GL_RED, GL_FLOAT, sizeof d, &d);
    if (!(d > 0.0f) || d >= SCENE_SKY_DEPTH) {
        app_message(a, "auto-focus: nothing under the mouse (sky)");
        return;
    }
    a->focus = d;
    app_message(a, "auto-focus at %.2f", d);
}
