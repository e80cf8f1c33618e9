/* A status for functions that can fail: they return 0 on success or -1 after
 * writing one line into the sw_error that names the input, the limit and the fix.
 * main.c prints it and picks the exit code. Usable from CUDA (.cu) files too. */
#ifndef SCANWORKS_UTIL_ERROR_H
#define SCANWORKS_UTIL_ERROR_H

#include <stddef.h>

#include "scanworks/common.h"

#if defined(__GNUC__)
#define SW_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define SW_PRINTF(a, b)
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* sw_error is the public API's (include/scanworks/common.h). */

/* Writes the message (printf style) and returns -1, so `return sw_fail(...)` reads well.
 * A NULL err is allowed: the message is dropped. */
int sw_fail(sw_error *err, const char *fmt, ...) SW_PRINTF(2, 3);

/* Prepends context ("loading floor.png: ") to a message already in err; returns -1. */
int sw_wrap(sw_error *err, const char *fmt, ...) SW_PRINTF(2, 3);

/* malloc/calloc that fail with a message naming what was being allocated. */
void *sw_malloc(size_t bytes, const char *what, sw_error *err);
void *sw_calloc(size_t count, size_t size, const char *what, sw_error *err);

#ifdef __cplusplus
}
#endif

#endif
