/* The near layer draws no repeated outlines at large apertures. Its probes, a spiral
 * scaled by the tile's near CoC, each see a near object's silhouette at a shifted place,
 * so with point probes the coverage alpha outside a blurred near object climbs in steps
 * of 1/N (N probes), one at each shifted copy of its outline. From an aperture of
 * 16 px at full size (8 at half size; dof_limits.h, DOF_NEAR_GRID; dof_near_math.h,
 * dof_near_layer_grid) each probe is the bilinear blend of the nodes of a grid of
 * spacing floor(A / 8) (A / 4) around it, so each crossing spreads over the spacing. Checked through the C arithmetic that the CUDA kernel compiles
 * (test_dof_cuda, test_dof_half_cuda and test_dof_disc compare the backends):
 * - a white near square (CoC 48 px) over a black background in focus: along every row
 *   and column, between two background neighbours of one tile, alpha changes by at most
 *   STEP (point probes: 2/24 and more);
 * - the coverage still follows the thin lens: at the square's edge about 1/2, and
 *   nothing beyond its CoC plus a grid cell;
 * - with the tile's CoC below the spacing, a slightly blurred object (CoC 3 px) spreads
 *   no farther than its own CoC and a half (the nodes' reach is their own distance, its
 *   ramp at most half their CoC wide). */
#include <math.h>
#include <stdlib.h>

#include "dof/dof_cpu.h"
#include "dof/dof_limits.h"
#include "dof/dof_params.h"
#include "prim/sat_cpu.h"
#include "test_util.h"

enum { W = 256, H = 192, SQ0 = 96, SQ1 = 159 };   /* the square: [SQ0, SQ1] on both axes */

/* The measured largest step between background neighbours was 0.025; the point probes
 * give 0.083 (two probes crossing at once). */
#define STEP 0.04f

/* The near layer's alpha of every pixel (dof_cpu_apply_alpha) of a white square at
 * depth DSQ over black at the focus F, aperture A, full size. */
static int alpha_of(float dsq, float focus, float aperture, float *alpha)
{
    static uint8_t img[W * H * 4], out[W * H * 4];
    static uint32_t in4[W * H * 4], sat[W * H * 4];
    static float depth[W * H];
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            const int i = y * W + x, in = x >= SQ0 && x <= SQ1 && y >= SQ0 && y <= SQ1;
            depth[i] = in ? dsq : focus;
            for (int c = 0; c < 4; c++) img[i * 4 + c] = (uint8_t)(c == 3 ? 255 : in ? 255 : 0);
        }
    for (int i = 0; i < W * H * 4; i++) in4[i] = img[i];
    if (sat_cpu_rgba(in4, W, H, sat)) return -1;
    dof_params p = {0};
    p.focus = focus, p.aperture = aperture, p.scale = 1.0f, p.view = DOF_VIEW_EFFECT, p.boxes = 1;
    p.guard = 1, p.kernel = DOF_KERNEL_DISC, p.near = 1;
    dof_cpu_apply_alpha(&p, img, sat, NULL, depth, W, H, 4, out, alpha);
    return 0;
}

static int outside(int x, int y) { return x < SQ0 || x > SQ1 || y < SQ0 || y > SQ1; }

/* Distance from (x, y) to the square. */
static float dist(int x, int y)
{
    float dx = x < SQ0 ? (float)(SQ0 - x) : x > SQ1 ? (float)(x - SQ1) : 0.0f;
    float dy = y < SQ0 ? (float)(SQ0 - y) : y > SQ1 ? (float)(y - SQ1) : 0.0f;
    return sqrtf(dx * dx + dy * dy);
}

int main(void)
{
    static float alpha[W * H];
    /* focus 4, square at 2: CoC A |1 - 4/2| = A; aperture 48, full size: spacing 48 / 8 */
    const float focus = 4.0f, aperture = 48.0f, coc = 48.0f;
    const int g = (int)(aperture / 8.0f);   /* the specification */
    CHECK(DOF_NEAR_GRID_DIV == 8.0f && DOF_NEAR_GRID_DIV_HALF == 4.0f);
    CHECK(alpha_of(2.0f, focus, aperture, alpha) == 0);
    float worst = 0.0f, edge = 0.0f, beyond = 0.0f;
    int wx = 0, wy = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            if (!outside(x, y)) continue;
            const int nb[2][2] = {{x + 1, y}, {x, y + 1}};
            for (int k = 0; k < 2; k++) {
                int nx = nb[k][0], ny = nb[k][1];
                if (nx >= W || ny >= H || !outside(nx, ny)) continue;
                /* within one tile: the tile's near CoC is the probes' scale */
                if (nx / DOF_NEAR_TILE_W != x / DOF_NEAR_TILE_W || ny / DOF_NEAR_TILE_H != y / DOF_NEAR_TILE_H) continue;
                float s = fabsf(alpha[ny * W + nx] - alpha[y * W + x]);
                if (s > worst) worst = s, wx = x, wy = y;
            }
            if (dist(x, y) > coc + 1.5f * (float)g && alpha[y * W + x] > beyond) beyond = alpha[y * W + x];
        }
    /* next to the middle of each edge, one pixel out: the thin lens gives 1/2 */
    const int mid = (SQ0 + SQ1) / 2;
    const int at[4][2] = {{SQ0 - 1, mid}, {SQ1 + 1, mid}, {mid, SQ0 - 1}, {mid, SQ1 + 1}};
    for (int k = 0; k < 4; k++) edge += alpha[at[k][1] * W + at[k][0]] / 4.0f;
    CHECK_MSG(worst <= STEP, "alpha steps by %.3f between neighbours at (%d, %d) (at most %.3f)", (double)worst, wx, wy,
              (double)STEP);
    CHECK_MSG(edge > 0.35f && edge < 0.65f, "alpha next to the square's edges %.3f, the thin lens 0.5", (double)edge);
    CHECK_MSG(beyond == 0.0f, "alpha %.3f farther than the CoC plus a cell from the square", (double)beyond);
    printf("test_dof_near_grid: aperture %g (grid %d): largest step %.4f, at the edge %.3f\n", (double)aperture, g,
           (double)worst, (double)edge);

    /* a square just before the focus, CoC 3 px, at the same aperture: no farther than 3 px */
    const float dsq = focus / (1.0f + 3.0f / aperture);   /* A (F/d - 1) = 3 */
    CHECK(alpha_of(dsq, focus, aperture, alpha) == 0);
    float far = 0.0f;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            if (dist(x, y) > 4.5f && alpha[y * W + x] > far) far = alpha[y * W + x];
    CHECK_MSG(far == 0.0f, "a CoC-3 square covers %.3f beyond 4.5 px", (double)far);
    return test_finish("test_dof_near_grid");
}
