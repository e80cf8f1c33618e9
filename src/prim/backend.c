#include "prim/backend.h"

#include <pthread.h>
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

#if SCANWORKS_HAVE_CUDA
/* The first caller probes the device; pthread_once makes the others wait for its answer,
 * so threads calling the library at once read one settled state. */
static pthread_once_t cuda_probe_once = PTHREAD_ONCE_INIT;
static int cuda_state;   /* 0 no, 1 yes */
static char cuda_reason[256];

static void cuda_probe(void)
{
    int count = 0, driver = 0;
    cudaDriverGetVersion(&driver);
    cudaError_t e = cudaGetDeviceCount(&count);
    if (driver == 0) {
        snprintf(cuda_reason, sizeof cuda_reason, "no CUDA driver is installed (no NVIDIA GPU here?)");
    } else if (e != cudaSuccess || count == 0) {
        snprintf(cuda_reason, sizeof cuda_reason, "no CUDA device (%s)",
                 e != cudaSuccess ? cudaGetErrorString(e) : "none found");
    } else if ((e = cudaFree(0)) != cudaSuccess) {
        snprintf(cuda_reason, sizeof cuda_reason, "CUDA device unusable (%s)", cudaGetErrorString(e));
    } else {
        cuda_state = 1;
    }
    cudaGetLastError();
}
#endif

bool prim_cuda_available(const char **why)
{
#if SCANWORKS_HAVE_CUDA
    pthread_once(&cuda_probe_once, cuda_probe);
    if (why) *why = cuda_state ? "" : cuda_reason;
    return cuda_state == 1;
#else
    if (why) *why = "this build has no CUDA backend (configured without nvcc or with SCANWORKS_CUDA=OFF)";
    return false;
#endif
}
