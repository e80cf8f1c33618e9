/* The foreground guard's filtered radius comparison (dof_radius_below in
 * src/dof/dof_math.h) with an approximate division, as the CUDA gather compiles it:
 * here DOF_DIV is the exact quotient moved by up to SLOP ulp (CUDA's __fdividef is
 * within 2), and every answer must equal the exact comparison dof_radius(...) < limit.
 * Inputs: random depths, foci and apertures; limits placed exactly on, and a few ulp
 * around, the exact radius (the ties the filter must hand to the exact division); and
 * the test must notice a filter whose margin is too small (SLOP far past the bound).
 * Also the boxes' division by 3 without a division (dof_third): equal to x / 3.0f for
 * every float x in [0.5, 256), the range box radii take (r in [0.5, 64] times 1..3).
 * And the guard's skip at or before the focus: no probe there could have passed. */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "dof/dof.h"
#include "test_util.h"

static int slop;           /* ulp the approximate quotient may be off by */
static uint64_t div_rng;   /* which way and how far each quotient moves */

static float approx_div(float a, float b)
{
    float q = a / b;
    int steps = (int)(test_rand(&div_rng) % (uint64_t)(2 * slop + 1)) - slop;
    for (; steps > 0; steps--) q = nextafterf(q, INFINITY);
    for (; steps < 0; steps++) q = nextafterf(q, -INFINITY);
    return q;
}

struct dof_image {
    const dof_params *p;
    int w, h, c;
};
#define DOF_FN static inline
#define DOF_DEPTH(m, x, y) 0.0f
#define DOF_SAT(m, x, y, ch) 0u
#define DOF_DIV(a, b) approx_div((a), (b))
#include "dof/dof_math.h"

static float rand_unit(uint64_t *rng) { return (float)(test_rand(rng) >> 40) / (float)(1 << 24); }

/* Exact answers over many cases with the given SLOP; returns how many differed. */
static int mismatches(int with_slop, uint64_t seed)
{
    slop = with_slop;
    div_rng = seed ^ 0x9e37;
    uint64_t rng = seed;
    int bad = 0;
    for (int i = 0; i < 200000; i++) {
        float aperture = 64.0f * rand_unit(&rng), focus = 0.01f + 20.0f * rand_unit(&rng);
        float depth = i % 7 == 0 ? rand_unit(&rng) * 1e-5f : 0.001f + 30.0f * rand_unit(&rng);
        float exact = dof_radius(aperture, focus, depth), limit;
        switch (i % 4) {
        case 0: limit = exact; break;                               /* a tie */
        case 1: limit = nextafterf(exact, INFINITY); break;         /* one ulp above */
        case 2: limit = nextafterf(nextafterf(exact, 0.0f), 0.0f); break;   /* two below */
        default: limit = 64.0f * rand_unit(&rng); break;            /* anywhere */
        }
        int want = exact < limit, got = dof_radius_below(aperture, focus, depth, limit);
        bad += want != got;
    }
    return bad;
}

/* The guard's skip (dof_limit_radius): at depth d <= DOF_GUARD_FROM x focus, no probe
 * dt < 0.8 d passes the radius test against half the pixel's radius, with the
 * approximate division too. Returns how many did; *behind counts the passes just past
 * 7/6 of the focus, which must occur (the bound is close to tight, and the cases can
 * tell). */
static int guard_skip_violations(uint64_t seed, int *behind)
{
    slop = 2;
    div_rng = seed ^ 0x51a9;
    uint64_t rng = seed;
    int bad = 0;
    *behind = 0;
    for (int i = 0; i < 200000; i++) {
        float aperture = 64.0f * rand_unit(&rng), focus = 0.01f + 20.0f * rand_unit(&rng);
        float d;
        switch (i % 6) {
        case 0: d = focus; break;
        case 1: d = DOF_GUARD_FROM * focus; break;                                  /* the bound */
        case 2: d = focus * (1.0f + 0.16f * rand_unit(&rng)); break;                /* just behind */
        case 3: d = focus * (7.0f / 6.0f) * (1.0f + 0.05f * rand_unit(&rng)); break;   /* past 7/6 */
        case 4: d = rand_unit(&rng) * 1e-5f; break;
        default: d = 0.001f + 30.0f * rand_unit(&rng); break;
        }
        /* probes near the band a pass needs: just below 0.8 d, and anywhere nearer */
        float dt = i % 3 == 0 ? nextafterf(d * 0.8f, 0.0f) : d * 0.8f * rand_unit(&rng);
        float r = dof_radius(aperture, focus, d);
        int pass = dt < d * 0.8f && dof_radius_below(aperture, focus, dt, 0.5f * r);
        if (d <= DOF_GUARD_FROM * focus)
            bad += pass;
        else if (d < focus * 1.25f)
            *behind += pass;
    }
    return bad;
}

/* Floats in [lo, hi) where dof_third differs from the division; prints the first few. */
static long third_mismatches(float lo, float hi)
{
    uint32_t a, b;
    memcpy(&a, &lo, 4), memcpy(&b, &hi, 4);
    long bad = 0;
    for (uint32_t u = a; u < b; u++) {
        volatile float x;   /* volatile: the division is done here, not folded */
        float xv;
        memcpy(&xv, &u, 4);
        x = xv;
        float want = x / 3.0f, got = dof_third(x);
        if (got != want && bad++ < 3) printf("dof_third(%a) = %a, x / 3 = %a\n", (double)xv, (double)got, (double)want);
    }
    return bad;
}

int main(void)
{
    long off = third_mismatches(0.5f, 256.0f);
    printf("dof_third: %ld of the floats in [0.5, 256) differ from x / 3\n", off);
    CHECK_MSG(off == 0, "dof_third differs from the division for %ld floats", off);

    for (int s = 0; s <= 3; s++) {
        int bad = mismatches(s, 0x5eed + (uint64_t)s);
        printf("quotient off by up to %d ulp: %d of 200000 answers differ from the exact comparison\n", s, bad);
        CHECK_MSG(bad == 0, "with %d ulp of slop the filter gave %d wrong answers", s, bad);
    }
    int behind, skip_bad = guard_skip_violations(0x5c1b, &behind);
    printf("guard skip: %d probes of pixels up to %.2f x the focus pass (must be 0); %d just deeper do\n", skip_bad,
           (double)DOF_GUARD_FROM, behind);
    CHECK_MSG(skip_bad == 0, "%d probes of pixels the guard skips would have passed", skip_bad);
    CHECK_MSG(behind > 0, "no probe of a pixel between 1.16 and 1.25 x the focus passed: the cases cannot tell");
    /* A quotient off by far more than the margin allows must show: the test can fail. */
    int bad = mismatches(400, 0xbad);
    printf("quotient off by up to 400 ulp (past the margin): %d answers differ\n", bad);
    CHECK_MSG(bad > 0, "a 400-ulp quotient went unnoticed: the ties are not exercised");
    return test_finish("test_dof_radius_filter");
}
