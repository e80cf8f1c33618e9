/* Resident memory of this process, for the soak test's flat-memory check. */
#ifndef SCANWORKS_UTIL_PROCESS_MEMORY_H
#define SCANWORKS_UTIL_PROCESS_MEMORY_H

/* Resident set size in KiB from /proc/self/statm, or -1 where unavailable. */
long process_rss_kib(void);

#endif
