/* scanworks compute dof: the demo's depth of field on a user's picture and depth map. */
#include "gl/gl.h"
#include "app/commands_ops.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/cli.h"
#include "app/compute_common.h"
#include "app/compute_context.h"
#include "app/compute_pixels.h"
#include "dof/dof.h"
#include "dof/dof_cpu_run.h"
#include "dof/dof_half.h"
#include "dof/dof_half_gl.h"
#include "dof/dof_quality.h"
#include "dof/sat_frame.h"
#include "gl/gl_util.h"
#include "io/image.h"

static const char *const usage =
    "scanworks compute dof --backend cpu|gl|cuda --in IMAGE.png --depth DEPTH.png|DEPTH.npy --focus F "
    "--aperture A --out OUT.png [--kernel disc|boxes] [--boxes 1|2|3] [--guard on|off] [--near layers|on|off] [--scale full|half] [--reference REF.png]\n\n"
    "Blurs each pixel from the summed-area table, radius A * |1 - F/d| pixels (d the pixel's depth; a\n"
    "PNG depth map reads as 0..1, an .npy as given; F in the same units). Pixels at the focus distance\n"
    "come out unchanged; A = 0 turns the blur off.\n\n"
    "The kernel: by default (--kernel disc) the mean over a stepped disc of fractional radius; --boxes N\n"
    "(or --kernel boxes) the mean of N nested boxes (1 is the chapter's single box; default 3).\n\n"
    "What lies in front (--near): by default (layers, the disc's; with boxes it is on) two more tables,\n"
    "the near and the far layer premultiplied by their coverage: a blurred background averages only the\n"
    "far layer, so a sharp object in front neither bleeds into it nor shrinks it, and the near layer's\n"
    "box means over the tile's near CoC are laid over the rest (inside the foreground, the probes below\n"
    "spread what is nearer). on (the app's default): a blurred foreground spreads over what lies behind\n"
    "it by probes (a tile pass of the near field's CoC, a near layer blended over),\n"
    "and the radius shrinks smoothly where a sharp nearer object would bleed into the blur (--guard,\n"
    "default on; the boxes halve it). off: the guard alone. Every backend runs each.\n\n"
    "cpu runs the C gather; gl and cuda build the table on the GPU (cuda through CUDA-GL interop, as in\n"
    "the app) and run the DoF shader. --reference scores the result against a ground-truth picture of\n"
    "the same size (such as a thin-lens render): PSNR and SSIM on luma, over the whole picture and over\n"
    "the depth-edge band, printed as one JSON line. --scale half (cpu; gl with --gather compute or\n"
    "fragment; cuda with --gather cuda; an opaque picture on gl and cuda) runs the whole DoF, the layer\n"
    "tables too, on the picture downsampled 2x2 (colour the mean, depth the nearest) with the aperture\n"
    "halved, and composites it at full size: the half result upsampled, each pixel's own detail kept\n"
    "where its CoC is below 1.5 px and no blurred foreground covers it.";

