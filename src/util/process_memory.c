#include "util/process_memory.h"

#include <stdio.h>
#include <unistd.h>

#if defined(__SANITIZE_ADDRESS__)
#define SW_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SW_ASAN 1
#endif
#endif

#if defined(SW_ASAN)
#include <stddef.h>
/* <sanitizer/allocator_interface.h>'s, declared here: GCC's libasan exports it but GCC
 * does not install the header. */
size_t __sanitizer_get_current_allocated_bytes(void);
#elif defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
#include <malloc.h>
#define SW_MALLINFO2 1
#endif

long process_rss_kib(void)
{
    FILE *fp = fopen("/proc/self/statm", "r");
    if (!fp) return -1;
    long size = 0, resident = -1;
    if (fscanf(fp, "%ld %ld", &size, &resident) != 2) resident = -1;
    fclose(fp);
    return resident < 0 ? -1 : resident * (sysconf(_SC_PAGESIZE) / 1024);
}

long process_heap_kib(void)
{
#if defined(SW_ASAN)
    return (long)(__sanitizer_get_current_allocated_bytes() / 1024);
#elif defined(SW_MALLINFO2)
    struct mallinfo2 m = mallinfo2();
    return (long)((m.uordblks + m.hblkhd) / 1024);
#else
    return -1;
#endif
}
