/* The thin lens's circle of confusion in pixels, for every DoF arithmetic header
 * (dof_math.h, the half-resolution composite's kernels); the including file defines
 * DOF_FN ("static inline" or "__device__ static inline"). shaders/dof_radius.glsl is
 * its GLSL twin: a change here goes there too. */
#ifndef SCANWORKS_DOF_DOF_RADIUS_H
#define SCANWORKS_DOF_DOF_RADIUS_H

#include "dof/dof_limits.h"

/* The circle of confusion of a thin lens, in pixels. A lens of radius R focused at F
 * images a point at view depth d (along the view axis) as a disc; seen from a point s of
 * the lens (|s| <= R, the frustum sheared to keep the focus plane fixed) the point moves
 * on screen by s (1 - F/d) h / (2 F tan(fov_y / 2)) pixels, h the image height. Over the
 * lens that is a disc of radius
 *   r = A |1 - F/d|,   A = R h / (2 F tan(fov_y / 2)),
 * where A, the aperture here, is the radius at infinity in pixels. So R = 2 A F tan(fov_y
 * / 2) / h is the lens the thin-lens reference renders (src/dof/dof_lens.h, which moves
 * the cameras; tests/test_dof_lens.c checks that the disc's radius is this r). Capped at
 * DOF_MAX_RADIUS (the 16-bit table's exact box sums). */
DOF_FN float dof_radius(float aperture, float focus, float depth)
{
    float r = aperture * fabsf(1.0f - focus / fmaxf(depth, 1e-6f));
    return fminf(r, (float)DOF_MAX_RADIUS);
}

#endif
