#version 450 core
// The near field's tile pass in three steps (the CUDA kernels' steps, kernels/dof/gather.cu;
// src/dof/dof_near_tiles.c dispatches them). The depth samples lie on one grid for every
// tile (x = 4c + 2, y = 4j + 2: tile origins are multiples of the stride), so
//   0. a thread a grid sample reads its depth once: (r, d), r its CoC where it lies before
//      the focus with r >= 1/2, else 0;
//   1. 8 threads a sample column fold, for each tile row, the column's samples whose disc
//      reaches the row band (ey <= r + stride) into (R, D), their largest CoC and least depth;
//   2. a thread a tile folds the columns of its window whose R reaches it across (ex <= R +
//      stride) into the tile's (rt, dt), which the gather reads (dof_common.glsl, near_tile).
// The same values as dof_near_sample folded over the tile (tests/test_dof_near_steps.c
// walks the steps in C). DOF_NEAR_STEP picks the step.
#if DOF_NEAR_STEP == 1
layout(local_size_x = 32, local_size_y = 8) in;
shared vec2 s_part[8][32];
#elif DOF_NEAR_STEP == 2
layout(local_size_x = 64) in;
#else
layout(local_size_x = 16, local_size_y = 16) in;
#endif
layout(std430, binding = 4) buffer NearGrid { vec2 near_grid[]; };   // samples(w) x samples(h)
layout(std430, binding = 5) buffer NearCols { vec2 near_cols[]; };   // samples(w) x tile rows
uniform ivec2 u_samples;   // the grid's samples along x and y
uniform ivec2 u_tiles;     // tiles along x and y

void main()
{
#if DOF_NEAR_STEP == 0
    ivec2 s = ivec2(gl_GlobalInvocationID.xy);
    if (s.x >= u_samples.x || s.y >= u_samples.y) return;
    float d = texelFetch(u_depth, DOF_NEAR_STRIDE * s + DOF_NEAR_STRIDE / 2, 0).r;
    float r = d < u_focus ? blur_radius(d) : 0.0;
    near_grid[s.y * u_samples.x + s.x] = vec2(r >= 0.5 ? r : 0.0, d);
#elif DOF_NEAR_STEP == 1
    int c = int(gl_WorkGroupID.x) * 32 + int(gl_LocalInvocationID.x), ty = int(gl_WorkGroupID.y);
    int ty0 = ty * DOF_NEAR_TILE_H, j0 = ty0 / DOF_NEAR_STRIDE - DOF_MAX_RADIUS / DOF_NEAR_STRIDE;
    float r_max = 0.0, d_min = 3.0e38;
    for (int j = int(gl_LocalInvocationID.y); j < DOF_NEAR_SIDE_Y; j += 8) {
        int jg = j0 + j;
        if (jg < 0 || jg >= u_samples.y || c >= u_samples.x) continue;
        vec2 v = near_grid[jg * u_samples.x + c];
        int sy = DOF_NEAR_STRIDE * jg + DOF_NEAR_STRIDE / 2;
        int ey = max(ty0 - sy, sy - (ty0 + DOF_NEAR_TILE_H - 1));
        if (v.x < 0.5 || float(ey) > v.x + float(DOF_NEAR_STRIDE)) continue;
        r_max = max(r_max, v.x);
        d_min = min(d_min, v.y);
    }
    s_part[gl_LocalInvocationID.y][gl_LocalInvocationID.x] = vec2(r_max, d_min);
    barrier();
    if (gl_LocalInvocationID.y != 0u || c >= u_samples.x) return;
    for (int k = 1; k < 8; k++) {
        vec2 q = s_part[k][gl_LocalInvocationID.x];
        r_max = max(r_max, q.x);
        d_min = min(d_min, q.y);
    }
    near_cols[ty * u_samples.x + c] = vec2(r_max, d_min);
#else
    int t = int(gl_GlobalInvocationID.x);
    if (t >= u_tiles.x * u_tiles.y) return;
    int tx = t % u_tiles.x, ty = t / u_tiles.x;
    int tx0 = tx * DOF_NEAR_TILE_W, c0 = tx0 / DOF_NEAR_STRIDE - DOF_MAX_RADIUS / DOF_NEAR_STRIDE;
    float r = 0.0, d = 3.0e38;
    for (int i = 0; i < DOF_NEAR_SIDE_X; i++) {
        int c = c0 + i;
        if (c < 0 || c >= u_samples.x) continue;
        vec2 v = near_cols[ty * u_samples.x + c];
        int sx = DOF_NEAR_STRIDE * c + DOF_NEAR_STRIDE / 2;
        int ex = max(tx0 - sx, sx - (tx0 + DOF_NEAR_TILE_W - 1));
        if (v.x < 0.5 || float(ex) > v.x + float(DOF_NEAR_STRIDE)) continue;
        r = max(r, v.x);
        d = min(d, v.y);
    }
    near_tiles[t] = vec2(r, d);
#endif
}
