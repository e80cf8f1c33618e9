/* The public SAT API (include/scanworks/sat.h): sw_sat on the backend named by the
 * argument ("cpu" or "cuda") against the table's recurrence on random 16-bit images of
 * awkward sizes and every channel count, outputs poisoned first; a 1920x1080 image of
 * large 16-bit values wraps its entries past 2^32 yet keeps every box of up to 65536
 * pixels exact; the refusals
 * (sizes, channels, NULL arrays, too little or misaligned temp storage). "cuda" skips
 * where no CUDA device answers; "cpu" checks there that the cuda entries say why. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scanworks/sat.h"
#include "test_util.h"

/* S(x, y) = in(x, y) + S(x - 1, y) + S(x, y - 1) - S(x - 1, y - 1), modulo 2^32. */
static void reference(const uint16_t *in, int w, int h, int c, uint32_t *s)
{
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            for (int k = 0; k < c; k++) {
                size_t i = ((size_t)y * w + x) * c + k;
                uint32_t v = in[i];
                if (x) v += s[i - c];
                if (y) v += s[i - (size_t)w * c];
                if (x && y) v -= s[i - (size_t)w * c - c];
                s[i] = v;
            }
}

static void check_sizes(sw_backend b, const char *name, uint64_t *rng)
{
    static const int sizes[][2] = {{1, 1}, {1, 777}, {513, 1}, {37, 29}, {33, 32}, {64, 65}, {300, 301}, {1031, 67}};
    for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++)
        for (int c = 1; c <= 4; c++) {
            const int w = sizes[si][0], h = sizes[si][1];
            const size_t n = (size_t)w * h * c;
            uint16_t *in = malloc(n * sizeof *in);
            uint32_t *got = malloc(n * 4), *want = malloc(n * 4);
            CHECK(in && got && want);
            if (in && got && want) {
                for (size_t i = 0; i < n; i++) in[i] = (uint16_t)test_rand(rng);
                reference(in, w, h, c, want);
                test_poison(got, n * 4);
                sw_error err = {{0}};
                CHECK_MSG(sw_sat(b, in, w, h, c, got, &err) == 0, "%s %dx%dx%d: %s", name, w, h, c, err.msg);
                size_t bad = n;
                for (size_t i = 0; i < n && bad == n; i++)
                    if (got[i] != want[i]) bad = i;
                CHECK_MSG(bad == n, "%s %dx%dx%d: entry %zu is %u, want %u", name, w, h, c, bad,
                          bad < n ? got[bad] : 0, bad < n ? want[bad] : 0);
            }
            free(in), free(got), free(want);
        }
}

/* 1920x1080 RGB of values near 2^16: the entries pass 2^32 (up to 2^37) and wrap; the
 * box sums of up to 256 x 256 pixels stay exact, and the whole image's sum modulo 2^32. */
static void check_wrap(sw_backend b, const char *name, uint64_t *rng)
{
    const int w = 1920, h = 1080, c = 3;
    const size_t n = (size_t)w * h * c;
    uint16_t *in = malloc(n * sizeof *in);
    uint32_t *s = malloc(n * 4);
    CHECK(in && s);
    if (in && s) {
        for (size_t i = 0; i < n; i++) in[i] = (uint16_t)(60000 + test_rand(rng) % 5536);
        sw_error err = {{0}};
        CHECK_MSG(sw_sat(b, in, w, h, c, s, &err) == 0, "%s 1080p: %s", name, err.msg);
        for (int t = 0; t < 200; t++) {
            int x0 = (int)(test_rand(rng) % w), y0 = (int)(test_rand(rng) % h), k = (int)(test_rand(rng) % c);
            int x1 = x0 + (int)(test_rand(rng) % (w - x0 < 256 ? w - x0 : 256));
            int y1 = y0 + (int)(test_rand(rng) % (h - y0 < 256 ? h - y0 : 256));
            if (t == 0) x0 = y0 = 0, x1 = w - 1, y1 = h - 1;   /* the whole image: its sum is past 2^32 */
            uint64_t exact = 0;
            for (int y = y0; y <= y1; y++)
                for (int x = x0; x <= x1; x++) exact += in[((size_t)y * w + x) * c + k];
#define AT(x, y) ((x) < 0 || (y) < 0 ? 0u : s[((size_t)(y) * w + (x)) * c + k])
            uint32_t box = AT(x1, y1) - AT(x0 - 1, y1) - AT(x1, y0 - 1) + AT(x0 - 1, y0 - 1);
#undef AT
            CHECK_MSG(box == (uint32_t)exact && (exact >> 32 == 0) == (t != 0), "%s box (%d,%d)-(%d,%d): %u, want %llu",
                      name, x0, y0, x1, y1, box, (unsigned long long)exact);
        }
    }
    free(in), free(s);
}

