#include "io/npy.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "util/atomic_file.h"
#include "util/escape.h"

static const struct { npy_dtype t; const char *name; const char *descr; const char *alt; size_t size; } dtypes[] = {
    {NPY_BOOL, "bool", "|b1", NULL, 1},   {NPY_U8, "uint8", "|u1", "<u1", 1},
    {NPY_I8, "int8", "|i1", "<i1", 1},    {NPY_I32, "int32", "<i4", NULL, 4},
    {NPY_U32, "uint32", "<u4", NULL, 4},  {NPY_I64, "int64", "<i8", NULL, 8},
    {NPY_U64, "uint64", "<u8", NULL, 8},  {NPY_F32, "float32", "<f4", NULL, 4},
    {NPY_F64, "float64", "<f8", NULL, 8},
};
enum { DTYPE_COUNT = sizeof dtypes / sizeof dtypes[0] };

size_t npy_dtype_size(npy_dtype t)
{
    for (int i = 0; i < DTYPE_COUNT; i++)
        if (dtypes[i].t == t) return dtypes[i].size;
    return 0;
}

const char *npy_dtype_name(npy_dtype t)
{
    for (int i = 0; i < DTYPE_COUNT; i++)
        if (dtypes[i].t == t) return dtypes[i].name;
    return "invalid";
}

npy_dtype npy_dtype_from_name(const char *name)
{
    for (int i = 0; i < DTYPE_COUNT; i++)
        if (!strcmp(dtypes[i].name, name)) return dtypes[i].t;
    return NPY_INVALID;
}

/* Finds 'key': in the header dict and returns a pointer just past the colon. */
static const char *find_key(const char *h, const char *key)
{
    const char *p = strstr(h, key);
    if (!p) return NULL;
    p += strlen(key);
    while (*p == ' ') p++;
    if (*p != ':') return NULL;
    p++;
    while (*p == ' ') p++;
    return p;
}

static int parse_header(const char *h, const char *name, npy_array *out, sw_error *err)
{
    const char *p = find_key(h, "'descr'");
    if (!p || *p != '\'') return sw_fail(err, "%s: .npy header has no 'descr'", name);
    char descr[16] = "";
    const char *end = strchr(p + 1, '\'');
    if (!end || end - p - 1 >= (long)sizeof descr) return sw_fail(err, "%s: .npy 'descr' is malformed", name);
    memcpy(descr, p + 1, (size_t)(end - p - 1));
    out->dtype = NPY_INVALID;
    for (int i = 0; i < DTYPE_COUNT; i++)
        if (!strcmp(descr, dtypes[i].descr) || (dtypes[i].alt && !strcmp(descr, dtypes[i].alt))) out->dtype = dtypes[i].t;
    if (out->dtype == NPY_INVALID) {
        char shown[64];
        sw_escape(descr, strlen(descr), shown, sizeof shown);
        if (descr[0] == '>')
            return sw_fail(err, "%s: big-endian dtype '%s'; convert with a.astype(a.dtype.newbyteorder('<'))", name, shown);
        sw_fail(err, "%s: dtype '%s' is not supported", name, shown);
        return NPY_UNSUPPORTED_DTYPE;
    }
    p = find_key(h, "'fortran_order'");
    if (!p) return sw_fail(err, "%s: .npy header has no 'fortran_order'", name);
    if (strncmp(p, "False", 5) != 0)
        return sw_fail(err, "%s: Fortran-ordered array; save it with numpy.ascontiguousarray first", name);
    p = find_key(h, "'shape'");
    if (!p || *p != '(') return sw_fail(err, "%s: .npy header has no 'shape' tuple", name);
    p++;
    out->ndim = 0;
    out->count = 1;
    while (1) {
        while (*p == ' ' || *p == ',') p++;
        if (*p == ')') break;
        if (!isdigit((unsigned char)*p)) return sw_fail(err, "%s: .npy shape is malformed", name);
        if (out->ndim == NPY_MAX_DIMS) return sw_fail(err, "%s: more than %d dimensions", name, NPY_MAX_DIMS);
        errno = 0;
        char *e;
        unsigned long long v = strtoull(p, &e, 10);
        if (errno || v > NPY_MAX_ELEMENTS) return sw_fail(err, "%s: dimension %d is too large", name, out->ndim);
        out->shape[out->ndim++] = (int64_t)v;
        if (v && out->count > NPY_MAX_ELEMENTS / v) return sw_fail(err, "%s: shape has too many elements", name);
        out->count *= (size_t)v;
        p = e;
        while (*p == 'L') p++;   /* Python 2 long suffix */
    }
    if (out->count > NPY_MAX_ELEMENTS)
        return sw_fail(err, "%s: %zu elements; the limit is %zu", name, out->count, (size_t)NPY_MAX_ELEMENTS);
    return 0;
}

