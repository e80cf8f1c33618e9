/* The look-back scan's configuration names (kernels/scan/scan_lookback_run.cuh): every one
 * the sweep names passes as an algorithm name, the environment's forms parse, and
 * malformed or uncompiled ones are refused with a message. Host code: it runs, and
 * can fail, on machines without a GPU; a build without CUDA has no configurations and
 * skips (exit 77). */
#include <stdio.h>
#include <string.h>

#include "prim/backend.h"
#include "prim/scan.h"
#include "test_util.h"

#if SCANWORKS_HAVE_CUDA
#include "kernels/scan/scan.h"

static void test_config_names(void)
{
    sw_error err;
    int count = 0;
    for (const char *const *name = scan_cuda_lookback_sweep(); *name; name++, count++)
        CHECK_MSG(scan_check_algorithm(PRIM_CUDA, *name, &err) == 0, "%s: %s", *name, err.msg);
    CHECK(count > 6);
    const char *good[] = {"128x32", "256x16,relaxed", "256x16,acquire,sleep", "128x16,bid,cs", "256x16,w1,memset",
                          "256x16,pipe", "256x32,pipe,s2", "256x16,pipe,s3,sleep,memset", "256x32,bulk",
                          "128x64,bulk,cs", "512x32,bulk,w1,acquire", "128x48,ws", "128x24,ws,s4,cs,ef",
                          "256x16,rp", "256x24,rp,lb2,w1,cs,acquire", "256x24,rp,w2,cs", "512x16,rp,s3",
                          "256x32,rp,s3,w1,cs,spread4", "256x16,spread2", "128x48,ws,spread8", "256x32,bulk,spread4"};
    for (size_t i = 0; i < sizeof good / sizeof *good; i++)
        CHECK_MSG(scan_cuda_lookback_check(good[i], &err) == 0, "%s: %s", good[i], err.msg);
    const char *bad[] = {"100x16", "256x16,fast", "256", "x16", "128x32,loose", "lookback-256-16-rela",
                         "128x16,pipe", "256x16,pipe,bid", "256x16,s3", "256x16,pipe,s2", "256x16,pipe,loose",
                         "256x16,bulk", "256x32,bulk,pipe", "256x48,bulk,loose", "128x48,ws,bid",
                         "256x16,w8", "256x16,rp,bid", "128x48,rp", "256x16,rp,ws", "256x16,rp,s2", "256x8,rp",
                         "256x16,lb2", "256x32,rp,lb2,s3", "256x16,rp,lb2", "256x24,rp,bulk", "128x48,ws,s2",
                         "128x96,ws", "256x48,ws", "128x48,ws,bulk", "128x48,ef", "128x48,ws,bstore",
                         "256x16,spread", "256x16,spread3", "256x16,spread16", "256x16,spread4x"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        CHECK_MSG(scan_cuda_lookback_check(bad[i], &err) == -1, "%s was accepted", bad[i]);
    /* The refusals name the compiled shapes of their kind, from the shape tables. */
    const char *refused[][2] = {{"100x16", "256x16, 256x24"}, {"256x8,rp", "256x24 s4 lb2, 256x24 s3, 256x32 s3"},
                                {"128x96,ws", "128x48 s8, 128x48 s4"}, {"256x16,bulk", "128x96, 256x32"},
                                {"256x64,pipe", "256x16 s3, 256x16 s4, 256x32 s2"}};
    for (size_t i = 0; i < sizeof refused / sizeof *refused; i++)
        CHECK_MSG(scan_cuda_lookback_check(refused[i][0], &err) == -1 && strstr(err.msg, refused[i][1]),
                  "%s: '%s' does not list %s", refused[i][0], err.msg, refused[i][1]);
    printf("  e.g. %s\n", err.msg);
}

int main(void)
{
    test_config_names();
    printf("  every sweep configuration and the environment's forms parsed, malformed ones refused\n");
    return test_finish("test_scan_lookback_names");
}

#else

int main(void)
{
    TEST_SKIP("built without CUDA: no look-back configurations to parse");
}

#endif
