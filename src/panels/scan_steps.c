#include "panels/scan_steps.h"

#include <stdio.h>
#include <string.h>

int scan_steps_check_n(int n, sw_error *err)
{
    if (n >= 2 && n <= SCAN_STEPS_MAX_N && !(n & (n - 1))) return 0;
    return sw_fail(err, "scan steps: n = %d; the figure takes a power of two from 2 to %d", n, SCAN_STEPS_MAX_N);
}

static int log2i(int n)
{
    int l = 0;
    while ((1 << (l + 1)) <= n) l++;
    return l;
}

int scan_steps_count(scan_steps_algo a, int n) { return a == SCAN_STEPS_HILLIS_STEELE ? log2i(n) : 2 * log2i(n) + 1; }

scan_step scan_steps_at(scan_steps_algo a, int n, int i)
{
    int levels = log2i(n);
    scan_step st = {SCAN_STEP_NAIVE, 1 << i};
    if (a == SCAN_STEPS_HILLIS_STEELE) return st;
    if (i < levels) st.phase = SCAN_STEP_UP;
    else if (i == levels) st.phase = SCAN_STEP_CLEAR, st.offset = n / 2;
    else st.phase = SCAN_STEP_DOWN, st.offset = 1 << (2 * levels - i);
    return st;
}

int scan_steps_d(scan_step st) { return log2i(st.offset); }

void scan_steps_cpu(scan_step st, const int32_t *in, int32_t *out, int n)
{
    int o = st.offset;
    if (st.phase == SCAN_STEP_NAIVE) {   /* Algorithm 2: reads IN only, writes OUT */
        for (int k = 0; k < n; k++) out[k] = k >= o ? (int32_t)((uint32_t)in[k - o] + (uint32_t)in[k]) : in[k];
        return;
    }
    memcpy(out, in, (size_t)n * sizeof *out);
    if (st.phase == SCAN_STEP_CLEAR) {
        out[n - 1] = 0;
    } else if (st.phase == SCAN_STEP_UP) {   /* Algorithm 3, one d */
        for (int k = 0; k < n; k += 2 * o)   /* wraps as the GPU adds do */
            out[k + 2 * o - 1] = (int32_t)((uint32_t)out[k + 2 * o - 1] + (uint32_t)out[k + o - 1]);
    } else {                                 /* Algorithm 4, one d */
        for (int k = 0; k < n; k += 2 * o) {
            int32_t t = out[k + o - 1];
            out[k + o - 1] = out[k + 2 * o - 1];
            out[k + 2 * o - 1] = (int32_t)((uint32_t)out[k + 2 * o - 1] + (uint32_t)t);
        }
    }
}

int scan_steps_ops(scan_step st, int n, scan_elem_op *ops)
{
    int count = 0, o = st.offset;
    if (st.phase == SCAN_STEP_NAIVE) {
        for (int k = o; k < n; k++) ops[count++] = (scan_elem_op){k, k - o, SCAN_OP_ADD};
    } else if (st.phase == SCAN_STEP_CLEAR) {
        ops[count++] = (scan_elem_op){n - 1, n - 1, SCAN_OP_ZERO};
    } else {
        for (int k = 0; k < n; k += 2 * o)
            ops[count++] = (scan_elem_op){k + 2 * o - 1, k + o - 1, st.phase == SCAN_STEP_UP ? SCAN_OP_ADD : SCAN_OP_SWAP};
    }
    return count;
}

void scan_steps_name(scan_step st, int n, char *buf, size_t size)
{
    static const char *const phase[] = {"naive", "up-sweep", "clear", "down-sweep"};
    if (!size) return;
    if (st.phase == SCAN_STEP_CLEAR) {
        snprintf(buf, size, "clear the last: a[%d] = 0", n - 1);
        return;
    }
    int len = snprintf(buf, size, "%s d=%d:", phase[st.phase], scan_steps_d(st));
    if (len < 0 || (size_t)len >= size) return;
    scan_elem_op ops[SCAN_STEPS_MAX_N];
    int count = scan_steps_ops(st, n, ops);
    for (int i = 0; i < count; i++) {
        char one[48];
        const scan_elem_op *op = &ops[i];
        int w = op->kind == SCAN_OP_SWAP ? snprintf(one, sizeof one, " a[%d]<->a[%d]%s", op->src, op->dst, i + 1 < count ? "," : "")
                                         : snprintf(one, sizeof one, " a[%d] += a[%d]%s", op->dst, op->src, i + 1 < count ? "," : "");
        /* Room for this one and, unless it is the last, a " ..." after it. */
        if ((size_t)(len + w) >= size || (i + 1 < count && (size_t)(len + w + 4) >= size)) {
            snprintf(buf + len, size - (size_t)len, " ...");
            return;
        }
        memcpy(buf + len, one, (size_t)w + 1);
        len += w;
    }
}

const char *scan_steps_result_kind(scan_steps_algo a) { return a == SCAN_STEPS_HILLIS_STEELE ? "inclusive scan" : "exclusive scan"; }

const char *scan_steps_algo_name(scan_steps_algo a) { return a == SCAN_STEPS_HILLIS_STEELE ? "Hillis-Steele" : "Blelloch"; }
