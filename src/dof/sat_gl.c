/* The gl backend of the SAT: the chapter's passes as compute shaders
 * (shaders/sat_rows.comp, shaders/sat_transpose.comp). */
#include "gfx/gl.h"
#include "dof/sat_frame.h"

#include <stdlib.h>

#include "gfx/gl_util.h"

#define SAT_GL_ROW_GROUP 256
#define SAT_GL_TILE 32

int sat_gl_init(sat_gl *g, sw_error *err)
{
    if (g->transpose) return 0;
    g->rows_texture = gl_program_compute("shaders/sat_rows.comp", "#define INPUT_TEXTURE 1\n", err);
    if (!g->rows_texture) return -1;
    g->rows_buffer = gl_program_compute("shaders/sat_rows.comp", NULL, err);
    if (!g->rows_buffer) return -1;
    g->transpose = gl_program_compute("shaders/sat_transpose.comp", NULL, err);
    return g->transpose ? 0 : -1;
}

void sat_gl_shutdown(sat_gl *g)
{
    if (g->rows_texture) glDeleteProgram(g->rows_texture);
    if (g->rows_buffer) glDeleteProgram(g->rows_buffer);
    if (g->transpose) glDeleteProgram(g->transpose);
    if (g->scratch) glDeleteBuffers(1, &g->scratch);
    g->rows_texture = g->rows_buffer = g->transpose = g->scratch = 0;
    g->scratch_bytes = 0;
}

static void rows(GLuint prog, GLuint in, GLuint out, int len, int count)
{
    glUseProgram(prog);
    glUniform1i(glGetUniformLocation(prog, "u_len"), len);
    if (in) glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, in);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, out);
    glDispatchCompute((GLuint)count, 1, 1);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
}

static void transpose(GLuint prog, GLuint in, GLuint out, int rows_n, int cols)
{
    glUseProgram(prog);
    glUniform1i(glGetUniformLocation(prog, "u_rows"), rows_n);
    glUniform1i(glGetUniformLocation(prog, "u_cols"), cols);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, in);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, out);
    glDispatchCompute((GLuint)((cols + SAT_GL_TILE - 1) / SAT_GL_TILE), (GLuint)((rows_n + SAT_GL_TILE - 1) / SAT_GL_TILE), 1);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
}

int sat_gl_build(sat_gl *g, GLuint color_tex, GLuint in_buffer, float scale, GLuint out_buffer, int w, int h,
                 gpu_timer *timer, sw_error *err)
{
    if (sat_gl_init(g, err)) return -1;
    if (w > 65535 || h > 65535) return sw_fail(err, "SAT (gl): %dx%d is over the dispatch limit", w, h);
    size_t bytes = (size_t)w * h * 16;
    if (g->scratch_bytes < bytes) {
        if (g->scratch) glDeleteBuffers(1, &g->scratch);
        glCreateBuffers(1, &g->scratch);
        glNamedBufferStorage(g->scratch, (GLsizeiptr)bytes, NULL, 0);
        g->scratch_bytes = bytes;
        if (gl_check("allocating the SAT scratch buffer", err)) {
            g->scratch_bytes = 0;
            return -1;
        }
    }
    if (timer) gpu_timer_begin(timer, "row scan");
    if (color_tex) {
        glUseProgram(g->rows_texture);
        glUniform1f(glGetUniformLocation(g->rows_texture, "u_scale"), scale);
        glBindTextureUnit(0, color_tex);
        rows(g->rows_texture, 0, out_buffer, w, h);
    } else {
        rows(g->rows_buffer, in_buffer, out_buffer, w, h);
    }
    if (timer) gpu_timer_begin(timer, "transpose");
    transpose(g->transpose, out_buffer, g->scratch, h, w);
    if (timer) gpu_timer_begin(timer, "column scan");
    rows(g->rows_buffer, g->scratch, g->scratch, h, w);
    if (timer) gpu_timer_begin(timer, "transpose back");
    transpose(g->transpose, g->scratch, out_buffer, w, h);
    if (timer) gpu_timer_end(timer);
    return gl_check("building the SAT (gl)", err);
}

int sat_gl_host_rgba(sat_variant v, const uint32_t *in4, int w, int h, uint32_t *out4, sw_error *err)
{
    (void)v;
    static sat_gl g;   /* programs live as long as the compute context */
    GLsizeiptr bytes = (GLsizeiptr)w * h * 16;
    GLuint bufs[2];
    glCreateBuffers(2, bufs);
    glNamedBufferStorage(bufs[0], bytes, in4, 0);
    glNamedBufferStorage(bufs[1], bytes, NULL, 0);
    int rc = gl_check("allocating SAT buffers (gl)", err);
    if (!rc) rc = sat_gl_build(&g, 0, bufs[0], 1.0f, bufs[1], w, h, NULL, err);
    if (!rc) {
        glGetNamedBufferSubData(bufs[1], 0, bytes, out4);
        rc = gl_check("reading the SAT back (gl)", err);
    }
    glDeleteBuffers(2, bufs);
    /* Keep the programs, drop the scratch: a 4K scratch is 133 MB. */
    if (g.scratch) glDeleteBuffers(1, &g.scratch);
    g.scratch = 0;
    g.scratch_bytes = 0;
    return rc;
}
