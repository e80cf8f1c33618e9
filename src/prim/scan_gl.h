/* The gl backend of scan on GL buffers, for callers that keep their data on the GPU
 * (the scan panel). scan_gl_host (prim/scan.h) wraps it with an upload and a read-back.
 * Needs a current OpenGL 4.5 context; programs and scratch buffers are made on first
 * use and kept until scan_gl_shutdown, which must run while that context is current
 * (before it is destroyed). */
#ifndef SCANWORKS_PRIM_SCAN_GL_H
#define SCANWORKS_PRIM_SCAN_GL_H

#include <stddef.h>
#include "gl/gl.h"
#include "prim/scan.h"

/* Scans the first N elements of IN_SSBO into OUT_SSBO (the same buffer for in place)
 * with algorithm d->algo ("compute", the default, or "fragment"). Returns after the
 * GL commands are issued; GL orders later commands that read OUT_SSBO after it. */
int scan_gl_buffer(const scan_desc *d, GLuint in_ssbo, GLuint out_ssbo, size_t n, sw_error *err);

/* Whether the compute scan uses subgroup arithmetic on this driver (for reports). */
bool scan_gl_uses_subgroups(void);

/* Deletes every cached program, buffer, texture and framebuffer. */
void scan_gl_shutdown(void);

#endif