static void check_refusals(sw_backend b, const char *name)
{
    uint16_t in[8] = {0};
    uint32_t out[8];
    sw_error err = {{0}};
    CHECK_MSG(sw_sat(b, in, 0, 2, 1, out, &err) != 0 && strstr(err.msg, "1.."), "%s: width 0 taken", name);
    CHECK_MSG(sw_sat(b, in, SW_SAT_MAX_SIDE + 1, 1, 1, out, &err) != 0, "%s: width past the limit taken", name);
    CHECK_MSG(sw_sat(b, in, 2, 2, 5, out, &err) != 0 && strstr(err.msg, "channels"), "%s: 5 channels taken", name);
    CHECK_MSG(sw_sat(b, NULL, 2, 2, 1, out, &err) != 0, "%s: NULL input taken", name);
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "cpu";
    uint64_t rng = 39;
    sw_error err = {{0}};
    const int cuda = sw_cuda_available(&err);
    if (!strcmp(mode, "cuda")) {
        if (!cuda) TEST_SKIP("sw_sat on cuda: %s", err.msg);
        check_sizes(SW_BACKEND_CUDA, "cuda", &rng);
        check_wrap(SW_BACKEND_CUDA, "cuda", &rng);
        check_refusals(SW_BACKEND_CUDA, "cuda");
        size_t bytes = 0;
        CHECK_MSG(sw_sat_temp_bytes(1920, 1080, &bytes, &err) == 0 && bytes > 0, "temp bytes: %s", err.msg);
        uint32_t dummy[4];
        CHECK_MSG(sw_sat_device(dummy, dummy, 1920, 1080, NULL, 0, NULL, &err) != 0 && strstr(err.msg, "temp"),
                  "no temp storage taken");
        CHECK_MSG(sw_sat_device(dummy, dummy, 4, 4, (char *)dummy + 4, bytes, NULL, &err) != 0 &&
                      strstr(err.msg, "aligned"),
                  "misaligned temp storage taken");
        return test_finish("test_sat_api cuda");
    }
    check_sizes(SW_BACKEND_CPU, "cpu", &rng);
    check_wrap(SW_BACKEND_CPU, "cpu", &rng);
    check_refusals(SW_BACKEND_CPU, "cpu");
    uint16_t px[4] = {1, 2, 3, 4};
    uint32_t s[4];
    CHECK_MSG(sw_sat((sw_backend)1, px, 2, 2, 1, s, &err) != 0 && strstr(err.msg, "backend"), "backend 1 taken");
    if (!cuda) {
        CHECK_MSG(sw_sat(SW_BACKEND_CUDA, px, 2, 2, 1, s, &err) != 0 && strstr(err.msg, "cuda"),
                  "sw_sat on cuda without a device did not say why: %s", err.msg);
        CHECK_MSG(sw_sat_device(NULL, NULL, 2, 2, NULL, 0, NULL, &err) != 0 && strstr(err.msg, "cuda"),
                  "sw_sat_device without a device did not say why: %s", err.msg);
    }
    return test_finish("test_sat_api cpu");
}
