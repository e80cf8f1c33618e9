/* The cuda backend of the scan: the ladder of kernels in kernels/scan/scan.cu, from the
 * chapter's one-block teaching variants to a single-pass decoupled look-back scan.
 * Built only with CUDA (the file name ends in _cuda.c). */
#include "prim/scan.h"

#include "kernels/scan/scan.h"

/* Best first: scan_host uses the first when no algorithm is named. The order is
 * also the index kernels/scan/scan.cu switches on. */
const char *const scan_cuda_algorithms[] = {"lookback", "tuned", "large", "blelloch-cf", "blelloch", "naive", NULL};

int scan_cuda_host(const scan_desc *d, const void *in, void *out, size_t n, sw_error *err)
{
    return scan_cuda_host_copy(d, in, out, n, NULL, err);
}
