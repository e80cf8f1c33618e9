#include "app/app.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/help_text.h"
#include "app/hud.h"
#include "io/image.h"

/* Whether Vulkan allocates the frame's textures: with --interop vulkan or auto, and by default
 * where CUDA will build the table and gather (its semaphores in place of map and unmap:
 * the wall of two frames in flight with one, docs/perf/sat.md); map where it cannot open. */
static bool wants_vulkan(const app_options *o, const cuda_device_info *cuda)
{
    sat_interop_mode m = SAT_INTEROP_MAP;
    sw_error e;
    if (o->interop)
        return !sat_interop_parse(o->interop, &m, &e) && (m == SAT_INTEROP_VULKAN || m == SAT_INTEROP_AUTO);
    return cuda->available && (!o->sat_backend || !strcmp(o->sat_backend, "cuda")) &&
           (!o->gather || !strcmp(o->gather, "cuda"));
}

/* NULL: GL allocates the frame's textures, as without Vulkan. */
static const gl_texture_source *open_vulkan(app *a)
{
    sw_error e;
    if (!wants_vulkan(&a->opt, &a->cuda)) return NULL;
    /* who asked: the flag as given, or the default hand-over */
    const char *who = a->opt.interop ? "--interop " : "GL-CUDA hand-over", *value = a->opt.interop ? a->opt.interop : "";
    if (!vk_share_create(&a->vulkan, &e)) {
        fprintf(stderr, "scanworks: %s%s: the frame's textures are Vulkan images (%s)\n", who, value,
                vk_share_device_name(a->vulkan));
        return vk_share_texture_source(a->vulkan);
    }
    snprintf(a->vulkan_why, sizeof a->vulkan_why, "Vulkan: %.180s", e.msg);
    app_message(a, "%s%s: %s; the frame's textures are GL's, handed over by map", who, value, a->vulkan_why);
    return NULL;
}

int app_init(app *a, const app_options *opt, gfx_context *ctx, int width, int height, sw_error *err)
{
    memset(a, 0, sizeof *a);
    a->opt = *opt;
    a->ctx = ctx;
    a->paused = opt->paused;
    a->vsync = opt->vsync;
    a->show_hud = opt->hud;
    a->show_help = opt->show_keys;
    static const char *const view_flags[APP_VIEW_COUNT] = {"color", "depth", "blur", "sat", "nodof"};
    for (int v = 0; v < APP_VIEW_COUNT; v++)
        if (!strcmp(opt->view, view_flags[v])) a->view = (enum app_view)v;
    for (int i = 0; i < APP_MAX_FRAME_SETS; i++) a->held[i] = -1;
    a->shown_frame = -1;
    camera_reset(&a->camera);
    camera_keys_init(&a->camera_keys);
    hud_history_init(&a->history);
    cuda_device_select(opt->cuda_device, true, &a->cuda);
    if (scene_init(&a->scene, err)) return sw_wrap(err, "scene: ");
    if (text_init(&a->text, err)) return sw_wrap(err, "HUD text: ");
    a->present_program = gl_program_vf("shaders/fullscreen.vert", "shaders/present.frag", NULL, err);
    if (!a->present_program) return -1;
    a->empty_vao = gl_empty_vao();
    gpu_timer_init(&a->timer);
    panel_host_init(&a->panels);
    if (opt->panels && panel_host_enable_list(&a->panels, opt->panels, &a->cuda, err)) return -1;
    if (width < 1 || height < 1) {
        width = 1;
        height = 1;
        a->minimized = true;
    }
    const gl_texture_source *src = open_vulkan(a);
    if (gl_target_create_from(&a->scene_target, width, height, scene_target_formats, 2, true, src, err)) return -1;
    const GLenum dof_format = GL_RGBA16F;
    if (gl_target_create_from(&a->dof_target, width, height, &dof_format, 1, false, src, err)) return -1;
    if (app_dof_init(a, err)) return -1;
    for (int s = 1; s < a->in_flight; s++)
        if (gl_target_create_from(&a->parked_scene[s], width, height, scene_target_formats, 2, true, src, err) ||
            gl_target_create_from(&a->parked_dof[s], width, height, &dof_format, 1, false, src, err))
            return sw_wrap(err, "frame set %d of %d: ", s + 1, a->in_flight);
    const GLenum out_format = GL_RGBA8;
    if (gl_target_create(&a->output, width, height, &out_format, 1, false, err)) return -1;
    return gl_check("initializing the app", err);
}

