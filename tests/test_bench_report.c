/* The benchmark report writers (src/bench/bench.c, bench_svg.c): the best of several
 * reference rows is the reference, and says so; ratios are blank (console, CSV) or
 * null (JSON) where there is no reference; the plot's axes fit the data, its legend
 * has line swatches, and its titles say what is drawn (the BFS plot included). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/bench.h"
#include "test_util.h"

int bench_bfs_main(int argc, char **argv);

static void add(bench_report *r, const char *op, const char *variant, int64_t n, double ms)
{
    bench_row w;
    memset(&w, 0, sizeof w);
    snprintf(w.op, sizeof w.op, "%s", op);
    snprintf(w.variant, sizeof w.variant, "%s", variant);
    snprintf(w.backend, sizeof w.backend, "cuda");
    w.n = n;
    w.reps = 10;
    w.median_ms = w.min_ms = ms;
    w.bytes = 8.0 * (double)n;
    sw_error err;
    CHECK(bench_add(r, &w, &err) == 0);
}

static const bench_row *row(const bench_report *r, const char *op, const char *variant, int64_t n)
{
    for (size_t i = 0; i < r->count; i++)
        if (r->rows[i].n == n && !strcmp(r->rows[i].op, op) && !strcmp(r->rows[i].variant, variant))
            return &r->rows[i];
    return NULL;
}

static char *slurp(const char *path)
{
    FILE *fp = fopen(path, "rb");
    if (!fp) return NULL;
    fseek(fp, 0, SEEK_END);
    long len = ftell(fp);
    fseek(fp, 0, SEEK_SET);
    char *s = malloc((size_t)len + 1);
    if (s && fread(s, 1, (size_t)len, fp) != (size_t)len) len = 0;
    if (s) s[len] = 0;
    fclose(fp);
    return s;
}

/* The line of TEXT that contains every one of the NULL-ended words, copied into LINE. */
static int find_line(const char *text, char *line, size_t size, const char *a, const char *b)
{
    for (const char *p = text; *p;) {
        const char *end = strchr(p, '\n');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        snprintf(line, size, "%.*s", (int)(len < size - 1 ? len : size - 1), p);
        if (strstr(line, a) && (!b || strstr(line, b))) return 1;
        p += len + (end != NULL);
    }
    return 0;
}

static void sample(bench_report *r)
{
    const int64_t n = 1 << 28;
    snprintf(r->title, sizeof r->title, "radix sort of random uint32 keys");
    add(r, "sort-keys", "memcpy", n, 0.512);
    add(r, "sort-keys", "cub-off32", n, 6.36);
    add(r, "sort-keys", "cub-off64", n, 5.47);
    add(r, "sort-keys", "cubic", n, 1.0);   /* not a reference: only "cub" and "cub-..." are */
    add(r, "sort-keys", "onesweep-v2", n, 4.77);
    add(r, "sort-pairs", "cub-off32", n, 7.47);
    add(r, "sort-pairs", "cub-off64", n, 8.61);
    add(r, "sort-pairs", "onesweep-v2", n, 7.79);
    add(r, "split", "split", n, 50.0);   /* an op with neither memcpy nor a reference */
}

static void test_ratios(void)
{
    bench_report r;
    memset(&r, 0, sizeof r);
    sample(&r);
    bench_compute_ratios(&r, "memcpy", "cub");
    const int64_t n = 1 << 28;
    const bench_row *ours = row(&r, "sort-keys", "onesweep-v2", n), *c32 = row(&r, "sort-keys", "cub-off32", n);
    const bench_row *c64 = row(&r, "sort-keys", "cub-off64", n), *pairs = row(&r, "sort-pairs", "onesweep-v2", n);
    const bench_row *p32 = row(&r, "sort-pairs", "cub-off32", n), *split = row(&r, "split", "split", n);
    CHECK(ours && c32 && c64 && pairs && p32 && split);
    if (!ours || !c32 || !c64 || !pairs || !p32 || !split) return;
    CHECK_MSG(fabs(ours->ratio_ref - 5.47 / 4.77) < 1e-9, "keys against the faster CUB: %g", ours->ratio_ref);
    CHECK(!strcmp(ours->ref_variant, "cub-off64"));
    CHECK(c64->best_ref && !c32->best_ref && !ours->best_ref);
    CHECK(fabs(c32->ratio_ref - 5.47 / 6.36) < 1e-9);
    CHECK(!row(&r, "sort-keys", "cubic", n)->best_ref);
    /* pairs: 32-bit offsets win, so ours is 0.96x, not the 1.10x against 64-bit */
    CHECK_MSG(fabs(pairs->ratio_ref - 7.47 / 7.79) < 1e-9, "pairs against the faster CUB: %g", pairs->ratio_ref);
    CHECK(!strcmp(pairs->ref_variant, "cub-off32") && p32->best_ref);
    CHECK(fabs(ours->ratio_memcpy - 0.512 / 4.77) < 1e-9);
    CHECK(split->ratio_ref == 0 && split->ratio_memcpy == 0 && !split->ref_variant[0] && !split->best_ref);
    CHECK(!strcmp(bench_is_ref_variant("cub", "cub") ? "y" : "n", "y"));
    CHECK(bench_is_ref_variant("thrust-nosync", "thrust") && !bench_is_ref_variant("thrusts", "thrust"));
    CHECK(!bench_is_ref_variant("cub", NULL) && !bench_is_ref_variant("cub", ""));
    bench_free(&r);
}

