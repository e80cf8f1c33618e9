/* The benchmark plot: median time against n on log-log axes fitted to the data, one
 * line with point markers per (backend, variant), a legend of line swatches, and a
 * title that says what is drawn. */
#include "bench/bench.h"

#include <math.h>
#include <string.h>

#include "util/atomic_file.h"

void bench_axis_fit(double lo, double hi, int pow2, bench_axis *a)
{
    /* A margin of 4% of the span (a tenth of a decade for a single value). */
    double pad = hi > lo ? 0.04 * (hi - lo) : 0.1;
    a->lo = lo - pad;
    a->hi = hi + pad;
    a->count = 0;
    if (pow2) {
        /* Ticks at 2^k, every STEP-th power so that at most 12 fit. */
        const double l2 = log10(2.0);
        int k0 = (int)ceil(a->lo / l2 - 1e-9), k1 = (int)floor(a->hi / l2 + 1e-9);
        int step = 1;
        while ((k1 - k0) / step + 1 > 12) step++;
        int ks = k0;
        while (((ks % step) + step) % step) ks++;   /* multiples of STEP */
        for (int k = ks; k <= k1 && a->count < BENCH_AXIS_MAX_TICKS; k += step)
            a->ticks[a->count++] = k * l2;
        return;
    }
    /* 1, 2, 5 times 10^k (or only 10^k, every STEP-th decade, on wide ranges). */
    static const double mant[3] = {1, 2, 5};
    int d0 = (int)floor(a->lo), d1 = (int)ceil(a->hi);
    if (d1 - d0 > 4) {
        int step = 1;
        while ((d1 - d0) / step + 1 > 12) step++;
        for (int d = d0; d <= d1 && a->count < BENCH_AXIS_MAX_TICKS; d += step)
            if (d >= a->lo - 1e-9 && d <= a->hi + 1e-9) a->ticks[a->count++] = d;
        return;
    }
    for (int d = d0; d <= d1; d++)
        for (int m = 0; m < 3 && a->count < BENCH_AXIS_MAX_TICKS; m++) {
            double t = d + log10(mant[m]);
            if (t >= a->lo - 1e-9 && t <= a->hi + 1e-9) a->ticks[a->count++] = t;
        }
    if (a->count < 2) {   /* a narrow range: its two ends are the ticks */
        a->ticks[0] = lo;
        a->ticks[1] = hi > lo ? hi : lo + pad / 2;
        a->count = 2;
    }
}

static const char *const palette[] = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b",
                                      "#e377c2", "#7f7f7f", "#bcbd22", "#17becf", "#000000", "#aa6600"};

static void xml_text(FILE *fp, const char *s)
{
    for (; *s; s++) {
        if (*s == '<') fputs("&lt;", fp);
        else if (*s == '>') fputs("&gt;", fp);
        else if (*s == '&') fputs("&amp;", fp);
        else if (*s == '\'') fputs("&apos;", fp);
        else if ((unsigned char)*s >= 0x20) fputc(*s, fp);
    }
}

static int plotted(const bench_row *w) { return w->n >= 1 && w->median_ms > 0; }

static int same_series(const bench_row *a, const bench_row *b)
{
    return !strcmp(a->variant, b->variant) && !strcmp(a->backend, b->backend);
}

