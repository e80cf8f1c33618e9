#include "util/escape.h"

#include <stdio.h>
#include <string.h>

/* Length of the valid UTF-8 sequence at P (at most N bytes), or 0. */
static size_t utf8_length(const unsigned char *p, size_t n)
{
    size_t len;
    unsigned min;
    unsigned c = p[0];
    if (c < 0x80) return 1;
    if (c >= 0xC2 && c <= 0xDF) len = 2, min = 0x80;
    else if (c >= 0xE0 && c <= 0xEF) len = 3, min = 0x800;
    else if (c >= 0xF0 && c <= 0xF4) len = 4, min = 0x10000;
    else return 0;
    if (len > n) return 0;
    unsigned cp = c & (0x7F >> len);
    for (size_t i = 1; i < len; i++) {
        if ((p[i] & 0xC0) != 0x80) return 0;
        cp = cp << 6 | (p[i] & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
    return len;
}

const char *sw_escape(const char *s, size_t len, char *out, size_t out_size)
{
    if (!out_size) return out;
    const unsigned char *p = (const unsigned char *)s;
    size_t o = 0;
    for (size_t i = 0; i < len;) {
        size_t n = utf8_length(p + i, len - i);
        char piece[8];
        size_t plen;
        if (n == 1 && (p[i] < 0x20 || p[i] == 0x7F || p[i] == '\\')) n = 0;
        if (n) {
            memcpy(piece, p + i, n);
            plen = n;
            i += n;
        } else {
            snprintf(piece, sizeof piece, "\\x%02X", p[i]);
            plen = 4;
            i++;
        }
        if (o + plen + 4 > out_size) {   /* room for "..." and the NUL */
            if (o + 4 <= out_size) {
                memcpy(out + o, "...", 3);
                o += 3;
            }
            break;
        }
        memcpy(out + o, piece, plen);
        o += plen;
    }
    out[o < out_size ? o : out_size - 1] = 0;
    return out;
}