static void test_writers(const char *dir)
{
    bench_report r;
    memset(&r, 0, sizeof r);
    sample(&r);
    bench_compute_ratios(&r, "memcpy", "cub");
    char path[512], line[512];
    sw_error err;

    snprintf(path, sizeof path, "%s/table.txt", dir);
    FILE *fp = fopen(path, "w");
    CHECK(fp != NULL);
    if (fp) {
        bench_print(&r, fp);
        fclose(fp);
    }
    char *text = slurp(path);
    CHECK(text != NULL);
    if (text) {
        /* no reference, no memcpy: the ratio cells are blank, not 0.00 */
        CHECK(find_line(text, line, sizeof line, "split ", " 50.0000"));
        CHECK_MSG(!strstr(line, "0.00 ") && !strstr(line, " 0.00"), "blank ratios expected: %s", line);
        CHECK(find_line(text, line, sizeof line, "onesweep-v2", "sort-keys"));
        CHECK_MSG(strstr(line, "1.15") && strstr(line, "cub-off64"), "ratio and its reference: %s", line);
        CHECK(find_line(text, line, sizeof line, "reference sort-keys", NULL));
        CHECK_MSG(strstr(line, "cub-off64 5.4700 ms is the best") && strstr(line, "cub-off32 6.3600 ms") &&
                      !strstr(line, "cubic"),
                  "which reference won: %s", line);
        CHECK(find_line(text, line, sizeof line, "reference sort-pairs", NULL) && strstr(line, "cub-off32 7.4700"));
        CHECK(!find_line(text, line, sizeof line, "reference split", NULL));
        free(text);
    }

    snprintf(path, sizeof path, "%s/rows.csv", dir);
    CHECK(bench_write_csv(&r, path, &err) == 0);
    text = slurp(path);
    CHECK(text != NULL);
    if (text) {
        CHECK(find_line(text, line, sizeof line, "op,variant", NULL) && strstr(line, ",ref_variant,best_ref"));
        CHECK(find_line(text, line, sizeof line, "split,split", NULL));
        CHECK_MSG(strstr(line, ",2147483648,,,,0") && !strstr(line, ",0.0000"), "empty ratio cells expected: %s", line);
        CHECK(find_line(text, line, sizeof line, "sort-keys,cub-off64", NULL) && strstr(line, ",cub-off64,1"));
        free(text);
    }

    snprintf(path, sizeof path, "%s/rows.json", dir);
    CHECK(bench_write_json(&r, path, &err) == 0);
    text = slurp(path);
    CHECK(text != NULL);
    if (text) {
        CHECK(find_line(text, line, sizeof line, "\"op\": \"split\"", NULL));
        CHECK_MSG(strstr(line, "\"ratio_ref\": null") && strstr(line, "\"ratio_memcpy\": null") &&
                      strstr(line, "\"ref_variant\": null"),
                  "nulls expected: %s", line);
        int best = 0;
        for (const char *p = text; (p = strstr(p, "\"best_ref\": true")) != NULL; p++) best++;
        CHECK_MSG(best == 2, "one best reference per (op, n): %d", best);
        free(text);
    }
    bench_free(&r);
}

/* Every number after KEY=' in S up to the next quote, as (x, y) pairs of "x,y x,y". */
static int points(const char *s, double *ys, int max)
{
    int k = 0;
    for (const char *p = s; (p = strstr(p, "points='")) != NULL;) {
        p += 8;
        double x, y;
        int used;
        while (*p != '\'' && sscanf(p, "%lf,%lf%n", &x, &y, &used) == 2 && k < max) {
            ys[k++] = y;
            p += used;
            while (*p == ' ') p++;
        }
    }
    return k;
}

