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
    double ratio_ref;     /* the best reference's time / this time; 0 if there is none */
    char ref_variant[48]; /* that best reference ("cub-off64"); empty if there is none */
    int best_ref;         /* 1 on the reference row that won its (op, n) */
    char note[96];
} bench_row;

typedef struct bench_report {
    char title[96];
    char environment[256];   /* device, driver, build: one line */
    char x_label[48];        /* what n counts, for the plot ("elements" if empty) */
    char ref_name[24];       /* the reference rows' name, as bench_compute_ratios was given */
    bench_row *rows;
    size_t count, capacity;
} bench_report;

int bench_add(bench_report *r, const bench_row *row, sw_error *err);
void bench_free(bench_report *r);

/* Fills ratio_memcpy and ratio_ref of every row from the rows of the same op and n:
 * the row whose variant is MEMCPY_VARIANT, and the fastest of the reference rows,
 * those whose variant is REF_VARIANT or starts with REF_VARIANT and a dash ("cub"
 * takes "cub", "cub-off32" and "cub-off64"). That fastest row gets best_ref, and
 * every row of its (op, n) its name in ref_variant. Either name may be NULL. */
void bench_compute_ratios(bench_report *r, const char *memcpy_variant, const char *ref_variant);
/* Whether VARIANT is one of REF's reference rows, by the rule above. */
int bench_is_ref_variant(const char *variant, const char *ref);

/* The table (ratios left blank where unknown), then one line per (op, n) that had
 * reference rows: which won, and the times of the others. */
void bench_print(const bench_report *r, FILE *fp);
int bench_write_json(const bench_report *r, const char *path, sw_error *err);
int bench_write_csv(const bench_report *r, const char *path, sw_error *err);
/* Median time against n on log-log axes fitted to the data, one line (with a swatch
 * in the legend) per (backend, variant); bench_svg.c. */
int bench_write_svg(const bench_report *r, const char *path, sw_error *err);

/* A plot axis over [LO, HI] (log10 of the data, LO <= HI): the drawn range, a little
 * wider than the data, and up to BENCH_AXIS_MAX_TICKS ticks inside it (log10 values),
 * at powers of two (POW2) or at 1, 2, 5 times powers of ten. */
#define BENCH_AXIS_MAX_TICKS 16
typedef struct bench_axis {
    double lo, hi;
    double ticks[BENCH_AXIS_MAX_TICKS];
    int count;
} bench_axis;
void bench_axis_fit(double lo, double hi, int pow2, bench_axis *a);

/* Median of N values (N > 0); reorders V. */
double bench_median(double *v, int n);

#endif
