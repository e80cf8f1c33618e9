/* The layer tables on the GL side: one pass writes both layers' input, the gl SAT (tiled)
 * turns each into its table. */
#include "gl/gl.h"
#include "dof/dof_layer_tables.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dof/dof_limits.h"
#include "gl/gl_util.h"
#include "io/embedded.h"

static void drop(dof_layer_tables *t)
{
    for (int i = 0; i < 2; i++) {
        if (t->in[i]) glDeleteBuffers(1, &t->in[i]);
        if (t->sat[i]) glDeleteBuffers(1, &t->sat[i]);
        t->in[i] = t->sat[i] = 0;
    }
    t->bytes = 0;
}

void dof_layer_tables_shutdown(dof_layer_tables *t)
{
    drop(t);
    if (t->values) glDeleteProgram(t->values);
    sat_gl_shutdown(&t->gl);
    memset(t, 0, sizeof *t);
}

int dof_layer_tables_build(dof_layer_tables *t, const dof_params *p, GLuint color_tex, GLuint depth_tex, int w, int h,
                           sw_error *err)
{
    if (!t->values) {
        static const char *const files[] = {"shaders/sat_quantize.glsl"};
        char head[256];
        snprintf(head, sizeof head,
                 "#define DOF_MAX_RADIUS %d\n#define DOF_LAYER_ONE %d\n#define DOF_LAYER_EXACT(scale) ((scale) <= float(%.9g))\n",
                 DOF_MAX_RADIUS, DOF_LAYER_ONE, (double)DOF_LAYER_EXACT_SCALE);
        char *src = embedded_join(head, files, 1, "the layer values' shader source", err);
        if (!src) return -1;
        t->values = gl_program_compute("shaders/dof_layer_values.comp", src, err);
        free(src);
        if (!t->values) return -1;
    }
    size_t need = (size_t)w * h * 16;
    if (t->bytes != need) {
        drop(t);
        glCreateBuffers(2, t->in);
        glCreateBuffers(2, t->sat);
        for (int i = 0; i < 2; i++) {
            glNamedBufferStorage(t->in[i], (GLsizeiptr)need, NULL, 0);
            glNamedBufferStorage(t->sat[i], (GLsizeiptr)need, NULL, 0);
        }
        if (gl_check("allocating the DoF layer tables", err)) {
            drop(t);
            return -1;
        }
        t->bytes = need;
    }
    glUseProgram(t->values);
    glUniform2i(glGetUniformLocation(t->values, "u_size"), w, h);
    glUniform1f(glGetUniformLocation(t->values, "u_focus"), p->focus);
    glUniform1f(glGetUniformLocation(t->values, "u_aperture"), p->aperture);
    glUniform1f(glGetUniformLocation(t->values, "u_scale"), p->scale);
    glBindTextureUnit(0, color_tex);
    glBindTextureUnit(1, depth_tex);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, t->in[0]);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, t->in[1]);
    glDispatchCompute((GLuint)((w + 15) / 16), (GLuint)((h + 15) / 16), 1);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    if (gl_check("the DoF layer tables' input", err)) return -1;
    for (int i = 0; i < 2; i++)
        if (sat_gl_build(&t->gl, SAT_TILED, 0, t->in[i], 1.0f, t->sat[i], w, h, NULL, err)) return -1;
    return gl_check("building the DoF layer tables", err);
}
