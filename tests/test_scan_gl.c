/* The gl scan, both algorithms (compute shaders, the chapter's fragment passes), against
 * the reference on random inputs of awkward lengths for every type x operator x kind,
 * outputs poisoned first, every other run in place; the chapter's example; the buffer
 * entry; a chunked int64 array; float32 max and min on subnormals; and the error
 * without a context. Runs on llvmpipe. */
#include "app/compute_context.h"
#include "prim/scan_gl.h"
#include "scan_check.h"

/* llvmpipe runs shaders on the CPU: cap the lengths to keep the test quick. */
static size_t cap_for(const char *algo) { return !strcmp(algo, "fragment") ? 70000 : 1100000; }

int main(void)
{
    sw_error err;
    scan_desc d = {SCAN_I32, SCAN_ADD, SCAN_EXCLUSIVE, NULL};
    int32_t tiny[2] = {1, 2};
    CHECK(scan_host(PRIM_GL, &d, tiny, tiny, 2, &err) == -1);
    CHECK_MSG(strstr(err.msg, "context") != NULL, "%s", err.msg);
    if (compute_gl_context(NULL, &err)) TEST_SKIP("no OpenGL 4.5 context: %s", err.msg);
    printf("GL_RENDERER %s, GL_VERSION %s, compute scan with subgroups: %s\n", (const char *)glGetString(GL_RENDERER),
           (const char *)glGetString(GL_VERSION), scan_gl_uses_subgroups() ? "yes" : "no");

    const int32_t ex[8] = {3, 1, 7, 0, 4, 1, 6, 3};
    const int32_t excl[8] = {0, 3, 4, 11, 11, 15, 16, 22}, incl[8] = {3, 4, 11, 11, 15, 16, 22, 25};
    uint64_t rng = 777;
    size_t max_n = 1100000;
    void *in = malloc(max_n * 8), *out = malloc(max_n * 8);
    CHECK(in && out);
    if (!in || !out) return test_finish("test_scan_gl");
    int runs = 0;
    for (int a = 0; scan_gl_algorithms[a]; a++) {
        const char *algo = scan_gl_algorithms[a];
        int32_t o[8];
        scan_desc e = {SCAN_I32, SCAN_ADD, SCAN_EXCLUSIVE, algo};
        test_poison(o, sizeof o);
        CHECK(scan_host(PRIM_GL, &e, ex, o, 8, &err) == 0);
        CHECK_MSG(!memcmp(o, excl, sizeof o), "%s exclusive example", algo);
        e.kind = SCAN_INCLUSIVE;
        CHECK(scan_host(PRIM_GL, &e, ex, o, 8, &err) == 0);
        CHECK_MSG(!memcmp(o, incl, sizeof o), "%s inclusive example", algo);
        int32_t w[2] = {INT32_MAX, 1};
        CHECK(scan_host(PRIM_GL, &e, w, w, 2, &err) == 0);
        CHECK_MSG(w[1] == INT32_MIN, "%s int32 add wraps", algo);
        /* float max/min compare bits: NVIDIA's GL and llvmpipe flush subnormals in float compares */
        scan_check_subnormal_minmax(PRIM_GL, algo, cap_for(algo), &rng);

        for (size_t s = 0; s < TEST_AWKWARD_COUNT && test_awkward_sizes[s] <= cap_for(algo); s++) {
            size_t n = test_awkward_sizes[s];
            for (int t = 0; t < SCAN_TYPE_COUNT; t++) {
                size_t bytes = n * scan_type_size((scan_type)t);
                for (int op = 0; op < SCAN_OP_COUNT; op++)
                    for (int k = 0; k < 2; k++) {
                        scan_desc dd = {(scan_type)t, (scan_op)op, (scan_kind)k, algo};
                        char label[128];
                        snprintf(label, sizeof label, "gl %s %s %s %s n=%zu", algo, scan_type_name(dd.type),
                                 scan_op_name(dd.op), k ? "inclusive" : "exclusive", n);
                        scan_fill_random(dd.type, in, n, &rng);
                        test_poison(out, bytes);
                        bool in_place = (runs++ & 1) != 0;
                        void *dst = out;
                        if (in_place) {
                            memcpy(out, in, bytes);
                            dst = out;
                        }
                        int rc = scan_host(PRIM_GL, &dd, in_place ? out : in, dst, n, &err);
                        CHECK_MSG(rc == 0, "%s: %s", label, err.msg);
                        if (rc == 0) CHECK_MSG(scan_check(label, &dd, in, dst, n) == 0, "%s%s", label,
                                               in_place ? " in place" : "");
                    }
            }
        }
    }

    /* The buffer entry: separate input and output buffers, the input left as it was. */
    size_t n = 100003;
    scan_fill_random(SCAN_F32, in, n, &rng);
    GLuint bufs[2];
    glCreateBuffers(2, bufs);
    glNamedBufferData(bufs[0], (GLsizeiptr)(n * 4), in, GL_STATIC_DRAW);
    glNamedBufferData(bufs[1], (GLsizeiptr)(n * 4), NULL, GL_STATIC_DRAW);
    for (int a = 0; scan_gl_algorithms[a]; a++) {
        scan_desc bd = {SCAN_F32, SCAN_ADD, SCAN_INCLUSIVE, scan_gl_algorithms[a]};
        CHECK(scan_gl_buffer(&bd, bufs[0], bufs[1], n, &err) == 0);
        glGetNamedBufferSubData(bufs[1], 0, (GLsizeiptr)(n * 4), out);
        CHECK_MSG(scan_check("scan_gl_buffer", &bd, in, out, n) == 0, "%s", bd.algo);
        glGetNamedBufferSubData(bufs[0], 0, (GLsizeiptr)(n * 4), out);
        CHECK(!memcmp(in, out, n * 4));
        CHECK(scan_gl_buffer(&bd, bufs[0], bufs[1], n + 1, &err) == -1);
        CHECK_MSG(strstr(err.msg, "bytes") != NULL, "%s", err.msg);
    }
    glDeleteBuffers(2, bufs);
    free(in);
    free(out);

    /* More elements than one shader storage binding holds on llvmpipe (128 MiB = 2^24
     * int64): the chunks are chained through the carry buffer. */
    GLint64 block = 0;
    glGetInteger64v(GL_MAX_SHADER_STORAGE_BLOCK_SIZE, &block);
    size_t big = (size_t)block / 8 + 4099;
    if (big <= ((size_t)1 << 25)) {
        int64_t *bi = malloc(big * 8), *bo = malloc(big * 8);
        CHECK(bi && bo);
        if (bi && bo) {
            scan_fill_random(SCAN_I64, bi, big, &rng);
            scan_desc cd = {SCAN_I64, SCAN_ADD, SCAN_EXCLUSIVE, "compute"};
            CHECK_MSG(scan_host(PRIM_GL, &cd, bi, bo, big, &err) == 0, "%s", err.msg);
            CHECK_MSG(scan_check("gl chunked int64", &cd, bi, bo, big) == 0, "n=%zu", big);
        }
        free(bi);
        free(bo);
    } else {
        printf("storage blocks of %lld bytes: the chunked case is not tried here\n", (long long)block);
    }

    scan_desc bad = {SCAN_I32, SCAN_ADD, SCAN_EXCLUSIVE, "naive"};
    CHECK(scan_host(PRIM_GL, &bad, tiny, tiny, 2, &err) == -1);
    CHECK(strstr(err.msg, "compute, fragment") != NULL);
    scan_gl_shutdown();
    compute_gl_context_release();
    return test_finish("test_scan_gl");
}
