/* The gl backend of the SAT: the same passes as the cuda backend, as compute shaders.
 * three-pass: sat_rows.comp, sat_transpose.comp, sat_rows.comp, sat_transpose.comp.
 * tiled: sat_tile_sums.comp, sat_rows.comp over the tile totals, sat_carry_down.comp,
 * sat_tile_write.comp. The passes that read the picture take it from the colour
 * texture or from a buffer (shaders/sat_load.glsl). */
#include "gl/gl.h"
#include "dof/sat_frame.h"

#include <stdlib.h>
#include <string.h>

#include "gl/gl_util.h"
#include "io/embedded.h"

#define SAT_GL_TILE 32

/* The pass NAME with its input's loader: the texture's quantization (sat_quantize.glsl)
 * and sat_load.glsl, reading the texture where FROM_TEXTURE, else a buffer. */
static GLuint program(const char *name, int from_texture, sw_error *err)
{
    static const char *const files[] = {"shaders/sat_quantize.glsl", "shaders/sat_load.glsl"};
    char *defines = embedded_join(from_texture ? "#define INPUT_TEXTURE 1\n" : "", files,
                                  (int)(sizeof files / sizeof *files), "SAT shader source", err);
    if (!defines) return 0;
    GLuint p = gl_program_compute(name, defines, err);
    free(defines);
    return p;
}

int sat_gl_init(sat_gl *g, sw_error *err)
{
    if (g->carry_down) return 0;
    for (int t = 0; t < 2; t++) {
        if (!(g->rows[t] = program("shaders/sat_rows.comp", !t, err))) return -1;
        if (!(g->tile_sums[t] = program("shaders/sat_tile_sums.comp", !t, err))) return -1;
        if (!(g->tile_write[t] = program("shaders/sat_tile_write.comp", !t, err))) return -1;
    }
    if (!(g->transpose = gl_program_compute("shaders/sat_transpose.comp", NULL, err))) return -1;
    g->carry_down = gl_program_compute("shaders/sat_carry_down.comp", NULL, err);
    return g->carry_down ? 0 : -1;
}

static void drop_buffer(GLuint *b, size_t *bytes)
{
    if (*b) glDeleteBuffers(1, b);
    *b = 0;
    *bytes = 0;
}

void sat_gl_shutdown(sat_gl *g)
{
    GLuint progs[8] = {g->rows[0], g->rows[1], g->tile_sums[0], g->tile_sums[1], g->tile_write[0], g->tile_write[1],
                       g->transpose, g->carry_down};
    for (int i = 0; i < 8; i++)
        if (progs[i]) glDeleteProgram(progs[i]);
    drop_buffer(&g->scratch, &g->scratch_bytes);
    drop_buffer(&g->tiles_r, &g->tiles_r_bytes);
    drop_buffer(&g->tiles_c, &g->tiles_c_bytes);
    memset(g, 0, sizeof *g);
}

static int ensure_buffer(GLuint *b, size_t *have, size_t need, sw_error *err)
{
    if (*have >= need) return 0;
    drop_buffer(b, have);
    glCreateBuffers(1, b);
    glNamedBufferStorage(*b, (GLsizeiptr)need, NULL, 0);
    if (gl_check("allocating SAT scratch memory", err)) {
        drop_buffer(b, have);
        return -1;
    }
    *have = need;
    return 0;
}

static void barrier(void) { glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT); }

/* Inclusive scan of COUNT rows of LEN uvec4, IN -> OUT (may be the same buffer). */
static void rows(GLuint prog, GLuint in, GLuint out, int len, int count)
{
    glUseProgram(prog);
    glUniform1i(glGetUniformLocation(prog, "u_len"), len);
    if (in) glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, in);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, out);
    glDispatchCompute((GLuint)count, 1, 1);
    barrier();
}

static void transpose(GLuint prog, GLuint in, GLuint out, int rows_n, int cols)
{
    glUseProgram(prog);
    glUniform1i(glGetUniformLocation(prog, "u_rows"), rows_n);
    glUniform1i(glGetUniformLocation(prog, "u_cols"), cols);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, in);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, out);
    glDispatchCompute((GLuint)((cols + SAT_GL_TILE - 1) / SAT_GL_TILE), (GLuint)((rows_n + SAT_GL_TILE - 1) / SAT_GL_TILE),
                      1);
    barrier();
}

static void stage(gpu_timer *t, const char *name)
{
    if (t) gpu_timer_begin(t, name);
}

static void use_tiled(GLuint prog, int w, int h, int tiles_x, int tiles_y)
{
    glUseProgram(prog);
    glUniform2i(glGetUniformLocation(prog, "u_size"), w, h);
    glUniform1i(glGetUniformLocation(prog, "u_tiles_x"), tiles_x);
    glUniform1i(glGetUniformLocation(prog, "u_tiles_y"), tiles_y);
}

