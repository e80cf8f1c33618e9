/* The thin-lens reference (dof_reference.h): each view is drawn into r->view from an eye
 * moved over the lens, added to an RGBA32F sum with additive blending, and the sum is
 * divided by the views into r->result. */
#include "gl/gl.h"
#include "dof/dof_reference.h"

#include <string.h>

#include "dof/dof_lens.h"

int dof_reference_init(dof_reference *r, int w, int h, sw_error *err)
{
    memset(r, 0, sizeof *r);
    const GLenum sum_format = GL_RGBA32F, result_format = GL_RGBA16F;
    if (gl_target_create(&r->view, w, h, scene_target_formats, 2, true, err) ||
        gl_target_create(&r->sum, w, h, &sum_format, 1, false, err) ||
        gl_target_create(&r->result, w, h, &result_format, 1, false, err))
        return sw_wrap(err, "thin-lens reference: ");
    r->program = gl_program_vf("shaders/fullscreen.vert", "shaders/dof_accumulate.frag", NULL, err);
    if (!r->program) return -1;
    r->vao = gl_empty_vao();
    return gl_check("creating the thin-lens reference", err);
}

void dof_reference_shutdown(dof_reference *r)
{
    gl_target_destroy(&r->view);
    gl_target_destroy(&r->sum);
    gl_target_destroy(&r->result);
    if (r->program) glDeleteProgram(r->program);
    if (r->vao) glDeleteVertexArrays(1, &r->vao);
    memset(r, 0, sizeof *r);
}

int dof_reference_resize(dof_reference *r, int w, int h, sw_error *err)
{
    r->views = 0;
    if (gl_target_resize(&r->view, w, h, err) || gl_target_resize(&r->sum, w, h, err) ||
        gl_target_resize(&r->result, w, h, err))
        return sw_wrap(err, "thin-lens reference: ");
    return 0;
}

int dof_reference_begin(dof_reference *r, int planned, float focus, float aperture, sw_error *err)
{
    if (planned < 1 || planned > DOF_REFERENCE_MAX_VIEWS)
        return sw_fail(err, "thin-lens reference of %d views: expected 1 to %d", planned, DOF_REFERENCE_MAX_VIEWS);
    r->planned = planned;
    r->views = 0;
    r->focus = focus;
    r->aperture = aperture;
    const float zero[4] = {0, 0, 0, 0};
    glClearNamedFramebufferfv(r->sum.fbo, GL_COLOR, 0, zero);
    return gl_check("clearing the thin-lens sum", err);
}

/* Draws the texture TEX into TARGET times WEIGHT, added (BLEND) or replacing. */
static void fullscreen(const dof_reference *r, GLuint tex, const gl_target *target, float weight, int blend)
{
    glBindFramebuffer(GL_FRAMEBUFFER, target->fbo);
    glViewport(0, 0, target->width, target->height);
    glDisable(GL_DEPTH_TEST);
    if (blend) {
        glEnable(GL_BLEND);
        glBlendFunc(GL_ONE, GL_ONE);
        glBlendEquation(GL_FUNC_ADD);
    } else {
        glDisable(GL_BLEND);
    }
    glUseProgram(r->program);
    glUniform1f(glGetUniformLocation(r->program, "u_weight"), weight);
    glBindTextureUnit(0, tex);
    glBindVertexArray(r->vao);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glBindVertexArray(0);
    glDisable(GL_BLEND);
}

int dof_reference_add(dof_reference *r, const scene *s, const orbit_camera *cam, int count)
{
    int w = r->view.width, h = r->view.height;
    float aspect = (float)w / (float)h;
    mat4 view, proj;
    camera_matrices(cam, aspect, view, proj);
    float lens = dof_lens_radius(r->aperture, r->focus, cam->fov_y, h);
    for (int k = 0; k < count && r->views < r->planned; k++, r->views++) {
        float xy[2];
        dof_lens_sample(r->views, r->planned, xy);
        mat4 v2, p2, inv;
        dof_lens_matrices(view, cam->fov_y, aspect, cam->near_plane, cam->far_plane, r->focus, lens * xy[0],
                          lens * xy[1], v2, p2);
        glm_mat4_inv(v2, inv);
        vec3 eye = {inv[3][0], inv[3][1], inv[3][2]};
        scene_draw_view(s, v2, p2, eye, &r->view);
        fullscreen(r, r->view.color[0], &r->sum, 1.0f, 1);
    }
    if (r->views) fullscreen(r, r->sum.color[0], &r->result, 1.0f / (float)r->views, 0);
    GL_CHECK();
    return r->views;
}

int dof_reference_done(const dof_reference *r) { return r->planned > 0 && r->views >= r->planned; }

int dof_reference_render(dof_reference *r, const scene *s, const orbit_camera *cam, int views, float focus,
                         float aperture, sw_error *err)
{
    if (dof_reference_begin(r, views, focus, aperture, err)) return -1;
    dof_reference_add(r, s, cam, views);
    return gl_check("rendering the thin-lens reference", err);
}
