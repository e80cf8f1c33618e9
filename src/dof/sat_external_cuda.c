/* The external-memory hand-over (see sat_external.h). */
#include "gl/gl.h"
#include "dof/sat_external.h"

#include <cuda.h>
#include <limits.h>
#include <stdint.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "gl/gl_util.h"
#include "kernels/common/cuda_util.cuh"
#include "prim/sat_plan_cuda.h"

/* The driver API's virtual memory calls, through the runtime's entry points (the
 * program links the static runtime, not libcuda). */
typedef struct driver_api {
    CUresult (*granularity)(size_t *, const CUmemAllocationProp *, CUmemAllocationGranularity_flags);
    CUresult (*create)(CUmemGenericAllocationHandle *, size_t, const CUmemAllocationProp *, unsigned long long);
    CUresult (*release)(CUmemGenericAllocationHandle);
    CUresult (*export_handle)(void *, CUmemGenericAllocationHandle, CUmemAllocationHandleType, unsigned long long);
    CUresult (*reserve)(CUdeviceptr *, size_t, size_t, CUdeviceptr, unsigned long long);
    CUresult (*free_range)(CUdeviceptr, size_t);
    CUresult (*map)(CUdeviceptr, size_t, size_t, CUmemGenericAllocationHandle, unsigned long long);
    CUresult (*unmap)(CUdeviceptr, size_t);
    CUresult (*set_access)(CUdeviceptr, size_t, const CUmemAccessDesc *, size_t);
    CUresult (*attribute)(int *, CUdevice_attribute, CUdevice);
} driver_api;

static driver_api drv;
static int drv_loaded;   /* 0 not tried, 1 loaded, -1 missing */

static bool load_driver(char *why, size_t size)
{
    static const struct {
        const char *name;
        size_t offset;
    } syms[] = {
        {"cuMemGetAllocationGranularity", offsetof(driver_api, granularity)},
        {"cuMemCreate", offsetof(driver_api, create)},
        {"cuMemRelease", offsetof(driver_api, release)},
        {"cuMemExportToShareableHandle", offsetof(driver_api, export_handle)},
        {"cuMemAddressReserve", offsetof(driver_api, reserve)},
        {"cuMemAddressFree", offsetof(driver_api, free_range)},
        {"cuMemMap", offsetof(driver_api, map)},
        {"cuMemUnmap", offsetof(driver_api, unmap)},
        {"cuMemSetAccess", offsetof(driver_api, set_access)},
        {"cuDeviceGetAttribute", offsetof(driver_api, attribute)},
    };
    if (drv_loaded) return drv_loaded > 0;
    drv_loaded = -1;
    for (size_t i = 0; i < sizeof syms / sizeof syms[0]; i++) {
        void *fn = NULL;
        enum cudaDriverEntryPointQueryResult q = cudaDriverEntryPointSymbolNotFound;
        cudaError_t e = cudaGetDriverEntryPointByVersion(syms[i].name, &fn, 12000, cudaEnableDefault, &q);
        if (e != cudaSuccess || q != cudaDriverEntryPointSuccess || !fn) {
            cudaGetLastError();
            snprintf(why, size, "the CUDA driver has no %s (%s)", syms[i].name,
                     e != cudaSuccess ? cudaGetErrorString(e) : "symbol not found");
            return false;
        }
        memcpy((char *)&drv + syms[i].offset, &fn, sizeof fn);
    }
    drv_loaded = 1;
    return true;
}

bool sat_external_supported(char *why, size_t size)
{
    if (!GLAD_GL_EXT_memory_object || !GLAD_GL_EXT_memory_object_fd || !glImportMemoryFdEXT ||
        !glNamedBufferStorageMemEXT || !glCreateMemoryObjectsEXT) {
        snprintf(why, size, "GL lacks GL_EXT_memory_object_fd");
        return false;
    }
    if (!load_driver(why, size)) return false;
    int dev = 0, vmm = 0, fd = 0;
    if (cudaGetDevice(&dev) != cudaSuccess) {
        cudaGetLastError();
        snprintf(why, size, "no current CUDA device");
        return false;
    }
    if (drv.attribute(&vmm, CU_DEVICE_ATTRIBUTE_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED, dev) != CUDA_SUCCESS || !vmm) {
        snprintf(why, size, "CUDA device %d has no virtual memory management (cuMemCreate)", dev);
        return false;
    }
    if (drv.attribute(&fd, CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR_SUPPORTED, dev) != CUDA_SUCCESS || !fd) {
        snprintf(why, size, "CUDA device %d cannot export memory as a file descriptor", dev);
        return false;
    }
    return true;
}

