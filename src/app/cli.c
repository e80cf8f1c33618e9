#include "app/cli.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void cli_print_help(const char *usage, const cli_flag *flags)
{
    printf("Usage: %s\n\nFlags:\n", usage);
    for (const cli_flag *f = flags; f->name; f++)
        printf("  %-16s %s%s\n", f->name, f->help ? f->help : "", f->required ? " (required)" : "");
    printf("  %-16s %s\n", "-h, --help", "this text");
    printf("\nExit codes: 0 success, 1 runtime error (bad file, no device), 2 usage error.\n");
}

int cli_parse_size(const char *s, long long *out, sw_error *err)
{
    if (!s || !*s) return sw_fail(err, "empty size");
    char *end;
    errno = 0;
    long long v;
    if (!strncmp(s, "2^", 2)) {
        long e = strtol(s + 2, &end, 10);
        if (errno || end == s + 2 || *end || e < 0 || e > 40) return sw_fail(err, "size '%s': exponent must be 0..40", s);
        v = 1LL << e;
    } else {
        v = strtoll(s, &end, 10);
        if (errno || end == s || v < 0) return sw_fail(err, "size '%s': expected a count like 1000000 or 2^20", s);
        long long mult = 1;
        if (*end == 'K' || *end == 'k') mult = 1000, end++;
        else if (*end == 'M') mult = 1000000, end++;
        else if (*end == 'G') mult = 1000000000, end++;
        if (*end == 'i' && mult > 1) mult = mult == 1000 ? 1024 : mult == 1000000 ? 1 << 20 : 1 << 30, end++;
        if (*end) return sw_fail(err, "size '%s': unexpected '%s'", s, end);
        if (v > (1LL << 40) / mult) return sw_fail(err, "size '%s' is too large", s);
        v *= mult;
    }
    *out = v;
    return 0;
}

int cli_parse(int argc, char **argv, int first, cli_flag *flags, const char *usage, sw_error *err)
{
    for (int i = first; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            cli_print_help(usage, flags);
            return 1;
        }
        cli_flag *f = flags;
        while (f->name && strcmp(f->name, a)) f++;
        if (!f->name) return sw_fail(err, "unknown flag '%s' (see --help)", a);
        f->seen = true;
        if (f->kind == CLI_FLAG) {
            *(bool *)f->out = true;
            continue;
        }
        if (i + 1 >= argc) return sw_fail(err, "%s needs a value", a);
        const char *v = argv[++i];
        char *end;
        errno = 0;
        if (f->kind == CLI_STRING) {
            if (!*v) return sw_fail(err, "%s needs a non-empty value", a);
            *(const char **)f->out = v;
        } else if (f->kind == CLI_LONG) {
            long long x;
            if (cli_parse_size(v, &x, err)) return sw_wrap(err, "%s: ", a);
            if ((f->min || f->max) && (x < f->min || x > f->max))
                return sw_fail(err, "%s %s: must be in %.0f..%.0f", a, v, f->min, f->max);
            *(long long *)f->out = x;
        } else {
            double x = strtod(v, &end);
            if (errno || end == v || *end || !isfinite(x)) return sw_fail(err, "%s '%s': expected a number", a, v);
            if ((f->min || f->max) && (x < f->min || x > f->max))
                return sw_fail(err, "%s %s: must be in %g..%g", a, v, f->min, f->max);
            *(double *)f->out = x;
        }
    }
    for (cli_flag *f = flags; f->name; f++)
        if (f->required && !f->seen) return sw_fail(err, "%s is required (see --help)", f->name);
    return 0;
}
