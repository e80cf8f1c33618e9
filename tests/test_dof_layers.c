/* The two-layer thin-lens scene (src/dof/dof_layers.c) on inputs whose answers are known:
 * the disc weights sum to 1, are symmetric, and hold a whole pixel's share 1 / (pi r^2);
 * the convolution of a constant is that constant (the disc preserves the mean), and on a
 * random canvas it equals the direct weighted sum; with both CoCs 0 the render is the
 * pinhole composite; focused on the object (far blurred) the object's pixels stay as
 * they are; focused on the background (object blurred) the background beyond the
 * object's reach does; a margin smaller than the disc is refused. */
#include <math.h>

#include "dof/dof_layers.h"
#include "test_util.h"

#define W 37
#define H 23
#define M 9
#define CW (W + 2 * M)
#define CH (H + 2 * M)

static uint32_t rng = 2024u;
static float next_unit(void)
{
    rng ^= rng << 13, rng ^= rng >> 17, rng ^= rng << 5;
    return (float)(rng >> 8) / 16777216.0f;
}

static void check_weights(float r)
{
    int half;
    float *w;
    sw_error err;
    CHECK(!dof_disc_weights(r, &half, &w, &err));
    int side = 2 * half + 1;
    double sum = 0, asym = 0;
    for (int y = 0; y < side; y++)
        for (int x = 0; x < side; x++) {
            float v = w[y * side + x];
            sum += v;
            asym = fmax(asym, fabs(v - w[x * side + y]));
            asym = fmax(asym, fabs(v - w[(side - 1 - y) * side + side - 1 - x]));
        }
    CHECK_MSG(fabs(sum - 1.0) < 1e-5, "r %g: the weights sum to %.8f", r, sum);
    CHECK_MSG(asym < 1e-6, "r %g: asymmetric by %g", r, asym);
    CHECK_MSG(half == dof_disc_half(r), "r %g: half %d", r, half);
    if (r >= 2.0f) {   /* the middle pixel is whole: its share is 1 / area */
        double want = 1.0 / (3.14159265358979 * r * r), got = w[half * side + half];
        CHECK_MSG(fabs(got - want) < 1e-4 * want, "r %g: middle weight %g, expected %g", r, got, want);
    }
    if (r <= 0.5f) CHECK(half == 0 && w[0] == 1.0f);
    free(w);
}

