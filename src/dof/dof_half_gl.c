/* The half-resolution DoF in GL (dof_half_gl.h). */
#include "gl/gl.h"
#include "dof/dof_half_gl.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/embedded.h"

#define DOF_HALF_FN static inline
#include "dof/dof_half_math.h"

#define GROUP 16   /* the shaders' local size, each way */

void dof_half_gl_init(dof_half_gl *hg) { memset(hg, 0, sizeof *hg); }

static void release_images(dof_half_gl *hg)
{
    if (hg->color) glDeleteTextures(1, &hg->color);
    if (hg->depth) glDeleteTextures(1, &hg->depth);
    gl_target_destroy(&hg->out);
    hg->color = hg->depth = 0;
    hg->w = hg->h = 0;
}

void dof_half_gl_shutdown(dof_half_gl *hg)
{
    release_images(hg);
    if (hg->down) glDeleteProgram(hg->down);
    if (hg->composite) glDeleteProgram(hg->composite);
    memset(hg, 0, sizeof *hg);
}

/* The shaders' head: the constants of dof_half_math.h and dof_limits.h, the output's
 * format, then shaders/sat_quantize.glsl, dof_radius.glsl and dof_half_math.glsl; NULL
 * on failure. */
static char *half_source(GLenum out_format, sw_error *err)
{
    static const char *const files[] = {"shaders/sat_quantize.glsl", "shaders/dof_radius.glsl",
                                        "shaders/dof_half_math.glsl"};
    char head[512];
    snprintf(head, sizeof head,
             "#define DOF_HALF_DEPTH_K float(%.9g)\n#define DOF_HALF_DEPTH_EPS float(%.9g)\n"
             "#define DOF_MAX_RADIUS %d\n#define OUT_FORMAT %s\n",
             (double)DOF_HALF_DEPTH_K, (double)DOF_HALF_DEPTH_EPS, DOF_MAX_RADIUS,
             out_format == GL_RGBA32F ? "rgba32f" : "rgba16f");
    return embedded_join(head, files, (int)(sizeof files / sizeof *files), "the half DoF's shader source", err);
}

/* The programs for OUT_FORMAT and the images for w x h, made where missing or stale. */
static int ensure(dof_half_gl *hg, GLenum out_format, int w, int h, sw_error *err)
{
    if (hg->down && hg->out_format != out_format) {
        release_images(hg);
        glDeleteProgram(hg->down);
        glDeleteProgram(hg->composite);
        hg->down = hg->composite = 0;
    }
    if (!hg->down) {
        char *src = half_source(out_format, err);
        if (!src) return -1;
        hg->down = gl_program_compute("shaders/dof_half_down.comp", src, err);
        if (hg->down) hg->composite = gl_program_compute("shaders/dof_half_composite.comp", src, err);
        free(src);
        if (!hg->composite) return -1;
        hg->out_format = out_format;
        if (gl_check("building the half DoF's programs", err)) return -1;
    }
    if (hg->color && hg->w == w && hg->h == h) return 0;
    release_images(hg);
    int hw = dof_half_size(w), hh = dof_half_size(h);
    hg->color = gl_texture_2d(GL_RGBA32F, hw, hh);
    hg->depth = gl_texture_2d(GL_R32F, hw, hh);
    if (gl_check("making the half DoF's images", err) || gl_target_create(&hg->out, hw, hh, &out_format, 1, false, err)) {
        release_images(hg);
        return -1;
    }
    hg->w = w, hg->h = h;
    return 0;
}

static void dispatch(int w, int h)
{
    glDispatchCompute((GLuint)((w + GROUP - 1) / GROUP), (GLuint)((h + GROUP - 1) / GROUP), 1);
    /* read by texel fetches next; the cpu table build reads the half colour back */
    glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT | GL_TEXTURE_UPDATE_BARRIER_BIT | GL_FRAMEBUFFER_BARRIER_BIT);
}

int dof_half_gl_run(dof_half_gl *hg, dof_pass *pass, sat_frame *sat, prim_backend b, sat_variant v, dof_gather g,
                    const dof_params *p, GLuint color_tex, GLuint depth_tex, int w, int h, float alpha,
                    GLuint out_tex, gpu_timer *timer, sw_error *err)
{
    if (alpha < 0.0f)
        return sw_fail(err, "the half-resolution DoF needs an opaque picture (one alpha everywhere): the half "
                            "gather's fourth channel carries the near coverage");
    if (g == DOF_CUDA || b == PRIM_CUDA)
        return sw_fail(err, "the half-resolution DoF in GL builds its table on gl or cpu and gathers with the "
                            "compute or fragment shader (the cuda gather has its own, in the cuda SAT build)");
    if (ensure(hg, pass->image_format, w, h, err)) return -1;
    int hw = dof_half_size(w), hh = dof_half_size(h);
    if (timer) gpu_timer_begin(timer, "dof downsample");
    glUseProgram(hg->down);
    glUniform2i(glGetUniformLocation(hg->down, "u_size"), w, h);
    glUniform1f(glGetUniformLocation(hg->down, "u_scale"), p->scale);
    glBindTextureUnit(0, color_tex);
    glBindTextureUnit(1, depth_tex);
    glBindImageTexture(0, hg->color, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA32F);
    glBindImageTexture(1, hg->depth, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32F);
    dispatch(hw, hh);
    if (gl_check("the half DoF's downsample", err)) return -1;
    /* the table at half size, quantized as the frame's would be (the same counts) */
    if (sat_frame_build(sat, b, v, hg->color, hw, hh, p->scale, alpha, NULL, timer, err)) return -1;
    dof_params hp = *p;
    hp.aperture = 0.5f * p->aperture;   /* the CoC in half pixels */
    hp.half = 1;                        /* the near coverage as the fourth channel */
    if (timer) gpu_timer_begin(timer, "dof (half size)");
    if (dof_pass_run(pass, g, &hp, hg->color, hg->depth, sat->buffer, hw, hh, hg->out.fbo, hg->out.color[0], err))
        return -1;
    if (timer) gpu_timer_begin(timer, "dof composite");
    glUseProgram(hg->composite);
    glUniform2i(glGetUniformLocation(hg->composite, "u_size"), w, h);
    glUniform1f(glGetUniformLocation(hg->composite, "u_focus"), p->focus);
    glUniform1f(glGetUniformLocation(hg->composite, "u_aperture"), p->aperture);
    const GLuint in[5] = {color_tex, depth_tex, hg->out.color[0], hg->color, hg->depth};
    for (int i = 0; i < 5; i++) glBindTextureUnit((GLuint)i, in[i]);
    glBindImageTexture(0, out_tex, 0, GL_FALSE, 0, GL_WRITE_ONLY, pass->image_format);
    dispatch(w, h);
    return gl_check("the half DoF's composite", err);
}