/* The GPU path: the app's frame path on the user's picture (values 0..255, scale 1). */
static int dof_gpu(prim_backend b, sat_variant v, dof_gather gather, const dof_params *p, const image8 *img,
                   const float *depth, uint8_t *out, sw_error *err)
{
    if (compute_gl_context(NULL, err)) return -1;
    int w = img->width, h = img->height, c = img->channels, rc = -1;
    size_t n = (size_t)w * h;
    float *rgba = sw_calloc(n * 4, sizeof *rgba, "picture (RGBA float)", err);
    if (!rgba) return -1;
    for (size_t i = 0; i < n; i++)
        for (int k = 0; k < c; k++) rgba[i * 4 + k] = img->pixels[i * c + k];
    /* The fourth channel, where it is the same at every pixel (0 without one): the cuda
     * build then scans three channels, as for the app's opaque scene. */
    float alpha = c < 4 ? 0.0f : (float)img->pixels[3];
    for (size_t i = 0; c == 4 && i < n; i++)
        if (img->pixels[i * 4 + 3] != img->pixels[3]) {
            alpha = -1.0f;
            break;
        }
    GLuint color = gl_texture_2d(GL_RGBA16F, w, h), depth_tex = gl_texture_2d(GL_R32F, w, h);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTextureSubImage2D(color, 0, 0, 0, w, h, GL_RGBA, GL_FLOAT, rgba);
    glTextureSubImage2D(depth_tex, 0, 0, 0, w, h, GL_RED, GL_FLOAT, depth);
    sat_frame sf;
    dof_pass pass;
    gl_target target;
    dof_half_gl half;
    /* The cuda gather writes half floats (exact to 1/8 at 128..255, so the rounded
     * bytes agree); the GL passes write float. */
    const GLenum fmt = gather == DOF_CUDA ? GL_RGBA16F : GL_RGBA32F;
    sat_cuda_gather cg = {.depth_tex = depth_tex, .params = *p};
    memset(&sf, 0, sizeof sf);
    memset(&pass, 0, sizeof pass);
    memset(&target, 0, sizeof target);
    dof_half_gl_init(&half);
    if (gl_check("uploading the picture", err) || sat_frame_init(&sf, err)) goto done;
    if (dof_pass_init(&pass, "rgba32f", err) || gl_target_create(&target, w, h, &fmt, 1, false, err)) goto done;
    cg.out_tex = target.color[0];
    if (p->half && gather != DOF_CUDA) {   /* the GL gathers' half-resolution DoF: all of it in dof_half_gl */
        if (dof_half_gl_run(&half, &pass, &sf, b, v, gather, p, color, depth_tex, w, h, alpha, target.color[0], NULL,
                            err))
            goto done;
    } else {
        if (sat_frame_build(&sf, b, v, color, w, h, 1.0f, alpha, gather == DOF_CUDA ? &cg : NULL, NULL, err))
            goto done;
        if (gather != DOF_CUDA &&
            dof_pass_run(&pass, gather, p, color, depth_tex, sf.buffer, w, h, target.fbo, target.color[0], err))
            goto done;
    }
    glGetTextureImage(target.color[0], 0, GL_RGBA, GL_FLOAT, (GLsizei)(n * 16), rgba);
    if (gl_check("reading the result back", err)) goto done;
    /* A NaN or an infinity rounds to some byte like any value, so a kernel that blends
     * an unset register would pass a picture comparison unseen: it fails here. */
    for (size_t i = 0; i < n * 4; i++)
        if (!isfinite(rgba[i])) {
            sw_fail(err, "the %s gather wrote a non-finite value (%g) at pixel (%zu, %zu), channel %zu",
                    dof_gather_name(gather), (double)rgba[i], i / 4 % (size_t)w, i / 4 / (size_t)w, i % 4);
            goto done;
        }
    for (size_t i = 0; i < n; i++)
        for (int k = 0; k < c; k++) {
            float x = rgba[i * 4 + k] + 0.5f;
            out[i * c + k] = x >= 255.0f ? 255 : x <= 0.0f ? 0 : (uint8_t)x;
        }
    rc = 0;
done:
    dof_half_gl_shutdown(&half);
    sat_frame_shutdown(&sf);
    dof_pass_shutdown(&pass);
    gl_target_destroy(&target);
    glDeleteTextures(1, &color);
    glDeleteTextures(1, &depth_tex);
    free(rgba);
    return rc;
}

static int dof_cpu(const dof_params *p, const image8 *img, const float *depth, uint8_t *out, sw_error *err)
{
    return dof_cpu_run(p, img->pixels, depth, img->width, img->height, img->channels, out, NULL, err);
}

static bool flag_given(int argc, char **argv, const char *flag)
{
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], flag)) return true;
    return false;
}

