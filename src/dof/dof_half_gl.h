/* The half-resolution DoF in GL: the GL twin of the C version (dof_half.h) and of CUDA's
 * (kernels/dof/half.cu), around the GL table build and the GL gathers at half size.
 *   downsample (shaders/dof_half_down.comp): the frame's colour and depth into a half
 *      colour (RGBA32F holding each channel's rounded mean count / scale, which the
 *      half table re-quantizes to the same count) and a half depth (R32F, the nearest);
 *   the table of the half colour (sat_frame_build, gl or cpu) and the gather at half
 *      size (dof_pass_run, compute or fragment) with the aperture halved (the CoC is in
 *      pixels), writing the near layer's coverage as its fourth channel (p->half);
 *   composite (shaders/dof_half_composite.comp): the half result back onto the frame's
 *      DoF output at full size.
 * The per-pixel arithmetic is shaders/dof_half_math.glsl, the GLSL twin of
 * src/dof/dof_half_math.h. Like CUDA's, it needs an opaque picture (one alpha at every
 * pixel: the half gather's fourth channel carries the coverage). With p->layers the
 * gather builds the layer tables of the half picture (dof_layer_tables.h). */
#ifndef SCANWORKS_DOF_DOF_HALF_GL_H
#define SCANWORKS_DOF_DOF_HALF_GL_H

#include "dof/dof.h"
#include "dof/sat_frame.h"
#include "gfx/gpu_timer.h"
#include "gl/gl.h"
#include "gl/gl_util.h"
#include "util/error.h"

typedef struct dof_half_gl {
    GLuint down, composite;   /* the programs, made on first use */
    GLenum out_format;        /* the DoF pass's image format they and the images were made for */
    int w, h;                 /* the full size the images are for (0: none yet) */
    GLuint color, depth;      /* the downsample's: RGBA32F (count / scale), R32F */
    gl_target out;            /* the half gather's output, in OUT_FORMAT; .a its near coverage */
} dof_half_gl;

/* Nothing is made until the first run (zeroes HG). */
void dof_half_gl_init(dof_half_gl *hg);
void dof_half_gl_shutdown(dof_half_gl *hg);

/* The half-resolution DoF of COLOR_TEX over DEPTH_TEX (w x h) into OUT_TEX (w x h, in
 * PASS's image format), with P's settings for the full frame (p->scale quantizes the
 * colour for the table). The table is built by backend B (gl or cpu), variant V, into
 * SAT (resized to the half size); the gather G (compute or fragment) is PASS's. ALPHA:
 * the colour's fourth channel, one value at every pixel (< 0: it varies, which is
 * refused, as are the layer tables). The images are made on first use and remade when
 * the size changes. Stage times go to TIMER (may be NULL). */
int dof_half_gl_run(dof_half_gl *hg, dof_pass *pass, sat_frame *sat, prim_backend b, sat_variant v, dof_gather g,
                    const dof_params *p, GLuint color_tex, GLuint depth_tex, int w, int h, float alpha,
                    GLuint out_tex, gpu_timer *timer, sw_error *err);

#endif
