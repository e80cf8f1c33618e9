/* `scanworks compute scan`: prefix sums of a 1-D .npy array on the cpu, gl or cuda
 * backend. Returns the exit code (0 ok, 1 runtime error, 2 usage error). */
#ifndef SCANWORKS_APP_COMPUTE_SCAN_H
#define SCANWORKS_APP_COMPUTE_SCAN_H

int compute_scan(int argc, char **argv);

#endif
