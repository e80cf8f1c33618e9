/* The soft guard (dof_math.h, dof_soft_radius) has no stair steps at large apertures.
 * A far pixel beside a sharp, nearer object gets a smaller blur, and at an aperture of
 * 2 DOF_GUARD_GRID_DIV px and more the guard's probes read a grid of spacing
 * g = floor(A / DIV) (dof_soft_radius_grid), so that the radius changes by a bounded
 * amount from one pixel to the next: for two neighbours of the same depth, by at most
 * a small multiple of r0 / g, where r0 is their unguarded CoC. The point probes tore the
 * blur along shifted copies of the object's outline, each probe that crossed it moving r
 * by a quarter in one pixel, and the rounds after it moving with r. Checked through the C arithmetic that the CUDA kernel compiles
 * (test_dof_disc and test_dof_cuda compare the backends' pictures):
 * - on a sharp square over a far background, along every row and column;
 * - on random scenes of sharp and blurred blocks at several apertures and foci;
 * - the guard still acts: next to the square the radius is at most 0.6 r0;
 * - it reaches no farther than r0 + 2g (diagonal probes: sqrt 2 r0 + 2g) from the object. */
#include <math.h>
#include <stdlib.h>

#include "dof/dof_cpu.h"
#include "dof/dof_limits.h"
#include "dof/dof_params.h"
#include "test_util.h"

/* The bounds on a same-depth neighbour's change of radius, in units of r0 / g: on the
 * square (measured 0.56; the point probes' rounds, 4.0: 24 px of 48 in one pixel) and on
 * random blocks, whose edges can cross several probes of a ring at once (measured 1.71;
 * the point probes 7.0). */
#define STEP_SQUARE 1.0f
#define STEP_BLOCKS 2.0f

/* The grid's spacing by the specification, not by the macro, so that a guard that
 * does not use the grid (DOF_GUARD_GRID_DIV too large, say) fails the bounds. */
static int grid_of(float aperture)
{
    int g = (int)(aperture / 8.0f);
    return g < 1 ? 1 : g > DOF_GRID_MAX ? DOF_GRID_MAX : g;
}

/* The largest same-depth neighbour change of the guarded radius, over r0 / g, on the
 * W x H map; *R every pixel's radius (w*h floats). */
static float worst_step(const dof_params *p, const float *depth, int w, int h, float *r)
{
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) r[y * w + x] = dof_cpu_disc_radius(p, depth, w, h, x, y);
    const int g = grid_of(p->aperture);
    float worst = 0.0f;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            const int i = y * w + x;
            const float r0 = dof_blur_radius(p->aperture, p->focus, depth[i]);
            if (r0 < 1.0f) continue;
            const int nb[2] = {x + 1 < w ? i + 1 : -1, y + 1 < h ? i + w : -1};
            for (int k = 0; k < 2; k++) {
                if (nb[k] < 0 || depth[nb[k]] != depth[i]) continue;
                float s = fabsf(r[nb[k]] - r[i]) / (r0 / (float)g);
                if (s > worst) worst = s;
            }
        }
    return worst;
}

/* A far background (depth 4F) with a sharp square (depth F) of side S at (X0, Y0). */
static void square_scene(float *depth, int w, int h, float focus, int x0, int y0, int s)
{
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            depth[y * w + x] = (x >= x0 && x < x0 + s && y >= y0 && y < y0 + s) ? focus : 4.0f * focus;
}

/* Random blocks: sharp (in focus), blurred behind, blurred before the focus. */
static void block_scene(float *depth, int w, int h, float focus, uint64_t *seed)
{
    const int bw = 6 + (int)(test_rand(seed) % 40), bh = 6 + (int)(test_rand(seed) % 30);
    for (int by = 0; by < h; by += bh)
        for (int bx = 0; bx < w; bx += bw) {
            float u = (float)(test_rand(seed) % 1000) / 1000.0f, d;
            switch (test_rand(seed) % 4) {
            case 0: d = focus; break;
            case 1: d = focus * (0.3f + 0.6f * u); break;
            default: d = focus * (1.3f + 8.0f * u); break;
            }
            for (int y = by; y < by + bh && y < h; y++)
                for (int x = bx; x < bx + bw && x < w; x++) depth[y * w + x] = d;
        }
}

