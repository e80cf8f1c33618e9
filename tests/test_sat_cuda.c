/* SAT on the cuda backend, both variants (and the tiled alternatives r1, fold,
 * lookback and v2, v2 with its carry jobs both ways), against float64 references
 * (GPU only). */
#define _POSIX_C_SOURCE 200809L   /* setenv */
#include <string.h>

#include "sat_check.h"

int main(void)
{
    const char *why;
    if (!prim_cuda_available(&why)) TEST_SKIP("cuda SAT: %s", why);
    check_backend_sizes(PRIM_CUDA, SAT_THREE_PASS, 21);
    check_backend_sizes(PRIM_CUDA, SAT_TILED, 22);
    check_precision_4k(PRIM_CUDA, SAT_THREE_PASS);
    check_precision_4k(PRIM_CUDA, SAT_TILED);
    /* The alternative kernels behind "tiled" (kernels/sat/sat.cu), through the same checks. */
    const char *alt[] = {"four-pass", "v2"};
    const char *kernels[] = {"tiled", "tiled-v2"};
    for (int i = 0; i < 2; i++) {
        CHECK(setenv("SCANWORKS_SAT_CUDA_TILED", alt[i], 1) == 0);
        printf("SCANWORKS_SAT_CUDA_TILED=%s\n", alt[i]);
#if SCANWORKS_HAVE_CUDA
        /* the name reached the kernels (an unknown one would quietly run the default) */
        CHECK_MSG(!strcmp(sat_cuda_tiled_kernels(), kernels[i]), "%s runs %s", alt[i], sat_cuda_tiled_kernels());
#else
        (void)kernels;
#endif
        check_backend_sizes(PRIM_CUDA, SAT_TILED, 23 + i);
        check_precision_4k(PRIM_CUDA, SAT_TILED);
    }
    /* v2's carry kernel takes its one-round-trip jobs up to 64 x 48 tiles (the sizes
     * above; 4K takes the batched ones): the batched jobs on the small sizes too. */
    CHECK(setenv("SCANWORKS_SAT_CUDA_TILED", "v2", 1) == 0);
    CHECK(setenv("SCANWORKS_SAT_V2_CARRIES", "batched", 1) == 0);
    printf("SCANWORKS_SAT_CUDA_TILED=v2 SCANWORKS_SAT_V2_CARRIES=batched\n");
    check_backend_sizes(PRIM_CUDA, SAT_TILED, 28);
    unsetenv("SCANWORKS_SAT_V2_CARRIES");
    unsetenv("SCANWORKS_SAT_CUDA_TILED");
    return test_finish("test_sat_cuda");
}
