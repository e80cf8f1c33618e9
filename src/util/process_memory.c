#include "util/process_memory.h"

#include <stdio.h>
#include <unistd.h>

long process_rss_kib(void)
{
    FILE *fp = fopen("/proc/self/statm", "r");
    if (!fp) return -1;
    long size = 0, resident = -1;
    if (fscanf(fp, "%ld %ld", &size, &resident) != 2) resident = -1;
    fclose(fp);
    return resident < 0 ? -1 : resident * (sysconf(_SC_PAGESIZE) / 1024);
}
