#include "app/frame_log.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/bench.h"
#include "util/atomic_file.h"
#include "util/process_memory.h"

/* *LEAST becomes KIB where KIB is known (>= 0) and less, or *LEAST is none yet (-1). */
static void keep_least(long *least, long kib)
{
    if (kib >= 0 && (*least < 0 || kib < *least)) *least = kib;
}

void frame_log_sample_memory(frame_log *log, long frame, long long gpu_used_bytes)
{
    if (log->memory_count == (int)(sizeof log->memory / sizeof log->memory[0])) return;
    struct memory_sample *m = &log->memory[log->memory_count++];
    m->frame = frame;
    m->rss_kib = process_rss_kib();
    m->heap_kib = process_heap_kib();
    keep_least(&log->heap_low_kib, m->heap_kib);
    m->heap_low_kib = log->heap_low_kib;
    log->heap_low_kib = -1;
    m->gpu_used_bytes = gpu_used_bytes;
    m->frame_log_kib = (long)(log->count * sizeof *log->frames / 1024);
}

void frame_log_watch_heap(frame_log *log) { keep_least(&log->heap_low_kib, process_heap_kib()); }

int frame_log_add(frame_log *log, const gpu_frame_times *t, sw_error *err)
{
    if (log->count == log->capacity) {
        size_t cap = log->capacity ? log->capacity * 2 : 256;
        gpu_frame_times *f = realloc(log->frames, cap * sizeof *f);
        if (!f) return sw_fail(err, "out of memory recording frame times");
        log->frames = f;
        log->capacity = cap;
    }
    log->frames[log->count++] = *t;
    return 0;
}

int frame_log_reserve(frame_log *log, size_t count, sw_error *err)
{
    if (count <= log->capacity) return 0;
    gpu_frame_times *f = realloc(log->frames, count * sizeof *f);
    if (!f) return sw_fail(err, "out of memory for the times of %zu frames", count);
    log->frames = f;
    log->capacity = count;
    return 0;
}

void frame_log_free(frame_log *log)
{
    free(log->frames);
    free(log->wall_ms);
    memset(log, 0, sizeof *log);
}

double median_of(const double *v, size_t n)
{
    if (!n) return 0.0;
    double *c = malloc(n * sizeof *c);
    if (!c) return 0.0;
    memcpy(c, v, n * sizeof *c);
    double m = bench_median(c, (int)n);
    free(c);
    return m;
}

/* The median of the means of each RUN consecutive values: the steady state of a time
 * that alternates within a batch of RUN frames (--handover-batch); median_of for 1. */
static double median_of_runs(const double *v, size_t n, int run)
{
    if (run <= 1 || n < (size_t)run) return median_of(v, n);
    size_t m = n - (size_t)run + 1;
    double *means = malloc(m * sizeof *means);
    if (!means) return 0.0;
    for (size_t i = 0; i < m; i++) {
        double sum = 0.0;
        for (int k = 0; k < run; k++) sum += v[i + (size_t)k];
        means[i] = sum / run;
    }
    double r = median_of(means, m);
    free(means);
    return r;
}

static double stage_ms(const gpu_frame_times *f, const char *name)
{
    if (!strcmp(name, "total")) {
        double s = 0;
        for (int i = 0; i < f->count; i++) s += f->ms[i];
        return s;
    }
    for (int i = 0; i < f->count; i++)
        if (!strcmp(f->names[i], name)) return f->ms[i];
    return 0.0;
}

double frame_gpu_busy_ms(const gpu_frame_times *f)
{
    double cuda = 0.0;
    gpu_frame_metric(f, "cuda_span_ms", &cuda);
    return f->gl_busy_ms + cuda;
}

/* Medians over the log of the GPU busy time, the GPU wall time (the period between
 * consecutive frames' ends; frames without one left out) and each frame's own span.
 * Frames handed over BATCH at a time alternate short and long periods (a render, then a
 * render and the batch's CUDA work): the wall is the mean period over each run of BATCH
 * consecutive frames, whose median is then the steady state's. */
