/* The scan panel's CUDA levels (kernels/scan/scan_steps.cu) checked level by level
 * against the CPU model (scan_steps_check.h), and their refusals of bad sizes. Without
 * a CUDA device (or a build without CUDA) it says SKIPPED and why. */
#include "prim/backend.h"
#include "scan_steps_check.h"

#if SCANWORKS_HAVE_CUDA
static int cuda_runner(void *ctx, scan_step st, const int32_t *in, int32_t *out, int n, sw_error *err)
{
    float ms = -1;
    int rc = scan_steps_cuda_level(ctx, st, in, out, n, &ms, err);
    if (!rc) CHECK_MSG(ms >= 0, "the CUDA events gave %f ms", ms);
    return rc;
}
#endif

int main(void)
{
#if !SCANWORKS_HAVE_CUDA
    TEST_SKIP("this build has no CUDA backend");
#else
    const char *why = NULL;
    if (!prim_cuda_available(&why)) TEST_SKIP("no CUDA device: %s", why);
    sw_error err;
    scan_steps_cuda *c = NULL;
    CHECK_MSG(scan_steps_cuda_create(&c, &err) == 0, "%s", err.msg);
    if (!c) return test_finish("test_scan_steps_cuda");
    int32_t row[4] = {1, 2, 3, 4};
    CHECK(scan_steps_cuda_level(c, (scan_step){SCAN_STEP_UP, 1}, row, row, 3, NULL, &err) == -1);
    CHECK(strstr(err.msg, "power of two") != NULL);
    CHECK(scan_steps_cuda_level(c, (scan_step){SCAN_STEP_UP, 4}, row, row, 4, NULL, &err) == -1);
    CHECK(scan_steps_cuda_level(c, (scan_step){7, 1}, row, row, 4, NULL, &err) == -1);
    int levels = scan_steps_check_runner("cuda", cuda_runner, c);
    printf("cuda: %d levels checked against the CPU model\n", levels);
    CHECK(levels == 4 * (1 + 2 + 3 + 4 + 5 + 6) + 4 * (3 + 5 + 7 + 9 + 11 + 13));
    scan_steps_cuda_destroy(c);
    return test_finish("test_scan_steps_cuda");
#endif
}
