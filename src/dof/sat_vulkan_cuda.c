/* The Vulkan hand-over (see sat_vulkan.h): CUDA's imports of Vulkan's images and
 * semaphores, and the three orderings of a frame. */
#include "gl/gl.h"
#include "dof/sat_vulkan.h"

#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include "gl/gl_util.h"
#include "kernels/common/cuda_util.cuh"
#include "prim/sat_plan_cuda.h"

static struct cudaChannelFormatDesc channels_of(GLenum format)
{
    return format == GL_R32F ? cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindFloat)
                             : cudaCreateChannelDesc(16, 16, 16, 16, cudaChannelFormatKindFloat);
}

/* TEX's memory as a CUDA array (level 0 of a one-level mipmapped array). FLAGS: how CUDA
 * uses it; every texture here is also a GL render target (cudaArrayColorAttachment). */
static int import_texture(sat_vulkan *v, vk_share *share, int i, GLenum want, unsigned flags, cudaArray_t *array,
                          sw_error *err)
{
    vk_share_memory m;
    if (vk_share_export(share, v->tex[i], &m, err)) return -1;
    if (m.format != want || m.width != v->w || m.height != v->h) {
        close(m.fd);
        return sw_fail(err, "shared texture %u is 0x%x %dx%d; expected 0x%x %dx%d", v->tex[i], m.format, m.width,
                       m.height, want, v->w, v->h);
    }
    struct cudaExternalMemoryHandleDesc hd;
    memset(&hd, 0, sizeof hd);
    hd.type = cudaExternalMemoryHandleTypeOpaqueFd;
    hd.handle.fd = m.fd;
    hd.size = m.size;
    hd.flags = m.dedicated ? cudaExternalMemoryDedicated : 0;
    cudaError_t e = cudaImportExternalMemory(&v->memory[i], &hd);   /* CUDA owns the fd on success */
    if (e != cudaSuccess) {
        close(m.fd);
        cudaGetLastError();
        v->memory[i] = NULL;
        return sw_fail(err, "cudaImportExternalMemory of Vulkan's image: %s", cudaGetErrorString(e));
    }
    struct cudaExternalMemoryMipmappedArrayDesc md;
    memset(&md, 0, sizeof md);
    md.formatDesc = channels_of(want);
    md.extent = make_cudaExtent((size_t)v->w, (size_t)v->h, 0);
    md.flags = flags | cudaArrayColorAttachment;
    md.numLevels = 1;
    CUDA_TRY(cudaExternalMemoryGetMappedMipmappedArray(&v->mip[i], v->memory[i], &md), err);
    CUDA_TRY(cudaGetMipmappedArrayLevel(array, v->mip[i], 0), err);
    return 0;
}

static int import_semaphore(vk_share *share, GLuint *gl_sem, cudaExternalSemaphore_t *cuda_sem, sw_error *err)
{
    int fd = -1;
    if (vk_share_semaphore(share, gl_sem, &fd, err)) return -1;
    struct cudaExternalSemaphoreHandleDesc hd;
    memset(&hd, 0, sizeof hd);
    hd.type = cudaExternalSemaphoreHandleTypeOpaqueFd;
    hd.handle.fd = fd;
    cudaError_t e = cudaImportExternalSemaphore(cuda_sem, &hd);   /* CUDA owns the fd on success */
    if (e != cudaSuccess) {
        close(fd);
        cudaGetLastError();
        *cuda_sem = NULL;
        return sw_fail(err, "cudaImportExternalSemaphore of Vulkan's semaphore: %s", cudaGetErrorString(e));
    }
    return 0;
}

static int same_device(vk_share *share, sw_error *err)
{
    int dev = 0;
    struct cudaDeviceProp p;
    CUDA_TRY(cudaGetDevice(&dev), err);
    CUDA_TRY(cudaGetDeviceProperties(&p, dev), err);
    if (memcmp(p.uuid.bytes, vk_share_device_uuid(share), sizeof p.uuid.bytes))
        return sw_fail(err, "CUDA device %d is not the Vulkan (and GL) device", dev);
    return 0;
}