#define DRV_TRY(call, what)                                                                          \
    do {                                                                                             \
        CUresult r_ = (call);                                                                        \
        if (r_ != CUDA_SUCCESS) return sw_fail(err, "%s: %s failed (CUresult %d)", (what), #call, (int)r_); \
    } while (0)

/* BYTES of device memory, exported as a file descriptor and imported by GL as a buffer. */
static int alloc_shared(ext_buffer *b, size_t bytes, int dev, const char *what, sw_error *err)
{
    CUmemAllocationProp prop;
    memset(&prop, 0, sizeof prop);
    prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
    prop.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
    prop.location.id = dev;
    prop.requestedHandleTypes = CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR;
    size_t gran = 0;
    DRV_TRY(drv.granularity(&gran, &prop, CU_MEM_ALLOC_GRANULARITY_MINIMUM), what);
    if (!gran) return sw_fail(err, "%s: the allocation granularity is 0", what);
    size_t size = (bytes + gran - 1) / gran * gran;
    if (size > (size_t)INT_MAX)
        return sw_fail(err, "%s: %zu bytes is more than GL's pixel calls address (%d); use a smaller --size", what, size,
                       INT_MAX);
    CUmemGenericAllocationHandle h;
    DRV_TRY(drv.create(&h, size, &prop, 0), what);
    b->handle = h;
    b->created = true;
    b->size = size;
    CUdeviceptr p = 0;
    DRV_TRY(drv.reserve(&p, size, gran, 0, 0), what);
    b->ptr = p;
    b->reserved = true;
    DRV_TRY(drv.map(p, size, 0, h, 0), what);
    b->mapped = true;
    CUmemAccessDesc access;
    memset(&access, 0, sizeof access);
    access.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
    access.location.id = dev;
    access.flags = CU_MEM_ACCESS_FLAGS_PROT_READWRITE;
    DRV_TRY(drv.set_access(p, size, &access, 1), what);
    int fd = -1;
    DRV_TRY(drv.export_handle(&fd, h, CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR, 0), what);
    if (fd < 0) return sw_fail(err, "%s: the exported file descriptor is %d", what, fd);
    if (gl_check("before importing CUDA memory into GL", err)) {
        close(fd);
        return -1;
    }
    glCreateMemoryObjectsEXT(1, &b->memory);
    glImportMemoryFdEXT(b->memory, (GLuint64)size, GL_HANDLE_TYPE_OPAQUE_FD_EXT, fd);   /* GL owns fd now */
    if (gl_check("glImportMemoryFdEXT of the memory CUDA exported", err)) {
        close(fd);   /* a failed import leaves it ours */
        return sw_wrap(err, "%s: ", what);
    }
    glCreateBuffers(1, &b->buffer);
    glNamedBufferStorageMemEXT(b->buffer, (GLsizeiptr)size, b->memory, 0);
    if (gl_check("glNamedBufferStorageMemEXT over the imported memory", err)) return sw_wrap(err, "%s: ", what);
    return 0;
}

static void free_shared(ext_buffer *b)
{
    if (b->buffer) glDeleteBuffers(1, &b->buffer);
    if (b->memory) glDeleteMemoryObjectsEXT(1, &b->memory);
    if (b->mapped) drv.unmap((CUdeviceptr)b->ptr, b->size);
    if (b->reserved) drv.free_range((CUdeviceptr)b->ptr, b->size);
    if (b->created) drv.release((CUmemGenericAllocationHandle)b->handle);
    memset(b, 0, sizeof *b);
}

void sat_external_destroy(sat_external *x)
{
    glFinish();
    if (cudaDeviceSynchronize() != cudaSuccess) cudaGetLastError();
    if (x->color_tex) cudaDestroyTextureObject(x->color_tex);
    if (x->depth_tex) cudaDestroyTextureObject(x->depth_tex);
    if (x->out_surf) cudaDestroySurfaceObject(x->out_surf);
    if (x->out_array) cudaFreeArray(x->out_array);
    if (x->sat) cudaFree(x->sat);
    if (x->done) cudaEventDestroy(x->done);
    if (drv_loaded > 0) {
        free_shared(&x->color);
        free_shared(&x->depth);
        free_shared(&x->out);
    }
    cudaGetLastError();
    memset(x, 0, sizeof *x);
}

static int check_format(GLuint tex, GLint want, const char *what, sw_error *err)
{
    GLint fmt = 0;
    glGetTextureLevelParameteriv(tex, 0, GL_TEXTURE_INTERNAL_FORMAT, &fmt);
    if (gl_check("reading a texture's format", err)) return -1;
    if (fmt != want)
        return sw_fail(err, "the %s texture's format is 0x%x; the external path copies 0x%x as is", what, (unsigned)fmt,
                       (unsigned)want);
    return 0;
}

static int pitch_texture(void *ptr, struct cudaChannelFormatDesc desc, int w, int h, size_t pitch,
                         cudaTextureObject_t *tex, sw_error *err)
{
    struct cudaResourceDesc rd;
    memset(&rd, 0, sizeof rd);
    rd.resType = cudaResourceTypePitch2D;
    rd.res.pitch2D.devPtr = ptr;
    rd.res.pitch2D.desc = desc;
    rd.res.pitch2D.width = (size_t)w;
    rd.res.pitch2D.height = (size_t)h;
    rd.res.pitch2D.pitchInBytes = pitch;
    return cuda_point_texture_over(&rd, tex, err);   /* the texels as stored */
}

static int create_all(sat_external *x, int w, int h, sw_error *err)
{
    int dev = 0, align = 0;
    CUDA_TRY(cudaGetDevice(&dev), err);
    CUDA_TRY(cudaDeviceGetAttribute(&align, cudaDevAttrTexturePitchAlignment, dev), err);
    if (align < 8 || align % 8) return sw_fail(err, "texture pitch alignment %d: expected a multiple of 8", align);
    x->w = w;
    x->h = h;
    x->color_pitch = ((size_t)w * 8 + (size_t)align - 1) / (size_t)align * (size_t)align;
    x->depth_pitch = ((size_t)w * 4 + (size_t)align - 1) / (size_t)align * (size_t)align;
    if (alloc_shared(&x->color, x->color_pitch * (size_t)h, dev, "the shared colour buffer", err) ||
        alloc_shared(&x->depth, x->depth_pitch * (size_t)h, dev, "the shared depth buffer", err) ||
        alloc_shared(&x->out, (size_t)w * 8 * (size_t)h, dev, "the shared DoF buffer", err))
        return -1;
    struct cudaChannelFormatDesc half4 = cudaCreateChannelDesc(16, 16, 16, 16, cudaChannelFormatKindFloat);
    struct cudaChannelFormatDesc f1 = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindFloat);
    if (pitch_texture((void *)(uintptr_t)x->color.ptr, half4, w, h, x->color_pitch, &x->color_tex, err) ||
        pitch_texture((void *)(uintptr_t)x->depth.ptr, f1, w, h, x->depth_pitch, &x->depth_tex, err))
        return -1;
    CUDA_TRY(cudaMallocArray(&x->out_array, &half4, (size_t)w, (size_t)h, cudaArraySurfaceLoadStore), err);
    if (cuda_array_surface(x->out_array, &x->out_surf, err)) return -1;
    size_t texels = (size_t)w * h * 16, split = sat_cuda_split_bytes(w, h);
    x->sat_bytes = texels > split ? texels : split;
    CUDA_TRY(cudaMalloc(&x->sat, x->sat_bytes), err);
    CUDA_TRY(cudaEventCreateWithFlags(&x->done, cudaEventDisableTiming), err);
    return 0;
}

