#include "gl/gl.h"
#include "gfx/cuda_device.h"

#include <stdio.h>
#include <string.h>

#if SCANWORKS_HAVE_CUDA
#include <cuda_runtime_api.h>
#include <cuda_gl_interop.h>

void cuda_device_select(int requested, bool have_gl_context, cuda_device_info *info)
{
    memset(info, 0, sizeof *info);
    info->ordinal = -1;
    cudaDriverGetVersion(&info->driver_version);
    cudaRuntimeGetVersion(&info->runtime_version);
    int count = 0;
    cudaError_t e = cudaGetDeviceCount(&count);
    if (info->driver_version == 0) {
        snprintf(info->why_unavailable, sizeof info->why_unavailable,
                 "no CUDA driver is installed (no NVIDIA GPU here?)");
        cudaGetLastError();
        return;
    }
    if (e != cudaSuccess || count == 0) {
        snprintf(info->why_unavailable, sizeof info->why_unavailable, "no CUDA device (%s)",
                 e != cudaSuccess ? cudaGetErrorString(e) : "none found");
        cudaGetLastError();
        return;
    }
    int chosen = 0;
    if (requested >= 0) {
        if (requested >= count) {
            snprintf(info->why_unavailable, sizeof info->why_unavailable,
                     "CUDA device %d requested but only %d present", requested, count);
            return;
        }
        chosen = requested;
    }
    if (have_gl_context) {
        unsigned int gl_count = 0;
        int gl_devices[8];
        if (cudaGLGetDevices(&gl_count, gl_devices, 8, cudaGLDeviceListAll) == cudaSuccess && gl_count > 0) {
            if (requested < 0) chosen = gl_devices[0];
            for (unsigned int i = 0; i < gl_count; i++)
                if (gl_devices[i] == chosen) info->drives_gl = true;
        }
        cudaGetLastError();   /* another vendor's GL context is not an error here */
    }
    struct cudaDeviceProp prop;
    if ((e = cudaGetDeviceProperties(&prop, chosen)) != cudaSuccess || (e = cudaSetDevice(chosen)) != cudaSuccess ||
        (e = cudaFree(0)) != cudaSuccess) {
        snprintf(info->why_unavailable, sizeof info->why_unavailable, "CUDA device %d unusable (%s)", chosen,
                 cudaGetErrorString(e));
        cudaGetLastError();
        return;
    }
    info->available = true;
    info->ordinal = chosen;
    snprintf(info->name, sizeof info->name, "%.127s", prop.name);
    info->cc_major = prop.major;
    info->cc_minor = prop.minor;
    info->sm_count = prop.multiProcessorCount;
    info->memory_gib = (double)prop.totalGlobalMem / (1024.0 * 1024.0 * 1024.0);
}

long long cuda_device_used_bytes(void)
{
    size_t free_bytes = 0, total = 0;
    if (cudaMemGetInfo(&free_bytes, &total) != cudaSuccess) {
        cudaGetLastError();
        return -1;
    }
    return (long long)(total - free_bytes);
}

#else

long long cuda_device_used_bytes(void) { return -1; }

void cuda_device_select(int requested, bool have_gl_context, cuda_device_info *info)
{
    (void)requested;
    (void)have_gl_context;
    memset(info, 0, sizeof *info);
    info->ordinal = -1;
    snprintf(info->why_unavailable, sizeof info->why_unavailable,
             "this build has no CUDA backend (configured without nvcc or with SCANWORKS_CUDA=OFF)");
}

#endif
