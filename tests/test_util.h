/* Tiny test harness: CHECK macros that count failures, seeded random inputs, the
 * awkward sizes every backend is tried on, and the skip convention (exit code 77,
 * which CTest reports as "Skipped", after a line that says why). */
#ifndef SCANWORKS_TESTS_TEST_UTIL_H
#define SCANWORKS_TESTS_TEST_UTIL_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int test_failures;

#define CHECK(cond)                                                                      \
    do {                                                                                 \
        if (!(cond)) {                                                                   \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond);     \
            test_failures++;                                                             \
        }                                                                                \
    } while (0)

#define CHECK_MSG(cond, ...)                                                             \
    do {                                                                                 \
        if (!(cond)) {                                                                   \
            fprintf(stderr, "%s:%d: CHECK failed: %s: ", __FILE__, __LINE__, #cond);     \
            fprintf(stderr, __VA_ARGS__);                                                \
            fputc('\n', stderr);                                                         \
            test_failures++;                                                             \
        }                                                                                \
    } while (0)

#define TEST_SKIP_CODE 77
/* Prints why and exits with the code CTest reports as skipped. */
#define TEST_SKIP(...)                                                                   \
    do {                                                                                 \
        fprintf(stdout, "SKIPPED: ");                                                    \
        fprintf(stdout, __VA_ARGS__);                                                    \
        fputc('\n', stdout);                                                             \
        exit(TEST_SKIP_CODE);                                                            \
    } while (0)

/* The main of a CUDA-only test in a build without CUDA (where the cuda backend is never
 * available): reports the test skipped. Needs prim/backend.h. */
#define TEST_MAIN_WITHOUT_CUDA()                                                         \
    int main(void)                                                                       \
    {                                                                                    \
        const char *why;                                                                 \
        if (!prim_cuda_available(&why)) TEST_SKIP("no CUDA: %s", why);                   \
        return 1; /* unreachable: a build without CUDA has no cuda backend */            \
    }

/* Moves the test into a fresh folder under /tmp, so that the files it writes by
 * relative name never land in the source tree, whatever folder it was started from.
 * SCANWORKS_TEST_DATA (absolute, set by CTest) still finds the committed inputs. */
static inline void test_enter_scratch_dir(void)
{
    char dir[] = "/tmp/scanworks-test-XXXXXX";
    if (!mkdtemp(dir) || chdir(dir)) {
        perror("test scratch folder");
        exit(1);
    }
}

static inline int test_finish(const char *name)
{
    if (test_failures) fprintf(stderr, "%s: %d check(s) failed\n", name, test_failures);
    else printf("%s: all checks passed\n", name);
    return test_failures ? 1 : 0;
}

/* splitmix64: a seeded generator so failures reproduce. */
static inline uint64_t test_rand(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Lengths that break block-based code: 0, 1, 2, around powers of two and block
 * sizes, primes, and a few million. */
static const size_t test_awkward_sizes[] = {0, 1, 2, 3, 31, 32, 33, 127, 128, 129, 255, 256, 257, 511, 512,
                                            513, 1023, 1024, 1025, 2047, 2049, 4095, 4097, 7919, 65535, 65537,
                                            104729, 1048575, 1048577, 3000017};
#define TEST_AWKWARD_COUNT (sizeof test_awkward_sizes / sizeof test_awkward_sizes[0])

/* Fills BYTES with 0xA5 so that an output the code under test forgot to write shows. */
static inline void test_poison(void *p, size_t bytes) { memset(p, 0xA5, bytes); }

#endif
