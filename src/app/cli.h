/* Flag parsing shared by the `compute` and `bench` subcommands: a table of flags, one
 * line of error for a mistake, and --help printed from the same table (so the help
 * lists exactly the flags the parser takes, each with its default).
 * Accepted forms: `--flag value` and `--flag=value`. A flag given twice is an error. */
#ifndef SCANWORKS_APP_CLI_H
#define SCANWORKS_APP_CLI_H

#include <stdbool.h>
#include <stdint.h>
#include "util/error.h"

/* CLI_OUT: a path the command writes (a string). Its folder is checked before any work,
 * and when the help's value name has an extension ("OUT.npy  the result"), the path
 * must end in it. */
typedef enum cli_kind { CLI_STRING, CLI_LONG, CLI_DOUBLE, CLI_FLAG, CLI_OUT } cli_kind;

typedef struct cli_flag {
    const char *name;      /* "--in" */
    cli_kind kind;
    void *out;             /* const char ** (STRING, OUT), long long *, double *, bool * */
    const char *help;      /* "FILE  input array (.npy)": the value's name, two spaces, the text */
    double min, max;       /* range for CLI_LONG / CLI_DOUBLE (both 0: any) */
    bool required;
    bool seen;             /* set by cli_parse */
} cli_flag;

/* cli_parse's results besides 0 (parsed) and 1 (--help printed). */
enum { CLI_USAGE_ERROR = -1, CLI_RUNTIME_ERROR = -2 };

/* Parses argv[first..argc) against FLAGS (terminated by a {NULL}). Returns 0; 1 when
 * --help was asked (help printed, nothing parsed); CLI_USAGE_ERROR (exit code 2) for a
 * usage mistake; CLI_RUNTIME_ERROR (exit code 1) when an output's folder is missing or
 * not writable. String flags named --json, --csv and --plot are outputs (.json, .csv,
 * .svg) even when their kind is CLI_STRING. */
int cli_parse(int argc, char **argv, int first, cli_flag *flags, const char *usage, sw_error *err);
/* When set (by the fuzz target of the whole command line), cli_parse neither prints
 * help nor touches the file system, and returns 1 after a successful parse, so that
 * every command stops before any work. */
extern bool cli_parse_only;
/* Splits ARG ("--flag=value" or "--flag") into its flag name, copied into NAME (SIZE
 * bytes), and returns the value after '=' (NULL when there is none). */
const char *cli_split_flag(const char *arg, char *name, size_t size);
/* The exit code for a cli_parse result below 0: 2 for a usage error, 1 for a runtime one. */
int cli_exit_code(int rc);
void cli_print_help(const char *usage, const cli_flag *flags);

/* Checks before any work that PATH can be written: its folder exists and is writable,
 * PATH is not a folder, and (EXT non-NULL) it ends in EXT. FLAG names it in the message.
 * Returns 0, CLI_USAGE_ERROR (wrong extension) or CLI_RUNTIME_ERROR. */
int cli_check_output(const char *flag, const char *path, const char *ext, sw_error *err);

/* "2^20", "1048576", "1M", "1Mi" style sizes and "2^10..2^28" ranges (step: x2). */
int cli_parse_size(const char *s, long long *out, sw_error *err);

#endif
