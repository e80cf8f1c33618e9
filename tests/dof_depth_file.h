/* For the DoF CLI tests: a depth map of the including test's W x H pixels written as an
 * (H, W) float32 .npy. */
#ifndef SCANWORKS_TESTS_DOF_DEPTH_FILE_H
#define SCANWORKS_TESTS_DOF_DEPTH_FILE_H

#include "io/npy.h"
#include "test_util.h"

static void write_depth(const char *path, const float *d)
{
    npy_array a;
    sw_error err;
    int64_t shape[2] = {H, W};
    if (npy_alloc(&a, NPY_F32, 2, shape, &err)) return;
    memcpy(a.data, d, sizeof(float) * W * H);
    CHECK(npy_write(path, &a, &err) == 0);
    npy_free(&a);
}

#endif
