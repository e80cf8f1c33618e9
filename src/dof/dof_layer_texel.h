/* The layer tables' input, one pixel at a time (src/dof/dof_math.h, dof_layers_pixel,
 * says what the tables are for): written once for C (dof_cpu.c, through dof_math.h) and
 * CUDA (kernels/dof/layers.cu); shaders/dof_layer_values.comp is the GLSL twin. The
 * including file defines DOF_FN ("static inline" or "__device__ static inline"). */
#ifndef SCANWORKS_DOF_DOF_LAYER_TEXEL_H
#define SCANWORKS_DOF_DOF_LAYER_TEXEL_H

#include "dof/dof_limits.h"

#define DOF_LAYER_NEAR 0
#define DOF_LAYER_FAR 1

/* The signed CoC: negative before the focus; its magnitude is dof_radius. */
DOF_FN float dof_signed_radius(float aperture, float focus, float depth)
{
    float s = aperture * (1.0f - focus / fmaxf(depth, 1e-6f));
    return fminf(fmaxf(s, -(float)DOF_MAX_RADIUS), (float)DOF_MAX_RADIUS);
}

/* A pixel's weight in layer T (0..DOF_LAYER_ONE): 0 up to a CoC of 1/2 on its side of
 * the focus, DOF_LAYER_ONE from 3/2. */
DOF_FN unsigned dof_layer_weight(float aperture, float focus, float depth, int t)
{
    float s = dof_signed_radius(aperture, focus, depth);
    float w = fminf(fmaxf((t == DOF_LAYER_FAR ? s : -s) - 0.5f, 0.0f), 1.0f);
    return (unsigned)floorf(w * (float)DOF_LAYER_ONE + 0.5f);
}

/* The table's input at a pixel for layer T: its quantized colour Q[0..3) times the
 * weight, whole where EXACT (DOF_LAYER_EXACT of the table's scale: Q <= 255), else divided
 * by DOF_LAYER_ONE and rounded, in v[0..3); the weight in v[3]. Integer arithmetic, the
 * same bits in every backend (Q <= 65535: the products stay below 2^24). */
DOF_FN void dof_layer_texel(float aperture, float focus, float depth, int t, const unsigned *q, int exact, unsigned *v)
{
    unsigned k = dof_layer_weight(aperture, focus, depth, t);
    for (int ch = 0; ch < 3; ch++) v[ch] = exact ? q[ch] * k : (q[ch] * k + DOF_LAYER_ONE / 2) / DOF_LAYER_ONE;
    v[3] = k;
}

/* What one count of a layer table's colour channel is worth in the table's counts: 1/256
 * where the product is kept whole, else 1. */
DOF_FN float dof_layer_unit(float scale) { return DOF_LAYER_EXACT(scale) ? (float)DOF_LAYER_ONE : 1.0f; }

#endif
