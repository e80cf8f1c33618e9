#include "prim/compact_gl.h"

#include <stdlib.h>
#include <string.h>

#include "gl/gl_util.h"
#include "io/embedded.h"

const char *const compact_gl_algorithms[] = {"flag-scan-scatter", NULL};

int compact_gl_init(compact_gl *g, sw_error *err)
{
    memset(g, 0, sizeof *g);
    static const char *const files[] = {"shaders/compact_common.glsl"};
    char *defines = embedded_join("", files, 1, "the compaction's shader text", err);
    if (!defines) return -1;
    g->flags_prog = gl_program_compute("shaders/compact_flags.comp", defines, err);
    free(defines);
    if (g->flags_prog) g->sums_prog = gl_program_compute("shaders/compact_sums.comp", NULL, err);
    if (g->sums_prog) g->scatter_prog = gl_program_compute("shaders/compact_scatter.comp", NULL, err);
    if (!g->scatter_prog) {
        compact_gl_destroy(g);
        return -1;
    }
    return 0;
}

void compact_gl_destroy(compact_gl *g)
{
    if (g->flags_prog) glDeleteProgram(g->flags_prog);
    if (g->sums_prog) glDeleteProgram(g->sums_prog);
    if (g->scatter_prog) glDeleteProgram(g->scatter_prog);
    memset(g, 0, sizeof *g);
}

void compact_gl_dispatch(const compact_gl *g, const compact_desc *d, GLuint in, GLuint flag_bytes, GLuint flags,
                         GLuint sums, GLuint out, GLuint addr, GLuint n, int steps)
{
    GLuint groups = compact_gl_groups(n);
    if (n == 0) {
        const GLuint zero = 0;
        glNamedBufferSubData(sums, 0, 4, &zero);
        return;
    }
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, in);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, flag_bytes ? flag_bytes : in);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, flags);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 3, sums);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 4, out);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 5, addr ? addr : out);
    if (steps & COMPACT_GL_STEP_FLAGS) {
        glUseProgram(g->flags_prog);
        glUniform1i(glGetUniformLocation(g->flags_prog, "u_type"), (GLint)d->type);
        glUniform1i(glGetUniformLocation(g->flags_prog, "u_pred"), (GLint)d->pred);
        glUniform1ui(glGetUniformLocation(g->flags_prog, "u_value"), d->value_bits);
        glUniform1ui(glGetUniformLocation(g->flags_prog, "u_n"), n);
        glDispatchCompute(groups, 1, 1);
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    }
    if (steps & COMPACT_GL_STEP_SCAN) {
        glUseProgram(g->sums_prog);
        glUniform1ui(glGetUniformLocation(g->sums_prog, "u_groups"), groups);
        glDispatchCompute(1, 1, 1);
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    }
    if (steps & COMPACT_GL_STEP_SCATTER) {
        glUseProgram(g->scatter_prog);
        glUniform1ui(glGetUniformLocation(g->scatter_prog, "u_n"), n);
        glUniform1i(glGetUniformLocation(g->scatter_prog, "u_write_addr"), addr != 0);
        glDispatchCompute(groups, 1, 1);
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT | GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT);
    }
    glUseProgram(0);
}

static GLuint make_buffer(size_t bytes, const void *data)
{
    GLuint b = 0;
    glCreateBuffers(1, &b);
    glNamedBufferData(b, (GLsizeiptr)(bytes ? bytes : 4), data, GL_DYNAMIC_COPY);
    return b;
}

int compact_gl_host(const compact_desc *d, const void *in, const uint8_t *flags, void *out, size_t n,
                    size_t *count, sw_error *err)
{
    static compact_gl g;   /* one per process: the compute context lives as long */
    if (n > 0xFFFFFF00u) return sw_fail(err, "compact (gl): %zu elements, the limit is 2^32 - 256", n);
    if (!glad_glDispatchCompute) return sw_fail(err, "compact (gl): no current OpenGL 4.5 context");
    if (!g.flags_prog && compact_gl_init(&g, err)) return -1;
    while (glGetError() != GL_NO_ERROR) {}
    GLuint groups = compact_gl_groups((GLuint)n);
    size_t fb = (n + 3) & ~(size_t)3;
    GLuint b_in = make_buffer(n * 4, in), b_fb = 0, b_flags = make_buffer(n * 4, NULL);
    GLuint b_sums = make_buffer(((size_t)groups + 1) * 4, NULL), b_out = make_buffer(n * 4, NULL);
    if (d->pred == COMPACT_FLAGS) {
        b_fb = make_buffer(fb, NULL);
        if (n) glNamedBufferSubData(b_fb, 0, (GLsizeiptr)n, flags);
    }
    compact_gl_dispatch(&g, d, b_in, b_fb, b_flags, b_sums, b_out, 0, (GLuint)n, COMPACT_GL_ALL);
    GLuint k = 0;
    glGetNamedBufferSubData(b_sums, (GLintptr)groups * 4 * (n > 0), 4, &k);
    int rc = gl_check("compact (gl)", err);
    if (!rc && k > n) rc = sw_fail(err, "compact (gl): the shaders reported %u kept of %zu", k, n);
    if (!rc && k) glGetNamedBufferSubData(b_out, 0, (GLsizeiptr)k * 4, out);
    if (!rc) rc = gl_check("compact (gl) read back", err);
    if (!rc) *count = k;
    GLuint bufs[5] = {b_in, b_fb, b_flags, b_sums, b_out};
    glDeleteBuffers(5, bufs);
    return rc;
}
