/* Shared by the public API's files (api_*.c): type mapping and the cuda check. */
#ifndef SCANWORKS_PRIM_API_INTERNAL_H
#define SCANWORKS_PRIM_API_INTERNAL_H

#include "prim/key_type.h"
#include "scanworks/common.h"

/* T as a 32-bit key type (-1 and ERR for int64), named WHAT in the message. */
int api_key_type(sw_type t, const char *what, key_type *out, sw_error *err);
/* 0 when the cuda backend can run, else -1 with ERR naming OP. */
int api_require_cuda(const char *op, sw_error *err);
/* Device copies for a host-array call on the cuda backend: *D gets BYTES (at least 16)
 * of device memory holding SRC's BYTES (SRC NULL: unset). */
int api_device_copy(void **d, const void *src, size_t bytes, const char *what, sw_error *err);
int api_host_copy(void *dst, const void *d, size_t bytes, sw_error *err);
void api_device_free(void *d);

#endif