int main(void)
{
    enum { W = 240, H = 160 };
    static float depth[W * H], r[W * H];
    dof_params p = {0};
    p.guard = 1, p.kernel = DOF_KERNEL_DISC, p.focus = 2.0f, p.scale = 1.0f;

    /* the sharp square, at the largest aperture */
    p.aperture = (float)DOF_MAX_RADIUS;
    const int x0 = 150, y0 = 40, side = 80;
    square_scene(depth, W, H, p.focus, x0, y0, side);
    float worst = worst_step(&p, depth, W, H, r);
    const float r0 = dof_blur_radius(p.aperture, p.focus, 4.0f * p.focus);
    const int g = grid_of(p.aperture);
    CHECK_MSG(g > 1, "aperture %g: grid spacing %d", (double)p.aperture, g);
    CHECK_MSG(worst <= STEP_SQUARE, "square, aperture %g: the radius moves %.2f r0/g between neighbours (at most %.2f)",
              (double)p.aperture, (double)worst, (double)STEP_SQUARE);
    float beside = r[(y0 + side / 2) * W + x0 - 2];
    CHECK_MSG(beside <= 0.6f * r0, "beside the square the radius is %.2f of %.2f: the guard does not act", (double)beside,
              (double)r0);
    /* no reach beyond the probes' farthest point plus the grid's cell */
    const float reach = 1.4143f * r0 + 2.0f * (float)g;
    int far_changed = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            float dx = x < x0 ? (float)(x0 - x) : x >= x0 + side ? (float)(x - (x0 + side - 1)) : 0.0f;
            float dy = y < y0 ? (float)(y0 - y) : y >= y0 + side ? (float)(y - (y0 + side - 1)) : 0.0f;
            if (sqrtf(dx * dx + dy * dy) > reach && r[y * W + x] != r0) far_changed++;
        }
    CHECK_MSG(far_changed == 0, "%d pixels farther than %.1f px from the square have a guarded radius", far_changed,
              (double)reach);
    printf("test_dof_guard: square, aperture %g (grid %d): worst step %.3f r0/g, beside it %.1f of %.1f px\n",
           (double)p.aperture, g, (double)worst, (double)beside, (double)r0);

    /* random scenes, apertures across the grid's spacings, two foci */
    static const float apertures[] = {16.0f, 23.0f, 40.0f, 64.0f};
    static const float foci[] = {2.0f, 5.0f};
    uint64_t seed = 2212;
    float all = 0.0f;
    for (size_t a = 0; a < sizeof apertures / sizeof *apertures; a++)
        for (size_t f = 0; f < sizeof foci / sizeof *foci; f++)
            for (int rep = 0; rep < 3; rep++) {
                p.aperture = apertures[a], p.focus = foci[f];
                block_scene(depth, W, H, p.focus, &seed);
                float s = worst_step(&p, depth, W, H, r);
                CHECK_MSG(s <= STEP_BLOCKS, "blocks, aperture %g focus %g: the radius moves %.2f r0/g between neighbours",
                          (double)p.aperture, (double)p.focus, (double)s);
                if (s > all) all = s;
            }
    printf("test_dof_guard: random blocks: worst step %.3f r0/g (bound %.2f)\n", (double)all, (double)STEP_BLOCKS);

    /* the specification: a spacing of A / 8, up to 8 */
    CHECK(DOF_GUARD_GRID_DIV == 8.0f && DOF_GRID_MAX == 8);
    return test_finish("test_dof_guard");
}
