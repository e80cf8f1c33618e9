/* The thin lens's camera moves against the post-process's CoC formula: a point at
 * depth d, seen from every sample over the lens, spreads over a disc whose radius is
 * dof_radius(A, F, d) pixels; points on the focus plane do not move; the samples cover
 * the disc evenly (their mean is the centre, their radii spread up to 1). */
#include <math.h>

#include "dof/dof.h"
#include "dof/dof_lens.h"
#include "test_util.h"

/* Pixel position of world point P seen through VIEW, PROJ in a W x H image. */
static void project(mat4 view, mat4 proj, vec3 p, int w, int h, float out[2])
{
    vec4 q = {p[0], p[1], p[2], 1.0f}, e, c;
    glm_mat4_mulv(view, q, e);
    glm_mat4_mulv(proj, e, c);
    out[0] = (c[0] / c[3] * 0.5f + 0.5f) * (float)w;
    out[1] = (c[1] / c[3] * 0.5f + 0.5f) * (float)h;
}

static void check_view(float fov, int w, int h, float focus, float aperture)
{
    vec3 eye = {0.3f, 1.2f, 4.0f}, target = {-0.2f, 0.4f, -1.0f};
    mat4 view, proj;
    glm_lookat(eye, target, (vec3){0, 1, 0}, view);
    float aspect = (float)w / (float)h, znear = 0.05f, zfar = 250.0f;
    glm_perspective(fov, aspect, znear, zfar, proj);
    float lens = dof_lens_radius(aperture, focus, fov, h);
    vec3 fwd;
    glm_vec3_sub(target, eye, fwd);
    glm_vec3_normalize(fwd);
    const float depths[] = {0.6f, 1.5f, 3.0f, 4.9f, 5.0f, 7.5f, 20.0f, 400.0f};
    const float offs[][2] = {{0, 0}, {0.3f, -0.2f}, {-0.5f, 0.4f}};
    for (size_t di = 0; di < sizeof depths / sizeof *depths; di++)
        for (size_t oi = 0; oi < 3; oi++) {
            float d = depths[di] * focus / 5.0f;
            /* a point at view depth d, off the axis a little (scaled by d to stay on screen) */
            mat4 inv;
            glm_mat4_inv(view, inv);
            vec4 e = {offs[oi][0] * d * 0.3f, offs[oi][1] * d * 0.3f, -d, 1.0f}, wp;
            glm_mat4_mulv(inv, e, wp);
            float c0[2];
            project(view, proj, wp, w, h, c0);
            float maxr = 0;
            for (int i = 0; i < 64; i++) {
                /* the lens's rim at 64 angles: the disc's edge */
                float a = 6.2831853f * (float)i / 64.0f, sx = lens * cosf(a), sy = lens * sinf(a), c[2];
                mat4 v2, p2;
                dof_lens_matrices(view, fov, aspect, znear, zfar, focus, sx, sy, v2, p2);
                project(v2, p2, wp, w, h, c);
                maxr = fmaxf(maxr, hypotf(c[0] - c0[0], c[1] - c0[1]));
            }
            float want = aperture * fabsf(1.0f - focus / d);   /* dof_radius without its cap */
            CHECK_MSG(fabsf(maxr - want) <= 1e-3f * (1.0f + want), "fov %.2f %dx%d F %.1f A %.1f d %.2f: disc %.5f, formula %.5f",
                      fov, w, h, focus, aperture, d, maxr, want);
            if (want < DOF_MAX_RADIUS) CHECK(fabsf(dof_blur_radius(aperture, focus, d) - want) <= 1e-4f * (1 + want));
        }
}

int main(void)
{
    check_view(glm_rad(50.0f), 1280, 720, 5.0f, 12.0f);
    check_view(glm_rad(50.0f), 640, 360, 1.5f, 20.0f);
    check_view(glm_rad(30.0f), 333, 517, 9.0f, 3.0f);
    /* Vogel samples: inside the unit disc, mean near 0, even in area (half of them
     * within radius 1/sqrt 2). */
    for (int n = 1; n <= 256; n *= 4) {
        double mx = 0, my = 0;
        int inner = 0;
        for (int i = 0; i < n; i++) {
            float s[2];
            dof_lens_sample(i, n, s);
            float r = hypotf(s[0], s[1]);
            CHECK(r <= 1.0f + 1e-6f);
            inner += r * r < 0.5f;
            mx += s[0], my += s[1];
        }
        if (n >= 16) {
            CHECK_MSG(fabs(mx / n) < 0.05 && fabs(my / n) < 0.05, "n %d: mean (%g, %g)", n, mx / n, my / n);
            CHECK_MSG(abs(2 * inner - n) <= 2, "n %d: %d within 1/sqrt 2", n, inner);
        }
    }
    if (test_failures) fprintf(stderr, "%d failure(s)\n", test_failures);
    return test_failures ? 1 : 0;
}
