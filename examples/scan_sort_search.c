/* Scans, sorts and searches an array, builds a summed-area table and runs a BFS over a
 * grid graph through the installed scanworks library: on the GPU when the cuda backend
 * can run here, else on the CPU. Exits 0 when every result is what it must be. Build: see examples/CMakeLists.txt, or
 *   cc scan_sort_search.c $(pkg-config --cflags --libs scanworks) */
#include <stdio.h>
#include <stdlib.h>

#include <scanworks/graph.h>
#include <scanworks/sat.h>
#include <scanworks/scan.h>
#include <scanworks/search.h>
#include <scanworks/sort.h>

#define N 100003

int main(void)
{
    sw_error err;
    const sw_backend b = sw_cuda_available(&err) ? SW_BACKEND_CUDA : SW_BACKEND_CPU;
    if (b == SW_BACKEND_CUDA)
        printf("backend: cuda\n");
    else
        printf("backend: cpu (%s)\n", err.msg);
    int32_t *a = malloc(N * sizeof *a), *sums = malloc(N * sizeof *sums), *sorted = malloc(N * sizeof *sorted);
    int64_t *at = malloc(N * sizeof *at);
    if (!a || !sums || !sorted || !at) return 1;
    unsigned x = 12345;
    for (int i = 0; i < N; i++) a[i] = (int32_t)((x = x * 1103515245u + 12345u) >> 8) % 1000 - 500;

    /* exclusive sum: sums[i] = a[0] + ... + a[i-1] */
    sw_scan_desc d = {SW_INT32, SW_SCAN_ADD, 0};
    if (sw_scan(b, &d, a, sums, N, &err)) return fprintf(stderr, "scan: %s\n", err.msg), 1;
    int64_t run = 0;
    for (int i = 0; i < N; i++, run += a[i - 1])
        if (sums[i] != (int32_t)run) return fprintf(stderr, "scan: sums[%d] = %d, want %lld\n", i, sums[i], (long long)run), 1;

    /* sort, then find every element again by lower bound */
    if (sw_sort(b, SW_INT32, a, sorted, NULL, NULL, N, &err)) return fprintf(stderr, "sort: %s\n", err.msg), 1;
    for (int i = 1; i < N; i++)
        if (sorted[i - 1] > sorted[i]) return fprintf(stderr, "sort: out of order at %d\n", i), 1;
    if (sw_search(b, SW_INT32, sorted, N, a, N, at, &err)) return fprintf(stderr, "search: %s\n", err.msg), 1;
    for (int i = 0; i < N; i++)
        if (at[i] < 0 || at[i] >= N || sorted[at[i]] != a[i] || (at[i] > 0 && sorted[at[i] - 1] >= a[i]))
            return fprintf(stderr, "search: a[%d] = %d found at %lld\n", i, a[i], (long long)at[i]), 1;
    printf("scan, sort and search of %d int32 checked; sum of all %lld, smallest %d, largest %d\n", N,
           (long long)(sums[N - 1] + a[N - 1]), sorted[0], sorted[N - 1]);

    /* summed-area table of a 640x480 gray image: any box's sum from four entries */
    enum { W = 640, H = 480 };
    uint16_t *img = malloc(W * H * sizeof *img);
    uint32_t *sat = malloc(W * H * sizeof *sat);
    if (!img || !sat) return 1;
    for (int i = 0; i < W * H; i++) img[i] = (uint16_t)(i % W + i / W);   /* x + y */
    if (sw_sat(b, img, W, H, 1, sat, &err)) return fprintf(stderr, "sat: %s\n", err.msg), 1;
    /* the box x 10..19, y 20..29: 100 pixels of x + y, mean 14.5 + 24.5 */
    uint32_t box = sat[29 * W + 19] - sat[29 * W + 9] - sat[19 * W + 19] + sat[19 * W + 9];
    if (box != 3900) return fprintf(stderr, "sat: box sum %u, want 3900\n", box), 1;
    printf("summed-area table of %dx%d checked; box (10..19, 20..29) sums to %u\n", W, H, box);
    free(img), free(sat);
    free(a), free(sums), free(sorted), free(at);

    /* BFS over a GW x GH grid (each vertex joined to its right and lower neighbours, both
       ways): from the corner (0, 0) the level of (x, y) is x + y */
    enum { GW = 97, GH = 61, GN = GW * GH };
    int64_t *row = malloc((GN + 1) * sizeof *row);
    uint32_t *col = malloc(4 * GN * sizeof *col);
    int32_t *level = malloc(GN * sizeof *level);
    if (!row || !col || !level) return 1;
    uint64_t m = 0;
    for (int v = 0; v < GN; v++) {
        const int gx = v % GW, gy = v / GW;
        row[v] = (int64_t)m;
        if (gy > 0) col[m++] = (uint32_t)(v - GW);
        if (gx > 0) col[m++] = (uint32_t)(v - 1);
        if (gx + 1 < GW) col[m++] = (uint32_t)(v + 1);
        if (gy + 1 < GH) col[m++] = (uint32_t)(v + GW);
    }
    row[GN] = (int64_t)m;
    const sw_csr g = {GN, m, row, col, NULL, 1, NULL, NULL};
    if (sw_bfs(b, &g, 0, level, &err)) return fprintf(stderr, "bfs: %s\n", err.msg), 1;
    for (int v = 0; v < GN; v++)
        if (level[v] != v % GW + v / GW)
            return fprintf(stderr, "bfs: vertex %d on level %d, want %d\n", v, level[v], v % GW + v / GW), 1;
    printf("BFS over a %dx%d grid checked; the far corner is on level %d\n", GW, GH, level[GN - 1]);
    free(row), free(col), free(level);
    return 0;
}