static void test_svg(const char *dir)
{
    /* Times within a factor of two of each other: a decade-wide axis would squeeze them
     * into a quarter of the plot. */
    bench_report r;
    memset(&r, 0, sizeof r);
    snprintf(r.title, sizeof r.title, "scan: int32 add, exclusive");
    const double ms[3][2] = {{0.50, 0.55}, {0.62, 0.70}, {0.81, 0.90}};
    for (int i = 0; i < 3; i++) {
        add(&r, "scan", "lookback", (int64_t)1 << (24 + 2 * i), ms[i][0]);
        add(&r, "scan", "cub-off64", (int64_t)1 << (24 + 2 * i), ms[i][1]);
    }
    add(&r, "scan", "single", (int64_t)1 << 26, 0.6);   /* a series of one point */
    char path[512];
    sw_error err;
    snprintf(path, sizeof path, "%s/plot.svg", dir);
    CHECK(bench_write_svg(&r, path, &err) == 0);
    char *svg = slurp(path);
    CHECK(svg != NULL);
    if (svg) {
        double plot_y, plot_h, ys[64];
        const char *frame = strstr(svg, "<rect x='80' y='");
        CHECK(frame && sscanf(frame, "<rect x='80' y='%lf' width='%*f' height='%lf'", &plot_y, &plot_h) == 2);
        int k = points(svg, ys, 64);
        CHECK_MSG(k == 7, "points plotted: %d", k);
        double lo = 1e9, hi = -1e9;
        for (int i = 0; i < k; i++) lo = fmin(lo, ys[i]), hi = fmax(hi, ys[i]);
        CHECK_MSG(hi - lo > 0.8 * plot_h, "the data spans %.0f of %.0f pixels: the axis does not fit it", hi - lo,
                  plot_h);
        CHECK(lo >= plot_y - 0.5 && hi <= plot_y + plot_h + 0.5);
        int swatches = 0;
        for (const char *p = svg; (p = strstr(p, "class='swatch'")) != NULL; p++) swatches++;
        CHECK_MSG(swatches == 3, "legend swatches: %d (one a series)", swatches);
        CHECK(strstr(svg, "<circle"));   /* the one-point series is drawn */
        CHECK(strstr(svg, "scan: int32 add, exclusive"));
        CHECK(strstr(svg, "median time per run (ms) against n (elements)"));
        free(svg);
    }
    bench_free(&r);
    bench_axis a;
    bench_axis_fit(log10(0.5), log10(0.9), 0, &a);
    CHECK_MSG(a.lo > log10(0.5) - 0.05 && a.hi < log10(0.9) + 0.05, "axis %g..%g", a.lo, a.hi);
    CHECK_MSG(a.count >= 2, "ticks inside a narrow range: %d", a.count);
    for (int i = 0; i < a.count; i++) CHECK(a.ticks[i] >= a.lo - 1e-9 && a.ticks[i] <= a.hi + 1e-9);
    bench_axis_fit(log10(1024.0), log10(268435456.0), 1, &a);
    CHECK(a.count >= 3 && a.count <= 12);
    for (int i = 0; i < a.count; i++) {
        double k = a.ticks[i] / log10(2.0);
        CHECK(fabs(k - floor(k + 0.5)) < 1e-9);   /* powers of two */
    }
}

static void test_bfs_plot(const char *dir)
{
    char path[512], a0[] = "bfs", a1[] = "--scales", a2[] = "8..9", a3[] = "--sources", a4[] = "2", a5[] = "--plot";
    snprintf(path, sizeof path, "%s/bfs.svg", dir);
    char *argv[] = {a0, a1, a2, a3, a4, a5, path, NULL};
    CHECK(bench_bfs_main(7, argv) == 0);
    char *svg = slurp(path), line[512];
    CHECK(svg != NULL);
    if (svg) {
        /* it plots milliseconds: the titles must say so, not GTEPS */
        CHECK(find_line(svg, line, sizeof line, "font-size='16'", NULL));
        CHECK_MSG(!strstr(line, "GTEPS") && strstr(line, "BFS"), "BFS plot title: %s", line);
        CHECK(strstr(svg, "median time per run (ms) against n (edges in the traversed component)"));
        free(svg);
    }
}

int main(void)
{
    char dir[] = "/tmp/test_bench_report_XXXXXX";
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        return 1;
    }
    test_ratios();
    test_writers(dir);
    test_svg(dir);
    test_bfs_plot(dir);
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0) fprintf(stderr, "could not remove %s\n", dir);
    if (test_failures) fprintf(stderr, "%d check(s) failed\n", test_failures);
    else printf("test_bench_report: all checks passed\n");
    return test_failures ? 1 : 0;
}
