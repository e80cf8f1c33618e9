#include "app/app.h"
#include "app/cli.h"
#include "prim/backend.h"
#include "app/frame_log.h"
#include "app/modes.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "util/clock.h"

static double now_seconds(void) { return sw_clock_ms() * 1e-3; }

/* Makes DIR if it is missing and proves it writable before any frame is rendered. */
static int prepare_dump_dir(const char *dir, sw_error *err)
{
    struct stat st;
    if (stat(dir, &st) != 0) {
        if (mkdir(dir, 0777) != 0)
            return sw_fail(err, "--dump %s: cannot create the folder: %s", dir, strerror(errno));
    } else if (!S_ISDIR(st.st_mode)) {
        return sw_fail(err, "--dump %s: exists and is not a folder", dir);
    }
    if (access(dir, W_OK) != 0) return sw_fail(err, "--dump %s: folder is not writable: %s", dir, strerror(errno));
    return 0;
}

static int dump_frame(app *a, const char *dir, long index, sw_error *err)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/frame_%04ld.png", dir, index);
    return app_write_output_png(a, path, err);
}

static int log_frame(frame_log *log, const gpu_frame_times *t, long warmup, sw_error *err)
{
    if (t->frame < warmup) return 0;
    return frame_log_add(log, t, err);
}

typedef struct flush_ctx {
    frame_log *log;
    long warmup;
    int failed;
    sw_error *err;
} flush_ctx;

static void on_flushed(const gpu_frame_times *t, void *user)
{
    flush_ctx *f = user;
    if (log_frame(f->log, t, f->warmup, f->err)) f->failed = 1;
}

