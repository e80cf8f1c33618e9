/* One level of the scan panel's figure on the GPU through OpenGL: the compute shader
 * shaders/panel_scan_step.comp in one workgroup, timed by a GL timer query (the host
 * clock on llvmpipe: panel_gl_span.h says why). */
#ifndef SCANWORKS_PANELS_SCAN_STEPS_GL_H
#define SCANWORKS_PANELS_SCAN_STEPS_GL_H

#include "gl/gl.h"
#include "panels/panel_gl_span.h"
#include "panels/scan_steps.h"

typedef struct scan_steps_gl {
    GLuint program, buf[2];
    panel_gl_span span;
    GLint n_loc, phase_loc, offset_loc;
} scan_steps_gl;

int scan_steps_gl_init(scan_steps_gl *g, sw_error *err);
void scan_steps_gl_destroy(scan_steps_gl *g);
/* Host IN (N values) -> one dispatch of level STEP -> host OUT; synchronous (it reads
 * the row back). *MS, when not NULL, gets the dispatch's time (panel_gl_span). */
int scan_steps_gl_level(scan_steps_gl *g, scan_step step, const int32_t *in, int32_t *out, int n, double *ms,
                        sw_error *err);

#endif
