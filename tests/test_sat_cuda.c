/* SAT on the cuda backend, both variants, against float64 references (GPU only). */
#include "sat_check.h"

int main(void)
{
    const char *why;
    if (!prim_cuda_available(&why)) TEST_SKIP("cuda SAT: %s", why);
    check_backend_sizes(PRIM_CUDA, SAT_THREE_PASS, 21);
    check_backend_sizes(PRIM_CUDA, SAT_TILED, 22);
    check_precision_4k(PRIM_CUDA, SAT_THREE_PASS);
    check_precision_4k(PRIM_CUDA, SAT_TILED);
    return test_finish("test_sat_cuda");
}