static void gpu_medians(const frame_log *log, int batch, double *busy_ms, double *wall_ms, double *span_ms)
{
    size_t n = log->count ? log->count : 1, nw = 0;
    double *b = malloc(n * sizeof *b), *w = malloc(n * sizeof *w), *sp = malloc(n * sizeof *sp);
    *busy_ms = *wall_ms = *span_ms = 0.0;
    if (b && w && sp) {
        for (size_t i = 0; i < log->count; i++) {
            b[i] = frame_gpu_busy_ms(&log->frames[i]);
            sp[i] = log->frames[i].total_ms;
            double sum = 0.0;
            int k = 0;
            while (k < batch && (size_t)k <= i && log->frames[i - (size_t)k].period_ms > 0 &&
                   log->frames[i - (size_t)k].frame == log->frames[i].frame - k)
                sum += log->frames[i - (size_t)k++].period_ms;
            if (k == batch) w[nw++] = sum / batch;
        }
        *busy_ms = median_of(b, log->count);
        *wall_ms = median_of(w, nw);
        *span_ms = median_of(sp, log->count);
    }
    free(b);
    free(w);
    free(sp);
}

bool frame_log_metric_median(const frame_log *log, const char *name, double *out)
{
    double *v = malloc((log->count ? log->count : 1) * sizeof *v);
    if (!v) return false;
    size_t n = 0;
    for (size_t i = 0; i < log->count; i++)
        if (gpu_frame_metric(&log->frames[i], name, &v[n])) n++;
    if (n) *out = median_of(v, n);
    free(v);
    return n > 0;
}

double frame_log_median(const frame_log *log, const char *name)
{
    if (!log->count) return 0.0;
    double *v = malloc(log->count * sizeof *v);
    if (!v) return 0.0;
    for (size_t i = 0; i < log->count; i++) v[i] = stage_ms(&log->frames[i], name);
    double m = median_of(v, log->count);
    free(v);
    return m;
}

const gpu_frame_times *frame_log_names(const frame_log *log)
{
    const gpu_frame_times *best = NULL;
    for (size_t i = 0; i < log->count; i++)
        if (!best || log->frames[i].count > best->count) best = &log->frames[i];
    return best;
}

static void json_string(FILE *fp, const char *s)
{
    fputc('"', fp);
    for (; s && *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') fprintf(fp, "\\%c", c);
        else if (c < 0x20) fprintf(fp, "\\u%04x", c);
        else fputc(c, fp);
    }
    fputc('"', fp);
}

/* A PSNR as JSON: null for identical images (+inf). */
static void json_db(FILE *fp, double v)
{
    if (isfinite(v)) fprintf(fp, "%.4f", v);
    else fputs("null", fp);
}

/* The post-process against the thin-lens reference (app_dof_score). */
static void write_dof_quality(FILE *fp, const app *a)
{
    const dof_score *q = &a->quality;
    fprintf(fp, "  \"dof_quality\": {\"reference_views\": %d, \"psnr\": ", a->quality_views);
    json_db(fp, q->psnr);
    fprintf(fp, ", \"ssim\": %.6f, \"band_fraction\": %.6f, \"band_psnr\": ", q->ssim, q->band_fraction);
    json_db(fp, q->band_psnr);
    fprintf(fp, ", \"band_ssim\": %.6f, \"kernels\": {", q->band_ssim);
    for (int m = 0; m < APP_DOF_COMPARED; m++) {
        const dof_mode *dm = &app_dof_compared_modes[m];
        char name[64];
        dof_mode_describe(dm->kernel, dm->boxes, dm->guard, dm->near, name, sizeof name);
        q = &a->quality_modes[m];
        fprintf(fp, "%s", m ? ", " : "");
        json_string(fp, name);
        fprintf(fp, ": {\"psnr\": ");
        json_db(fp, q->psnr);
        fprintf(fp, ", \"ssim\": %.6f, \"band_psnr\": ", q->ssim);
        json_db(fp, q->band_psnr);
        fprintf(fp, ", \"band_ssim\": %.6f}", q->band_ssim);
    }
    fprintf(fp, "}},\n");
}