void app_shutdown(app *a)
{
    if (!a->ctx) return;
    app_flush_frames(a);   /* nothing left mapped */
    app_dof_shutdown(a);
    gl_target_destroy(&a->scene_target);
    gl_target_destroy(&a->dof_target);
    for (int s = 0; s < APP_MAX_FRAME_SETS; s++) {   /* the current set's entry is empty */
        gl_target_destroy(&a->parked_scene[s]);
        gl_target_destroy(&a->parked_dof[s]);
    }
    gl_target_destroy(&a->output);
    vk_share_destroy(&a->vulkan);   /* after the targets over its memory */
    if (a->present_program) glDeleteProgram(a->present_program);
    if (a->empty_vao) glDeleteVertexArrays(1, &a->empty_vao);
    panel_host_shutdown(&a->panels);
    gpu_timer_shutdown(&a->timer);
    text_shutdown(&a->text);
    scene_shutdown(&a->scene);
    a->ctx = NULL;
}

int app_resize(app *a, int width, int height, sw_error *err)
{
    if (width < 1 || height < 1) {
        a->minimized = true;
        return 0;
    }
    a->minimized = false;
    app_flush_frames(a);   /* the held frame is shown at its old size before its textures go */
    for (int s = 0; s < APP_MAX_FRAME_SETS; s++)
        sat_frame_invalidate(&a->sats[s]);   /* the colour textures are re-created */
    if (gl_target_resize(&a->scene_target, width, height, err)) return -1;
    if (gl_target_resize(&a->dof_target, width, height, err)) return -1;
    for (int s = 0; s < a->in_flight; s++)
        if (s != a->set &&
            (gl_target_resize(&a->parked_scene[s], width, height, err) || gl_target_resize(&a->parked_dof[s], width, height, err)))
            return -1;
    return gl_target_resize(&a->output, width, height, err);
}

void app_message(app *a, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(a->message, sizeof a->message, fmt, ap);
    va_end(ap);
    a->message_until = a->wall_time + 3.0;
    fprintf(stderr, "scanworks: %s\n", a->message);
}

void app_present(app *a, GLuint color)
{
    /* present.frag modes: 0 tone-mapped colour, 1 linear depth, 2 shown as is. */
    int mode = a->view == APP_VIEW_DEPTH ? 1 : a->view == APP_VIEW_BLUR ? 2 : 0;
    glBindFramebuffer(GL_FRAMEBUFFER, a->output.fbo);
    glViewport(0, 0, a->output.width, a->output.height);
    glUseProgram(a->present_program);
    glBindTextureUnit(0, color);
    glBindTextureUnit(1, a->scene_target.color[1]);
    glUniform1i(glGetUniformLocation(a->present_program, "u_view"), mode);
    glBindVertexArray(a->empty_vao);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glBindVertexArray(0);
}

/* The one layout pass: rectangles for the HUD, the help, the message and each panel. */
static void overlay_layout(app *a)
{
    static help_text help;
    if (!help.count) help_text_build(&help);
    layout_input in = {a->output.width, a->output.height, a->show_hud, a->show_help,
                       panel_host_enabled_count(&a->panels), help.count, help.key_cols, HELP_ACTION_COLS};
    layout_compute(&in, &a->layout);
}

/* Frame FRAME's shown texture into a->output, then the panels and the HUD. */
static void composite(app *a, GLuint shown, long frame)
{
    /* how late the frame shown is, in the JSON's frames: 1 with 2 in flight, N in batches of N */
    gpu_timer_set_metric(&a->timer, a->frame, "frames_late", (double)(a->frame - frame));
    gpu_timer_begin(&a->timer, "present");
    app_present(a, shown);
    overlay_layout(a);
    panel_host_frame(&a->panels, &a->output, &a->text, &a->timer, &a->cuda, a->paused ? 0.0 : a->dt, frame,
                     &a->layout);
    /* Messages show in a window even with the HUD off; headless frames stay clean. */
    bool message = !a->opt.headless && a->message[0] && a->wall_time < a->message_until;
    if (a->show_hud || a->show_help || message) {
        gpu_timer_begin(&a->timer, "hud");
        hud_draw(a);
    }
}

/* Frame set S becomes the current one: its targets move into scene_target and
 * dof_target, the current set's into its parked entry. */
static void select_set(app *a, int s)
{
    if (s == a->set) return;
    a->parked_scene[a->set] = a->scene_target;
    a->parked_dof[a->set] = a->dof_target;
    a->scene_target = a->parked_scene[s];
    a->dof_target = a->parked_dof[s];
    memset(&a->parked_scene[s], 0, sizeof a->parked_scene[s]);   /* destroyed once, as the current set's */
    memset(&a->parked_dof[s], 0, sizeof a->parked_dof[s]);
    a->set = s;
}

/* Composites the frame the current set holds (starting its DoF first if the batch it
 * waited for never came), and frees the set. */
static void composite_held(app *a)
{
    long f = a->held[a->set];
    if (!a->sets[a->set].started) app_dof_start(a);
    composite(a, app_dof_finish(a), f);
    a->held[a->set] = -1;
    a->shown_frame = f;
}

