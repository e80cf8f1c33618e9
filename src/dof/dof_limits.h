/* Limits shared by the DoF code in C, CUDA and (through a define) GLSL. */
#ifndef SCANWORKS_DOF_DOF_LIMITS_H
#define SCANWORKS_DOF_DOF_LIMITS_H

/* With 16-bit values the box sums stay exact up to 65537 pixels: 2*64+1 = 129 wide. */
#define DOF_MAX_RADIUS 64

#endif
