/* Limits shared by the DoF code in C, CUDA and (through a define) GLSL. */
#ifndef SCANWORKS_DOF_DOF_LIMITS_H
#define SCANWORKS_DOF_DOF_LIMITS_H

/* With 16-bit values the box sums stay exact up to 65537 pixels: 2*64+1 = 129 wide. */
#define DOF_MAX_RADIUS 64

/* Nested boxes a blurred pixel averages: 1 is the chapter's single box; 3 (the
 * default) the smoothest, at three times the table reads. */
#define DOF_MAX_BOXES 3
#define DOF_DEFAULT_BOXES 3

/* The foreground guard probes only pixels deeper than this times the focus distance:
 * nearer ones cannot be guarded (src/dof/dof_math.h, dof_limit_radius, says why). */
#define DOF_GUARD_FROM 1.16f

/* The soft guard (the disc kernel's) weighs probes nearer than 0.85 d and sharper than
 * 0.6 r; below this times the focus distance none can weigh (dof_math.h says why). */
#define DOF_SOFT_GUARD_FROM 1.10f

/* The stepped disc: three bands of half-widths X1 > X2 > X3 (in units of the radius),
 * the same heights transposed (X3, X2, X1), so the disc is symmetric in x, y and the
 * diagonal; X2 = X1 / sqrt 2 puts the middle corner on the diagonal at the axes' extent
 * (round by the bokeh measure: the same spread along the axes and the diagonal), and X3
 * makes its area pi r^2 (quadrant X1 X3 + X2 (X2 - X3) + X3 (X1 - X2) = pi / 4). */
#define DOF_DISC_X1 0.970f
#define DOF_DISC_X2 0.686f
#define DOF_DISC_X3 0.553f

/* The SAT view (Tab) shows the frame rebuilt from the table by boxes of this half-size:
 * four reads a pixel, a picture a person recognises, wrong wherever the table is. */
#define DOF_SAT_VIEW_RADIUS 2

#endif
