/* The cuda backend of the scan: the production kernel (a single-pass decoupled
 * look-back scan) and chapter 39's ladder, kernels/scan/scan.cu.
 * Built only with CUDA (the file name ends in _cuda.c). */
#include "prim/scan.h"

#include "kernels/scan/scan.h"

/* Production first: scan_host uses the first when no algorithm is named. The order is
 * also the index kernels/scan/scan.cu switches on. */
const char *const scan_cuda_algorithms[] = {"lookback", "tuned", "large", "blelloch-cf", "blelloch", "naive", NULL};

int scan_cuda_host(const scan_desc *d, const void *in, void *out, size_t n, sw_error *err)
{
    return scan_cuda_host_copy(d, in, out, n, NULL, err);
}
