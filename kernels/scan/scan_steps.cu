/* A level of scan_steps.h: the row in shared memory; a naive level writes the next row, a
 * Blelloch level updates the row (Listing 39-2's ai/bi indexing) and stores it. */
#include "kernels/scan/scan_steps.h"

__global__ void k_scan_step(scan_step st, const int32_t *__restrict__ in, int32_t *__restrict__ out, int n)
{
    __shared__ int32_t temp[SCAN_STEPS_MAX_N];
    int k = (int)threadIdx.x;
    if (k < n) temp[k] = in[k];
    __syncthreads();
    if (st.phase == SCAN_STEP_NAIVE) {
        if (k < n) out[k] = k >= st.offset ? temp[k - st.offset] + temp[k] : temp[k];
        return;
    }
    int pairs = n / (2 * st.offset);   /* the chapter's d: threads that work this level */
    if (st.phase == SCAN_STEP_UP && k < pairs) {
        int ai = st.offset * (2 * k + 1) - 1, bi = st.offset * (2 * k + 2) - 1;
        temp[bi] += temp[ai];
    } else if (st.phase == SCAN_STEP_DOWN && k < pairs) {
        int ai = st.offset * (2 * k + 1) - 1, bi = st.offset * (2 * k + 2) - 1;
        int32_t t = temp[ai];
        temp[ai] = temp[bi];
        temp[bi] += t;
    } else if (st.phase == SCAN_STEP_CLEAR && k == n - 1) {
        temp[k] = 0;
    }
    __syncthreads();
    if (k < n) out[k] = temp[k];
}

extern "C" const void *scan_steps_kernel(void) { return (const void *)k_scan_step; }
