/* The DoF pass on the GPU: one shared body (shaders/dof_common.glsl) as a fragment
 * pass or a compute pass. */
#include "gl/gl.h"
#include "dof/dof.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dof/dof_layer_tables.h"
#include "dof/dof_near_tiles.h"
#include "gl/gl_util.h"
#include "io/embedded.h"

/* The near field's probe points as GLSL source (DOF_P is vec2 there). */
#define TEXT_OF(...) #__VA_ARGS__
#define EXPANDED_TEXT_OF(...) TEXT_OF(__VA_ARGS__)
#define SPIRAL_TEXT EXPANDED_TEXT_OF(DOF_NEAR_SPIRAL)

static const char *const gather_names[DOF_GATHER_COUNT] = {"fragment", "compute", "cuda"};

const char *dof_gather_name(dof_gather g) { return (unsigned)g < DOF_GATHER_COUNT ? gather_names[g] : "?"; }

int dof_gather_parse(const char *s, dof_gather *out, sw_error *err)
{
    for (int i = 0; i < DOF_GATHER_COUNT; i++)
        if (s && !strcmp(s, gather_names[i])) {
            *out = (dof_gather)i;
            return 0;
        }
    return sw_fail(err, "gather '%s': expected fragment, compute or cuda", s ? s : "");
}

int dof_guard_parse(const char *s, bool *on, sw_error *err)
{
    if (s && (!strcmp(s, "on") || !strcmp(s, "off"))) {
        *on = !strcmp(s, "on");
        return 0;
    }
    return sw_fail(err, "guard '%s': expected on or off", s ? s : "");
}

const char *dof_kernel_name(dof_kernel k) { return k == DOF_KERNEL_DISC ? "disc" : k == DOF_KERNEL_BOXES ? "boxes" : "?"; }

int dof_kernel_parse(const char *s, dof_kernel *out, sw_error *err)
{
    if (s && !strcmp(s, "disc")) *out = DOF_KERNEL_DISC;
    else if (s && !strcmp(s, "boxes")) *out = DOF_KERNEL_BOXES;
    else return sw_fail(err, "kernel '%s': expected disc or boxes", s ? s : "");
    return 0;
}

static const char *const near_names[3] = {"off", "on", "layers"};

int dof_near_parse(const char *s, int *mode, sw_error *err)
{
    for (int i = 0; i < 3; i++)
        if (s && !strcmp(s, near_names[i])) {
            *mode = i;
            return 0;
        }
    return sw_fail(err, "near field '%s': expected off, on or layers", s ? s : "");
}

const char *dof_near_name(int mode) { return (unsigned)mode < 3 ? near_names[mode] : "?"; }

void dof_params_near(dof_params *p, int mode, dof_kernel kernel)
{
    p->layers = mode == DOF_NEAR_LAYERS && kernel == DOF_KERNEL_DISC;
    p->near = mode == DOF_NEAR_ON || (mode == DOF_NEAR_LAYERS && kernel != DOF_KERNEL_DISC);
}

const char *dof_mode_describe(dof_kernel k, int boxes, int guard, int near, char *buf, size_t size)
{
    if (k == DOF_KERNEL_DISC && near == DOF_NEAR_LAYERS)
        snprintf(buf, size, "disc, layers");
    else if (k == DOF_KERNEL_DISC)
        snprintf(buf, size, "disc, %s%s", guard ? "soft guard" : "no guard", near ? ", near field" : "");
    else
        snprintf(buf, size, "%d box%s, %s%s%s", boxes, boxes > 1 ? "es" : "", guard ? "guard" : "no guard",
                 near ? ", near field" : "", boxes == 1 && !guard && !near ? " (the chapter's)" : "");
    return buf;
}

/* The DoF shaders' source: the limits as defines (and DOF_WITH_NEAR: the gathers with
 * the near field and the layer tables), then dof_radius.glsl and dof_common.glsl; NULL
 * on failure. */
