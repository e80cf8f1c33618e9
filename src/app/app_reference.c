/* The thin-lens reference in the app: shown progressively in the window (L), and
 * rendered whole and scored against the post-process in headless runs
 * (--dof-reference N). */
#include "app/app.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/image.h"
#include "io/npy.h"

/* Views the window adds a frame while it accumulates, and the pattern's size. */
#define WINDOW_VIEWS_PER_FRAME 4
#define WINDOW_VIEWS 256

static int reference_ready(app *a, sw_error *err)
{
    int w = a->scene_target.width, h = a->scene_target.height;
    if (!a->reference.program) return dof_reference_init(&a->reference, w, h, err);
    if (a->reference.view.width != w || a->reference.view.height != h) return dof_reference_resize(&a->reference, w, h, err);
    return 0;
}

void app_toggle_reference(app *a)
{
    a->reference_on = !a->reference_on;
    a->reference.views = 0;
    if (a->reference_on)
        app_message(a, "thin-lens reference: %d views averaged over the lens (L: back to the post-process)",
                    WINDOW_VIEWS);
    else
        app_message(a, "post-process depth of field (L: thin-lens reference)");
}

static bool same_state(const struct reference_state *x, const struct reference_state *y)
{
    return !memcmp(&x->camera, &y->camera, sizeof x->camera) && x->focus == y->focus && x->aperture == y->aperture &&
           x->time == y->time && x->width == y->width && x->height == y->height;
}

GLuint app_reference_frame(app *a)
{
    sw_error err;
    if (reference_ready(a, &err)) {
        app_message(a, "%s", err.msg);
        a->reference_on = false;
        return a->scene_target.color[0];
    }
    struct reference_state now = {a->camera, a->focus, a->aperture, a->scene.time, a->scene_target.width,
                                  a->scene_target.height};
    /* anything moved (camera, lens, animation, size): start again */
    if (!a->reference.views || !same_state(&now, &a->reference_state)) {
        if (dof_reference_begin(&a->reference, WINDOW_VIEWS, a->focus, a->aperture, &err)) {
            app_message(a, "%s", err.msg);
            a->reference_on = false;
            return a->scene_target.color[0];
        }
        a->reference_state = now;
    }
    if (!dof_reference_done(&a->reference)) {
        gpu_timer_begin(&a->timer, "reference");
        dof_reference_add(&a->reference, &a->scene, &a->camera, WINDOW_VIEWS_PER_FRAME);
    }
    return a->reference.result.color[0];
}

/* a->output as RGBA8, rows bottom first (GL's order). */
static int read_output(app *a, uint8_t *px, sw_error *err)
{
    glBindFramebuffer(GL_READ_FRAMEBUFFER, a->output.fbo);
    glReadBuffer(GL_COLOR_ATTACHMENT0);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, a->output.width, a->output.height, GL_RGBA, GL_UNSIGNED_BYTE, px);
    return gl_check("reading the frame back", err);
}

static int write_png(const char *dir, const char *name, int w, int h, const uint8_t *px, sw_error *err)
{
    if (!dir) return 0;
    char path[4200];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return image_write_png(path, w, h, 4, px, 0, 1, err);
}

/* DIR/dof_vs_reference.png: the post-process on the left, the reference on the right. */
static int write_side_by_side(const char *dir, int w, int h, const uint8_t *left, const uint8_t *right, sw_error *err)
{
    if (!dir) return 0;
    uint8_t *both = sw_malloc((size_t)w * h * 8, "the side-by-side picture", err);
    if (!both) return -1;
    for (int y = 0; y < h; y++) {
        memcpy(both + (size_t)y * w * 8, left + (size_t)y * w * 4, (size_t)w * 4);
        memcpy(both + (size_t)y * w * 8 + (size_t)w * 4, right + (size_t)y * w * 4, (size_t)w * 4);
    }
    int rc = write_png(dir, "dof_vs_reference.png", 2 * w, h, both, err);
    free(both);
    return rc;
}

/* DIR/pinhole.png (the frame before the DoF, tone-mapped as the others) and DIR/depth.npy
 * (its linear depth, float32 (H,W), top row first like the PNGs), so that any DoF, such
 * as `compute dof --backend cpu`, can be scored on the scene against reference.png. DEPTH
 * is the depth read back (rows bottom first); PX a w*h*4 buffer to use. */
