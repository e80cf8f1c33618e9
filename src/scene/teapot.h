/* The Utah teapot: Newell's bicubic Bezier patches (assets/teapot_patches.txt)
 * tessellated into an indexed triangle mesh, y up, base on y = 0, height 1. */
#ifndef SCANWORKS_SCENE_TEAPOT_H
#define SCANWORKS_SCENE_TEAPOT_H

#include <stddef.h>
#include <stdint.h>
#include "util/error.h"

typedef struct mesh_vertex {
    float position[3];
    float normal[3];
} mesh_vertex;

typedef struct mesh {
    mesh_vertex *vertices;
    uint32_t *indices;
    size_t vertex_count, index_count;
} mesh;

/* Parses the patch file TEXT (NUL-terminated; NAME is used in messages) and
 * tessellates every patch and its mirror copies into a GRID x GRID quad mesh
 * (GRID 1..64). Malformed data is an error naming the line. */
int teapot_build(mesh *out, const char *text, const char *name, int grid, sw_error *err);
void mesh_free(mesh *m);

#endif