int sat_external_create(sat_external *x, int w, int h, GLuint color_tex, GLuint depth_tex, GLuint out_tex,
                        sw_error *err)
{
    memset(x, 0, sizeof *x);
    char why[200];
    if (!sat_external_supported(why, sizeof why)) return sw_fail(err, "%s", why);
    if (check_format(color_tex, GL_RGBA16F, "colour", err) || check_format(depth_tex, GL_R32F, "depth", err) ||
        check_format(out_tex, GL_RGBA16F, "DoF", err))
        return -1;
    if (create_all(x, w, h, err)) {
        sat_external_destroy(x);
        return -1;
    }
    return 0;
}

int sat_external_copy_in(sat_external *x, GLuint color_tex, GLuint depth_tex, gpu_timer *timer, sw_error *err)
{
    GLint align = 4, row = 0;
    glGetIntegerv(GL_PACK_ALIGNMENT, &align);
    glGetIntegerv(GL_PACK_ROW_LENGTH, &row);
    if (timer) gpu_timer_begin(timer, "copy in (gl)");
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glBindBuffer(GL_PIXEL_PACK_BUFFER, x->color.buffer);
    glPixelStorei(GL_PACK_ROW_LENGTH, (GLint)(x->color_pitch / 8));
    glGetTextureImage(color_tex, 0, GL_RGBA, GL_HALF_FLOAT, (GLsizei)x->color.size, (void *)0);
    glBindBuffer(GL_PIXEL_PACK_BUFFER, x->depth.buffer);
    glPixelStorei(GL_PACK_ROW_LENGTH, (GLint)(x->depth_pitch / 4));
    glGetTextureImage(depth_tex, 0, GL_RED, GL_FLOAT, (GLsizei)x->depth.size, (void *)0);
    glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
    glPixelStorei(GL_PACK_ROW_LENGTH, row);
    glPixelStorei(GL_PACK_ALIGNMENT, align);
    if (timer) gpu_timer_end(timer);
    return gl_check("copying the colour and depth into the shared buffers", err);
}

