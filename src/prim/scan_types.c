/* The scan's element types and operators by size and name (prim/scan.h), for every
 * backend and the library. */
#include "prim/scan.h"

#include <string.h>

static const char *const type_names[SCAN_TYPE_COUNT] = {"int32", "uint32", "int64", "float32"};
static const size_t type_sizes[SCAN_TYPE_COUNT] = {4, 4, 8, 4};
static const char *const op_names[SCAN_OP_COUNT] = {"add", "max", "min"};

size_t scan_type_size(scan_type t) { return (unsigned)t < SCAN_TYPE_COUNT ? type_sizes[t] : 0; }
const char *scan_type_name(scan_type t) { return (unsigned)t < SCAN_TYPE_COUNT ? type_names[t] : "?"; }
const char *scan_op_name(scan_op op) { return (unsigned)op < SCAN_OP_COUNT ? op_names[op] : "?"; }

int scan_op_parse(const char *s, scan_op *out, sw_error *err)
{
    for (int i = 0; i < SCAN_OP_COUNT; i++)
        if (s && !strcmp(s, op_names[i])) {
            *out = (scan_op)i;
            return 0;
        }
    return sw_fail(err, "operator '%s': expected add, max or min", s ? s : "");
}
