/* The GPU out of memory: an absurd request fails with a message that says how much
 * was asked and for what, and the device keeps working afterwards (a scan on it
 * still gives the right answer). Needs a CUDA device; skipped elsewhere. */
#include "prim/backend.h"
#include "prim/scan.h"
#include "test_util.h"

#if SCANWORKS_HAVE_CUDA
#include <cuda_runtime.h>
#include "kernels/common/cuda_util.cuh"

int main(void)
{
    const char *why;
    if (!prim_cuda_available(&why)) TEST_SKIP("no CUDA: %s", why);
    sw_error err = {{0}};
    void *p = (void *)1;
    /* 1 TiB: more than any GPU has. */
    CHECK(cuda_alloc(&p, (size_t)1 << 40, "an absurd test buffer", &err) == -1);
    CHECK(p == NULL);
    CHECK_MSG(strstr(err.msg, "1048576.0 MiB") && strstr(err.msg, "an absurd test buffer"), "message: %s", err.msg);
    printf("absurd request: %s\n", err.msg);
    CHECK(cudaGetLastError() == cudaSuccess);   /* no sticky error left behind */

    /* The scan API refuses an over-limit length before touching the device. */
    scan_desc d = {SCAN_I32, SCAN_ADD, SCAN_EXCLUSIVE, NULL};
    int32_t in[8] = {3, 1, 7, 0, 4, 1, 6, 3}, out[8], want[8] = {0, 3, 4, 11, 11, 15, 16, 22};
    CHECK(scan_host(PRIM_CUDA, &d, in, out, SCAN_MAX_ELEMENTS + 1, &err) == -1);

    /* And the device still works. */
    test_poison(out, sizeof out);
    CHECK(scan_host(PRIM_CUDA, &d, in, out, 8, &err) == 0);
    CHECK(memcmp(out, want, sizeof want) == 0);
    return test_finish("test_cuda_oom");
}

#else

int main(void)
{
    const char *why;
    if (!prim_cuda_available(&why)) TEST_SKIP("no CUDA: %s", why);
    return 1;
}

#endif
