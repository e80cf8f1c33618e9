/* The GL gathers' near-field tile pass (shaders/dof_near_tiles.comp): three compute
 * dispatches fold the depth samples around each DOF_NEAR_TILE_W x _H tile into its
 * largest near CoC and least near depth, which the fragment and compute gathers read
 * from a buffer (dof_common.glsl, near_tile). */
#ifndef SCANWORKS_DOF_NEAR_TILES_H
#define SCANWORKS_DOF_NEAR_TILES_H

#include "dof/dof_params.h"
#include "gl/gl.h"
#include "util/error.h"

typedef struct dof_near_tiles {
    GLuint step[3];          /* the programs of steps 0, 1, 2 */
    GLuint grid, cols, tiles;   /* their outputs: samples, sample columns a tile row, tiles */
    int w, h;                /* the size the buffers are for (0: none yet) */
} dof_near_tiles;

/* Builds the three programs; SHARED_SOURCE is what the DoF shaders get before their body
 * (the limits as defines, then dof_common.glsl), the step's define goes before it. */
int dof_near_tiles_init(dof_near_tiles *t, const char *shared_source, sw_error *err);
void dof_near_tiles_shutdown(dof_near_tiles *t);
/* Runs the three steps over DEPTH_TEX (W x H, R32F linear depth) and binds the tiles at
 * shader storage binding 3 for the gather that follows. Needs p's focus and aperture. */
int dof_near_tiles_run(dof_near_tiles *t, const dof_params *p, GLuint depth_tex, int w, int h, sw_error *err);

#endif