static char *dof_source(const char *out_format, bool with_near, sw_error *err)
{
    static const char *const files[] = {"shaders/dof_radius.glsl", "shaders/dof_common.glsl"};
    char head[2048];
    int len = snprintf(head, sizeof head,
             "%s#define DOF_MAX_RADIUS %d\n#define DOF_GUARD_FROM %.9g\n#define DOF_SAT_VIEW_RADIUS %d\n"
             "#define DOF_SOFT_GUARD_FROM %.9g\n#define DOF_DISC_X1 %.9g\n#define DOF_DISC_X2 %.9g\n"
             "#define DOF_DISC_X3 %.9g\n#define OUT_FORMAT %s\n#define DOF_NEAR_TILE_W %d\n#define DOF_NEAR_TILE_H %d\n"
             "#define DOF_NEAR_STRIDE %d\n#define DOF_NEAR_SIDE_X %d\n#define DOF_NEAR_SIDE_Y %d\n#define DOF_NEAR_PROBES %d\n"
             "#define DOF_P(x, y) vec2(x, y)\n#define DOF_NEAR_SPIRAL %s\n#define DOF_LAYER_ONE %d\n"
             "#define DOF_LAYER_MIN_COVER %.9g\n#define DOF_LAYER_EXACT(scale) ((scale) <= float(%.9g))\n",
             with_near ? "#define DOF_WITH_NEAR 1\n" : "", DOF_MAX_RADIUS, (double)DOF_GUARD_FROM,
             DOF_SAT_VIEW_RADIUS, (double)DOF_SOFT_GUARD_FROM,
             (double)DOF_DISC_X1, (double)DOF_DISC_X2, (double)DOF_DISC_X3, out_format, DOF_NEAR_TILE_W,
             DOF_NEAR_TILE_H, DOF_NEAR_STRIDE, DOF_NEAR_SIDE_X, DOF_NEAR_SIDE_Y, DOF_NEAR_PROBES, SPIRAL_TEXT,
             DOF_LAYER_ONE, (double)DOF_LAYER_MIN_COVER, (double)DOF_LAYER_EXACT_SCALE);
    if (len < 0 || (size_t)len >= sizeof head) {
        sw_fail(err, "the DoF shaders' defines do not fit in %zu bytes", sizeof head);
        return NULL;
    }
    return embedded_join(head, files, (int)(sizeof files / sizeof *files), "DoF shader source", err);
}

static const char *out_format_of(const dof_pass *d) { return d->image_format == GL_RGBA32F ? "rgba32f" : "rgba16f"; }

/* The fragment and compute programs, with the near field (NEAR) or without; the ones
 * with it, and the tile pass, are made on first use (llvmpipe runs the longer shader
 * 2.5x slower even where its near branch is not taken). */
static int build_programs(dof_pass *d, bool near, sw_error *err)
{
    char *src = dof_source(out_format_of(d), near, err);
    if (!src) return -1;
    d->fragment[near] = gl_program_vf("shaders/fullscreen.vert", "shaders/dof.frag", src, err);
    if (d->fragment[near]) d->compute[near] = gl_program_compute("shaders/dof.comp", src, err);
    int rc = !d->compute[near] ? -1 : near ? dof_near_tiles_init(&d->near, src, err) : 0;
    free(src);
    if (!rc) rc = gl_check("building the DoF programs", err);
    if (rc) {   /* nothing half-built stays: a later frame's retry starts clean, and leaks nothing */
        if (d->fragment[near]) glDeleteProgram(d->fragment[near]);
        if (d->compute[near]) glDeleteProgram(d->compute[near]);
        d->fragment[near] = d->compute[near] = 0;
        if (near) dof_near_tiles_shutdown(&d->near);
    }
    return rc ? -1 : 0;
}

int dof_pass_init(dof_pass *d, const char *out_format, sw_error *err)
{
    memset(d, 0, sizeof *d);
    d->image_format = strcmp(out_format, "rgba32f") ? GL_RGBA16F : GL_RGBA32F;
    if (build_programs(d, false, err)) return -1;
    d->vao = gl_empty_vao();
    return gl_check("building the DoF pass", err);
}

void dof_pass_shutdown(dof_pass *d)
{
    for (int i = 0; i < 2; i++) {
        if (d->fragment[i]) glDeleteProgram(d->fragment[i]);
        if (d->compute[i]) glDeleteProgram(d->compute[i]);
    }
    dof_near_tiles_shutdown(&d->near);
    if (d->vao) glDeleteVertexArrays(1, &d->vao);
    if (d->layers) dof_layer_tables_shutdown(d->layers);
    free(d->layers);
    memset(d, 0, sizeof *d);
}

