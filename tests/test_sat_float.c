/* The float SAT (src/prim/sat_float.h): the cpu backend's float64 table of float32 and
 * float64 data within the stated error bound of a compensated (Neumaier) sum of each
 * rectangle, on awkward shapes, with values of mixed signs and magnitudes that
 * cancel; outputs poisoned. With "cuda" as argument: the cuda backend's table is the
 * same bits as the cpu one (the kernel's additions are the CPU's, in the same order),
 * and skips (exit 77) without a CUDA device. */
#include <math.h>
#include <string.h>

#include "prim/sat_float.h"
#include "test_util.h"

/* Neumaier's compensated sum of the rectangle (0,0)..(x,y) of channel k. */
static double rect_sum(const double *in, int w, int c, int x, int y, int k, double *abs_sum)
{
    double s = 0, comp = 0, a = 0;
    for (int j = 0; j <= y; j++)
        for (int i = 0; i <= x; i++) {
            double v = in[((size_t)j * w + i) * c + k], t = s + v;
            comp += fabs(s) >= fabs(v) ? (s - t) + v : (v - t) + s;
            s = t;
            a += fabs(v);
        }
    *abs_sum = a;
    return s + comp;
}

static void fill(double *v, float *f, size_t n, uint64_t *rng)
{
    for (size_t i = 0; i < n; i++) {
        uint64_t r = test_rand(rng);
        double mag = ldexp((double)(r & 0xffffff) / 0x1000000, (int)((r >> 24) % 40) - 20);
        float x = (float)((r >> 40) & 1 ? -mag : mag);
        if ((r >> 41) % 17 == 0) x = 1e7f;   /* large terms that later ones cancel */
        if ((r >> 41) % 17 == 1) x = -1e7f;
        f[i] = x;
        v[i] = x;
    }
}

static void check_shape(int w, int h, int c, int cuda, uint64_t *rng)
{
    size_t n = (size_t)w * h * c;
    double *in = malloc(n * 8), *out = malloc(n * 8), *ref = malloc(n * 8);
    float *in32 = malloc(n * 4);
    if (!in || !out || !ref || !in32) exit(1);
    fill(in, in32, n, rng);
    sw_error err;
    for (int dbl = 0; dbl < 2; dbl++) {
        if (dbl) /* float64 data with bits below float32's */
            for (size_t i = 0; i < n; i++) in[i] += ldexp(in[i], -30);
        memset(out, 0xA5, n * 8);
        CHECK_MSG(!sat_float_host(PRIM_CPU, dbl ? (const void *)in : in32, dbl, w, h, c, out, &err), "cpu: %s", err.msg);
        if (cuda) {
            memset(ref, 0x5A, n * 8);
            CHECK_MSG(!sat_float_host(PRIM_CUDA, dbl ? (const void *)in : in32, dbl, w, h, c, ref, &err), "cuda: %s",
                  err.msg);
            CHECK_MSG(!memcmp(out, ref, n * 8), "%dx%dx%d %s: cuda table differs from the cpu one", w, h, c,
                  dbl ? "float64" : "float32");
            continue;
        }
        int worst = 0;
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++)
                for (int k = 0; k < c; k++) {
                    double a, exact = rect_sum(in, w, c, x, y, k, &a);
                    double got = out[((size_t)y * w + x) * c + k];
                    /* the reference itself is within an ulp or two of the exact sum */
                    double bound = sat_float_error_bound(x, y, a) + 4 * ldexp(fabs(exact), -53);
                    if (!(fabs(got - exact) <= bound) && worst++ < 3)
                        CHECK_MSG(0, "%dx%dx%d %s (%d,%d,%d): %.17g, exact %.17g, beyond the bound %.3g", w, h, c,
                              dbl ? "float64" : "float32", x, y, k, got, exact, bound);
                }
    }
    free(in);
    free(out);
    free(ref);
    free(in32);
}

int main(int argc, char **argv)
{
    const int cuda = argc > 1 && !strcmp(argv[1], "cuda");
    const char *why = NULL;
    if (cuda && !prim_cuda_available(&why)) TEST_SKIP("the cuda backend is unavailable: %s", why ? why : "?");
    uint64_t rng = 42;
    static const int shapes[][3] = {{1, 1, 1}, {1, 37, 1}, {53, 1, 2}, {17, 13, 3}, {40, 31, 4}, {64, 64, 1}};
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) check_shape(shapes[s][0], shapes[s][1], shapes[s][2], cuda, &rng);
    if (cuda) {   /* sizes the kernels' grids round up, and a 1080p RGBA frame */
        check_shape(129, 257, 3, 1, &rng);
        check_shape(1920, 1080, 4, 1, &rng);
    }
    /* The one hard bound: the SAT of 0.1 (not exact in binary) over 1000 x 1000. */
    if (!cuda) {
        int w = 1000, h = 1000;
        float *v = malloc((size_t)w * h * 4);
        double *o = malloc((size_t)w * h * 8);
        if (!v || !o) return 1;
        for (size_t i = 0; i < (size_t)w * h; i++) v[i] = 0.1f;
        sw_error err;
        CHECK_MSG(!sat_float_host(PRIM_CPU, v, false, w, h, 1, o, &err), "%s", err.msg);
        double exact = (double)0.1f * w * h, got = o[(size_t)w * h - 1];
        CHECK_MSG(fabs(got - exact) <= sat_float_error_bound(w - 1, h - 1, exact), "0.1 x 10^6: %.17g vs %.17g", got,
              exact);
        CHECK_MSG(sat_float_host(PRIM_GL, v, false, w, h, 1, o, &err) && strstr(err.msg, "cpu or cuda"),
              "the gl backend refuses float data: %s", err.msg);
        free(v);
        free(o);
    }
    return test_finish(cuda ? "test_sat_float cuda" : "test_sat_float");
}
