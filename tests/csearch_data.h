/* Key distributions that break sorting, compaction and search code: random bits, all
 * equal, sorted, reversed, few distinct digits, and for float32 a mix of negative
 * numbers, -0.0, +0.0, infinities and NaNs. */
#ifndef SCANWORKS_TESTS_CSEARCH_DATA_H
#define SCANWORKS_TESTS_CSEARCH_DATA_H

#include <math.h>
#include "prim/key_type.h"
#include "test_util.h"

enum { DIST_RANDOM, DIST_EQUAL, DIST_SORTED, DIST_REVERSED, DIST_FEW_DIGITS, DIST_SPECIAL, DIST_COUNT };
static const char *const dist_names[DIST_COUNT] = {"random", "equal", "sorted", "reversed", "few-digits", "special"};

static inline uint32_t data_float_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static inline void data_fill(uint32_t *k, size_t n, int dist, key_type t, uint64_t seed)
{
    uint64_t s = seed;
    static const float specials[] = {-0.0f, 0.0f, -1.5f, 2.5f, -1e30f, 1e30f, INFINITY, -INFINITY, NAN, -NAN, 7.0f};
    for (size_t i = 0; i < n; i++) {
        uint32_t r = (uint32_t)test_rand(&s);
        switch (dist) {
        case DIST_EQUAL: k[i] = t == KEY_F32 ? data_float_bits(-3.25f) : 0x80000001u; break;
        case DIST_SORTED: k[i] = key_unordered((uint32_t)(i * 977u) + 0x70000000u, t); break;
        case DIST_REVERSED: k[i] = key_unordered(0xF0000000u - (uint32_t)(i * 977u), t); break;
        case DIST_FEW_DIGITS: k[i] = r & 0x01000301u; break;
        case DIST_SPECIAL:
            k[i] = t == KEY_F32 ? data_float_bits(r % 3 ? specials[r % 11] : (float)((int)(r >> 8) - (1 << 23)) / 64.0f)
                                : (r % 2 ? 0u : r % 3 ? 0xFFFFFFFFu : 0x80000000u);
            break;
        default:
            k[i] = t == KEY_F32 && ((r & 0x7f800000u) == 0x7f800000u) ? r & 0xbfffffffu : r;   /* few NaNs */
        }
    }
}

#endif
