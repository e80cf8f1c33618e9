/* The three backends every primitive has: the plain CPU reference, OpenGL compute
 * shaders (needs a current GL 4.5 context) and CUDA (needs a CUDA device and a build
 * with the CUDA backend). */
#ifndef SCANWORKS_PRIM_BACKEND_H
#define SCANWORKS_PRIM_BACKEND_H

#include <stdbool.h>
#include "util/error.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum prim_backend { PRIM_CPU, PRIM_GL, PRIM_CUDA, PRIM_BACKEND_COUNT } prim_backend;

const char *prim_backend_name(prim_backend b);   /* "cpu", "gl", "cuda" */
/* Parses "cpu", "gl" or "cuda"; a usage error names the accepted values. */
int prim_backend_parse(const char *s, prim_backend *out, sw_error *err);

/* Whether the CUDA backend can run here; when not, *why says so in one line
 * ("this build has no CUDA backend", "no CUDA device (...)"). Initializes the CUDA
 * runtime on first call, on device 0 unless cuda_device_select ran before. */
bool prim_cuda_available(const char **why);

#ifdef __cplusplus
}
#endif

#endif
