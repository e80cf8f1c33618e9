/* The CUDA near field's tile pass in steps (kernels/dof/gather.cu: dof_near_grid_kernel,
 * dof_near_columns_kernel, dof_near_tile) claims the same tile values as the C tile
 * pass (dof_near_sample folded over a tile, dof_cpu_near_tile), bit for bit. The claim
 * rests on two facts: a sample counts for a tile iff both its distances are within r +
 * stride, and before the focus the CoC never grows with the depth (so a column's least
 * depth belongs to its largest CoC). This test walks the same three steps in C, in the
 * kernels' order and float arithmetic, and compares every tile's largest near CoC (and
 * its least near depth where there is one) with the C pass: random depth maps of awkward
 * sizes, depths before, at and behind the focus (ties included), apertures from 0 to
 * past DOF_MAX_RADIUS. The GPU run (scripts/gpu-check dof) compares the kernels' frames. */
#include <float.h>
#include <math.h>
#include <stdlib.h>

#include "dof/dof_cpu.h"
#include "dof/dof_limits.h"
#include "dof/dof_params.h"
#include "test_util.h"

typedef struct { float r, d; } pair;

static int imax(int a, int b) { return a > b ? a : b; }

/* Steps 0 to 2 for tile (tx, ty) of a W x H depth map; *rt, *dt as the kernels leave them. */
static void steps_tile(const dof_params *p, const float *depth, int w, int h, int tx, int ty, float *rt, float *dt)
{
    const int cols = DOF_NEAR_SAMPLES_ALONG(w), rows = DOF_NEAR_SAMPLES_ALONG(h);
    const int tx0 = tx * DOF_NEAR_TILE_W, ty0 = ty * DOF_NEAR_TILE_H;
    const int c0 = (tx0 - DOF_MAX_RADIUS) / DOF_NEAR_STRIDE, j0 = (ty0 - DOF_MAX_RADIUS) / DOF_NEAR_STRIDE;
    float r_tile = 0.0f, d_tile = 3.0e38f;
    for (int i = 0; i < DOF_NEAR_SIDE_X; i++) {
        int c = c0 + i;
        if (c < 0 || c >= cols) continue;
        int sx = DOF_NEAR_STRIDE * c + DOF_NEAR_STRIDE / 2;
        /* step 1: the column over the tile row's window */
        pair col = {0.0f, 3.0e38f};
        for (int j = 0; j < DOF_NEAR_SIDE_Y; j++) {
            int jg = j0 + j;
            if (jg < 0 || jg >= rows) continue;
            int sy = DOF_NEAR_STRIDE * jg + DOF_NEAR_STRIDE / 2;
            /* step 0: the grid sample */
            float d = depth[(size_t)sy * w + sx];
            float r = d < p->focus ? dof_blur_radius(p->aperture, p->focus, d) : 0.0f;
            pair g = {r >= 0.5f ? r : 0.0f, d};
            int ey = imax(ty0 - sy, sy - (ty0 + DOF_NEAR_TILE_H - 1));
            if (g.r < 0.5f || (float)ey > g.r + (float)DOF_NEAR_STRIDE) continue;
            col.r = fmaxf(col.r, g.r);
            col.d = fminf(col.d, g.d);
        }
        /* step 2: the tile across its columns */
        int ex = imax(tx0 - sx, sx - (tx0 + DOF_NEAR_TILE_W - 1));
        if (col.r < 0.5f || (float)ex > col.r + (float)DOF_NEAR_STRIDE) continue;
        r_tile = fmaxf(r_tile, col.r);
        d_tile = fminf(d_tile, col.d);
    }
    *rt = r_tile, *dt = d_tile;
}

/* A depth map of blocks (so that discs end at edges) of near, focused and far depths,
 * with single pixels of other depths scattered in. */
static void fill_depth(float *depth, int w, int h, float focus, uint64_t *seed)
{
    const int bw = 1 + (int)(test_rand(seed) % 40), bh = 1 + (int)(test_rand(seed) % 30);
    for (int by = 0; by < h; by += bh)
        for (int bx = 0; bx < w; bx += bw) {
            float u = (float)(test_rand(seed) % 100000) / 100000.0f, d;
            switch (test_rand(seed) % 5) {
            case 0: d = focus; break;                                /* exactly in focus */
            case 1: d = focus * (0.05f + 0.95f * u); break;          /* before the focus */
            case 2: d = focus * (1.0f + 20.0f * u); break;           /* behind it */
            case 3: d = nextafterf(focus, 0.0f); break;              /* just before it */
            default: d = focus * (0.2f + 0.1f * (float)(test_rand(seed) % 4)); break;   /* ties between blocks */
            }
            for (int y = by; y < by + bh && y < h; y++)
                for (int x = bx; x < bx + bw && x < w; x++) depth[(size_t)y * w + x] = d;
        }
    for (int k = 0; k < w * h / 50; k++)
        depth[test_rand(seed) % ((uint64_t)w * h)] = focus * (float)(1 + test_rand(seed) % 300) / 100.0f;
}

int main(void)
{
    static const int sizes[][2] = {{1, 1}, {2, 3}, {3, 3}, {7, 2}, {37, 29}, {257, 1}, {1, 211}, {330, 97}, {641, 359}};
    static const float apertures[] = {0.0f, 0.3f, 1.0f, 12.0f, 64.0f, 300.0f};
    static const float foci[] = {0.4f, 2.6f, 5.0f};
    uint64_t seed = 2026;
    long tiles = 0, near_tiles = 0;
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        const int w = sizes[s][0], h = sizes[s][1];
        float *depth = malloc((size_t)w * h * sizeof *depth);
        CHECK(depth != NULL);
        if (!depth) break;
        for (size_t fi = 0; fi < sizeof foci / sizeof foci[0]; fi++)
            for (size_t ai = 0; ai < sizeof apertures / sizeof apertures[0]; ai++) {
                dof_params p = {0};
                p.focus = foci[fi], p.aperture = apertures[ai];
                fill_depth(depth, w, h, p.focus, &seed);
                int bad = 0;
                for (int ty = 0; ty * DOF_NEAR_TILE_H < h; ty++)
                    for (int tx = 0; tx * DOF_NEAR_TILE_W < w; tx++) {
                        float rt, dt, want_rt, want_dt;
                        steps_tile(&p, depth, w, h, tx, ty, &rt, &dt);
                        dof_cpu_near_tile(&p, depth, w, h, tx * DOF_NEAR_TILE_W, ty * DOF_NEAR_TILE_H, &want_rt, &want_dt);
                        tiles++;
                        near_tiles += want_rt >= 0.5f;
                        /* the least depth matters only where there is a near CoC (the
                           near layer returns before reading it otherwise) */
                        if (rt != want_rt || (want_rt >= 0.5f && dt != want_dt)) bad++;
                    }
                CHECK_MSG(bad == 0, "%dx%d focus %g aperture %g: %d tile(s) differ from the C tile pass", w, h,
                          (double)p.focus, (double)p.aperture, bad);
            }
        free(depth);
    }
    /* the inputs must reach the interesting case: tiles with a near CoC */
    CHECK_MSG(near_tiles > tiles / 20, "only %ld of %ld tiles have a near CoC", near_tiles, tiles);
    printf("test_dof_near_steps: %ld tiles, %ld with a near CoC\n", tiles, near_tiles);
    return test_finish("test_dof_near_steps");
}