int run_headless(const app_options *opt, int argc, char **argv)
{
    sw_error err;
    /* Every output is checked before the first frame, so a bad path costs no run; the
     * --dump folder first, as the other outputs may go into it. */
    if (opt->dump_dir && prepare_dump_dir(opt->dump_dir, &err)) {
        fprintf(stderr, "scanworks: %s\n", err.msg);
        return 1;
    }
    if ((opt->json_path && cli_check_output("--json", opt->json_path, ".json", &err)) ||
        (opt->screenshot && cli_check_output("--screenshot", opt->screenshot, ".png", &err))) {
        fprintf(stderr, "scanworks: %s\n", err.msg);
        return 1;
    }
    /* A named CUDA stage where this build or machine has no CUDA: one line, no run. */
    const char *why = NULL;
    const bool wants_cuda = (opt->sat_backend && !strcmp(opt->sat_backend, "cuda")) ||
                            (opt->gather && !strcmp(opt->gather, "cuda"));
    if (wants_cuda && !opt->fallback && !prim_cuda_available(&why)) {
        fprintf(stderr, "scanworks: --%s cuda: CUDA is unavailable here (%s); pick another, or add --fallback to "
                "run gl / the compute shader instead\n", opt->sat_backend && !strcmp(opt->sat_backend, "cuda") ?
                "sat-backend" : "gather", why ? why : "?");
        return 1;
    }
    gfx_context *ctx;
    if (gfx_context_create_headless(&ctx, opt->cuda_device, opt->gl_debug, &err)) {
        fprintf(stderr, "scanworks: %s\n", err.msg);
        return 1;
    }
    const gfx_context_info *info = gfx_context_get_info(ctx);
    fprintf(stderr, "scanworks: headless %dx%d on %s, %s (%s)\n", opt->width, opt->height, info->platform,
            info->gl_renderer, info->gl_version);
    static app a;
    frame_log log = {.heap_low_kib = -1};
    int rc = 1;
    long frames = opt->frames ? opt->frames : 1, total = frames + opt->warmup;
    double *wall = calloc((size_t)total, sizeof *wall);
    if (!wall) {
        fprintf(stderr, "scanworks: out of memory for %ld frame times\n", total);
        gfx_context_destroy(ctx);
        return 1;
    }
    /* SCANWORKS_WATCH_HEAP=1: the live heap read after every frame, not only at the
     * memory samples (tests/soak_test.sh; about 20-70 us of host time a frame with glibc) */
    const char *watch = getenv("SCANWORKS_WATCH_HEAP");
    if (watch && strcmp(watch, "0") && strcmp(watch, "1")) {
        fprintf(stderr, "scanworks: SCANWORKS_WATCH_HEAP=%s: expected 0 or 1\n", watch);
        free(wall);
        gfx_context_destroy(ctx);
        return 2;
    }
    const bool watch_heap = watch && !strcmp(watch, "1");
    if (frame_log_reserve(&log, (size_t)frames, &err) || app_init(&a, opt, ctx, opt->width, opt->height, &err))
        goto done;
    /* Without CUDA, app_init has already said so in one line (the SAT falls back to gl). */
    if (a.cuda.available) fprintf(stderr, "scanworks: CUDA %s\n", a.cuda.name);

    double start = now_seconds(), last = start, last_report = start;
    for (long f = 0; f < total; f++) {
        gpu_frame_times done_times;
        if (app_frame(&a, opt->dt, f ? wall[f - 1] * 1e-3 : 0.0, &done_times) &&
            log_frame(&log, &done_times, opt->warmup, &err))
            goto done;
        /* With frames in flight the output shows a frame before the one just rendered
         * (a.shown_frame), and the last ones are composited after the loop: each file
         * holds its own frame. */
        long shown = a.shown_frame;
        if (opt->dump_dir && shown >= opt->warmup && dump_frame(&a, opt->dump_dir, shown - opt->warmup, &err))
            goto done;
        if (gl_check("rendering a frame", &err)) goto done;
        long interval = frames / 100 > 0 ? frames / 100 : 1;
        if (watch_heap && f >= opt->warmup) frame_log_watch_heap(&log);
        if (f >= opt->warmup && ((f - opt->warmup) % interval == 0 || f + 1 == total))
            frame_log_sample_memory(&log, f, a.cuda.available ? cuda_device_used_bytes() : -1);
        double t = now_seconds();
        wall[f] = (t - last) * 1000.0;
        last = t;
        if (t - last_report > 1.0 || f + 1 == total) {
            fprintf(stderr, "scanworks: frame %ld/%ld (%.0f%%)\n", f + 1, total, 100.0 * (f + 1) / total);
            last_report = t;
        }
    }
    while (app_flush_one(&a))   /* frames in flight: the last frames into the output, in order */
        if (opt->dump_dir && a.shown_frame >= opt->warmup &&
            dump_frame(&a, opt->dump_dir, a.shown_frame - opt->warmup, &err))
            goto done;
    for (int s = 0; s < a.in_flight; s++) sat_frame_drain(&a.sats[s], &a.timer);   /* the last frames' stamps */
    flush_ctx fc = {&log, opt->warmup, 0, &err};
    gpu_timer_flush(&a.timer, on_flushed, &fc);
    if (fc.failed) goto done;
    log.wall_ms = calloc(log.count ? log.count : 1, sizeof *log.wall_ms);
    if (!log.wall_ms) {
        sw_fail(&err, "out of memory for frame times");
        goto done;
    }
    for (size_t i = 0; i < log.count; i++) {
        long fi = log.frames[i].frame;
        log.wall_ms[i] = fi >= 0 && fi < total ? wall[fi] : 0.0;
    }
    if (opt->screenshot && app_write_output_png(&a, opt->screenshot, &err)) goto done;
    if (opt->dof_reference) {
        fprintf(stderr, "scanworks: thin-lens reference, %ld views\n", opt->dof_reference);
        if (app_dof_score(&a, (int)opt->dof_reference, opt->dump_dir, &err)) goto done;
        fprintf(stderr, "scanworks: DoF against it: PSNR %.2f dB, SSIM %.4f; depth-edge band (%.1f%%) PSNR %.2f, SSIM %.4f\n",
                a.quality.psnr, a.quality.ssim, 100.0 * a.quality.band_fraction, a.quality.band_psnr, a.quality.band_ssim);
        for (int m = 0; m < APP_DOF_COMPARED; m++) {
            char name[64];
            const dof_mode *dm = &app_dof_compared_modes[m];
            const dof_score *q = &a.quality_modes[m];
            fprintf(stderr, "scanworks:   %-32s PSNR %.2f dB, SSIM %.4f; band PSNR %.2f, SSIM %.4f\n",
                    dof_mode_describe(dm->kernel, dm->boxes, dm->guard, dm->near, name, sizeof name), q->psnr, q->ssim,
                    q->band_psnr, q->band_ssim);
        }
    }
    if (opt->json_path && frame_log_write_json(&log, &a, argc, argv, opt->json_path, &err)) goto done;
    fprintf(stderr, "scanworks: %zu frames measured, median GPU ms:", log.count);
    const gpu_frame_times *named = frame_log_names(&log);
    for (int i = 0; named && i < named->count; i++)
        fprintf(stderr, " %s %.3f", named->names[i], frame_log_median(&log, named->names[i]));
    fprintf(stderr, " total %.3f\n", frame_log_median(&log, "total"));
    char summary[512];
    fprintf(stderr, "scanworks: %s\n", frame_log_gpu_summary(&log, &a, summary, sizeof summary));
    rc = 0;
done:
    if (rc) fprintf(stderr, "scanworks: %s\n", err.msg);
    free(wall);
    frame_log_free(&log);
    app_shutdown(&a);
    gfx_context_destroy(ctx);
    return rc;
}
