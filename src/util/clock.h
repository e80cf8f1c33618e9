/* The host's monotonic clock, for wall times of CPU work and progress lines (GPU work
 * is timed with GL timer queries and CUDA events instead). */
#ifndef SCANWORKS_UTIL_CLOCK_H
#define SCANWORKS_UTIL_CLOCK_H

/* Milliseconds since an arbitrary fixed point (CLOCK_MONOTONIC). */
double sw_clock_ms(void);

#endif
