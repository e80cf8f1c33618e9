#include "prim/compact.h"
const char *const compact_gl_algorithms[] = {NULL};
int compact_gl_host(const compact_desc *d, const void *in, const uint8_t *flags, void *out, size_t n,
                    size_t *count, sw_error *err)
{
    return sw_fail(err, "compact: no gl backend yet");
}