int sat_external_wait_gl(sw_error *err)
{
    GLsync s = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
    if (!s) return gl_check("glFenceSync", err) ? -1 : sw_fail(err, "glFenceSync returned no fence");
    GLenum r = GL_TIMEOUT_EXPIRED;
    for (int i = 0; i < 100 && r == GL_TIMEOUT_EXPIRED; i++)   /* 100 x 50 ms */
        r = glClientWaitSync(s, GL_SYNC_FLUSH_COMMANDS_BIT, 50000000ull);
    glDeleteSync(s);
    if (r == GL_ALREADY_SIGNALED || r == GL_CONDITION_SATISFIED) return 0;
    return sw_fail(err, "waiting for GL before the CUDA SAT: %s", r == GL_TIMEOUT_EXPIRED ? "5 s passed" : "wait failed");
}

int sat_external_copy_out(sat_external *x, cudaStream_t stream, sw_error *err)
{
    size_t row = (size_t)x->w * 8;
    CUDA_TRY(cudaMemcpy2DFromArrayAsync((void *)(uintptr_t)x->out.ptr, row, x->out_array, 0, 0, row, (size_t)x->h,
                                        cudaMemcpyDeviceToDevice, stream),
             err);
    CUDA_TRY(cudaEventRecord(x->done, stream), err);
    return 0;
}

int sat_external_wait_cuda(sat_external *x, sw_error *err)
{
    CUDA_TRY(cudaEventSynchronize(x->done), err);
    return 0;
}

int sat_external_copy_to_texture(sat_external *x, GLuint out_tex, gpu_timer *timer, sw_error *err)
{
    GLint align = 4, row = 0;
    glGetIntegerv(GL_UNPACK_ALIGNMENT, &align);
    glGetIntegerv(GL_UNPACK_ROW_LENGTH, &row);
    if (timer) gpu_timer_begin(timer, "copy out (gl)");
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, x->out.buffer);
    glTextureSubImage2D(out_tex, 0, 0, 0, x->w, x->h, GL_RGBA, GL_HALF_FLOAT, (void *)0);
    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
    glPixelStorei(GL_UNPACK_ROW_LENGTH, row);
    glPixelStorei(GL_UNPACK_ALIGNMENT, align);
    if (timer) gpu_timer_end(timer);
    return gl_check("copying the DoF from the shared buffer into its texture", err);
}
