/* Shared by the two gl scan algorithms (scan_gl.c: compute shaders; scan_gl_fragment.c:
 * the chapter's render-to-texture passes): context checks and the program cache. */
#ifndef SCANWORKS_PRIM_SCAN_GL_INTERNAL_H
#define SCANWORKS_PRIM_SCAN_GL_INTERNAL_H

#include "gl/gl_util.h"
#include "prim/scan.h"

/* The compiled program of SHADER (a .comp, or a .frag drawn with fullscreen.vert) for
 * a type and operator, made once and cached until scan_gl_shutdown. */
GLuint scan_gl_program(const char *shader, scan_type t, scan_op op, sw_error *err);
/* Whether a driver has an extension (glGetStringi). */
bool scan_gl_has_extension(const char *name);

int scan_gl_fragment(const scan_desc *d, GLuint in_ssbo, GLuint out_ssbo, size_t n, sw_error *err);
void scan_gl_fragment_shutdown(void);

#endif
