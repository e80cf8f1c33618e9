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

/* The SAT view (Tab) shows the frame rebuilt from the table by boxes of this half-size:
 * four reads a pixel, a picture a person recognises, wrong wherever the table is. */
#define DOF_SAT_VIEW_RADIUS 2

#endif
