/* scanworks compute dof-scene: an RGB-D scene made from a photograph, with the thin lens's
 * exact image of it, to score compute dof against (src/dof/dof_layers.h derives it). */
#include "app/commands_ops.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/cli.h"
#include "app/compute_common.h"
#include "app/options.h"
#include "dof/dof_layers.h"
#include "dof/dof_limits.h"
#include "io/image.h"
#include "io/image_resize.h"
#include "io/npy.h"

static const char *const usage =
    "scanworks compute dof-scene --photo PHOTO.png --aperture A --out-image IMAGE.png --out-depth DEPTH.npy "
    "--out-reference REF.png [--case near-blur|far-blur] [--object disc|rect] [--object-photo P.png] "
    "[--object-size S] [--near-depth D] [--far-depth D] [--size WxH]\n\n"
    "Makes a two-layer RGB-D scene and the thin lens's exact image of it: the photograph (scaled to cover\n"
    "--size, centred) is a background at --far-depth, and an object (a disc, or a rectangle 1.5 times as\n"
    "wide as high, --object-size of the frame's height, centred, its edge anti-aliased) at --near-depth\n"
    "shows --object-photo (by default the photograph turned by 180 degrees). --case near-blur focuses on\n"
    "the background: a blurred object over a sharp background; far-blur on the object: a sharp object\n"
    "over a blurred background. Writes the pinhole picture (--out-image), its depth (--out-depth, float32\n"
    "(H,W), the object's depth where it covers half a pixel or more) and the thin-lens image (--out-reference):\n"
    "each layer spread by the disc of radius A |1 - F/d| pixels (the CoC of compute dof, F the focus), the\n"
    "lens seeing beyond the frame's edges. Prints one JSON line with the focus and both CoCs; then run\n"
    "  scanworks compute dof --in IMAGE.png --depth DEPTH.npy --focus F --aperture A --reference REF.png ...";

typedef struct scene_args {
    const char *photo, *object_photo, *object, *kase, *size, *out_image, *out_depth, *out_ref;
    double aperture, object_size, near_depth, far_depth;
} scene_args;

/* Opacity of the object (half-height RY, centred) at each canvas pixel (cw x ch): 8x8
 * samples a pixel. */
static void object_alpha(bool disc, int cw, int ch, double ry, float *alpha)
{
    double cx = cw / 2.0, cy = ch / 2.0, rx = disc ? ry : 1.5 * ry;
    for (int y = 0; y < ch; y++)
        for (int x = 0; x < cw; x++) {
            int in = 0;
            for (int s = 0; s < 64; s++) {
                double px = x + (s % 8 + 0.5) / 8 - cx, py = y + (s / 8 + 0.5) / 8 - cy;
                in += disc ? px * px + py * py <= ry * ry : fabs(px) <= rx && fabs(py) <= ry;
            }
            alpha[(size_t)y * cw + x] = in / 64.0f;
        }
}

/* The picture at PATH (or, with TURN, PATH's picture turned by 180 degrees) as RGB
 * floats covering the canvas CW x CH. */
static int load_layer(const char *path, bool turn, int cw, int ch, float **out, sw_error *err)
{
    image8 img, scaled;
    *out = NULL;
    if (image_load_file(&img, path, 3, err)) return -1;
    if (turn) {
        size_t n = (size_t)img.width * img.height;
        for (size_t i = 0; i < n / 2; i++)
            for (int j = 0; j < 3; j++) {
                unsigned char t = img.pixels[i * 3 + j];
                img.pixels[i * 3 + j] = img.pixels[(n - 1 - i) * 3 + j];
                img.pixels[(n - 1 - i) * 3 + j] = t;
            }
    }
    int rc = image_resize_cover(&img, cw, ch, &scaled, err);
    image_free(&img);
    if (rc) return sw_wrap(err, "%s: ", path);
    size_t n = (size_t)cw * ch * 3;
    *out = sw_malloc(n * sizeof **out, "a scene layer", err);
    for (size_t i = 0; *out && i < n; i++) (*out)[i] = scaled.pixels[i];
    image_free(&scaled);
    return *out ? 0 : -1;
}