/* Prints the scores of OUT (IMG's size and channels) against the picture at REF_PATH. */
static int score_against(const char *ref_path, const image8 *img, const uint8_t *out, const float *depth,
                         const dof_params *p, sw_error *err)
{
    image8 ref = {0};
    if (image_load_file(&ref, ref_path, 0, err)) return -1;
    int rc = -1, w = img->width, h = img->height;
    float *coc = NULL;
    if (ref.width != w || ref.height != h) {
        sw_fail(err, "--reference %s is %dx%d but the picture is %dx%d; they must match", ref_path, ref.width,
                ref.height, w, h);
        goto done;
    }
    coc = sw_malloc((size_t)w * h * sizeof *coc, "the CoC map", err);
    if (!coc) goto done;
    for (size_t i = 0; i < (size_t)w * h; i++) coc[i] = dof_blur_radius(p->aperture, p->focus, depth[i]);
    dof_score s;
    if (dof_score_images(out, img->channels, ref.pixels, ref.channels, w, h, coc, &s, err)) goto done;
    printf("{\"psnr\": ");
    printf(isfinite(s.psnr) ? "%.4f" : "null", s.psnr);
    printf(", \"ssim\": %.6f, \"band_fraction\": %.6f, \"band_psnr\": ", s.ssim, s.band_fraction);
    printf(isfinite(s.band_psnr) ? "%.4f" : "null", s.band_psnr);
    printf(", \"band_ssim\": %.6f}\n", s.band_ssim);
    rc = 0;
done:
    image_free(&ref);
    free(coc);
    return rc;
}

