#include "util/error.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int sw_fail(sw_error *err, const char *fmt, ...)
{
    if (!err) return -1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
    return -1;
}

int sw_wrap(sw_error *err, const char *fmt, ...)
{
    if (!err) return -1;
    char prefix[256], old[sizeof err->msg];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(prefix, sizeof prefix, fmt, ap);
    va_end(ap);
    memcpy(old, err->msg, sizeof old);
    /* Truncating a long message is intended: it stays one line. */
    size_t n = strlen(prefix);
    if (n >= sizeof err->msg) n = sizeof err->msg - 1;
    memcpy(err->msg, prefix, n);
    size_t rest = strlen(old);
    if (rest > sizeof err->msg - 1 - n) rest = sizeof err->msg - 1 - n;
    memcpy(err->msg + n, old, rest);
    err->msg[n + rest] = 0;
    return -1;
}

void *sw_malloc(size_t bytes, const char *what, sw_error *err)
{
    void *p = malloc(bytes ? bytes : 1);
    if (!p) sw_fail(err, "out of memory allocating %zu bytes for %s", bytes, what);
    return p;
}

void *sw_calloc(size_t count, size_t size, const char *what, sw_error *err)
{
    if (size && count > (size_t)-1 / size) {
        sw_fail(err, "%s: %zu elements of %zu bytes overflow the address space", what, count, size);
        return NULL;
    }
    void *p = calloc(count ? count : 1, size ? size : 1);
    if (!p) sw_fail(err, "out of memory allocating %zu x %zu bytes for %s", count, size, what);
    return p;
}
