/* Shared steps of the `compute` ops of compaction, sort and search: parse the flags,
 * pick the backend (making a GL context for gl), read a 1-D array of a key type, and
 * report failures as one line with the exit code (1 runtime, 2 usage). */
#ifndef SCANWORKS_APP_COMPUTE_COMMON_H
#define SCANWORKS_APP_COMPUTE_COMMON_H

#include "app/cli.h"
#include "io/npy.h"
#include "prim/backend.h"
#include "prim/key_type.h"

/* Parses ARGV (ARGV[0] the op). Returns -1 to go on, else the exit code to return
 * (0 after --help, 2 after a usage error, printed). */
int compute_parse_flags(const char *op, int argc, char **argv, cli_flag *flags, const char *usage);
/* Parses the --backend value (usage error: 2) and gets the backend ready (runtime: 1).
 * Returns -1 to go on, else the exit code (message printed). */
int compute_backend(const char *op, const char *name, prim_backend *b);
/* Prints "scanworks compute OP: message" and returns CODE. */
int compute_fail(const char *op, int code, const sw_error *err);
/* npy_read; when the file's dtype is one the reader does not take, the message says
 * which dtypes the command takes (ACCEPTED, "int32, uint32 or float32"). */
int compute_read_npy(const char *path, npy_array *arr, const char *accepted, sw_error *err);
/* Reads a 1-D .npy of uint32, int32 or float32; the message names PATH. */
int compute_read_keys(const char *path, npy_array *arr, key_type *t, sw_error *err);
npy_dtype compute_dtype_of(key_type t);

#endif
