/* Which CUDA device goes with the current GL context. CUDA-GL interop needs the
 * device that drives the GL context (cudaGLGetDevices), not "the fastest". */
#ifndef SCANWORKS_GFX_CUDA_DEVICE_H
#define SCANWORKS_GFX_CUDA_DEVICE_H

#include <stdbool.h>
#include "util/error.h"

typedef struct cuda_device_info {
    bool available;
    int ordinal;
    char name[128];
    int cc_major, cc_minor;
    int sm_count;
    double memory_gib;
    int driver_version, runtime_version;   /* 13000 = 13.0 */
    bool drives_gl;                        /* cudaGLGetDevices listed it */
    char why_unavailable[256];             /* when !available */
} cuda_device_info;

/* Selects and initializes a CUDA device. REQUESTED >= 0 forces that ordinal; -1 picks
 * the device that drives the current GL context, else device 0 when there is no GL
 * context or it runs on another vendor's GPU. Never fails hard: when CUDA cannot be
 * used, info->available is false and why_unavailable says why in one line. */
void cuda_device_select(int requested, bool have_gl_context, cuda_device_info *info);

/* Bytes in use on the current CUDA device (all processes), or -1 without CUDA. */
long long cuda_device_used_bytes(void);

#endif
