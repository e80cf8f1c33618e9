/* SAT on the cuda backend, both variants ("tiled" is the production tiled-v2), v2 with
 * its column-carry jobs both ways, against float64 references (GPU only). */
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
    /* v2's carry kernel takes its one-round-trip jobs up to 64 x 48 tiles (the sizes
     * above; 4K takes the batched ones): the batched jobs on the small sizes too. */
    CHECK(setenv("SCANWORKS_SAT_V2_CARRIES", "batched", 1) == 0);
    printf("SCANWORKS_SAT_V2_CARRIES=batched\n");
    check_backend_sizes(PRIM_CUDA, SAT_TILED, 28);
    unsetenv("SCANWORKS_SAT_V2_CARRIES");
    return test_finish("test_sat_cuda");
}
