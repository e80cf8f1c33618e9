/* The DoF gathers' tuning (gather.cu), a row an architecture, fixed at compile time: the
 * blocks an SM their registers are bounded for (docs/perf/dof.md: the box gathers eight,
 * the disc six, the layer tables four). Only sm_90 is measured; sm_80 keeps its row, sm_75
 * (1024 threads an SM) four. The block is the near-field tile on every architecture
 * (DOF_NEAR_TILE_W x _H, src/dof/dof_limits.h). */
#ifndef SCANWORKS_KERNELS_DOF_TUNE_H
#define SCANWORKS_KERNELS_DOF_TUNE_H

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800   /* sm_75 */
#define DOF_GATHER_BLOCKS 4
#define DOF_DISC_BLOCKS 4
#define DOF_LAYERS_BLOCKS 4
#else                                               /* sm_80, sm_90 */
#define DOF_GATHER_BLOCKS 8
#define DOF_DISC_BLOCKS 6
#define DOF_LAYERS_BLOCKS 4
#endif

#endif
