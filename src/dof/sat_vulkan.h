/* The Vulkan hand-over between GL and CUDA (--interop vulkan; sat_frame.h).
 *
 * The frame's colour (RGBA16F), linear depth (R32F) and DoF output (RGBA16F) textures are
 * Vulkan images (gfx/vk_share.h). CUDA imports each image's memory once and reads and
 * writes it as an array, the same texels GL renders and samples; two semaphores order
 * the two APIs on the GPU:
 *   GL    renders, then signals READY (glSignalSemaphoreEXT) and flushes;
 *   CUDA  waits for READY, builds the table in its own memory and runs the gather into
 *         the DoF texture's array, then signals DONE;
 *   GL    waits for DONE (glWaitSemaphoreEXT) before the composite reads the DoF.
 * No map, no unmap, no copy, and no host wait. Compiled only in builds with CUDA. */
#ifndef SCANWORKS_DOF_SAT_VULKAN_H
#define SCANWORKS_DOF_SAT_VULKAN_H

#include <cuda_runtime_api.h>
#include <stdbool.h>
#include <stddef.h>

#include "gl/gl.h"
#include "gfx/vk_share.h"
#include "util/error.h"

enum { SAT_VK_COLOR, SAT_VK_DEPTH, SAT_VK_OUT, SAT_VK_TEXTURES };

typedef struct sat_vulkan {
    GLuint tex[SAT_VK_TEXTURES];   /* the GL textures imported, and their size */
    int w, h;
    cudaExternalMemory_t memory[SAT_VK_TEXTURES];
    cudaMipmappedArray_t mip[SAT_VK_TEXTURES];
    cudaTextureObject_t color_tex, depth_tex;
    cudaSurfaceObject_t out_surf;
    void *sat;   /* the table: CUDA's own memory (only the CUDA gather reads it) */
    size_t sat_bytes;
    GLuint gl_ready, gl_done;                   /* GL's side of the two semaphores */
    cudaExternalSemaphore_t cuda_ready, cuda_done;
} sat_vulkan;

/* Imports the three textures and makes the semaphores. */
int sat_vulkan_create(sat_vulkan *v, vk_share *share, const GLuint tex[SAT_VK_TEXTURES], int w, int h,
                      sw_error *err);
/* Frees it all (waits for GL and for CUDA's device first). */
void sat_vulkan_destroy(sat_vulkan *v);
/* Whether V holds these textures at this size. */
bool sat_vulkan_matches(const sat_vulkan *v, const GLuint tex[SAT_VK_TEXTURES], int w, int h);
/* GL signals READY (after everything issued so far) and flushes; STREAM waits for it. */
int sat_vulkan_gl_to_cuda(sat_vulkan *v, cudaStream_t stream, sw_error *err);
/* STREAM signals DONE after its work so far. */
int sat_vulkan_cuda_signal(sat_vulkan *v, cudaStream_t stream, sw_error *err);
/* GL's later commands wait for DONE. */
int sat_vulkan_gl_wait(sat_vulkan *v, sw_error *err);

#endif