static int write_rgb(const char *path, const float *v, int w, int h, sw_error *err)
{
    size_t n = (size_t)w * h * 3;
    unsigned char *px = sw_malloc(n, "an output picture", err);
    if (!px) return -1;
    for (size_t i = 0; i < n; i++) {
        float x = v[i] + 0.5f;
        px[i] = x >= 255.0f ? 255 : x <= 0.0f ? 0 : (unsigned char)x;
    }
    int rc = image_write_png(path, w, h, 3, px, 0, 0, err);
    free(px);
    return rc;
}

static int write_depth(const char *path, const float *alpha, int w, int h, int m, float dn, float df, sw_error *err)
{
    npy_array a;
    int64_t shape[2] = {h, w};
    if (npy_alloc(&a, NPY_F32, 2, shape, err)) return -1;
    float *d = a.data;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) d[(size_t)y * w + x] = alpha[(size_t)(y + m) * (w + 2 * m) + x + m] >= 0.5f ? dn : df;
    int rc = npy_write(path, &a, err);
    npy_free(&a);
    return rc;
}

/* The work once the flags are checked: W x H frame, margin M, focus F, CoCs. */
static int make_scene(const scene_args *a, int w, int h, int m, float focus, float cn, float cf, sw_error *err)
{
    int cw = w + 2 * m, ch = h + 2 * m;
    size_t n = (size_t)w * h, cn_px = (size_t)cw * ch;
    float *back = NULL, *object = NULL, *alpha = NULL, *out = NULL;
    int rc = -1;
    if (load_layer(a->photo, false, cw, ch, &back, err) ||
        load_layer(a->object_photo ? a->object_photo : a->photo, !a->object_photo, cw, ch, &object, err))
        goto done;
    alpha = sw_malloc(cn_px * sizeof *alpha, "the object's opacity", err);
    out = alpha ? sw_malloc(n * 3 * sizeof *out, "the scene's picture", err) : NULL;
    if (!out) goto done;
    object_alpha(!strcmp(a->object, "disc"), cw, ch, a->object_size * h / 2.0, alpha);
    /* The pinhole picture: both CoCs 0. */
    dof_layers l = {w, h, m, back, object, alpha, 0.0f, 0.0f};
    if (dof_layers_render(&l, out, err) || write_rgb(a->out_image, out, w, h, err)) goto done;
    if (write_depth(a->out_depth, alpha, w, h, m, (float)a->near_depth, (float)a->far_depth, err)) goto done;
    l.near_coc = cn, l.far_coc = cf;
    if (dof_layers_render(&l, out, err) || write_rgb(a->out_ref, out, w, h, err)) goto done;
    double covered = 0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) covered += alpha[(size_t)(y + m) * cw + x + m];
    printf("{\"case\": \"%s\", \"width\": %d, \"height\": %d, \"focus\": %.9g, \"aperture\": %.9g, \"near_depth\": %.9g, "
           "\"far_depth\": %.9g, \"near_coc\": %.6g, \"far_coc\": %.6g, \"object_fraction\": %.6f}\n",
           a->kase, w, h, focus, a->aperture, a->near_depth, a->far_depth, cn, cf, covered / (double)n);
    rc = 0;
done:
    free(back);
    free(object);
    free(alpha);
    free(out);
    return rc;
}

