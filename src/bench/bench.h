/* Benchmark results: rows of (op, variant, backend, n) with the median of many
 * device-timed repetitions, bytes moved and ratios to references measured in the
 * same run; written as a console table, JSON, CSV and an SVG plot drawn here. */
#ifndef SCANWORKS_BENCH_BENCH_H
#define SCANWORKS_BENCH_BENCH_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "util/error.h"

typedef struct bench_row {
    char op[32];          /* "scan" */
    char variant[48];     /* "lookback", "cub", "memcpy" */
    char backend[8];      /* "cpu", "gl", "cuda" */
    int64_t n;            /* elements (or pixels, edges) */
    int reps;
    double median_ms, min_ms;
    double bytes;         /* bytes that must move: the floor's numerator */
    double ratio_memcpy;  /* memcpy time / this time (1.0 = as fast as a copy); 0 if unknown */
    double ratio_ref;     /* reference (CUB/thrust) time / this time; 0 if unknown */
    char note[96];
} bench_row;

typedef struct bench_report {
    char title[96];
    char environment[256];   /* device, driver, build: one line */
    bench_row *rows;
    size_t count, capacity;
} bench_report;

int bench_add(bench_report *r, const bench_row *row, sw_error *err);
void bench_free(bench_report *r);

/* Fills ratio_memcpy and ratio_ref of every row from the rows of the same op and n
 * whose variant is MEMCPY_VARIANT and REF_VARIANT (either may be NULL). */
void bench_compute_ratios(bench_report *r, const char *memcpy_variant, const char *ref_variant);

void bench_print(const bench_report *r, FILE *fp);
int bench_write_json(const bench_report *r, const char *path, sw_error *err);
int bench_write_csv(const bench_report *r, const char *path, sw_error *err);
/* Time against n on log-log axes, one line per (backend, variant). */
int bench_write_svg(const bench_report *r, const char *path, sw_error *err);

/* Median of N values (N > 0); reorders V. */
double bench_median(double *v, int n);

#endif
