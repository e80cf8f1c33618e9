/* The half DoF handed from the gather to the composite a warp row at a time, not a grid
 * at a time. The composite launches as the gather's last blocks start (a programmatic
 * dependent launch), and instead of waiting for the whole gather (griddepcontrol.wait),
 * each of its warps waits for the few gather warps whose output its taps read: a gather
 * warp is one row of 32 half pixels (x / 32, y), and it publishes that row by storing
 * the frame's epoch in its flag (ready, ready_w flags a half row) once its pixels are
 * stored. So the composite fills the SMs that the gather's ragged last wave leaves idle.
 *
 * No deadlock: a dependent grid starts only once every block of the gather has started
 * (the gather triggers first thing), so every flag a composite warp waits for belongs to
 * a gather warp that runs or has run. The epoch changes every frame (never 0, the flags'
 * first value, nor all ones, the poison's), so no flag of a frame before passes. */
#ifndef SCANWORKS_KERNELS_DOF_HALF_READY_CUH
#define SCANWORKS_KERNELS_DOF_HALF_READY_CUH

#include "kernels/dof/half.h"   /* DOF_HALF_READY_ROW_W: a gather warp, DOF_NEAR_TILE_W half pixels of one row */

/* The gather's warp covering (x, y): every lane calls it once its own store is issued,
 * lanes outside the picture too (they store nothing). Each lane's fence makes its store
 * visible at the device's scope before the warp's barrier; lane 0 then releases the flag
 * (the pattern of a block's partial sums published by a flag). */
__device__ static inline void dof_ready_publish(unsigned *ready, int ready_w, int x, int y, int h, unsigned epoch)
{
    __threadfence();
    __syncwarp();
    if ((threadIdx.x & 31u) == 0 && y < h) {
        unsigned *flag = ready + (size_t)y * (unsigned)ready_w + (unsigned)(x / DOF_HALF_READY_ROW_W);
        asm volatile("st.release.gpu.global.u32 [%0], %1;" ::"l"(flag), "r"(epoch) : "memory");
    }
}

/* Returns once gather warp (cx / 32, row) has published EPOCH: an acquire load polled with
 * short sleeps, so that waiting warps leave the SM's issue slots to the gather. Bounded (a
 * flag that never came would otherwise hang the device: about a second), after which
 * the caller reads what is there; tests/cuda_poison_test.sh would see it. */
__device__ static inline void dof_ready_wait(const unsigned *ready, int ready_w, int cx, int row, unsigned epoch)
{
    const unsigned *flag = ready + (size_t)row * (unsigned)ready_w + (unsigned)(cx / DOF_HALF_READY_ROW_W);
    for (unsigned tries = 0; tries < (1u << 22); tries++) {
        unsigned v;
        asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(flag) : "memory");
        if (v == epoch) return;
        __nanosleep(256);
    }
}

#endif
