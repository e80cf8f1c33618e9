/* .npy reading and writing: round trips of every dtype and shape, and every way a
 * file can be wrong (each must fail with a message naming the file). */
#include <unistd.h>

#include "io/npy.h"
#include "test_util.h"

static size_t make_file(unsigned char *buf, const char *header, size_t data_bytes)
{
    size_t hl = strlen(header);
    memcpy(buf, "\x93NUMPY\x01\x00", 8);
    buf[8] = (unsigned char)(hl & 0xff);
    buf[9] = (unsigned char)(hl >> 8);
    memcpy(buf + 10, header, hl);
    memset(buf + 10 + hl, 7, data_bytes);
    return 10 + hl + data_bytes;
}

static void expect_bad(const char *header, size_t data_bytes, const char *needle)
{
    static unsigned char buf[1 << 16];
    size_t size = make_file(buf, header, data_bytes);
    npy_array a;
    sw_error err = {{0}};
    int rc = npy_parse(buf, size, "bad.npy", &a, &err);
    CHECK_MSG(rc == -1 || rc == NPY_UNSUPPORTED_DTYPE, "accepted: %s", header);
    CHECK_MSG(strstr(err.msg, "bad.npy") != NULL, "message does not name the file: %s", err.msg);
    if (needle) CHECK_MSG(strstr(err.msg, needle) != NULL, "message '%s' lacks '%s'", err.msg, needle);
    if (rc == 0) npy_free(&a);
}

int main(void)
{
    char path[] = "/tmp/scanworks_test_npy_XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0);
    close(fd);
    sw_error err;
    uint64_t seed = 42;
    const npy_dtype types[] = {NPY_BOOL, NPY_U8, NPY_I8, NPY_I32, NPY_U32, NPY_I64, NPY_U64, NPY_F32, NPY_F64};
    const int64_t shapes[][3] = {{0, 0, 0}, {1, 0, 0}, {7919, 0, 0}, {3, 5, 0}, {4, 3, 2}};
    const int ndims[] = {1, 1, 1, 2, 3};
    for (size_t t = 0; t < sizeof types / sizeof *types; t++)
        for (int s = 0; s < 5; s++) {
            npy_array a, b;
            CHECK(npy_alloc(&a, types[t], ndims[s], shapes[s], &err) == 0);
            unsigned char *p = a.data;
            for (size_t i = 0; i < a.count * npy_dtype_size(a.dtype); i++) p[i] = (unsigned char)test_rand(&seed);
            CHECK(npy_write(path, &a, &err) == 0);
            CHECK(npy_read(path, &b, &err) == 0);
            CHECK(b.dtype == a.dtype && b.ndim == a.ndim && b.count == a.count);
            for (int d = 0; d < a.ndim; d++) CHECK(b.shape[d] == a.shape[d]);
            CHECK(memcmp(a.data, b.data, a.count * npy_dtype_size(a.dtype)) == 0);
            npy_free(&a);
            npy_free(&b);
        }
    /* The header written is the one NumPy writes: 64-byte aligned, ends in '\n'. */
    {
        npy_array a;
        const int64_t shape[1] = {5};
        CHECK(npy_alloc(&a, NPY_I32, 1, shape, &err) == 0);
        memset(a.data, 0, 20);
        CHECK(npy_write(path, &a, &err) == 0);
        FILE *fp = fopen(path, "rb");
        unsigned char head[256];
        size_t got = fread(head, 1, sizeof head, fp);
        fclose(fp);
        size_t header_end = 10 + (size_t)(head[8] | head[9] << 8);
        CHECK(header_end % 64 == 0);
        CHECK(got == header_end + 20);
        CHECK(head[header_end - 1] == '\n');
        CHECK(memcmp(head + 10, "{'descr': '<i4', 'fortran_order': False, 'shape': (5,), }", 57) == 0);
        npy_free(&a);
    }
    unlink(path);

    npy_array a;
    CHECK(npy_read("/nonexistent/x.npy", &a, &err) == -1 && strstr(err.msg, "/nonexistent/x.npy"));
    CHECK(npy_parse((const unsigned char *)"PK\x03\x04 not numpy", 17, "bad.npy", &a, &err) == -1);
    expect_bad("{'descr': '<i4', 'fortran_order': False, 'shape': (4,), }", 15, "truncated");
    expect_bad("{'descr': '<i4', 'fortran_order': False, 'shape': (4,), }", 17, "16 bytes");
    expect_bad("{'descr': '>i4', 'fortran_order': False, 'shape': (4,), }", 16, "big-endian");
    expect_bad("{'descr': '<c8', 'fortran_order': False, 'shape': (4,), }", 32, "dtype '<c8' is not supported");
    expect_bad("{'descr': '<i4', 'fortran_order': True, 'shape': (2, 2), }", 16, "Fortran");
    expect_bad("{'descr': '<i4', 'fortran_order': False, 'shape': (1, 1, 1, 1, 1), }", 4, "dimensions");
    expect_bad("{'descr': '<i4', 'fortran_order': False, 'shape': (99999999999999999999,), }", 4, NULL);
    expect_bad("{'descr': '<i4', 'fortran_order': False, 'shape': (4294967296, 4294967296), }", 4, NULL);
    expect_bad("{'descr': '<i4', 'fortran_order': False, }", 4, "shape");
    expect_bad("{'fortran_order': False, 'shape': (1,), }", 4, "descr");
    expect_bad("{'descr': '<i4', 'fortran_order': False, 'shape': (x,), }", 4, "malformed");
    /* A header length that runs past the end of the file. */
    unsigned char shortfile[12] = {0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, 0xff, 0x7f, '{', '}'};
    CHECK(npy_parse(shortfile, sizeof shortfile, "bad.npy", &a, &err) == -1);
    return test_finish("test_npy");
}
