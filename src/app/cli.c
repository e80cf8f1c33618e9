#include "app/cli.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

/* The extension an output must have: from the help's value name for CLI_OUT
 * ("OUT.npy  ..."), by name for the report flags every command names the same way. */
static const char *implied_ext(const cli_flag *f, char *buf, size_t size)
{
    if (f->kind == CLI_OUT) {
        const char *h = f->help ? f->help : "", *gap = strstr(h, "  ");
        size_t n = gap ? (size_t)(gap - h) : 0;
        const char *dot = n ? memchr(h, '.', n) : NULL;
        if (!dot || (size_t)(h + n - dot) >= size || memchr(h, '|', n)) return NULL;
        snprintf(buf, size, "%.*s", (int)(h + n - dot), dot);
        return buf;
    }
    if (f->kind != CLI_STRING) return NULL;
    if (!strcmp(f->name, "--json")) return ".json";
    if (!strcmp(f->name, "--csv")) return ".csv";
    if (!strcmp(f->name, "--plot")) return ".svg";
    return NULL;
}

static bool is_output(const cli_flag *f)
{
    char buf[16];
    return f->kind == CLI_OUT || implied_ext(f, buf, sizeof buf);
}

/* The help text is "VALUE  description" (two spaces); a switch's is the description. */
static void split_help(const cli_flag *f, char *value, size_t vsize, const char **desc)
{
    const char *h = f->help ? f->help : "";
    const char *gap = strstr(h, "  ");
    value[0] = 0;
    if (f->kind != CLI_FLAG && gap) {
        size_t n = (size_t)(gap - h);
        if (n >= vsize) n = vsize - 1;
        memcpy(value, h, n);
        value[n] = 0;
        h = gap;
    } else if (f->kind != CLI_FLAG) {
        snprintf(value, vsize, "%s", f->kind == CLI_STRING || f->kind == CLI_OUT ? "VALUE" : "N");
    }
    while (*h == ' ') h++;
    *desc = h;
}

/* "(default X)" from the value the flag holds before parsing, unless the text says it. */
static void default_text(const cli_flag *f, const char *desc, char *out, size_t size)
{
    out[0] = 0;
    if (f->required) {
        snprintf(out, size, " (required)");
        return;
    }
    if (f->kind == CLI_FLAG || strstr(desc, "default")) return;
    if ((f->kind == CLI_STRING || f->kind == CLI_OUT) && *(const char *const *)f->out)
        snprintf(out, size, " (default %s)", *(const char *const *)f->out);
    else if (f->kind == CLI_STRING || f->kind == CLI_OUT)
        snprintf(out, size, " (default: none)");
    else if (f->kind == CLI_LONG)
        snprintf(out, size, " (default %lld)", *(const long long *)f->out);
    else
        snprintf(out, size, " (default %g)", *(const double *)f->out);
}

void cli_print_help(const char *usage, const cli_flag *flags)
{
    /* Callers' usage texts may start with their own "usage: ". */
    if (!strncasecmp(usage, "usage: ", 7)) usage += 7;
    printf("Usage: %s\n\nFlags:\n", usage);
    enum { COLUMN = 26 };
    for (const cli_flag *f = flags; f->name; f++) {
        char value[64], left[96], dflt[128];
        const char *desc;
        split_help(f, value, sizeof value, &desc);
        default_text(f, desc, dflt, sizeof dflt);
        snprintf(left, sizeof left, "%s%s%s", f->name, value[0] ? " " : "", value);
        if (strlen(left) > COLUMN - 1)
            printf("  %s\n  %-*s %s%s\n", left, COLUMN, "", desc, dflt);
        else
            printf("  %-*s %s%s\n", COLUMN, left, desc, dflt);
    }
    printf("  %-*s %s\n", COLUMN, "-h, --help", "this text");
    printf("\nEvery flag also takes the form --flag=VALUE; each may be given once.\n"
           "Exit codes: 0 success, 1 runtime error (bad file, no device), 2 usage error.\n");
}

const char *cli_split_flag(const char *arg, char *name, size_t size)
{
    const char *eq = strncmp(arg, "--", 2) ? NULL : strchr(arg, '=');
    size_t n = eq ? (size_t)(eq - arg) : strlen(arg);
    if (n >= size) n = size - 1;
    memcpy(name, arg, n);
    name[n] = 0;
    return eq ? eq + 1 : NULL;
}

int cli_exit_code(int rc) { return rc == CLI_RUNTIME_ERROR ? 1 : 2; }

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

