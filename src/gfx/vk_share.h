/* Textures and semaphores that Vulkan allocates and exports, so that GL and CUDA can
 * share them (--interop vulkan; docs/perf/sat.md).
 *
 * GL (GL_EXT_memory_object_fd, GL_EXT_semaphore_fd) and CUDA (cudaImportExternalMemory,
 * cudaImportExternalSemaphore) can only import memory and semaphores; Vulkan exports
 * both. A texture made here is a Vulkan image (optimal tiling, exportable memory) that GL
 * imports as a texture (glTextureStorageMem2DEXT) and CUDA as an array, with no copy; a
 * semaphore made here is imported by GL and by CUDA, so that each waits for the other on
 * the GPU, with no map, no unmap and no host wait.
 *
 * The Vulkan loader is opened at run time (libvulkan.so.1), so the program starts where
 * there is none; vk_share_create then fails saying why, as it does where no Vulkan device
 * is the GL context's (matched by device UUID). */
#ifndef SCANWORKS_GFX_VK_SHARE_H
#define SCANWORKS_GFX_VK_SHARE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gl/gl.h"
#include "gl/gl_util.h"
#include "util/error.h"

typedef struct vk_share vk_share;

/* The memory of one of its textures, for an importer (CUDA). */
typedef struct vk_share_memory {
    int fd;             /* a new descriptor of it: the caller's to import or close */
    uint64_t size;      /* bytes of the allocation */
    bool dedicated;     /* a dedicated allocation (the importer must say so) */
    GLenum format;
    int width, height;
} vk_share_memory;

/* Opens Vulkan on the current GL context's device (GL needs GL_EXT_memory_object_fd;
 * vk_share_semaphore also GL_EXT_semaphore_fd). */
int vk_share_create(vk_share **out, sw_error *err);
void vk_share_destroy(vk_share **s);
/* The device's name, and its UUID (VK_UUID_SIZE bytes), to match CUDA's. */
const char *vk_share_device_name(const vk_share *s);
const uint8_t *vk_share_device_uuid(const vk_share *s);
/* Creates GL textures over Vulkan images (one level; RGBA16F, RGBA32F, R32F or RGBA8). */
const gl_texture_source *vk_share_texture_source(vk_share *s);
/* Whether TEX is one of its textures; if so, exports its memory into OUT. */
bool vk_share_owns(const vk_share *s, GLuint tex);
int vk_share_export(vk_share *s, GLuint tex, vk_share_memory *out, sw_error *err);
/* A binary semaphore: imported into GL as *GL_SEMAPHORE, and a second descriptor of it,
 * *FD, the caller's to import into CUDA (or close). */
int vk_share_semaphore(vk_share *s, GLuint *gl_semaphore, int *fd, sw_error *err);

#endif