const char *frame_log_gpu_summary(const frame_log *log, const app *a, char *buf, size_t size)
{
    double mb, mw, ms;
    gpu_medians(log, a->batch, &mb, &mw, &ms);
    double g2c = 0, c2g = 0;
    int n = snprintf(buf, size, "GPU busy %.3f ms, GPU wall %.3f ms a frame (medians; %d in flight%s); ", mb, mw,
                     a->in_flight, a->batch > 1 ? (a->batch_auto ? ", handed over together (auto)" : ", handed over together") : "");
    if (n < 0 || (size_t)n >= size) return buf;
    if (a->sat_backend == PRIM_CUDA && a->sats[0].handover.measured && frame_log_metric_median(log, "gl_to_cuda_us", &g2c) &&
        frame_log_metric_median(log, "cuda_to_gl_us", &c2g))
        snprintf(buf + n, size - (size_t)n, "hand-over (%s) gaps: GL to CUDA %.1f us, CUDA to GL %.1f us", a->sats[0].handover.interop,
                 g2c, c2g);
    else if (a->sat_backend != PRIM_CUDA)   /* one line says CUDA is unavailable; this one need not */
        snprintf(buf + n, size - (size_t)n, "no hand-over gaps: the SAT is built by %s", prim_backend_name(a->sat_backend));
    else {
        char why[256];
        snprintf(buf + n, size - (size_t)n, "no hand-over gaps: %s", app_handover_why(a, log->count, why, sizeof why));
    }
    return buf;
}

/* The frame's GPU time against its GPU wall time, and the gaps at the GL-CUDA hand-over. */
static void write_frame_gpu(FILE *fp, const frame_log *log, const app *a)
{
    const sat_handover_info *h = &a->sats[0].handover;
    fprintf(fp, "  \"frame_gpu\": {\"frames_in_flight\": %d, \"handover_batch\": %d, \"handover_batch_auto\": %s, "
            "\"interop\": ", a->in_flight, a->batch, a->batch_auto ? "true" : "false");
    bool handed = a->sat_backend == PRIM_CUDA && h->interop;
    if (handed) json_string(fp, h->interop); else fputs("null", fp);
    fprintf(fp, ", \"interop_requested\": ");
    if (a->opt.interop) json_string(fp, a->opt.interop); else fputs("null", fp);
    fprintf(fp, ", \"interop_why\": ");
    if (handed) json_string(fp, h->path_why); else fputs("null", fp);
    fprintf(fp, ", \"interop_sync\": ");
    if (handed && h->sync) json_string(fp, h->sync); else fputs("null", fp);
    /* whose memory the frame's textures are: Vulkan's with --interop vulkan (gfx/vk_share.h) */
    fprintf(fp, ", \"frame_textures\": \"%s\", \"vulkan_unavailable_because\": ", a->vulkan ? "vulkan" : "gl");
    if (a->vulkan_why[0]) json_string(fp, a->vulkan_why); else fputs("null", fp);
    static const char *const gaps[3] = {"gl_to_cuda_us", "cuda_to_gl_us", "cuda_span_ms"};
    bool any = false;
    for (int g = 0; g < 3; g++) {
        double m = 0.0;
        bool have = a->sat_backend == PRIM_CUDA && h->measured && frame_log_metric_median(log, gaps[g], &m);
        fprintf(fp, ", \"%s\": ", gaps[g]);
        if (have) fprintf(fp, "%.3f", m); else fputs("null", fp);
        any = any || have;
    }
    if (!any) {
        char why[256];
        fprintf(fp, ", \"gaps_unavailable_because\": ");
        json_string(fp, app_handover_why(a, log->count, why, sizeof why));
    }
    if (a->sat_backend == PRIM_CUDA && h->measured)
        fprintf(fp, ", \"clock\": {\"same_clock\": %s, \"offset_us\": %.3f, \"uncertainty_us\": %.3f, \"samples\": %d}",
                h->same_clock ? "true" : "false", h->clock_offset_us, h->clock_uncertainty_us, h->clock_samples);
    double mb, mw, ms;
    gpu_medians(log, a->batch, &mb, &mw, &ms);
    fprintf(fp, ", \"gpu_busy_ms\": %.6f, \"gpu_wall_ms\": %.6f, \"gpu_span_ms\": %.6f, \"gpu_wall_over_busy\": ",
            mb, mw, ms);
    if (mb > 0 && mw > 0) fprintf(fp, "%.4f", mw / mb); else fputs("null", fp);
    fprintf(fp, ", \"busy_counts\": \"the GL stages (timestamp queries) plus the CUDA span from the SAT's start to "
                "the gather's end (globaltimer)\", \"wall_counts\": \"the GL clock from the end of one frame's last GL "
                "stage to the next frame's: the GPU's period, idle gaps included\", \"span_counts\": \"one frame's "
                "first GL timestamp to its last\"},\n");
}

