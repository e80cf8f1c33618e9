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

int bench_is_ref_variant(const char *variant, const char *ref)
{
    size_t k = ref ? strlen(ref) : 0;
    return k && !strncmp(variant, ref, k) && (variant[k] == 0 || variant[k] == '-');
}

/* The fastest reference row of (op, n), or NULL. */
static const bench_row *best_ref(const bench_report *r, const char *op, int64_t n, const char *ref)
{
    const bench_row *best = NULL;
    for (size_t i = 0; i < r->count; i++) {
        const bench_row *w = &r->rows[i];
        if (w->n != n || strcmp(w->op, op) || !bench_is_ref_variant(w->variant, ref) || !(w->median_ms > 0)) continue;
        if (!best || w->median_ms < best->median_ms) best = w;
    }
    return best;
}

void bench_compute_ratios(bench_report *r, const char *memcpy_variant, const char *ref_variant)
{
    snprintf(r->ref_name, sizeof r->ref_name, "%s", ref_variant ? ref_variant : "");
    for (size_t i = 0; i < r->count; i++) {
        bench_row *row = &r->rows[i];
        const bench_row *m = memcpy_variant ? find(r, row->op, memcpy_variant, row->n) : NULL;
        const bench_row *ref = best_ref(r, row->op, row->n, ref_variant);
        row->ratio_memcpy = m && row->median_ms > 0 ? m->median_ms / row->median_ms : 0.0;
        row->ratio_ref = ref && row->median_ms > 0 ? ref->median_ms / row->median_ms : 0.0;
        snprintf(row->ref_variant, sizeof row->ref_variant, "%s", ref ? ref->variant : "");
        row->best_ref = ref == row;
    }
}

/* "%8.2f", or blanks where the ratio is unknown (0). */
static void ratio_cell(FILE *fp, double v)
{
    if (v > 0) fprintf(fp, " %8.2f", v);
    else fprintf(fp, " %8s", "");
}

void bench_print(const bench_report *r, FILE *fp)
{
    fprintf(fp, "%s\n%s\n", r->title, r->environment);
    fprintf(fp, "%-10s %-18s %-5s %12s %11s %9s %9s %8s %8s  %-14s %s\n", "op", "variant", "back", "n", "median ms",
            "GB/s", "Gelem/s", "x memcpy", "x ref", "ref", "note");
    for (size_t i = 0; i < r->count; i++) {
        const bench_row *w = &r->rows[i];
        double s = w->median_ms * 1e-3;
        fprintf(fp, "%-10s %-18s %-5s %12lld %11.4f %9.1f %9.2f", w->op, w->variant, w->backend, (long long)w->n,
                w->median_ms, s > 0 ? w->bytes / s * 1e-9 : 0.0, s > 0 ? w->n / s * 1e-9 : 0.0);
        ratio_cell(fp, w->ratio_memcpy);
        ratio_cell(fp, w->ratio_ref);
        fprintf(fp, "  %-14s %s\n", w->best_ref ? "(best ref)" : w->ref_variant, w->note);
    }
    /* Which reference won each (op, n), beside the others it was chosen from. */
    for (size_t i = 0; i < r->count; i++) {
        const bench_row *w = &r->rows[i];
        if (!w->best_ref) continue;
        fprintf(fp, "reference %s n=%lld: %s %.4f ms is the best", w->op, (long long)w->n, w->variant, w->median_ms);
        const char *sep = " (";
        for (size_t j = 0; j < r->count; j++) {
            const bench_row *o = &r->rows[j];
            if (o == w || o->n != w->n || strcmp(o->op, w->op) || !bench_is_ref_variant(o->variant, r->ref_name))
                continue;
            fprintf(fp, "%s%s %.4f ms", sep, o->variant, o->median_ms);
            sep = ", ";
        }
        fprintf(fp, "%s\n", sep[0] == ',' ? ")" : "");
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

/* A ratio, or null where it is unknown. */
static void json_ratio(FILE *fp, double v)
{
    if (v > 0) fprintf(fp, "%.4f", v);
    else fprintf(fp, "null");
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
                    "\"gb_per_s\": %.3f, \"gelem_per_s\": %.4f, \"ratio_memcpy\": ",
                (long long)w->n, w->reps, w->median_ms, w->min_ms, w->bytes, s > 0 ? w->bytes / s * 1e-9 : 0.0,
                s > 0 ? w->n / s * 1e-9 : 0.0);
        json_ratio(fp, w->ratio_memcpy);
        fprintf(fp, ", \"ratio_ref\": ");
        json_ratio(fp, w->ratio_ref);
        fprintf(fp, ", \"ref_variant\": ");
        if (w->ref_variant[0]) json_str(fp, w->ref_variant);
        else fprintf(fp, "null");
        fprintf(fp, ", \"best_ref\": %s, \"note\": ", w->best_ref ? "true" : "false");
        json_str(fp, w->note);
        fprintf(fp, "}%s\n", i + 1 < r->count ? "," : "");
    }
    fprintf(fp, "  ]\n}\n");
    return atomic_file_commit(&af, err);
}

/* A CSV ratio cell: empty where the ratio is unknown. */
static void csv_ratio(FILE *fp, double v)
{
    if (v > 0) fprintf(fp, ",%.4f", v);
    else fputc(',', fp);
}

int bench_write_csv(const bench_report *r, const char *path, sw_error *err)
{
    atomic_file af;
    if (atomic_file_open(&af, path, err)) return -1;
    fprintf(af.fp, "op,variant,backend,n,reps,median_ms,min_ms,bytes,ratio_memcpy,ratio_ref,ref_variant,best_ref\n");
    for (size_t i = 0; i < r->count; i++) {
        const bench_row *w = &r->rows[i];
        fprintf(af.fp, "%s,%s,%s,%lld,%d,%.6f,%.6f,%.0f", w->op, w->variant, w->backend, (long long)w->n, w->reps,
                w->median_ms, w->min_ms, w->bytes);
        csv_ratio(af.fp, w->ratio_memcpy);
        csv_ratio(af.fp, w->ratio_ref);
        fprintf(af.fp, ",%s,%d\n", w->ref_variant, w->best_ref);
    }
    return atomic_file_commit(&af, err);
}