static int write_inputs(app *a, const char *dir, const float *depth, uint8_t *px, sw_error *err)
{
    int w = a->output.width, h = a->output.height;
    enum app_view view = a->view;
    a->view = APP_VIEW_COLOR;
    app_present(a, a->scene_target.color[0]);
    a->view = view;
    if (read_output(a, px, err) || write_png(dir, "pinhole.png", w, h, px, err)) return -1;
    npy_array arr;
    const int64_t shape[2] = {h, w};
    if (npy_alloc(&arr, NPY_F32, 2, shape, err)) return -1;
    for (int y = 0; y < h; y++)
        memcpy((float *)arr.data + (size_t)y * w, depth + (size_t)(h - 1 - y) * w, (size_t)w * sizeof *depth);
    char path[4200];
    snprintf(path, sizeof path, "%s/depth.npy", dir);
    int rc = npy_write(path, &arr, err);
    npy_free(&arr);
    return rc;
}

const dof_mode app_dof_compared_modes[APP_DOF_COMPARED] = {
    {DOF_KERNEL_DISC, 3, 1, DOF_NEAR_LAYERS}, {DOF_KERNEL_DISC, 3, 1, DOF_NEAR_ON}, {DOF_KERNEL_DISC, 3, 1, 0}, {DOF_KERNEL_BOXES, 3, 1, 0}, {DOF_KERNEL_BOXES, 1, 0, 0}};

/* The post-process of the current frame with the app's DoF settings, without panels or
 * HUD, read back into PX. */
static int post_process(app *a, uint8_t *px, sw_error *err)
{
    enum app_view view = a->view;
    a->view = APP_VIEW_COLOR;
    scene_draw(&a->scene, &a->camera, &a->scene_target);
    app_present(a, app_dof_frame(a));
    a->view = view;
    return read_output(a, px, err);
}

int app_dof_score(app *a, int views, const char *dir, sw_error *err)
{
    int w = a->output.width, h = a->output.height, rc = -1;
    size_t n = (size_t)w * h;
    uint8_t *post = sw_malloc(n * 12, "frames to score", err);
    float *coc = post ? sw_malloc(n * sizeof *coc, "the CoC map", err) : NULL;
    if (!coc || reference_ready(a, err)) goto done;
    uint8_t *ref = post + n * 4, *other = post + n * 8;
    if (post_process(a, post, err)) goto done;
    glGetTextureImage(a->scene_target.color[1], 0, GL_RED, GL_FLOAT, (GLsizei)(n * sizeof *coc), coc);
    if (gl_check("reading the depth back", err)) goto done;
    if (dir && write_inputs(a, dir, coc, other, err)) goto done;
    for (size_t i = 0; i < n; i++) coc[i] = dof_blur_radius(a->aperture, a->focus, coc[i]);
    if (dof_reference_render(&a->reference, &a->scene, &a->camera, views, a->focus, a->aperture, err)) goto done;
    app_present(a, a->reference.result.color[0]);
    if (read_output(a, ref, err)) goto done;
    if (write_png(dir, "dof.png", w, h, post, err) || write_png(dir, "reference.png", w, h, ref, err) ||
        write_side_by_side(dir, w, h, post, ref, err))
        goto done;
    if (dof_score_images(post, 4, ref, 4, w, h, coc, &a->quality, err)) goto done;
    /* the other kernels against the same reference */
    dof_kernel kernel = a->kernel;
    int boxes = a->boxes, guard = a->guard, near = a->near;
    for (int m = 0; m < APP_DOF_COMPARED; m++) {
        a->kernel = app_dof_compared_modes[m].kernel;
        a->near = app_dof_compared_modes[m].near;
        a->boxes = app_dof_compared_modes[m].boxes;
        a->guard = app_dof_compared_modes[m].guard;
        rc = post_process(a, other, err);
        if (!rc) rc = dof_score_images(other, 4, ref, 4, w, h, coc, &a->quality_modes[m], err);
        if (rc) break;
    }
    a->kernel = kernel, a->boxes = boxes, a->guard = guard, a->near = near;
    if (rc) goto done;
    a->quality_views = views;
    rc = 0;
done:
    free(post);
    free(coc);
    return rc;
}