static int create_all(sat_vulkan *v, vk_share *share, sw_error *err)
{
    cudaArray_t color, depth, out;
    if (same_device(share, err) ||
        import_texture(v, share, SAT_VK_COLOR, GL_RGBA16F, cudaArrayTextureGather, &color, err) ||
        import_texture(v, share, SAT_VK_DEPTH, GL_R32F, cudaArrayTextureGather, &depth, err) ||
        import_texture(v, share, SAT_VK_OUT, GL_RGBA16F, cudaArraySurfaceLoadStore, &out, err) ||
        import_semaphore(share, &v->gl_ready, &v->cuda_ready, err) ||
        import_semaphore(share, &v->gl_done, &v->cuda_done, err))
        return -1;
    if (cuda_point_texture(color, &v->color_tex, err) || cuda_point_texture(depth, &v->depth_tex, err)) return -1;
    if (cuda_array_surface(out, &v->out_surf, err)) return -1;
    size_t texels = (size_t)v->w * v->h * 16, split = sat_cuda_split_bytes(v->w, v->h);
    v->sat_bytes = texels > split ? texels : split;
    CUDA_TRY(cudaMalloc(&v->sat, v->sat_bytes), err);
    return 0;
}

int sat_vulkan_create(sat_vulkan *v, vk_share *share, const GLuint tex[SAT_VK_TEXTURES], int w, int h,
                      sw_error *err)
{
    memset(v, 0, sizeof *v);
    memcpy(v->tex, tex, sizeof v->tex);
    v->w = w;
    v->h = h;
    if (create_all(v, share, err)) {
        sat_vulkan_destroy(v);
        return -1;
    }
    return 0;
}

void sat_vulkan_destroy(sat_vulkan *v)
{
    glFinish();
    if (cudaDeviceSynchronize() != cudaSuccess) cudaGetLastError();
    if (v->color_tex) cudaDestroyTextureObject(v->color_tex);
    if (v->depth_tex) cudaDestroyTextureObject(v->depth_tex);
    if (v->out_surf) cudaDestroySurfaceObject(v->out_surf);
    if (v->sat) cudaFree(v->sat);
    for (int i = 0; i < SAT_VK_TEXTURES; i++) {
        if (v->mip[i]) cudaFreeMipmappedArray(v->mip[i]);
        if (v->memory[i]) cudaDestroyExternalMemory(v->memory[i]);
    }
    if (v->cuda_ready) cudaDestroyExternalSemaphore(v->cuda_ready);
    if (v->cuda_done) cudaDestroyExternalSemaphore(v->cuda_done);
    if (v->gl_ready) glDeleteSemaphoresEXT(1, &v->gl_ready);
    if (v->gl_done) glDeleteSemaphoresEXT(1, &v->gl_done);
    cudaGetLastError();
    memset(v, 0, sizeof *v);
}

bool sat_vulkan_matches(const sat_vulkan *v, const GLuint tex[SAT_VK_TEXTURES], int w, int h)
{
    return v->sat && v->w == w && v->h == h && !memcmp(v->tex, tex, sizeof v->tex);
}

/* The textures' layout at either semaphore: GENERAL, the one CUDA reads and writes them
 * in (CUDA has no layouts). */
static const GLenum general_layouts[SAT_VK_TEXTURES] = {GL_LAYOUT_GENERAL_EXT, GL_LAYOUT_GENERAL_EXT,
                                                        GL_LAYOUT_GENERAL_EXT};

int sat_vulkan_gl_to_cuda(sat_vulkan *v, cudaStream_t stream, sw_error *err)
{
    glSignalSemaphoreEXT(v->gl_ready, 0, NULL, SAT_VK_TEXTURES, v->tex, general_layouts);
    glFlush();   /* the signal reaches the GPU before CUDA's wait is queued behind it */
    if (gl_check("glSignalSemaphoreEXT before the CUDA SAT", err)) return -1;
    struct cudaExternalSemaphoreWaitParams p;
    memset(&p, 0, sizeof p);
    CUDA_TRY(cudaWaitExternalSemaphoresAsync(&v->cuda_ready, &p, 1, stream), err);
    return 0;
}

int sat_vulkan_cuda_signal(sat_vulkan *v, cudaStream_t stream, sw_error *err)
{
    struct cudaExternalSemaphoreSignalParams p;
    memset(&p, 0, sizeof p);
    CUDA_TRY(cudaSignalExternalSemaphoresAsync(&v->cuda_done, &p, 1, stream), err);
    return 0;
}

int sat_vulkan_gl_wait(sat_vulkan *v, sw_error *err)
{
    glWaitSemaphoreEXT(v->gl_done, 0, NULL, SAT_VK_TEXTURES, v->tex, general_layouts);
    return gl_check("glWaitSemaphoreEXT after the CUDA gather", err);
}