bool app_flush_one(app *a)
{
    int s = -1;
    for (int i = 0; i < a->in_flight; i++)
        if (a->held[i] >= 0 && (s < 0 || a->held[i] < a->held[s])) s = i;
    if (s < 0) return false;
    select_set(a, s);
    composite_held(a);
    return true;
}

void app_flush_frames(app *a)
{
    while (app_flush_one(a)) {
    }
}

/* Two in flight: render frame k into the free set, then hand frame k-1 back to GL and
 * composite it, then start frame k's CUDA work. GL's render of k is queued before frame
 * k-1's hand-back, so GL has work while CUDA finishes k-1, and CUDA has frame k to
 * start as soon as its render is done. */
static void overlapped_frame(app *a)
{
    int mine = a->set ^ 1, other = a->set;   /* mine: the set of frame k-2, composited last frame */
    select_set(a, mine);
    gpu_timer_begin(&a->timer, "render");
    scene_draw(&a->scene, &a->camera, &a->scene_target);
    a->held[mine] = a->frame;
    if (a->held[other] >= 0) {
        select_set(a, other);
        composite_held(a);
        select_set(a, mine);
    }
    app_dof_start(a);
}

/* N sets, handed over N at a time (--handover-batch N): composite frame k-N, render
 * frame k over its set, and after every Nth render start the N frames' DoF together.
 * The GPU then switches from GL to CUDA and back once per N frames: GL's composites
 * and renders of the batch, then CUDA's tables and gathers of the batch (one stream),
 * the frame rendered last first (its textures are the ones still in L2). */
static void batched_frame(app *a)
{
    const int n = a->in_flight, cur = a->set;
    if (a->held[cur] >= 0) composite_held(a);   /* frame k-N, before its set is drawn over */
    gpu_timer_begin(&a->timer, "render");
    scene_draw(&a->scene, &a->camera, &a->scene_target);
    a->held[cur] = a->frame;
    bool drawn = true;   /* every set holds a frame not yet started: hand the batch over */
    for (int s = 0; s < n; s++) drawn = drawn && a->held[s] >= 0 && !a->sets[s].started;
    for (int i = 0; drawn && i < n; i++) {
        select_set(a, (cur - i + n) % n);
        app_dof_start(a);
    }
    select_set(a, (cur + 1) % n);
}

bool app_sets_overlap(const app *a)
{
    /* The reference view and the single set run each frame's stages in order; so does a
     * window that waits for vsync with the batch --handover-batch auto chose (app_dof.c). */
    return a->in_flight > 1 && !a->reference_on && !(a->batch_auto && a->vsync && !a->opt.headless);
}

bool app_frame(app *a, double dt, double wall_dt, gpu_frame_times *completed)
{
    a->wall_time += wall_dt;
    if (wall_dt > 0) {
        double ms = wall_dt * 1000.0;
        a->frame_ms_smoothed = a->frame_ms_smoothed > 0 ? 0.9 * a->frame_ms_smoothed + 0.1 * ms : ms;
        a->fps = 1000.0 / a->frame_ms_smoothed;
    }
    a->shown_frame = -1;
    if (a->minimized) return false;
    a->dt = dt;
    if (!a->paused) scene_update(&a->scene, dt);

    for (int s = 0; s < a->in_flight; s++)
        sat_frame_collect(&a->sats[s], &a->timer, a->frame);   /* the hand-over's gaps of the frame read next */
    bool overlap = app_sets_overlap(a);
    if (!overlap) app_flush_frames(a);
    bool got = gpu_timer_begin_frame(&a->timer, a->frame, completed);
    if (a->timer.has_latest) hud_history_add(&a->history, &a->timer.latest);
    if (!overlap) {
        gpu_timer_begin(&a->timer, "render");
        scene_draw(&a->scene, &a->camera, &a->scene_target);
        a->held[a->set] = a->frame;   /* app_dof_start files the CUDA work under it */
        composite(a, a->reference_on ? app_reference_frame(a) : app_dof_frame(a), a->frame);
        a->held[a->set] = -1;
        a->shown_frame = a->frame;
    } else if (a->batch > 1) {
        batched_frame(a);
    } else {
        overlapped_frame(a);
    }
    gpu_timer_end_frame(&a->timer);
    a->frame++;
    GL_CHECK();
    return got;
}

int app_write_output_png(app *a, const char *path, sw_error *err)
{
    int w = a->output.width, h = a->output.height;
    unsigned char *px = sw_malloc((size_t)w * h * 4, "frame readback", err);
    if (!px) return -1;
    glBindFramebuffer(GL_READ_FRAMEBUFFER, a->output.fbo);
    glReadBuffer(GL_COLOR_ATTACHMENT0);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, px);
    int rc = gl_check("reading the frame back", err);
    /* GL's first row is the bottom one; PNG's is the top. */
    if (!rc) rc = image_write_png(path, w, h, 4, px, 0, 1, err);
    free(px);
    return rc;
}