int npy_parse(const unsigned char *b, size_t size, const char *name, npy_array *out, sw_error *err)
{
    memset(out, 0, sizeof *out);
    if (size < 10 || memcmp(b, "\x93NUMPY", 6) != 0) return sw_fail(err, "%s: not a .npy file (bad magic)", name);
    unsigned major = b[6];
    size_t header_len, start;
    if (major == 1) {
        header_len = b[8] | (size_t)b[9] << 8;
        start = 10;
    } else if (major == 2 || major == 3) {
        if (size < 12) return sw_fail(err, "%s: truncated .npy header", name);
        header_len = b[8] | (size_t)b[9] << 8 | (size_t)b[10] << 16 | (size_t)b[11] << 24;
        start = 12;
    } else {
        return sw_fail(err, "%s: .npy format version %u is not supported (1, 2, 3 are)", name, major);
    }
    if (header_len > (1u << 20) || start + header_len > size)
        return sw_fail(err, "%s: .npy header length %zu does not fit the %zu-byte file", name, header_len, size);
    char *h = malloc(header_len + 1);
    if (!h) return sw_fail(err, "%s: out of memory reading the header", name);
    memcpy(h, b + start, header_len);
    h[header_len] = 0;
    int rc = parse_header(h, name, out, err);
    free(h);
    if (rc) return rc;
    size_t bytes = out->count * npy_dtype_size(out->dtype), have = size - start - header_len;
    if (have != bytes)
        return sw_fail(err, "%s: shape says %zu bytes of data but the file holds %zu (truncated or padded file)",
                       name, bytes, have);
    out->data = malloc(bytes ? bytes : 1);
    if (!out->data) return sw_fail(err, "%s: out of memory for %zu bytes", name, bytes);
    memcpy(out->data, b + start + header_len, bytes);
    return 0;
}

int npy_read(const char *path, npy_array *out, sw_error *err)
{
    memset(out, 0, sizeof *out);
    FILE *fp = fopen(path, "rb");
    if (!fp) return sw_fail(err, "%s: cannot open: %s", path, strerror(errno));
    struct stat st;
    if (fstat(fileno(fp), &st)) {
        fclose(fp);
        return sw_fail(err, "%s: cannot read: %s", path, strerror(errno));
    }
    if (!S_ISREG(st.st_mode)) {
        fclose(fp);
        return sw_fail(err, "%s: %s; give an .npy file", path, S_ISDIR(st.st_mode) ? "is a folder" : "not a regular file");
    }
    long size = -1;
    if (fseek(fp, 0, SEEK_END) != 0 || (size = ftell(fp)) < 0 || fseek(fp, 0, SEEK_SET) != 0) {
        fclose(fp);
        return sw_fail(err, "%s: cannot read (not a regular file?)", path);
    }
    if ((size_t)size > NPY_MAX_FILE_BYTES) {
        fclose(fp);
        return sw_fail(err, "%s: %ld bytes is larger than the %zu-byte limit", path, size, NPY_MAX_FILE_BYTES);
    }
    unsigned char *bytes = malloc((size_t)size ? (size_t)size : 1);
    if (!bytes) {
        fclose(fp);
        return sw_fail(err, "%s: out of memory for %ld bytes", path, size);
    }
    size_t got = fread(bytes, 1, (size_t)size, fp);
    fclose(fp);
    int rc = got == (size_t)size ? npy_parse(bytes, (size_t)size, path, out, err)
                                 : sw_fail(err, "%s: short read", path);
    free(bytes);
    return rc;
}

int npy_alloc(npy_array *arr, npy_dtype t, int ndim, const int64_t *shape, sw_error *err)
{
    memset(arr, 0, sizeof *arr);
    if (!npy_dtype_size(t)) return sw_fail(err, "invalid dtype");
    if (ndim < 0 || ndim > NPY_MAX_DIMS) return sw_fail(err, "%d dimensions (max %d)", ndim, NPY_MAX_DIMS);
    size_t count = 1;
    for (int i = 0; i < ndim; i++) {
        if (shape[i] < 0 || (shape[i] && count > NPY_MAX_ELEMENTS / (size_t)shape[i]))
            return sw_fail(err, "array shape too large (limit %zu elements)", (size_t)NPY_MAX_ELEMENTS);
        count *= (size_t)shape[i];
        arr->shape[i] = shape[i];
    }
    arr->dtype = t;
    arr->ndim = ndim;
    arr->count = count;
    size_t bytes = count * npy_dtype_size(t);
    arr->data = malloc(bytes ? bytes : 1);
    if (!arr->data) return sw_fail(err, "out of memory for %zu elements of %s", count, npy_dtype_name(t));
    return 0;
}

void npy_free(npy_array *arr)
{
    free(arr->data);
    memset(arr, 0, sizeof *arr);
}

int npy_write(const char *path, const npy_array *arr, sw_error *err)
{
    const char *descr = NULL;
    for (int i = 0; i < DTYPE_COUNT; i++)
        if (dtypes[i].t == arr->dtype) descr = dtypes[i].descr;
    if (!descr) return sw_fail(err, "%s: invalid dtype", path);
    char shape[160] = "";
    size_t used = 0;
    for (int i = 0; i < arr->ndim; i++)
        used += (size_t)snprintf(shape + used, sizeof shape - used, "%lld,%s", (long long)arr->shape[i],
                                 i + 1 < arr->ndim ? " " : "");
    if (arr->ndim > 1 && used) shape[used - 1] = 0;   /* (3, 4) but (3,) */
    char header[256];
    int n = snprintf(header, sizeof header, "{'descr': '%s', 'fortran_order': False, 'shape': (%s), }", descr, shape);
    /* Pad with spaces so that magic + length + header is a multiple of 64, ending in '\n'. */
    int total = 10 + n + 1;
    int pad = (64 - total % 64) % 64;
    atomic_file af;
    if (atomic_file_open(&af, path, err)) return -1;
    unsigned short hl = (unsigned short)(n + pad + 1);
    fwrite("\x93NUMPY\x01\x00", 1, 8, af.fp);
    fputc(hl & 0xff, af.fp);
    fputc(hl >> 8, af.fp);
    fwrite(header, 1, (size_t)n, af.fp);
    for (int i = 0; i < pad; i++) fputc(' ', af.fp);
    fputc('\n', af.fp);
    fwrite(arr->data, npy_dtype_size(arr->dtype), arr->count, af.fp);
    return atomic_file_commit(&af, err);
}
