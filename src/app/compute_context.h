/* A GL context for `compute` and `bench` ops that run the gl backend: created
 * headless once, on first need, and destroyed at exit. */
#ifndef SCANWORKS_APP_COMPUTE_CONTEXT_H
#define SCANWORKS_APP_COMPUTE_CONTEXT_H

#include "gfx/context.h"
#include "util/error.h"

/* Makes a headless GL 4.5 context current (once). */
int compute_gl_context(gfx_context **out, sw_error *err);
void compute_gl_context_release(void);

#endif
