/* The GL gathers' near-field tile pass in three dispatches (dof_near_tiles.h). */
#include "dof/dof_near_tiles.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dof/dof_limits.h"
#include "gl/gl_util.h"

static int samples_along(int n) { return DOF_NEAR_SAMPLES_ALONG(n); }
static int tiles_along(int n, int tile) { return (n + tile - 1) / tile; }

int dof_near_tiles_init(dof_near_tiles *t, const char *shared_source, sw_error *err)
{
    memset(t, 0, sizeof *t);
    size_t n = strlen(shared_source) + 32;
    char *src = sw_malloc(n, "the near field's shader source", err);
    if (!src) return -1;
    for (int i = 0; i < 3; i++) {
        snprintf(src, n, "#define DOF_NEAR_STEP %d\n%s", i, shared_source);
        if (!(t->step[i] = gl_program_compute("shaders/dof_near_tiles.comp", src, err))) {
            free(src);
            return sw_wrap(err, "the near field's tile pass, step %d: ", i);
        }
    }
    free(src);
    return 0;
}

static void delete_buffers(dof_near_tiles *t)
{
    GLuint bufs[3] = {t->grid, t->cols, t->tiles};
    if (t->grid) glDeleteBuffers(3, bufs);
    t->grid = t->cols = t->tiles = 0;
}

void dof_near_tiles_shutdown(dof_near_tiles *t)
{
    for (int i = 0; i < 3; i++)
        if (t->step[i]) glDeleteProgram(t->step[i]);
    delete_buffers(t);
    memset(t, 0, sizeof *t);
}

static GLuint storage(size_t bytes)
{
    GLuint b = 0;
    glCreateBuffers(1, &b);
    glNamedBufferStorage(b, (GLsizeiptr)bytes, NULL, 0);
    return b;
}

/* The three buffers for a W x H picture (again after a resize). */
static int ensure_buffers(dof_near_tiles *t, int w, int h, sw_error *err)
{
    if (t->w == w && t->h == h && t->grid) return 0;
    delete_buffers(t);
    size_t sx = (size_t)samples_along(w), sy = (size_t)samples_along(h);
    size_t tx = (size_t)tiles_along(w, DOF_NEAR_TILE_W), ty = (size_t)tiles_along(h, DOF_NEAR_TILE_H);
    /* at least one element each: a 1-pixel picture has no grid samples */
    t->grid = storage(8 * (sx * sy > 0 ? sx * sy : 1));
    t->cols = storage(8 * (sx * ty > 0 ? sx * ty : 1));
    t->tiles = storage(8 * tx * ty);
    t->w = w, t->h = h;
    return gl_check("the near field's tile buffers", err);
}

static void set_common(GLuint prog, const dof_params *p, int w, int h)
{
    glUseProgram(prog);
    glUniform2i(glGetUniformLocation(prog, "u_size"), w, h);
    glUniform1f(glGetUniformLocation(prog, "u_focus"), p->focus);
    glUniform1f(glGetUniformLocation(prog, "u_aperture"), p->aperture);
    glUniform2i(glGetUniformLocation(prog, "u_samples"), samples_along(w), samples_along(h));
    glUniform2i(glGetUniformLocation(prog, "u_tiles"), tiles_along(w, DOF_NEAR_TILE_W), tiles_along(h, DOF_NEAR_TILE_H));
}

int dof_near_tiles_run(dof_near_tiles *t, const dof_params *p, GLuint depth_tex, int w, int h, sw_error *err)
{
    if (ensure_buffers(t, w, h, err)) return -1;
    const GLuint sx = (GLuint)samples_along(w), sy = (GLuint)samples_along(h);
    const GLuint tx = (GLuint)tiles_along(w, DOF_NEAR_TILE_W), ty = (GLuint)tiles_along(h, DOF_NEAR_TILE_H);
    glBindTextureUnit(1, depth_tex);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 4, t->grid);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 5, t->cols);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 3, t->tiles);
    /* With no samples along y, step 1 still writes every column (0, none); with none
     * along x, steps 1 and 2 have no columns to read. */
    if (sx && sy) {
        set_common(t->step[0], p, w, h);
        glDispatchCompute((sx + 15) / 16, (sy + 15) / 16, 1);
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    }
    if (sx) {
        set_common(t->step[1], p, w, h);
        glDispatchCompute((sx + 31) / 32, ty, 1);
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    }
    set_common(t->step[2], p, w, h);
    glDispatchCompute((tx * ty + 63) / 64, 1, 1);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    return gl_check("the near field's tile pass", err);
}
