/* The lookup of a tuning table (kernels/<prim>/tune.h, rows by rising arch, major * 10 +
 * minor, the first field): NAME(arch) returns the last row not above ARCH, else the first. */
#ifndef SCANWORKS_KERNELS_COMMON_TUNE_ROW_H
#define SCANWORKS_KERNELS_COMMON_TUNE_ROW_H

#define SW_TUNE_LOOKUP(NAME, TYPE, TABLE)                                                  \
    static inline const TYPE *NAME(int arch)                                               \
    {                                                                                      \
        const TYPE *t = &TABLE[0];                                                         \
        for (unsigned i = 0; i < sizeof TABLE / sizeof TABLE[0]; i++)                      \
            if (TABLE[i].arch <= arch) t = &TABLE[i];                                      \
        return t;                                                                          \
    }

#endif
