#include "prim/backend.h"

#include <stdio.h>
#include <string.h>

#if SCANWORKS_HAVE_CUDA
#include <cuda_runtime_api.h>
#endif

static const char *const names[PRIM_BACKEND_COUNT] = {"cpu", "gl", "cuda"};

const char *prim_backend_name(prim_backend b) { return (unsigned)b < PRIM_BACKEND_COUNT ? names[b] : "?"; }

int prim_backend_parse(const char *s, prim_backend *out, sw_error *err)
{
    for (int i = 0; i < PRIM_BACKEND_COUNT; i++)
        if (s && !strcmp(s, names[i])) {
            *out = (prim_backend)i;
            return 0;
        }
    return sw_fail(err, "backend '%s': expected cpu, gl or cuda", s ? s : "");
}

bool prim_cuda_available(const char **why)
{
#if SCANWORKS_HAVE_CUDA
    static int state = -1;   /* -1 unknown, 0 no, 1 yes */
    static char reason[256];
    if (state < 0) {
        int count = 0, driver = 0;
        cudaDriverGetVersion(&driver);
        cudaError_t e = cudaGetDeviceCount(&count);
        if (driver == 0) {
            snprintf(reason, sizeof reason, "no CUDA driver is installed (no NVIDIA GPU here?)");
            state = 0;
        } else if (e != cudaSuccess || count == 0) {
            snprintf(reason, sizeof reason, "no CUDA device (%s)", e != cudaSuccess ? cudaGetErrorString(e) : "none found");
            state = 0;
        } else if ((e = cudaFree(0)) != cudaSuccess) {
            snprintf(reason, sizeof reason, "CUDA device unusable (%s)", cudaGetErrorString(e));
            state = 0;
        } else {
            state = 1;
        }
        cudaGetLastError();
    }
    if (why) *why = state ? "" : reason;
    return state == 1;
#else
    if (why) *why = "this build has no CUDA backend (configured without nvcc or with SCANWORKS_CUDA=OFF)";
    return false;
#endif
}
