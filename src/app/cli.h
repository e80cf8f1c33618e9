/* Flag parsing shared by the `compute` and `bench` subcommands: a table of flags,
 * one line of error for a usage mistake (exit code 2), and --help from the table. */
#ifndef SCANWORKS_APP_CLI_H
#define SCANWORKS_APP_CLI_H

#include <stdbool.h>
#include <stdint.h>
#include "util/error.h"

typedef enum cli_kind { CLI_STRING, CLI_LONG, CLI_DOUBLE, CLI_FLAG } cli_kind;

typedef struct cli_flag {
    const char *name;      /* "--in" */
    cli_kind kind;
    void *out;             /* const char **, long long *, double *, bool * */
    const char *help;      /* "FILE  input array (.npy)" */
    double min, max;       /* range for CLI_LONG / CLI_DOUBLE (both 0: any) */
    bool required;
    bool seen;             /* set by cli_parse */
} cli_flag;

/* Parses argv[first..argc) against FLAGS (terminated by a {NULL}). Returns 0, 1 when
 * --help was asked (help printed), or -1 with a message for a usage error. */
int cli_parse(int argc, char **argv, int first, cli_flag *flags, const char *usage, sw_error *err);
void cli_print_help(const char *usage, const cli_flag *flags);

/* "2^20", "1048576", "1M", "1Mi" style sizes and "2^10..2^28" ranges (step: x2). */
int cli_parse_size(const char *s, long long *out, sw_error *err);

#endif
