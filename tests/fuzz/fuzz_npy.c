/* libFuzzer target: the .npy parser must reject or accept any bytes without a
 * crash, a leak or reading out of bounds, and what it accepts must be consistent. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "io/npy.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    npy_array a;
    sw_error err;
    if (npy_parse(data, size, "fuzz.npy", &a, &err) == 0) {
        size_t count = 1;
        for (int i = 0; i < a.ndim; i++) count *= (size_t)a.shape[i];
        if (count != a.count || a.count * npy_dtype_size(a.dtype) > size) abort();
        npy_free(&a);
    } else if (!err.msg[0]) {
        abort();   /* a failure must say why */
    }
    return 0;
}
