/* This process's memory, for the soak test's flat-memory check. */
#ifndef SCANWORKS_UTIL_PROCESS_MEMORY_H
#define SCANWORKS_UTIL_PROCESS_MEMORY_H

/* Resident set size in KiB from /proc/self/statm, or -1 where unavailable. */
long process_rss_kib(void);

/* Bytes the heap holds for live allocations (every thread's, the GL driver's included),
 * in KiB, or -1 where unknown: glibc's mallinfo2 (in use in its arenas plus its mmapped
 * blocks), or the sanitizer's allocator's count under AddressSanitizer. Unlike the
 * resident size it does not move with how the allocator keeps freed memory: the same
 * live bytes can be resident or not depending on where other threads' blocks lie
 * (glibc trims an arena only down to its highest live block). */
long process_heap_kib(void);

#endif
