/* The gl backend of compaction on GL buffers, for compact_gl_host and the panel:
 * flags (one uint per element) and per-workgroup sums, a one-workgroup scan of the
 * sums, then a scatter that rescans each workgroup's flags. Multi-pass, no look-back. */
#ifndef SCANWORKS_PRIM_COMPACT_GL_H
#define SCANWORKS_PRIM_COMPACT_GL_H

#include "gl/gl.h"
#include "prim/compact.h"

#define COMPACT_GL_GROUP 256

typedef struct compact_gl {
    GLuint flags_prog, sums_prog, scatter_prog;
} compact_gl;

enum { COMPACT_GL_STEP_FLAGS = 1, COMPACT_GL_STEP_SCAN = 2, COMPACT_GL_STEP_SCATTER = 4, COMPACT_GL_ALL = 7 };

int compact_gl_init(compact_gl *g, sw_error *err);
void compact_gl_destroy(compact_gl *g);
/* Buffers: IN n uints; FLAG_BYTES n bytes (COMPACT_FLAGS only, else 0); FLAGS n uints;
 * SUMS groups+1 uints (the count lands in sums[groups]); OUT n uints; ADDR n uints of
 * scanned addresses, or 0. STEPS: which of the three passes to run. */
void compact_gl_dispatch(const compact_gl *g, const compact_desc *d, GLuint in, GLuint flag_bytes, GLuint flags,
                         GLuint sums, GLuint out, GLuint addr, GLuint n, int steps);
static inline GLuint compact_gl_groups(GLuint n) { return (n + COMPACT_GL_GROUP - 1) / COMPACT_GL_GROUP; }

#endif
