#include "bench/bench.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util/atomic_file.h"

int bench_add(bench_report *r, const bench_row *row, sw_error *err)
{
    if (r->count == r->capacity) {
        size_t cap = r->capacity ? r->capacity * 2 : 64;
        bench_row *rows = realloc(r->rows, cap * sizeof *rows);
        if (!rows) return sw_fail(err, "out of memory for benchmark rows");
        r->rows = rows;
        r->capacity = cap;
    }
    r->rows[r->count++] = *row;
    return 0;
}

void bench_free(bench_report *r)
{
    free(r->rows);
    r->rows = NULL;
    r->count = r->capacity = 0;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double bench_median(double *v, int n)
{
    if (n <= 0) return 0.0;
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

static const bench_row *find(const bench_report *r, const char *op, const char *variant, int64_t n)
{
    for (size_t i = 0; i < r->count; i++)
        if (r->rows[i].n == n && !strcmp(r->rows[i].op, op) && !strcmp(r->rows[i].variant, variant))
            return &r->rows[i];
    return NULL;
}

void bench_compute_ratios(bench_report *r, const char *memcpy_variant, const char *ref_variant)
{
    for (size_t i = 0; i < r->count; i++) {
        bench_row *row = &r->rows[i];
        const bench_row *m = memcpy_variant ? find(r, row->op, memcpy_variant, row->n) : NULL;
        const bench_row *ref = ref_variant ? find(r, row->op, ref_variant, row->n) : NULL;
        if (m && row->median_ms > 0) row->ratio_memcpy = m->median_ms / row->median_ms;
        if (ref && row->median_ms > 0) row->ratio_ref = ref->median_ms / row->median_ms;
    }
}

void bench_print(const bench_report *r, FILE *fp)
{
    fprintf(fp, "%s\n%s\n", r->title, r->environment);
    fprintf(fp, "%-10s %-18s %-5s %12s %11s %9s %9s %8s %8s  %s\n", "op", "variant", "back", "n", "median ms",
            "GB/s", "Gelem/s", "x memcpy", "x ref", "note");
    for (size_t i = 0; i < r->count; i++) {
        const bench_row *w = &r->rows[i];
        double s = w->median_ms * 1e-3;
        fprintf(fp, "%-10s %-18s %-5s %12lld %11.4f %9.1f %9.2f %8.2f %8.2f  %s\n", w->op, w->variant, w->backend,
                (long long)w->n, w->median_ms, s > 0 ? w->bytes / s * 1e-9 : 0.0, s > 0 ? w->n / s * 1e-9 : 0.0,
                w->ratio_memcpy, w->ratio_ref, w->note);
    }
}

static void json_str(FILE *fp, const char *s)
{
    fputc('"', fp);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\') fputc('\\', fp);
        if ((unsigned char)*s >= 0x20) fputc(*s, fp);
    }
    fputc('"', fp);
}

int bench_write_json(const bench_report *r, const char *path, sw_error *err)
{
    atomic_file af;
    if (atomic_file_open(&af, path, err)) return -1;
    FILE *fp = af.fp;
    fprintf(fp, "{\n  \"title\": ");
    json_str(fp, r->title);
    fprintf(fp, ",\n  \"environment\": ");
    json_str(fp, r->environment);
    fprintf(fp, ",\n  \"rows\": [\n");
    for (size_t i = 0; i < r->count; i++) {
        const bench_row *w = &r->rows[i];
        double s = w->median_ms * 1e-3;
        fprintf(fp, "    {\"op\": ");
        json_str(fp, w->op);
        fprintf(fp, ", \"variant\": ");
        json_str(fp, w->variant);
        fprintf(fp, ", \"backend\": ");
        json_str(fp, w->backend);
        fprintf(fp, ", \"n\": %lld, \"reps\": %d, \"median_ms\": %.6f, \"min_ms\": %.6f, \"bytes\": %.0f, "
                    "\"gb_per_s\": %.3f, \"gelem_per_s\": %.4f, \"ratio_memcpy\": %.4f, \"ratio_ref\": %.4f, \"note\": ",
                (long long)w->n, w->reps, w->median_ms, w->min_ms, w->bytes, s > 0 ? w->bytes / s * 1e-9 : 0.0,
                s > 0 ? w->n / s * 1e-9 : 0.0, w->ratio_memcpy, w->ratio_ref);
        json_str(fp, w->note);
        fprintf(fp, "}%s\n", i + 1 < r->count ? "," : "");
    }
    fprintf(fp, "  ]\n}\n");
    return atomic_file_commit(&af, err);
}

int bench_write_csv(const bench_report *r, const char *path, sw_error *err)
{
    atomic_file af;
    if (atomic_file_open(&af, path, err)) return -1;
    fprintf(af.fp, "op,variant,backend,n,reps,median_ms,min_ms,bytes,ratio_memcpy,ratio_ref\n");
    for (size_t i = 0; i < r->count; i++) {
        const bench_row *w = &r->rows[i];
        fprintf(af.fp, "%s,%s,%s,%lld,%d,%.6f,%.6f,%.0f,%.4f,%.4f\n", w->op, w->variant, w->backend, (long long)w->n,
                w->reps, w->median_ms, w->min_ms, w->bytes, w->ratio_memcpy, w->ratio_ref);
    }
    return atomic_file_commit(&af, err);
}

static const char *const palette[] = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b",
                                      "#e377c2", "#7f7f7f", "#bcbd22", "#17becf", "#000000", "#aa6600"};