int main(void)
{
    static float canvas[CW * CH * 3], alpha[CW * CH], object[CW * CH * 3], out[W * H * 3], out2[W * H * 3];
    sw_error err;
    const float radii[] = {0.0f, 0.3f, 0.5f, 0.51f, 1.0f, 1.5f, 2.5f, 7.3f, 8.9f, 12.0f, 40.0f, 64.0f};
    for (size_t i = 0; i < sizeof radii / sizeof radii[0]; i++) check_weights(radii[i]);

    /* A constant stays constant: the disc's mean is the mean. */
    for (int i = 0; i < CW * CH * 3; i++) canvas[i] = 117.25f;
    for (float r = 0.0f; r <= 8.0f; r += 0.7f) {
        CHECK(!dof_disc_convolve(canvas, W, H, 3, M, r, out, &err));
        float worst = 0;
        for (int i = 0; i < W * H * 3; i++) worst = fmaxf(worst, fabsf(out[i] - 117.25f));
        CHECK_MSG(worst < 1e-3f, "r %g: a constant moved by %g", r, worst);
    }
    /* Random canvas: the row-sum path against the direct weighted sum. */
    for (int i = 0; i < CW * CH * 3; i++) canvas[i] = 255.0f * next_unit();
    for (int t = 0; t < 3; t++) {
        float r = t == 0 ? 3.7f : t == 1 ? 8.5f : 1.2f;
        int half;
        float *k;
        CHECK(!dof_disc_weights(r, &half, &k, &err));
        CHECK(!dof_disc_convolve(canvas, W, H, 3, M, r, out, &err));
        double worst = 0, mean_in = 0, mean_out = 0;
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++)
                for (int c = 0; c < 3; c++) {
                    double s = 0;
                    for (int dy = -half; dy <= half; dy++)
                        for (int dx = -half; dx <= half; dx++)
                            s += k[(dy + half) * (2 * half + 1) + dx + half] *
                                 canvas[((y + M + dy) * CW + x + M + dx) * 3 + c];
                    worst = fmax(worst, fabs(s - out[(y * W + x) * 3 + c]));
                    mean_out += out[(y * W + x) * 3 + c];
                    mean_in += canvas[((y + M) * CW + x + M) * 3 + c];
                }
        CHECK_MSG(worst < 1e-3, "r %g: row sums differ from the direct sum by %g", r, worst);
        /* the blur does not move the mean of a random picture by more than its noise */
        CHECK_MSG(fabs(mean_out - mean_in) / (W * H * 3) < 4.0, "r %g: mean %g against %g", r, mean_out, mean_in);
        free(k);
    }
    CHECK(dof_disc_convolve(canvas, W, H, 3, M, 9.6f, out, &err) == -1 && strstr(err.msg, "margin"));

    /* Two layers: a random background, a random object, a disc of opacity (soft edge). */
    for (int i = 0; i < CW * CH * 3; i++) object[i] = 255.0f * next_unit();
    for (int y = 0; y < CH; y++)
        for (int x = 0; x < CW; x++) {
            float d = hypotf(x - CW / 2.0f, y - CH / 2.0f);
            alpha[y * CW + x] = d < 5.0f ? 1.0f : d < 6.0f ? 6.0f - d : 0.0f;
        }
    dof_layers l = {W, H, M, canvas, object, alpha, 0.0f, 0.0f};
    CHECK(!dof_layers_render(&l, out, &err));
    float worst = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            for (int c = 0; c < 3; c++) {
                size_t ci = (size_t)(y + M) * CW + x + M;
                float a = alpha[ci], want = a * object[ci * 3 + c] + (1 - a) * canvas[ci * 3 + c];
                worst = fmaxf(worst, fabsf(out[(y * W + x) * 3 + c] - want));
            }
    CHECK_MSG(worst < 1e-3f, "CoCs 0: the render differs from the composite by %g", worst);
    /* Focus on the object: where it is opaque the pixel is the object's; elsewhere it
     * is the blurred background (the convolution alone where the object is absent). */
    l.far_coc = 4.0f;
    CHECK(!dof_layers_render(&l, out, &err));
    CHECK(!dof_disc_convolve(canvas, W, H, 3, M, 4.0f, out2, &err));
    float in_obj = 0, off_obj = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            for (int c = 0; c < 3; c++) {
                size_t ci = (size_t)(y + M) * CW + x + M, o = ((size_t)y * W + x) * 3 + c;
                if (alpha[ci] == 1.0f) in_obj = fmaxf(in_obj, fabsf(out[o] - object[ci * 3 + c]));
                if (alpha[ci] == 0.0f) off_obj = fmaxf(off_obj, fabsf(out[o] - out2[o]));
            }
    CHECK_MSG(in_obj < 1e-3f && off_obj < 1e-3f, "far blurred: object off by %g, background by %g", in_obj, off_obj);
    /* Focus on the background: beyond 6 + r of the object's centre the background is
     * sharp, inside the opaque core (farther than r from its rim) the object is its
     * blurred self, and the frame's mean colour is conserved within the object's. */
    l.far_coc = 0.0f, l.near_coc = 3.0f;
    CHECK(!dof_layers_render(&l, out, &err));
    float far_off = 0, cover = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            size_t ci = (size_t)(y + M) * CW + x + M;
            float d = hypotf(x + M - CW / 2.0f + 0.5f, y + M - CH / 2.0f + 0.5f);
            for (int c = 0; c < 3; c++)
                if (d > 6.0f + 3.0f + 1.5f) far_off = fmaxf(far_off, fabsf(out[(y * W + x) * 3 + c] - canvas[ci * 3 + c]));
            cover += alpha[ci];
        }
    CHECK_MSG(far_off < 1e-3f, "near blurred: the background away from the object moved by %g", far_off);
    CHECK(cover > 50.0f);
    return test_finish("test_dof_layers");
}