int frame_log_write_json(const frame_log *log, const app *a, int argc, char **argv, const char *path,
                         sw_error *err)
{
    atomic_file af;
    if (atomic_file_open(&af, path, err)) return -1;
    FILE *fp = af.fp;
    const gfx_context_info *info = gfx_context_get_info(a->ctx);
    fprintf(fp, "{\n  \"program\": \"scanworks\",\n  \"version\": ");
    json_string(fp, SCANWORKS_VERSION);
    fprintf(fp, ",\n  \"build_type\": ");
    json_string(fp, SCANWORKS_BUILD_TYPE);
    fprintf(fp, ",\n  \"flags\": [");
    for (int i = 1; i < argc; i++) {
        if (i > 1) fputs(", ", fp);
        json_string(fp, argv[i]);
    }
    fprintf(fp, "],\n  \"environment\": {\n    \"platform\": ");
    json_string(fp, info->platform);
    fprintf(fp, ",\n    \"gl_vendor\": ");
    json_string(fp, info->gl_vendor);
    fprintf(fp, ",\n    \"gl_renderer\": ");
    json_string(fp, info->gl_renderer);
    fprintf(fp, ",\n    \"gl_version\": ");
    json_string(fp, info->gl_version);
    fprintf(fp, ",\n    \"gpu\": ");
    json_string(fp, a->cuda.available ? a->cuda.name : info->gl_renderer);
    fprintf(fp, ",\n    \"cuda_device\": ");
    if (a->cuda.available) {
        json_string(fp, a->cuda.name);
        fprintf(fp, ",\n    \"cuda_ordinal\": %d,\n    \"cuda_compute_capability\": \"%d.%d\","
                    "\n    \"cuda_drives_gl\": %s",
                a->cuda.ordinal, a->cuda.cc_major, a->cuda.cc_minor, a->cuda.drives_gl ? "true" : "false");
    } else {
        fprintf(fp, "\"none\",\n    \"cuda_unavailable_because\": ");
        json_string(fp, a->cuda.why_unavailable);
    }
    fprintf(fp, ",\n    \"interop_extensions\": ");
    json_string(fp, info->interop_extensions);
    fprintf(fp, ",\n    \"cuda_driver_version\": %d,\n    \"cuda_runtime_version\": %d,\n    \"egl_cuda_device\": %d\n  },\n",
            a->cuda.driver_version, a->cuda.runtime_version, info->egl_cuda_device);
    fprintf(fp, "  \"width\": %d,\n  \"height\": %d,\n  \"warmup\": %ld,\n  \"frames_measured\": %zu,\n",
            a->output.width, a->output.height, a->opt.warmup, log->count);
    fprintf(fp, "  \"dof\": {\"focus\": %g, \"aperture\": %g, \"kernel\": \"%s\", \"boxes\": %d, \"guard\": %s, \"near\": %s, \"near_mode\": \"%s\", \"gather\": ",
            a->focus, a->aperture, dof_kernel_name(a->kernel), a->boxes, a->guard ? "true" : "false",
            a->near ? "true" : "false", dof_near_name(a->near));
    json_string(fp, dof_gather_name(a->gather));
    fprintf(fp, ", \"gather_requested\": ");
    if (a->opt.gather) json_string(fp, a->opt.gather); else fputs("null", fp);
    /* the size the DoF ran at (half is the default where it can run: app_dof_half_active) */
    fprintf(fp, ", \"scale\": \"%s\", \"scale_requested\": \"%s\"", app_dof_half_active(a) ? "half" : "full",
            a->half ? "half" : "full");
    fprintf(fp, "},\n  \"sat\": {\"backend\": ");
    json_string(fp, prim_backend_name(a->sat_backend));
    fprintf(fp, ", \"variant\": ");
    json_string(fp, sat_variant_name(a->sat_variant));
    fprintf(fp, ", \"backend_requested\": ");
    if (a->opt.sat_backend) json_string(fp, a->opt.sat_backend); else fputs("null", fp);
    fprintf(fp, ", \"fallback_allowed\": %s},\n", a->opt.fallback ? "true" : "false");
    if (a->quality_views) write_dof_quality(fp, a);
    write_frame_gpu(fp, log, a);
    /* Stage names in the order of the first frame. */
    const gpu_frame_times *first = frame_log_names(log);
    fprintf(fp, "  \"median_ms\": {");
    for (int i = 0; first && i < first->count; i++)
        fprintf(fp, "\"%s\": %.6f, ", first->names[i], frame_log_median(log, first->names[i]));
    fprintf(fp, "\"total\": %.6f", frame_log_median(log, "total"));
    if (log->wall_ms) fprintf(fp, ", \"wall\": %.6f", median_of_runs(log->wall_ms, log->count, a->batch));
    fprintf(fp, "},\n  \"memory\": [");
    /* Frames are numbered as the dumped files are: the first measured frame is 0. */
    const long first_measured = a->opt.warmup;
    for (int i = 0; i < log->memory_count; i++) {
        fprintf(fp, "%s{\"frame\": %ld, \"rss_kib\": %ld, \"heap_kib\": ", i ? ", " : "",
                log->memory[i].frame - first_measured, log->memory[i].rss_kib);
        if (log->memory[i].heap_kib < 0) fputs("null, \"heap_low_kib\": null", fp);   /* no way to count it here */
        else fprintf(fp, "%ld, \"heap_low_kib\": %ld", log->memory[i].heap_kib, log->memory[i].heap_low_kib);
        fprintf(fp, ", \"frame_log_kib\": %ld, \"gpu_used_mib\": ", log->memory[i].frame_log_kib);
        if (log->memory[i].gpu_used_bytes < 0) fputs("null}", fp);   /* no CUDA device: unknown */
        else fprintf(fp, "%.1f}", log->memory[i].gpu_used_bytes / 1048576.0);
    }
    fprintf(fp, "],\n  \"frames\": [\n");
    for (size_t f = 0; f < log->count; f++) {
        const gpu_frame_times *t = &log->frames[f];
        fprintf(fp, "    {\"frame\": %ld", t->frame - first_measured);
        for (int i = 0; i < t->count; i++) fprintf(fp, ", \"%s\": %.6f", t->names[i], t->ms[i]);
        fprintf(fp, ", \"total\": %.6f", stage_ms(t, "total"));
        if (log->wall_ms) fprintf(fp, ", \"wall\": %.6f", log->wall_ms[f]);
        fprintf(fp, ", \"gpu_busy_ms\": %.6f, \"gpu_wall_ms\": %.6f, \"gpu_span_ms\": %.6f", frame_gpu_busy_ms(t),
                t->period_ms, t->total_ms);
        for (int i = 0; i < t->metric_count; i++) fprintf(fp, ", \"%s\": %.3f", t->metric_names[i], t->metrics[i]);
        fprintf(fp, "}%s\n", f + 1 < log->count ? "," : "");
    }
    fprintf(fp, "  ]\n}\n");
    return atomic_file_commit(&af, err);
}