int bench_write_svg(const bench_report *r, const char *path, sw_error *err)
{
    const double W = 900, H = 560, L = 80, R = 230, T = 40, B = 60;
    double xmin = INFINITY, xmax = -INFINITY, ymin = INFINITY, ymax = -INFINITY;
    for (size_t i = 0; i < r->count; i++) {
        const bench_row *w = &r->rows[i];
        if (w->n < 1 || w->median_ms <= 0) continue;
        xmin = fmin(xmin, log10((double)w->n));
        xmax = fmax(xmax, log10((double)w->n));
        ymin = fmin(ymin, log10(w->median_ms));
        ymax = fmax(ymax, log10(w->median_ms));
    }
    if (!isfinite(xmin)) return sw_fail(err, "%s: no rows to plot", path);
    xmin = floor(xmin);
    xmax = ceil(xmax) > xmin ? ceil(xmax) : xmin + 1;
    ymin = floor(ymin);
    ymax = ceil(ymax) > ymin ? ceil(ymax) : ymin + 1;
    atomic_file af;
    if (atomic_file_open(&af, path, err)) return -1;
    FILE *fp = af.fp;
    fprintf(fp, "<svg xmlns='http://www.w3.org/2000/svg' width='%.0f' height='%.0f' font-family='sans-serif' "
                "font-size='12'>\n<rect width='100%%' height='100%%' fill='white'/>\n", W, H);
    fprintf(fp, "<text x='%.0f' y='24' font-size='16'>%s</text>\n", L, r->title);
#define PX(x) (L + ((x) - xmin) / (xmax - xmin) * (W - L - R))
#define PY(y) (H - B - ((y) - ymin) / (ymax - ymin) * (H - T - B))
    for (double d = xmin; d <= xmax + 1e-9; d += 1)
        fprintf(fp, "<line x1='%.1f' y1='%.0f' x2='%.1f' y2='%.0f' stroke='#ddd'/><text x='%.1f' y='%.0f' "
                    "text-anchor='middle'>1e%.0f</text>\n", PX(d), T, PX(d), H - B, PX(d), H - B + 18, d);
    for (double d = ymin; d <= ymax + 1e-9; d += 1)
        fprintf(fp, "<line x1='%.0f' y1='%.1f' x2='%.0f' y2='%.1f' stroke='#ddd'/><text x='%.0f' y='%.1f' "
                    "text-anchor='end'>%g ms</text>\n", L, PY(d), W - R, PY(d), L - 6, PY(d) + 4, pow(10, d));
    fprintf(fp, "<text x='%.0f' y='%.0f' text-anchor='middle'>n (elements), log scale</text>\n", (L + W - R) / 2, H - 16);
    /* One series per distinct (backend, variant), in order of first appearance. */
    int series = 0;
    for (size_t i = 0; i < r->count; i++) {
        const bench_row *w = &r->rows[i];
        int first = 1;
        for (size_t j = 0; j < i; j++)
            if (!strcmp(r->rows[j].variant, w->variant) && !strcmp(r->rows[j].backend, w->backend)) first = 0;
        if (!first) continue;
        const char *color = palette[series % (int)(sizeof palette / sizeof *palette)];
        fprintf(fp, "<polyline fill='none' stroke='%s' stroke-width='2' points='", color);
        for (size_t j = i; j < r->count; j++) {
            const bench_row *v = &r->rows[j];
            if (strcmp(v->variant, w->variant) || strcmp(v->backend, w->backend) || v->n < 1 || v->median_ms <= 0)
                continue;
            fprintf(fp, "%.1f,%.1f ", PX(log10((double)v->n)), PY(log10(v->median_ms)));
        }
        fprintf(fp, "'/>\n<text x='%.0f' y='%.0f' fill='%s'>%s %s</text>\n", W - R + 12, T + 16.0 * series + 10,
                color, w->backend, w->variant);
        series++;
    }
#undef PX
#undef PY
    fprintf(fp, "</svg>\n");
    return atomic_file_commit(&af, err);
}
