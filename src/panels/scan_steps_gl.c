#include "panels/scan_steps_gl.h"

#include <string.h>

#include "gl/gl_util.h"

int scan_steps_gl_init(scan_steps_gl *g, sw_error *err)
{
    memset(g, 0, sizeof *g);
    g->program = gl_program_compute("shaders/panel_scan_step.comp", NULL, err);
    if (!g->program) return -1;
    g->n_loc = glGetUniformLocation(g->program, "u_n");
    g->phase_loc = glGetUniformLocation(g->program, "u_phase");
    g->offset_loc = glGetUniformLocation(g->program, "u_offset");
    glCreateBuffers(2, g->buf);
    for (int i = 0; i < 2; i++)
        glNamedBufferData(g->buf[i], SCAN_STEPS_MAX_N * sizeof(int32_t), NULL, GL_DYNAMIC_COPY);
    panel_gl_span_init(&g->span);
    if (gl_check("scan panel: the figure's buffers", err)) {
        scan_steps_gl_destroy(g);
        return -1;
    }
    return 0;
}

void scan_steps_gl_destroy(scan_steps_gl *g)
{
    if (g->program) glDeleteProgram(g->program);
    if (g->buf[0]) glDeleteBuffers(2, g->buf);
    panel_gl_span_destroy(&g->span);
    memset(g, 0, sizeof *g);
}

int scan_steps_gl_level(scan_steps_gl *g, scan_step st, const int32_t *in, int32_t *out, int n, double *ms,
                        sw_error *err)
{
    if (scan_steps_check_n(n, err)) return -1;
    if (st.phase < SCAN_STEP_NAIVE || st.phase > SCAN_STEP_DOWN)
        return sw_fail(err, "scan steps: phase %d is not one of 0..3", st.phase);
    if (st.phase != SCAN_STEP_CLEAR && (st.offset < 1 || st.offset >= n || (st.offset & (st.offset - 1))))
        return sw_fail(err, "scan steps: offset %d; it must be a power of two below n = %d", st.offset, n);
    GLsizeiptr bytes = (GLsizeiptr)n * (GLsizeiptr)sizeof(int32_t);
    glNamedBufferSubData(g->buf[0], 0, bytes, in);
    glUseProgram(g->program);
    glUniform1i(g->n_loc, n);
    glUniform1i(g->phase_loc, st.phase);
    glUniform1i(g->offset_loc, st.offset);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, g->buf[0]);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, g->buf[1]);
    panel_gl_span_begin(&g->span);
    glDispatchCompute(1, 1, 1);
    double t = panel_gl_span_end(&g->span);
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    glGetNamedBufferSubData(g->buf[1], 0, bytes, out);
    glUseProgram(0);
    if (ms) *ms = t;
    return gl_check("scan panel: one level of the figure (panel_scan_step.comp)", err);
}
