/* The external-memory hand-over between GL and CUDA (--interop external; sat_frame.h).
 *
 * CUDA allocates three buffers with the virtual memory API (cuMemCreate, asking for a
 * POSIX file descriptor handle), exports each as a file descriptor, and GL imports them
 * (GL_EXT_memory_object_fd) as buffer objects: linear memory both sides can address,
 * where a GL texture in imported memory would have GL's tiling, which CUDA cannot read.
 * Per frame:
 *   GL    copies the colour (RGBA16F) and the linear depth (R32F) textures into the
 *         colour and depth buffers (pixel pack, rows padded to CUDA's texture pitch);
 *   host  waits for a GL fence (GL and CUDA can only import semaphores, so a shared one
 *         needs a third API that exports, Vulkan; docs/perf/sat.md has the other route);
 *   CUDA  reads them through pitch-linear texture objects (the same texels the mapped
 *         arrays give), builds the table in its own memory, runs the gather into its
 *         own surface and copies that into the output buffer;
 *   host  waits for the CUDA event;
 *   GL    copies the output buffer into the DoF texture (pixel unpack).
 * No cudaGraphicsMapResources, no registration. Compiled only in builds with CUDA. */
#ifndef SCANWORKS_DOF_SAT_EXTERNAL_H
#define SCANWORKS_DOF_SAT_EXTERNAL_H

#include <cuda_runtime_api.h>
#include <stdbool.h>
#include <stddef.h>

#include "gl/gl.h"
#include "gfx/gpu_timer.h"
#include "util/error.h"

typedef struct ext_buffer {
    unsigned long long handle;   /* CUmemGenericAllocationHandle */
    unsigned long long ptr;      /* CUdeviceptr of its mapping */
    size_t size;                 /* bytes, a multiple of the allocation granularity */
    bool created, reserved, mapped;
    GLuint memory, buffer;       /* the GL memory object and the buffer over it */
} ext_buffer;

typedef struct sat_external {
    int w, h;
    size_t color_pitch, depth_pitch;   /* bytes a row in the shared buffers */
    ext_buffer color, depth, out;
    void *sat;                         /* the table: CUDA's own memory (only CUDA reads it) */
    size_t sat_bytes;
    cudaArray_t out_array;             /* the gather's output surface */
    cudaTextureObject_t color_tex, depth_tex;
    cudaSurfaceObject_t out_surf;
    cudaEvent_t done;                  /* after the output copy */
} sat_external;

/* Whether this driver and device can run the path; if not, WHY says what is missing. */
bool sat_external_supported(char *why, size_t size);
/* Allocates, exports and imports everything for a W x H frame whose textures are
 * COLOR_TEX (RGBA16F), DEPTH_TEX (R32F) and OUT_TEX (RGBA16F). */
int sat_external_create(sat_external *x, int w, int h, GLuint color_tex, GLuint depth_tex, GLuint out_tex,
                        sw_error *err);
/* Frees it all (waits for GL and for CUDA's device first). */
void sat_external_destroy(sat_external *x);
/* GL: the colour and depth into the shared buffers (a GL stage of TIMER). */
int sat_external_copy_in(sat_external *x, GLuint color_tex, GLuint depth_tex, gpu_timer *timer, sw_error *err);
/* Host: waits until GL has done everything issued so far. */
int sat_external_wait_gl(sw_error *err);
/* CUDA, on STREAM after the gather: the output surface into the shared buffer, then DONE. */
int sat_external_copy_out(sat_external *x, cudaStream_t stream, sw_error *err);
/* Host: waits for DONE. */
int sat_external_wait_cuda(sat_external *x, sw_error *err);
/* GL: the shared output buffer into OUT_TEX (a GL stage of TIMER). */
int sat_external_copy_to_texture(sat_external *x, GLuint out_tex, gpu_timer *timer, sw_error *err);

#endif