static int build_tiled(sat_gl *g, int src, GLuint in, float scale, GLuint out, int w, int h, gpu_timer *t, sw_error *err)
{
    int tx = (w + SAT_GL_TILE - 1) / SAT_GL_TILE, ty = (h + SAT_GL_TILE - 1) / SAT_GL_TILE;
    if (ensure_buffer(&g->tiles_r, &g->tiles_r_bytes, (size_t)h * tx * 16, err) ||
        ensure_buffer(&g->tiles_c, &g->tiles_c_bytes, (size_t)ty * w * 16, err))
        return -1;
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, g->tiles_r);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 3, g->tiles_c);
    stage(t, "tile sums");
    use_tiled(g->tile_sums[src], w, h, tx, ty);
    if (src == 0) glUniform1f(glGetUniformLocation(g->tile_sums[0], "u_scale"), scale);
    glDispatchCompute((GLuint)tx, (GLuint)ty, 1);
    barrier();
    stage(t, "carries");
    rows(g->rows[1], g->tiles_r, g->tiles_r, tx, h);   /* sums left of each tile, inclusive */
    rows(g->rows[1], g->tiles_c, g->tiles_c, w, ty);   /* column totals along x */
    stage(t, "carry down");
    use_tiled(g->carry_down, w, h, tx, ty);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 3, g->tiles_c);
    glDispatchCompute((GLuint)((w + 127) / 128), 1, 1);
    barrier();
    stage(t, "tile scan");
    if (src == 1) glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, in);   /* the row scans rebound 0 */
    use_tiled(g->tile_write[src], w, h, tx, ty);
    if (src == 0) glUniform1f(glGetUniformLocation(g->tile_write[0], "u_scale"), scale);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, out);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, g->tiles_r);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 3, g->tiles_c);
    glDispatchCompute((GLuint)tx, (GLuint)ty, 1);
    barrier();
    if (t) gpu_timer_end(t);
    return 0;
}

int sat_gl_build(sat_gl *g, sat_variant v, GLuint color_tex, GLuint in_buffer, float scale, GLuint out_buffer, int w,
                 int h, gpu_timer *timer, sw_error *err)
{
    if (sat_gl_init(g, err)) return -1;
    if (w > 65535 || h > 65535) return sw_fail(err, "SAT (gl): %dx%d is over the dispatch limit", w, h);
    int src = color_tex ? 0 : 1;
    if (color_tex) glBindTextureUnit(0, color_tex);
    else glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, in_buffer);
    if (v == SAT_TILED) {
        if (build_tiled(g, src, in_buffer, scale, out_buffer, w, h, timer, err)) return -1;
        return gl_check("building the SAT (gl, tiled)", err);
    }
    if (ensure_buffer(&g->scratch, &g->scratch_bytes, (size_t)w * h * 16, err)) return -1;
    stage(timer, "row scan");
    if (src == 0) {
        glUseProgram(g->rows[0]);
        glUniform1f(glGetUniformLocation(g->rows[0], "u_scale"), scale);
    }
    rows(g->rows[src], in_buffer, out_buffer, w, h);
    stage(timer, "transpose");
    transpose(g->transpose, out_buffer, g->scratch, h, w);
    stage(timer, "column scan");
    rows(g->rows[1], g->scratch, g->scratch, h, w);
    stage(timer, "transpose back");
    transpose(g->transpose, g->scratch, out_buffer, w, h);
    if (timer) gpu_timer_end(timer);
    return gl_check("building the SAT (gl, three-pass)", err);
}

int sat_gl_host_rgba(sat_variant v, const uint32_t *in4, int w, int h, uint32_t *out4, sw_error *err)
{
    static sat_gl g;   /* programs live as long as the compute context */
    GLsizeiptr bytes = (GLsizeiptr)w * h * 16;
    GLuint bufs[2];
    glCreateBuffers(2, bufs);
    glNamedBufferStorage(bufs[0], bytes, in4, 0);
    glNamedBufferStorage(bufs[1], bytes, NULL, 0);
    int rc = gl_check("allocating SAT buffers (gl)", err);
    if (!rc) rc = sat_gl_build(&g, v, 0, bufs[0], 1.0f, bufs[1], w, h, NULL, err);
    if (!rc) {
        glGetNamedBufferSubData(bufs[1], 0, bytes, out4);
        rc = gl_check("reading the SAT back (gl)", err);
    }
    glDeleteBuffers(2, bufs);
    /* Keep the programs, drop the scratch: a 4K scratch is 133 MB. */
    drop_buffer(&g.scratch, &g.scratch_bytes);
    drop_buffer(&g.tiles_r, &g.tiles_r_bytes);
    drop_buffer(&g.tiles_c, &g.tiles_c_bytes);
    return rc;
}
