/* Depth of field from a summed-area table (GPU Gems 3, 39.3.2, improved).
 *
 * Each pixel's blur radius in pixels is r = A * |1 - F/d| (A the aperture: the radius
 * at infinity; F the focus distance; d the pixel's linear depth), capped at
 * DOF_MAX_RADIUS: the thin lens's own circle of confusion in pixels (dof_lens.h derives
 * it; the thin-lens reference, dof_reference.h, renders it). A pixel with r < 0.5 keeps
 * its own colour exactly. Otherwise one of two kernels:
 *   disc (the default): the mean over a stepped disc of five SAT rectangles (three bands
 *      less their two overlaps, dof_limits.h), of fractional radius: the discs of the two
 *      whole sizes around r - 1/2 blended, so nothing steps as the CoC grows; and the soft
 *      foreground guard, which shrinks r in proportion to how much nearer and sharper the
 *      probes around the pixel are (dof_math.h, dof_soft_radius);
 *   boxes: the mean of N nested boxes (N = 1..3; 1 is the chapter's single box), radii
 *      r, (N-1)r/N, ..., r/N, each four SAT samples (S_ur - S_ul - S_lr + S_ll) / (w h)
 *      clamped at the image borders, with the halving guard: the depth is probed at the
 *      box's four edge midpoints and four corners; while a probe is clearly nearer
 *      (d_probe < 0.8 d) and much sharper (r_probe < r/2), the radius is halved (at most
 *      three times).
 * The same arithmetic runs as a fragment shader, a GL compute shader (both in
 * shaders/dof_common.glsl), a CUDA kernel (kernels/dof/gather.cu, with the cuda SAT backend,
 * inside the same interop mapping) and in C (dof_cpu_apply, the CLI's cpu backend);
 * the last two share src/dof/dof_math.h. */
#ifndef SCANWORKS_DOF_DOF_H
#define SCANWORKS_DOF_DOF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "dof/dof_cpu.h"
#include "dof/dof_limits.h"
#include "dof/dof_near_tiles.h"
#include "dof/dof_params.h"
#include "gl/gl.h"
#include "util/error.h"

typedef enum dof_gather { DOF_FRAGMENT, DOF_COMPUTE, DOF_CUDA, DOF_GATHER_COUNT } dof_gather;

const char *dof_gather_name(dof_gather g);   /* "fragment", "compute", "cuda" */
int dof_gather_parse(const char *s, dof_gather *out, sw_error *err);
int dof_guard_parse(const char *s, bool *on, sw_error *err);   /* "on" or "off" */
const char *dof_kernel_name(dof_kernel k);   /* "disc", "boxes" */
int dof_kernel_parse(const char *s, dof_kernel *out, sw_error *err);
/* What the gather does, for the HUD and messages: "disc, soft guard", "3 boxes, guard",
 * "1 box, no guard (the chapter's)" ... */
const char *dof_mode_describe(dof_kernel k, int boxes, int guard, int near, char *buf, size_t size);   /* NEAR: DOF_NEAR_* */
/* --near's value: "off", "on" (the probes) or "layers", into a DOF_NEAR_* mode */
int dof_near_parse(const char *s, int *mode, sw_error *err);
const char *dof_near_name(int mode);   /* "off", "on", "layers" */
/* The params' near and layers for near-field MODE with KERNEL (every gather has both). */
void dof_params_near(dof_params *p, int mode, dof_kernel kernel);


struct dof_layer_tables;

typedef struct dof_pass {
    GLuint fragment[2], compute[2];   /* the gather's programs, [1] with the near field */
    GLuint vao;
    GLenum image_format;        /* of the compute pass's output image */
    dof_near_tiles near;        /* the near field's tile pass, before either gather */
    struct dof_layer_tables *layers;   /* made on first use (p->layers) */
} dof_pass;

/* OUT_FORMAT: the compute shader's image format, "rgba16f" or "rgba32f". */
int dof_pass_init(dof_pass *d, const char *out_format, sw_error *err);
void dof_pass_shutdown(dof_pass *d);
/* Renders into OUT_FBO (fragment) or writes OUT_TEX as an image (compute); the cuda
 * gather runs in sat_frame_build instead. With p->near or p->layers it first runs the
 * near field's tile pass over DEPTH_TEX (dof_near_tiles.h), with p->layers (the disc) it
 * builds the layer tables of COLOR_TEX (src/dof/dof_layer_tables.h). With p->half it is
 * the half-resolution DoF's half pass (dof_half_gl.h): the fourth channel written is the
 * near layer's coverage (0 where none) instead of the colour's alpha. */
int dof_pass_run(dof_pass *d, dof_gather g, const dof_params *p, GLuint color_tex, GLuint depth_tex,
                 GLuint sat_buffer, int w, int h, GLuint out_fbo, GLuint out_tex, sw_error *err);

#endif
