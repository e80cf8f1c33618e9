/* Bytes read from a file, made safe to print in a one-line message. */
#ifndef SCANWORKS_UTIL_ESCAPE_H
#define SCANWORKS_UTIL_ESCAPE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Copies the LEN bytes of S into OUT (OUT_SIZE bytes, always NUL-terminated), showing
 * control bytes, DEL, backslashes and bytes that are not valid UTF-8 as \xHH. Longer
 * text is cut, with "..." at the end. Returns OUT. */
const char *sw_escape(const char *s, size_t len, char *out, size_t out_size);

#ifdef __cplusplus
}
#endif

#endif
