/* The scan panel's figure, on the CPU: the list of levels of Hillis-Steele and of
 * Blelloch for N values (kernels/scan/scan_steps.h says what a level is), the CPU model
 * of one level that the GPU levels are checked against, the element operations of a
 * level (what the figure highlights) and its name ("up-sweep d=1: a[3] += a[1], ..."). */
#ifndef SCANWORKS_PANELS_SCAN_STEPS_H
#define SCANWORKS_PANELS_SCAN_STEPS_H

#include <stddef.h>
#include <stdint.h>

#include "panels/scan_steps_cuda.h"
#include "util/error.h"

typedef enum scan_steps_algo { SCAN_STEPS_HILLIS_STEELE = 0, SCAN_STEPS_BLELLOCH = 1 } scan_steps_algo;

/* Levels of ALGO for N values: log2 N for Hillis-Steele; log2 N up-sweep levels, the
 * clear and log2 N down-sweep levels for Blelloch. */
#define SCAN_STEPS_MAX_LEVELS 13

/* 0 when N is a power of two from 2 to SCAN_STEPS_MAX_N, else -1 with the limits. */
int scan_steps_check_n(int n, sw_error *err);
int scan_steps_count(scan_steps_algo a, int n);
/* Level I (0-based) of ALGO for N values. */
scan_step scan_steps_at(scan_steps_algo a, int n, int i);
/* The chapter's d of a level: log2(offset). */
int scan_steps_d(scan_step st);

/* The CPU model of one level, as the chapter's Algorithms 2, 3 and 4 write it
 * (sequential loops): IN (N values) -> OUT (N values, not overlapping IN). */
void scan_steps_cpu(scan_step st, const int32_t *in, int32_t *out, int n);

typedef enum scan_op_kind { SCAN_OP_ADD, SCAN_OP_SWAP, SCAN_OP_ZERO } scan_op_kind;
/* One element operation of a level: ADD: out[dst] = in[src] + in[dst]; SWAP (the
 * down-sweep): out[src] = in[dst] and out[dst] = in[src] + in[dst]; ZERO: out[dst] = 0. */
typedef struct scan_elem_op {
    int dst, src;
    scan_op_kind kind;
} scan_elem_op;
/* Writes the level's operations into OPS (room for N); returns how many. */
int scan_steps_ops(scan_step st, int n, scan_elem_op *ops);

/* "up-sweep d=1: a[3] += a[1], a[7] += a[5], ..." ("down-sweep d=2: a[3]<->a[7]": the
 * swap, then the add into the right one) in at most SIZE bytes; the list is
 * cut with "..." when it does not fit. */
void scan_steps_name(scan_step st, int n, char *buf, size_t size);
/* What the last level leaves: "inclusive scan" (Hillis-Steele) or "exclusive scan". */
const char *scan_steps_result_kind(scan_steps_algo a);
const char *scan_steps_algo_name(scan_steps_algo a);

#endif
