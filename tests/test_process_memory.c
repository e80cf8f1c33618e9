/* The memory counters the soak test reads (src/util/process_memory.h): the live heap
 * grows by what is allocated, large blocks and many small ones, and falls back when they
 * are freed; the resident size grows once a large block is touched. */
#include "util/process_memory.h"
#include "test_util.h"

#define MIB 1024L

static volatile unsigned char sink;   /* keeps the compiler from dropping the blocks */

static void touch(unsigned char *p, size_t n)
{
    memset(p, 0x5A, n);
    sink = p[n / 2];
}

int main(void)
{
    long rss0 = process_rss_kib(), heap0 = process_heap_kib();
    CHECK_MSG(rss0 > 0, "resident size %ld KiB", rss0);
    if (heap0 < 0) TEST_SKIP("the live heap is not counted here (process_memory.h: glibc 2.33 or AddressSanitizer)");

    /* one 24 MiB block: counted while held, resident once touched, gone once freed */
    size_t big = 24u << 20;
    unsigned char *b = malloc(big);
    CHECK(b != NULL);
    if (b) {
        touch(b, big);
        long held = process_heap_kib(), rss = process_rss_kib();
        CHECK_MSG(held - heap0 >= 24 * MIB && held - heap0 < 25 * MIB, "24 MiB block: heap %ld -> %ld KiB", heap0, held);
        CHECK_MSG(rss - rss0 >= 23 * MIB, "24 MiB touched: resident %ld -> %ld KiB", rss0, rss);
        free(b);
        long after = process_heap_kib();
        CHECK_MSG(after - heap0 < MIB, "24 MiB freed: heap %ld -> %ld KiB", heap0, after);
    }

    /* 200,000 blocks of 64 bytes (12.2 MiB of payload): each counted */
    enum { COUNT = 200000, SMALL = 64 };
    unsigned char **many = malloc(COUNT * sizeof *many);
    CHECK(many != NULL);
    if (many) {
        long start = process_heap_kib();
        for (int i = 0; i < COUNT; i++) {
            many[i] = malloc(SMALL);
            if (many[i]) touch(many[i], SMALL);
        }
        long held = process_heap_kib();
        long payload = (long)COUNT * SMALL / 1024;
        CHECK_MSG(held - start >= payload && held - start < 3 * payload, "%d blocks of %d bytes: heap %ld -> %ld KiB",
                  COUNT, SMALL, start, held);
        for (int i = 0; i < COUNT; i++) free(many[i]);
        long after = process_heap_kib();
        CHECK_MSG(after - start < MIB, "%d blocks freed: heap %ld -> %ld KiB", COUNT, start, after);
        free(many);
    }
    return test_finish("test_process_memory");
}