int cli_check_output(const char *flag, const char *path, const char *ext, sw_error *err)
{
    size_t n = strlen(path), e = ext ? strlen(ext) : 0;
    struct stat st;
    if (!stat(path, &st) && S_ISDIR(st.st_mode))
        return sw_fail(err, "%s %s: is a folder; give a file name in it", flag, path), CLI_RUNTIME_ERROR;
    if (ext && (n <= e || strcasecmp(path + n - e, ext)))
        return sw_fail(err, "%s %s: this writes %s data; give a file name ending in %s", flag, path, ext + 1, ext),
               CLI_USAGE_ERROR;
    char dir[4096];
    const char *slash = strrchr(path, '/');
    if (!slash) snprintf(dir, sizeof dir, ".");
    else if (slash == path) snprintf(dir, sizeof dir, "/");
    else snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path);
    if (stat(dir, &st) || !S_ISDIR(st.st_mode))
        return sw_fail(err, "%s %s: cannot write there: the folder %s does not exist (create it first)", flag, path,
                       dir), CLI_RUNTIME_ERROR;
    if (access(dir, W_OK | X_OK))
        return sw_fail(err, "%s %s: cannot write there: the folder %s is not writable", flag, path, dir),
               CLI_RUNTIME_ERROR;
    return 0;
}

static int parse_value(cli_flag *f, const char *a, const char *v, sw_error *err)
{
    char *end;
    errno = 0;
    if (f->kind == CLI_STRING || f->kind == CLI_OUT) {
        if (!*v) return sw_fail(err, "%s needs a non-empty value", a);
        *(const char **)f->out = v;
    } else if (f->kind == CLI_LONG) {
        long long x;
        bool ranged = f->min || f->max;
        sw_error inner;
        if (cli_parse_size(v, &x, &inner) || (ranged && (x < f->min || x > f->max))) {
            if (ranged)
                return sw_fail(err, "%s '%s': expected a whole number in %.0f..%.0f (2^K and 1M forms work too)", a,
                               v, f->min, f->max);
            return sw_fail(err, "%s '%s': expected a whole number >= 0 (2^K and 1M forms work too)", a, v);
        }
        *(long long *)f->out = x;
    } else {
        double x = strtod(v, &end);
        if (errno || end == v || *end || !isfinite(x))
            return sw_fail(err, "%s '%s': expected a finite number", a, v);
        if ((f->min || f->max) && (x < f->min || x > f->max))
            return sw_fail(err, "%s %s: must be in %g..%g", a, v, f->min, f->max);
        *(double *)f->out = x;
    }
    return 0;
}

bool cli_parse_only;

int cli_parse(int argc, char **argv, int first, cli_flag *flags, const char *usage, sw_error *err)
{
    /* --help first, so that it shows the defaults before any flag changes them. */
    for (int i = first; i < argc; i++)
        if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
            if (!cli_parse_only) cli_print_help(usage, flags);
            return 1;
        }
    for (cli_flag *f = flags; f->name; f++) f->seen = false;
    for (int i = first; i < argc; i++) {
        const char *arg = argv[i];
        char name[64];
        const char *eq = cli_split_flag(arg, name, sizeof name);
        cli_flag *f = flags;
        while (f->name && strcmp(f->name, name)) f++;
        if (!f->name) {
            if (arg[0] != '-') return sw_fail(err, "unexpected argument '%s' (flags start with --; see --help)", arg);
            return sw_fail(err, "unknown flag '%s' (see --help)", name);
        }
        if (f->seen) return sw_fail(err, "%s is given twice; give it once", name);
        f->seen = true;
        if (f->kind == CLI_FLAG) {
            if (eq) return sw_fail(err, "%s takes no value (got '%s')", name, eq);
            *(bool *)f->out = true;
            continue;
        }
        const char *v = eq ? eq : i + 1 < argc ? argv[++i] : NULL;
        if (!v) return sw_fail(err, "%s needs a value", name);
        if (parse_value(f, name, v, err)) return CLI_USAGE_ERROR;
    }
    for (cli_flag *f = flags; f->name; f++)
        if (f->required && !f->seen) return sw_fail(err, "%s is required (see --help)", f->name);
    if (cli_parse_only) return 1;
    /* Outputs last: a usage mistake is reported before a missing folder. */
    int worst = 0;
    sw_error first_runtime = {{0}};
    for (cli_flag *f = flags; f->name; f++) {
        if (!f->seen || !is_output(f)) continue;
        char buf[16];
        int rc = cli_check_output(f->name, *(const char **)f->out, implied_ext(f, buf, sizeof buf), err);
        if (rc == CLI_USAGE_ERROR) return rc;
        if (rc && !worst) {
            worst = rc;
            first_runtime = *err;
        }
    }
    if (worst) *err = first_runtime;
    return worst;
}
