/* The decomposition behind the cuda "tiled-v2" SAT (kernels/sat/sat_v2.cu), computed on
 * the CPU the way its kernels do (32x32 tiles, a thread's four rows, the warps'
 * column sums, the three carries), against the table by its recurrence: both modulo
 * 2^32, on random 32-bit values (every sum wraps) of awkward sizes. It checks the
 * identity and the indexing; test_sat_cuda runs the kernels themselves. */
#include <stdint.h>
#include <stdlib.h>

#include "test_util.h"

#define TS 32      /* TILE */
#define ROWS 4     /* V2_ROWS: rows a thread holds */

typedef struct model {
    int w, h, tx, ty;
    uint32_t *R, *C, *T, *A;   /* h x tx, ty x w, ty x tx, ty x tx */
} model;

static uint32_t px(const uint32_t *in, int w, int h, int x, int y) { return x < w && y < h ? in[(size_t)y * w + x] : 0; }

/* Step 1 (tile sums, with their in-tile scans) and step 2 (carries): L in R, V in C, A. */
static void carries(model *m, const uint32_t *in)
{
    int w = m->w, h = m->h, tx = m->tx, ty = m->ty;
    for (int j = 0; j < ty; j++)
        for (int i = 0; i < tx; i++) {
            uint32_t t = 0;
            for (int r = 0; r < TS; r++)
                for (int c = 0; c < TS; c++) {
                    uint32_t v = px(in, w, h, i * TS + c, j * TS + r);
                    t += v;
                    if (j * TS + r < h) m->R[(size_t)(j * TS + r) * tx + i] += v;
                    if (i * TS + c < w) m->C[(size_t)j * w + i * TS + c] += v;
                }
            m->T[(size_t)j * tx + i] = t;
            /* The tile sums' own scans: its row totals down its rows, its column
             * totals along its columns (inclusive, inside the tile). */
            for (int r = 1; r < TS && j * TS + r < h; r++)
                m->R[(size_t)(j * TS + r) * tx + i] += m->R[(size_t)(j * TS + r - 1) * tx + i];
            for (int c = 1; c < TS && i * TS + c < w; c++)
                m->C[(size_t)j * w + i * TS + c] += m->C[(size_t)j * w + i * TS + c - 1];
        }
    for (int y = 0; y < h; y++)   /* L: exclusive along the row */
        for (uint32_t run = 0, i = 0; i < (uint32_t)tx; i++) {
            uint32_t v = m->R[(size_t)y * tx + i];
            m->R[(size_t)y * tx + i] = run;
            run += v;
        }
    for (int x = 0; x < w; x++)   /* V: exclusive down the tile rows */
        for (uint32_t run = 0, j = 0; j < (uint32_t)ty; j++) {
            uint32_t v = m->C[(size_t)j * w + x];
            m->C[(size_t)j * w + x] = run;
            run += v;
        }
    for (int j = 0; j < ty; j++)   /* A: the totals above, then exclusive along the tile row */
        for (uint32_t run = 0, i = 0; i < (uint32_t)tx; i++) {
            uint32_t up = 0;
            for (int q = 0; q < j; q++) up += m->T[(size_t)q * tx + i];
            m->A[(size_t)j * tx + i] = run;
            run += up;
        }
}

/* Step 3 for tile (i, j), as sat_tile_write_v2 does it, into OUT. */
static void tile_write(const model *m, const uint32_t *in, int i, int j, uint32_t *out)
{
    int w = m->w, h = m->h, x0 = i * TS, y0 = j * TS;
    uint32_t v[TS][TS], colsum[TS / ROWS][TS];
    for (int r = 0; r < TS; r++)   /* row prefixes */
        for (uint32_t run = 0, c = 0; c < TS; c++) v[r][c] = run += px(in, w, h, x0 + (int)c, y0 + r);
    for (int wp = 0; wp < TS / ROWS; wp++)   /* each warp's running sums down its rows */
        for (int c = 0; c < TS; c++) {
            for (int k = 1; k < ROWS; k++) v[wp * ROWS + k][c] += v[wp * ROWS + k - 1][c];
            colsum[wp][c] = v[wp * ROWS + ROWS - 1][c];
        }
    for (int wp = 0; wp < TS / ROWS; wp++)
        for (int c = 0; c < TS; c++) {
            uint32_t above = 0;
            for (int q = 0; q < wp; q++) above += colsum[q][c];
            if (x0 + c < w) above += m->C[(size_t)j * w + x0 + c] + m->A[(size_t)j * m->tx + i];
            for (int k = 0; k < ROWS; k++) {
                int r = wp * ROWS + k;
                if (x0 + c < w && y0 + r < h) out[(size_t)(y0 + r) * w + x0 + c] = v[r][c] + above + m->R[(size_t)(y0 + r) * m->tx + i];
            }
        }
}

static void check_size(int w, int h, uint64_t *seed)
{
    size_t n = (size_t)w * h;
    model m = {w, h, (w + TS - 1) / TS, (h + TS - 1) / TS, NULL, NULL, NULL, NULL};
    uint32_t *in = malloc(n * 4), *want = malloc(n * 4), *got = malloc(n * 4);
    m.R = calloc((size_t)h * m.tx, 4);
    m.C = calloc((size_t)m.ty * w, 4);
    m.T = calloc((size_t)m.ty * m.tx, 4);
    m.A = calloc((size_t)m.ty * m.tx, 4);
    if (!in || !want || !got || !m.R || !m.C || !m.T || !m.A) {
        CHECK_MSG(0, "out of memory");
    } else {
        for (size_t k = 0; k < n; k++) in[k] = (uint32_t)test_rand(seed);
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) {
                size_t k = (size_t)y * w + x;
                want[k] = in[k] + (x ? want[k - 1] : 0) + (y ? want[k - w] : 0) - (x && y ? want[k - w - 1] : 0);
            }
        test_poison(got, n * 4);
        carries(&m, in);
        for (int j = 0; j < m.ty; j++)
            for (int i = 0; i < m.tx; i++) tile_write(&m, in, i, j, got);
        size_t bad = 0, first = 0;
        for (size_t k = 0; k < n; k++)
            if (got[k] != want[k] && !bad++) first = k;
        CHECK_MSG(bad == 0, "%dx%d: %zu sums differ, first at (%zu, %zu)", w, h, bad, first % w, first / w);
    }
    free(in), free(want), free(got), free(m.R), free(m.C), free(m.T), free(m.A);
}

int main(void)
{
    static const int sizes[][2] = {{1, 1},   {1, 777}, {513, 1},  {31, 31},  {32, 32},   {33, 33},  {37, 29},
                                   {64, 63}, {65, 97}, {127, 129}, {257, 255}, {300, 301}, {1031, 67}, {641, 360}};
    uint64_t seed = 77;
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) check_size(sizes[s][0], sizes[s][1], &seed);
    return test_finish("test_sat_tiles");
}
