/* SAT on the cuda backend, both variants (and the tiled alternatives r1 and fold),
 * against float64 references (GPU only). */
#define _POSIX_C_SOURCE 200809L   /* setenv */
#include "sat_check.h"

int main(void)
{
    const char *why;
    if (!prim_cuda_available(&why)) TEST_SKIP("cuda SAT: %s", why);
    check_backend_sizes(PRIM_CUDA, SAT_THREE_PASS, 21);
    check_backend_sizes(PRIM_CUDA, SAT_TILED, 22);
    check_precision_4k(PRIM_CUDA, SAT_THREE_PASS);
    check_precision_4k(PRIM_CUDA, SAT_TILED);
    /* The alternative kernels behind "tiled" (kernels/sat.cu), through the same checks. */
    const char *alt[] = {"r1", "fold", "lookback", "four-pass"};
    for (int i = 0; i < 4; i++) {
        CHECK(setenv("SCANWORKS_SAT_CUDA_TILED", alt[i], 1) == 0);
        printf("SCANWORKS_SAT_CUDA_TILED=%s\n", alt[i]);
        check_backend_sizes(PRIM_CUDA, SAT_TILED, 23 + i);
        check_precision_4k(PRIM_CUDA, SAT_TILED);
    }
    unsetenv("SCANWORKS_SAT_CUDA_TILED");
    return test_finish("test_sat_cuda");
}