static void set_uniforms(GLuint prog, const dof_params *p, int w, int h)
{
    glUseProgram(prog);
    glUniform2i(glGetUniformLocation(prog, "u_size"), w, h);
    glUniform1f(glGetUniformLocation(prog, "u_focus"), p->focus);
    glUniform1f(glGetUniformLocation(prog, "u_aperture"), p->aperture);
    glUniform1f(glGetUniformLocation(prog, "u_scale"), p->scale);
    glUniform1i(glGetUniformLocation(prog, "u_view"), (int)p->view);
    glUniform1i(glGetUniformLocation(prog, "u_boxes"), p->boxes);
    glUniform1i(glGetUniformLocation(prog, "u_guard"), p->guard);
    glUniform1i(glGetUniformLocation(prog, "u_kernel"), p->kernel);
    glUniform1i(glGetUniformLocation(prog, "u_near"), p->near);
    glUniform1i(glGetUniformLocation(prog, "u_near_probes"), DOF_NEAR_PROBES_AT(p->half));
    glUniform1f(glGetUniformLocation(prog, "u_near_spread"), DOF_NEAR_SPREAD_AT(p->half));
    glUniform1i(glGetUniformLocation(prog, "u_layers"), dof_uses_layers(p));
    glUniform1i(glGetUniformLocation(prog, "u_guard_grid"), DOF_GUARD_GRID(p));
    glUniform1i(glGetUniformLocation(prog, "u_near_grid"), DOF_NEAR_GRID(p));
    /* p->half: this is the half-resolution DoF's half pass (dof_half_gl.h), whose composite
     * reads the near coverage from the fourth channel */
    glUniform1i(glGetUniformLocation(prog, "u_coverage_out"), p->half != 0);
}

int dof_pass_run(dof_pass *d, dof_gather g, const dof_params *p, GLuint color_tex, GLuint depth_tex,
                 GLuint sat_buffer, int w, int h, GLuint out_fbo, GLuint out_tex, sw_error *err)
{
    if (g == DOF_CUDA) return sw_fail(err, "the cuda gather runs with the cuda SAT build, not as a GL pass");
    const bool effect = p->view == DOF_VIEW_EFFECT, layers = dof_builds_layers(p);
    if (layers) {
        if (!d->layers && !(d->layers = sw_calloc(1, sizeof *d->layers, "the DoF layer tables", err))) return -1;
        if (dof_layer_tables_build(d->layers, p, color_tex, depth_tex, w, h, err)) return -1;
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, d->layers->sat[0]);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, d->layers->sat[1]);
    }
    const bool near = (p->near && effect) || layers;
    if (near && !d->compute[1] && build_programs(d, true, err)) return -1;
    if (near && dof_near_tiles_run(&d->near, p, depth_tex, w, h, err)) return -1;
    glBindTextureUnit(0, color_tex);
    glBindTextureUnit(1, depth_tex);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, sat_buffer);
    if (g == DOF_COMPUTE) {
        set_uniforms(d->compute[near], p, w, h);
        glBindImageTexture(0, out_tex, 0, GL_FALSE, 0, GL_WRITE_ONLY, d->image_format);
        glDispatchCompute((GLuint)((w + DOF_NEAR_TILE_W - 1) / DOF_NEAR_TILE_W),
                          (GLuint)((h + DOF_NEAR_TILE_H - 1) / DOF_NEAR_TILE_H), 1);
        glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT | GL_FRAMEBUFFER_BARRIER_BIT | GL_TEXTURE_UPDATE_BARRIER_BIT);
    } else {
        set_uniforms(d->fragment[near], p, w, h);
        glBindFramebuffer(GL_FRAMEBUFFER, out_fbo);
        glViewport(0, 0, w, h);
        glBindVertexArray(d->vao);
        glDrawArrays(GL_TRIANGLES, 0, 3);
        glBindVertexArray(0);
    }
    return gl_check("the DoF pass", err);
}
