/* The BFS panel's vertex colour (RGBA8, 0xAABBGGRR) for the CUDA kernel and the CPU fallback; LEVEL: the frontier. */
#ifndef SCANWORKS_KERNELS_BFS_COLORS_H
#define SCANWORKS_KERNELS_BFS_COLORS_H

#ifdef __CUDACC__
#define BFS_COLOR_FN __host__ __device__ static inline
#else
#define BFS_COLOR_FN static inline
#endif

BFS_COLOR_FN unsigned bfs_level_color(int lv, int level)
{
    if (lv < 0 || lv > level) return 0xff463c37u;   /* not reached yet: dim grey */
    if (lv == level) return 0xff40f0ffu;             /* the frontier: yellow */
    float t = (float)(lv % 48) / 47.0f;              /* reached: a repeating ramp */
    unsigned r = (unsigned)(40 + 60 * t), g = (unsigned)(90 + 140 * t), b = (unsigned)(230 - 90 * t);
    return 0xff000000u | (b << 16) | (g << 8) | r;
}

#endif
