/* Output files are written under a temporary name beside the target and renamed
 * into place only when complete, so a failure never leaves a half-written result. */
#ifndef SCANWORKS_UTIL_ATOMIC_FILE_H
#define SCANWORKS_UTIL_ATOMIC_FILE_H

#include <stdio.h>
#include "util/error.h"

typedef struct atomic_file {
    FILE *fp;
    char path[4096];
    char tmp_path[4096 + 32];
} atomic_file;

/* Opens PATH.tmp.PID for binary writing. */
int atomic_file_open(atomic_file *af, const char *path, sw_error *err);
/* Flushes, closes and renames into place; on any failure removes the temporary. */
int atomic_file_commit(atomic_file *af, sw_error *err);
/* Closes and removes the temporary (after an error elsewhere). */
void atomic_file_abort(atomic_file *af);

#endif
