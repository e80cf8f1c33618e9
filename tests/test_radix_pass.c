/* One LSD pass (radix_digit_pass_host): the cpu pass against a plain stable counting
 * sort by the digit, on random keys of awkward lengths, for 1-, 4- and 8-bit digits at
 * several shifts; then the cuda pass (the GPU sort of the digits, carrying indices)
 * against the cpu pass, when a CUDA device is here (a SKIPPED line says when not).
 * Outputs are poisoned before every run; bad digits and lengths are refused. */
#include "prim/radix_pass.h"
#include "prim/radix_sort.h"
#include "test_util.h"

/* Stable counting sort by the digit: the reference. */
static void reference_pass(const uint32_t *keys, uint32_t *out, size_t n, int shift, int bits)
{
    const uint32_t mask = (1u << bits) - 1u;
    size_t k = 0;
    for (uint32_t d = 0; d <= mask; d++)
        for (size_t i = 0; i < n; i++)
            if (((keys[i] >> shift) & mask) == d) out[k++] = keys[i];
}

static const size_t lengths[] = {0, 1, 2, 31, 255, 257, 1000, 2047, 2049, 4099};
static const int digits[][2] = {{0, 1}, {5, 1}, {0, 4}, {0, 8}, {8, 8}, {24, 8}, {28, 4}};

static void check_backend(prim_backend b, const char *algo_for_bits1)
{
    uint64_t seed = 42;
    enum { MAX = 4099 };
    static uint32_t keys[MAX], want[MAX], got[MAX];
    for (size_t li = 0; li < sizeof lengths / sizeof lengths[0]; li++) {
        size_t n = lengths[li];
        for (size_t i = 0; i < n; i++) keys[i] = (uint32_t)test_rand(&seed);
        for (size_t di = 0; di < sizeof digits / sizeof digits[0]; di++) {
            int shift = digits[di][0], bits = digits[di][1];
            reference_pass(keys, want, n, shift, bits);
            test_poison(got, sizeof got);
            sw_error err = {{0}};
            const char *algo = bits == 1 ? algo_for_bits1 : NULL;
            int rc = radix_digit_pass_host(b, algo, keys, got, n, shift, bits, &err);
            CHECK_MSG(rc == 0, "%s n=%zu digit %d@%d: %s", prim_backend_name(b), n, bits, shift, err.msg);
            if (rc == 0)
                CHECK_MSG(memcmp(got, want, n * sizeof *got) == 0, "%s n=%zu digit %d@%d: wrong order",
                          prim_backend_name(b), n, bits, shift);
        }
    }
}

int main(void)
{
    sw_error err;
    uint32_t k[2] = {1, 2}, o[2];
    CHECK(radix_digit_pass_host(PRIM_CPU, NULL, k, o, 2, 30, 4, &err) == -1);
    CHECK(radix_digit_pass_host(PRIM_CPU, NULL, k, o, 2, 0, 0, &err) == -1);
    CHECK(radix_digit_pass_host(PRIM_CPU, NULL, k, o, 2, 0, 9, &err) == -1);
    CHECK(radix_digit_pass_host(PRIM_CPU, NULL, k, o, RADIX_PASS_MAX_ELEMENTS + 1, 0, 8, &err) == -1);
    CHECK(strstr(err.msg, "over the limit") != NULL);
    check_backend(PRIM_CPU, NULL);
    const char *why;
    if (!prim_cuda_available(&why)) {
        printf("SKIPPED: cuda passes not checked: %s\n", why);
    } else {
        check_backend(PRIM_CUDA, "split");
        check_backend(PRIM_CUDA, NULL);
        printf("cuda passes (split and the default sort) equal the reference\n");
    }
    return test_finish("test_radix_pass");
}