int bench_write_svg(const bench_report *r, const char *path, sw_error *err)
{
    double xmin = INFINITY, xmax = -INFINITY, ymin = INFINITY, ymax = -INFINITY;
    int series_count = 0;
    for (size_t i = 0; i < r->count; i++) {
        const bench_row *w = &r->rows[i];
        if (!plotted(w)) continue;
        xmin = fmin(xmin, log10((double)w->n));
        xmax = fmax(xmax, log10((double)w->n));
        ymin = fmin(ymin, log10(w->median_ms));
        ymax = fmax(ymax, log10(w->median_ms));
        int first = 1;
        for (size_t j = 0; j < i && first; j++) first = !(plotted(&r->rows[j]) && same_series(&r->rows[j], w));
        series_count += first;
    }
    if (!isfinite(xmin)) return sw_fail(err, "%s: no rows to plot", path);
    bench_axis ax, ay;
    bench_axis_fit(xmin, xmax, 1, &ax);
    bench_axis_fit(ymin, ymax, 0, &ay);
    /* The legend: one 16-pixel line per series, the plot at least as tall. */
    const double W = 960, L = 80, R = 260, T = 64, B = 60;
    const double H = fmax(560, T + B + 16.0 * series_count + 20);
    const char *xl = r->x_label[0] ? r->x_label : "elements";
    atomic_file af;
    if (atomic_file_open(&af, path, err)) return -1;
    FILE *fp = af.fp;
    fprintf(fp, "<svg xmlns='http://www.w3.org/2000/svg' width='%.0f' height='%.0f' font-family='sans-serif' "
                "font-size='12'>\n<rect width='100%%' height='100%%' fill='white'/>\n", W, H);
    fprintf(fp, "<text x='%.0f' y='24' font-size='16'>", L);
    xml_text(fp, r->title);
    fprintf(fp, "</text>\n<text x='%.0f' y='44'>median time per run (ms) against n (", L);
    xml_text(fp, xl);
    fprintf(fp, "), both log scale; one line per backend and variant</text>\n");
#define PX(x) (L + ((x) - ax.lo) / (ax.hi - ax.lo) * (W - L - R))
#define PY(y) (H - B - ((y) - ay.lo) / (ay.hi - ay.lo) * (H - T - B))
    fprintf(fp, "<rect x='%.0f' y='%.0f' width='%.0f' height='%.0f' fill='none' stroke='#999'/>\n", L, T, W - L - R,
            H - T - B);
    for (int i = 0; i < ax.count; i++) {
        double x = PX(ax.ticks[i]);
        fprintf(fp, "<line x1='%.1f' y1='%.0f' x2='%.1f' y2='%.0f' stroke='#ddd'/><text x='%.1f' y='%.0f' "
                    "text-anchor='middle'>2^%.0f</text>\n", x, T, x, H - B, x, H - B + 18, ax.ticks[i] / log10(2.0));
    }
    for (int i = 0; i < ay.count; i++) {
        double y = PY(ay.ticks[i]);
        fprintf(fp, "<line x1='%.0f' y1='%.1f' x2='%.0f' y2='%.1f' stroke='#ddd'/><text x='%.0f' y='%.1f' "
                    "text-anchor='end'>%.3g</text>\n", L, y, W - R, y, L - 6, y + 4, pow(10, ay.ticks[i]));
    }
    fprintf(fp, "<text x='%.0f' y='%.0f' text-anchor='middle'>n (", (L + W - R) / 2, H - 16);
    xml_text(fp, xl);
    fprintf(fp, ")</text>\n<text x='18' y='%.0f' text-anchor='middle' transform='rotate(-90 18 %.0f)'>median ms"
                "</text>\n", (T + H - B) / 2, (T + H - B) / 2);
    /* One series per distinct (backend, variant), in order of first appearance. */
    int series = 0;
    for (size_t i = 0; i < r->count; i++) {
        const bench_row *w = &r->rows[i];
        if (!plotted(w)) continue;
        int first = 1;
        for (size_t j = 0; j < i && first; j++) first = !(plotted(&r->rows[j]) && same_series(&r->rows[j], w));
        if (!first) continue;
        const char *color = palette[series % (int)(sizeof palette / sizeof *palette)];
        fprintf(fp, "<polyline class='series' fill='none' stroke='%s' stroke-width='2' points='", color);
        for (size_t j = i; j < r->count; j++)
            if (plotted(&r->rows[j]) && same_series(&r->rows[j], w))
                fprintf(fp, "%.1f,%.1f ", PX(log10((double)r->rows[j].n)), PY(log10(r->rows[j].median_ms)));
        fprintf(fp, "'/>\n");
        for (size_t j = i; j < r->count; j++)
            if (plotted(&r->rows[j]) && same_series(&r->rows[j], w))
                fprintf(fp, "<circle cx='%.1f' cy='%.1f' r='2.5' fill='%s'/>\n", PX(log10((double)r->rows[j].n)),
                        PY(log10(r->rows[j].median_ms)), color);
        double ly = T + 16.0 * series + 8;
        fprintf(fp, "<line class='swatch' x1='%.0f' y1='%.0f' x2='%.0f' y2='%.0f' stroke='%s' stroke-width='3'/>"
                    "<text x='%.0f' y='%.0f'>", W - R + 12, ly, W - R + 36, ly, color, W - R + 42, ly + 4);
        xml_text(fp, w->backend);
        fputc(' ', fp);
        xml_text(fp, w->variant);
        fprintf(fp, "</text>\n");
        series++;
    }
#undef PX
#undef PY
    fprintf(fp, "</svg>\n");
    return atomic_file_commit(&af, err);
}