int compute_dof_scene(int argc, char **argv)
{
    scene_args a = {NULL, NULL, "disc", "near-blur", NULL, NULL, NULL, NULL, 0, 0.5, 1.0, 4.0};
    cli_flag flags[] = {
        {"--photo", CLI_STRING, &a.photo, "PHOTO.png  the background's picture", 0, 0, true, false},
        {"--aperture", CLI_DOUBLE, &a.aperture, "A  blur radius at infinity, pixels (as compute dof's)", 0, 1e6, true,
         false},
        {"--out-image", CLI_OUT, &a.out_image, "IMAGE.png  the pinhole picture (compute dof's --in)", 0, 0, true, false},
        {"--out-depth", CLI_OUT, &a.out_depth, "DEPTH.npy  its depth, float32 (H,W) (compute dof's --depth)", 0, 0,
         true, false},
        {"--out-reference", CLI_OUT, &a.out_ref, "REF.png  the thin lens's image (compute dof's --reference)", 0, 0,
         true, false},
        {"--case", CLI_STRING, &a.kase, "near-blur|far-blur  focus on the background or on the object", 0, 0, false,
         false},
        {"--object", CLI_STRING, &a.object, "disc|rect  the object's shape", 0, 0, false, false},
        {"--object-photo", CLI_STRING, &a.object_photo, "P.png  the object's picture (default: PHOTO turned 180 deg)",
         0, 0, false, false},
        {"--object-size", CLI_DOUBLE, &a.object_size, "S  the object's height over the frame's, 0.05..1", 0.05, 1,
         false, false},
        {"--near-depth", CLI_DOUBLE, &a.near_depth, "D  the object's depth (> 0)", 1e-6, 1e9, false, false},
        {"--far-depth", CLI_DOUBLE, &a.far_depth, "D  the background's depth (> --near-depth)", 1e-6, 1e9, false,
         false},
        {"--size", CLI_STRING, &a.size, "WxH  the frame (default: the photograph's size), sides 16..2048", 0, 0, false,
         false},
        {NULL, CLI_FLAG, NULL, NULL, 0, 0, false, false},
    };
    int rc = compute_parse_flags("dof-scene", argc, argv, flags, usage);
    if (rc >= 0) return rc;
    sw_error err;
    int w = 0, h = 0;
    const char *bad = NULL;
    char msg[768];
    if (strcmp(a.kase, "near-blur") && strcmp(a.kase, "far-blur"))
        snprintf(msg, sizeof msg, "--case '%s': expected near-blur or far-blur", a.kase), bad = msg;
    else if (strcmp(a.object, "disc") && strcmp(a.object, "rect"))
        snprintf(msg, sizeof msg, "--object '%s': expected disc or rect", a.object), bad = msg;
    else if (!(a.near_depth < a.far_depth))
        snprintf(msg, sizeof msg, "--near-depth %g is not nearer than --far-depth %g; the object must be in front",
                 a.near_depth, a.far_depth), bad = msg;
    else if (a.size && options_parse_size(a.size, &w, &h, &err))
        snprintf(msg, sizeof msg, "%s", err.msg), bad = msg;
    else if (a.size && (w < 16 || h < 16 || w > 2048 || h > 2048))
        snprintf(msg, sizeof msg, "--size %s: each side must be 16..2048", a.size), bad = msg;
    bool near_blur = !strcmp(a.kase, "near-blur");
    double focus = near_blur ? a.far_depth : a.near_depth;
    double cn = a.aperture * fabs(1.0 - focus / a.near_depth), cf = a.aperture * fabs(1.0 - focus / a.far_depth);
    if (!bad && fmax(cn, cf) > DOF_MAX_RADIUS)
        snprintf(msg, sizeof msg, "--aperture %g gives a CoC of %.4g px, over compute dof's limit of %d px; use an "
                 "aperture of at most %.4g (or depths closer together)", a.aperture, fmax(cn, cf), DOF_MAX_RADIUS,
                 a.aperture * DOF_MAX_RADIUS / fmax(cn, cf)), bad = msg;
    if (bad) {
        fprintf(stderr, "scanworks compute dof-scene: %s\n", bad);
        return 2;
    }
    if (!a.size) {   /* the photograph's own size */
        image8 probe;
        if (image_load_file(&probe, a.photo, 3, &err)) {
            fprintf(stderr, "scanworks compute dof-scene: %s\n", err.msg);
            return 1;
        }
        w = probe.width, h = probe.height;
        image_free(&probe);
        if (w < 16 || h < 16 || w > 2048 || h > 2048) {
            fprintf(stderr, "scanworks compute dof-scene: %s is %dx%d; sides must be 16..2048 (or give --size)\n",
                    a.photo, w, h);
            return 1;
        }
    }
    int m = dof_disc_half((float)fmax(cn, cf)) + 1;
    if (make_scene(&a, w, h, m, (float)focus, (float)cn, (float)cf, &err)) {
        fprintf(stderr, "scanworks compute dof-scene: %s\n", err.msg);
        return 1;
    }
    return 0;
}
