/* The GL compute gather's layer tables (src/dof/dof_math.h, dof_layers_pixel): the near
 * and the far layer of the frame, premultiplied by their coverage, each as a summed-area
 * table built by the gl SAT from shaders/dof_layer_values.comp. The CUDA gather builds its
 * own (kernels/dof/layers.cu); the C gather, dof_cpu_layer_tables. */
#ifndef SCANWORKS_DOF_DOF_LAYER_TABLES_H
#define SCANWORKS_DOF_DOF_LAYER_TABLES_H

#include "dof/dof_params.h"
#include "dof/sat_frame.h"
#include "gl/gl.h"
#include "util/error.h"

typedef struct dof_layer_tables {
    GLuint values;         /* the program */
    GLuint in[2], sat[2];  /* the tables' input and the tables, near then far, w*h uvec4 each */
    size_t bytes;          /* of each */
    sat_gl gl;
} dof_layer_tables;

/* Builds both tables of COLOR_TEX (quantized with p->scale) over DEPTH_TEX (linear depth,
 * R32F), both w x h, into t->sat (resized as needed). */
int dof_layer_tables_build(dof_layer_tables *t, const dof_params *p, GLuint color_tex, GLuint depth_tex, int w, int h,
                           sw_error *err);
void dof_layer_tables_shutdown(dof_layer_tables *t);

#endif