int compute_dof(int argc, char **argv)
{
    const char *backend_s = NULL, *variant_s = NULL, *gather_s = "compute", *in = NULL, *depth_path = NULL,
               *out_path = NULL, *ref_path = NULL;
    double focus = 0, aperture = 0;
    long boxes = DOF_DEFAULT_BOXES;
    const char *guard_s = "on", *kernel_s = NULL, *near_s = NULL, *scale_s = "full";
    cli_flag flags[] = {
        {"--backend", CLI_STRING, &backend_s, "cpu|gl|cuda  who builds the table (and runs the gather)", 0, 0, true,
         false},
        {"--in", CLI_STRING, &in, "IMAGE.png  the picture", 0, 0, true, false},
        {"--depth", CLI_STRING, &depth_path, "FILE  depth map, PNG (0..1) or .npy (H,W), same size", 0, 0, true,
         false},
        {"--focus", CLI_DOUBLE, &focus, "F  focus distance, in the depth map's units", 1e-9, 1e12, true, false},
        {"--aperture", CLI_DOUBLE, &aperture, "A  blur radius at infinity, pixels (>= 0)", 0, 1e6, true, false},
        {"--out", CLI_OUT, &out_path, "OUT.png  the result", 0, 0, true, false},
        {"--boxes", CLI_LONG, &boxes, "N  nested boxes averaged: 1 (one box) .. 3 (smoothest, default)", 1,
         DOF_MAX_BOXES, false, false},
        {"--kernel", CLI_STRING, &kernel_s, "disc|boxes  the gather's shape (default disc; boxes with --boxes)", 0, 0,
         false, false},
        {"--guard", CLI_STRING, &guard_s, "on|off  keep sharp foreground edges out of the blur (default on)", 0, 0,
         false, false},
        {"--near", CLI_STRING, &near_s,
         "off|on|layers  a blurred foreground spreads over what is behind it: by the layer tables (layers, the "
         "default) or probes (on, the app's; the default with --scale half)", 0, 0,
         false, false},
        {"--scale", CLI_STRING, &scale_s,
         "full|half  the DoF at the picture's size, or at half size composited back (cpu, gl, or cuda with --gather "
         "cuda; default full)", 0, 0,
         false, false},
        {"--reference", CLI_STRING, &ref_path, "REF.png  score the result against this picture (same size)", 0, 0,
         false, false},
        {"--variant", CLI_STRING, &variant_s, "V  SAT variant: three-pass or tiled", 0, 0, false, false},
        {"--gather", CLI_STRING, &gather_s, "G  fragment or compute shader, or cuda (--backend cuda only)", 0, 0,
         false, false},
        {NULL, CLI_FLAG, NULL, NULL, 0, 0, false, false},
    };
    int rc = compute_parse_flags("dof", argc, argv, flags, usage);
    if (rc >= 0) return rc;
    sw_error err;
    prim_backend b;
    sat_variant v = SAT_THREE_PASS;
    dof_gather g;
    bool guard;
    int near = DOF_NEAR_LAYERS;   /* the photographs' best (docs/perf/dof.md) at either --scale */
    /* --boxes alone picks the box kernel */
    dof_kernel kernel = flag_given(argc, argv, "--boxes") ? DOF_KERNEL_BOXES : DOF_KERNEL_DISC;
    if (prim_backend_parse(backend_s, &b, &err) || (variant_s && sat_variant_parse(variant_s, &v, &err)) ||
        dof_gather_parse(gather_s, &g, &err) || dof_guard_parse(guard_s, &guard, &err) ||
        (near_s && dof_near_parse(near_s, &near, &err)) ||
        (kernel_s && dof_kernel_parse(kernel_s, &kernel, &err))) {
        fprintf(stderr, "scanworks compute dof: %s\n", err.msg);
        return 2;
    }
    bool half = !strcmp(scale_s, "half");
    if (!half && strcmp(scale_s, "full")) {
        fprintf(stderr, "scanworks compute dof: --scale '%s': expected full or half\n", scale_s);
        return 2;
    }
    if (half && b == PRIM_CUDA && g != DOF_CUDA) {
        fprintf(stderr, "scanworks compute dof: --scale half on --backend cuda runs with --gather cuda (the compute "
                        "and fragment gathers' half size is --backend gl)\n");
        return 2;
    }
    if (!variant_s && b != PRIM_CPU) v = SAT_TILED;
    if (g == DOF_CUDA && b != PRIM_CUDA) {
        fprintf(stderr, "scanworks compute dof: --gather cuda needs --backend cuda\n");
        return 2;
    }
    if (!sat_variant_supported(b, v)) {
        fprintf(stderr, "scanworks compute dof: backend %s has no variant %s\n", prim_backend_name(b),
                sat_variant_name(v));
        return 2;
    }
    image8 img = {0};
    float *depth = NULL;
    uint8_t *out = NULL;
    int dw, dh;
    const char *why;
    rc = 1;
    if (image_load_file(&img, in, 0, &err) || load_depth(depth_path, &dw, &dh, &depth, &err)) goto done;
    if (dw != img.width || dh != img.height) {
        sw_fail(&err, "the depth map %s is %dx%d but the picture %s is %dx%d; they must match", depth_path, dw, dh, in,
                img.width, img.height);
        goto done;
    }
    if (b == PRIM_CUDA && !prim_cuda_available(&why)) {
        sw_fail(&err, "the cuda backend is unavailable: %s", why);
        goto done;
    }
    out = sw_malloc((size_t)img.width * img.height * img.channels, "the result", &err);
    if (!out) goto done;
    dof_params p = {(float)focus, (float)aperture, 1.0f, DOF_VIEW_EFFECT, (int)boxes, guard, kernel, 0, 0, 0};
    dof_params_near(&p, near, kernel);
    p.half = half;
    if (half && b == PRIM_CPU ? dof_half_apply(&p, img.pixels, depth, img.width, img.height, img.channels, out, &err)
             : b == PRIM_CPU ? dof_cpu(&p, &img, depth, out, &err) : dof_gpu(b, v, g, &p, &img, depth, out, &err))
        goto done;
    if (image_write_png(out_path, img.width, img.height, img.channels, out, 0, 0, &err)) goto done;
    if (ref_path && score_against(ref_path, &img, out, depth, &p, &err)) goto done;
    rc = 0;
done:
    if (rc) fprintf(stderr, "scanworks compute dof: %s\n", err.msg);
    image_free(&img);
    free(depth);
    free(out);
    return rc;
}
