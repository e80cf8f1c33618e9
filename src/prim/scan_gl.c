/* The gl backend of scan. "compute" (the default) is a work-efficient multi-pass
 * reduce-then-scan in compute shaders for any length:
 *   1. reduce: each workgroup combines its tile of TILE elements into one partial;
 *   2. the partials are scanned (exclusive) by the same two passes, recursively, until
 *      they fit one tile;
 *   3. scan: each workgroup scans its tile seeded with its partial's prefix.
 * It reads the input twice and writes it once (3n element transfers). No pass waits
 * on another workgroup (no look-back): GL promises no forward progress between
 * workgroups, so every dependency is a separate dispatch.
 * Arrays longer than one chunk (what one shader storage binding may hold, at most
 * 2^26 elements) are scanned chunk after chunk; a one-element carry buffer holds the
 * total of the chunks done so far and seeds the next on the GPU, without a read-back.
 * "fragment" (the chapter's OpenGL scan) lives in scan_gl_fragment.c. */
#include "prim/scan_gl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/embedded.h"
#include "prim/scan_cpu_internal.h"
#include "prim/scan_gl_internal.h"

const char *const scan_gl_algorithms[] = {"compute", "fragment", NULL};

#define WG 256
#define ITEMS 8
#define TILE ((size_t)WG * ITEMS)
#define CHUNK_MAX ((size_t)1 << 26)
#define MAX_LEVELS 6
#define MAX_PROGRAMS 64

static struct {
    struct {
        const char *shader;
        scan_type type;
        scan_op op;
        GLuint prog;
    } programs[MAX_PROGRAMS];
    int program_count;
    GLuint scratch[MAX_LEVELS];   /* tile partials of each level */
    size_t scratch_bytes[MAX_LEVELS];
    GLuint carry;                 /* one element: the total of the chunks done */
    size_t carry_bytes;
    GLuint staging;               /* scan_gl_host's copy of the array */
    size_t staging_bytes;
    int subgroups;                /* -1 unknown, 0 no, 1 the tile scan uses subgroup arithmetic */
} g = {.subgroups = -1};

bool scan_gl_has_extension(const char *name)
{
    GLint count = 0;
    glGetIntegerv(GL_NUM_EXTENSIONS, &count);
    for (GLint i = 0; i < count; i++) {
        const char *e = (const char *)glGetStringi(GL_EXTENSIONS, (GLuint)i);
        if (e && !strcmp(e, name)) return true;
    }
    return false;
}

static int context_ok(const scan_desc *d, sw_error *err)
{
    const char *fix = "make an OpenGL 4.5 context current first (the CLI and tests use compute_gl_context())";
    if (!glad_glGetString) return sw_fail(err, "scan (gl): OpenGL is not loaded; %s", fix);
    const char *version = (const char *)glGetString(GL_VERSION);
    if (!version) return sw_fail(err, "scan (gl): no OpenGL context is current; %s", fix);
    GLint major = 0, minor = 0;
    glGetIntegerv(GL_MAJOR_VERSION, &major);
    glGetIntegerv(GL_MINOR_VERSION, &minor);
    if (major * 10 + minor < 45) return sw_fail(err, "scan (gl): needs OpenGL 4.5, the context has %s", version);
    if (d && d->type == SCAN_I64 && !scan_gl_has_extension("GL_ARB_gpu_shader_int64"))
        return sw_fail(err, "scan (gl): int64 needs GL_ARB_gpu_shader_int64, which this driver (%s) lacks; "
                       "use the cpu or cuda backend", (const char *)glGetString(GL_RENDERER));
    return 0;
}

/* Whether compute shaders may use subgroup arithmetic: GL_KHR_shader_subgroup with
 * arithmetic in compute, and full subgroups of 16..WG invocations (so that the subgroup
 * totals of one workgroup fit one subgroup). SCANWORKS_GL_SUBGROUPS=0 turns it off, to
 * test the shared-memory path on drivers that have subgroups. Not for int64: 64-bit
 * subgroup arithmetic needs another extension. Not for float32 max and min: the
 * hardware's subgroup max flushes subnormals, where scan_combine compares bits. */
static bool use_subgroups(scan_type t, scan_op op)
{
    if (g.subgroups < 0) {
        const char *env = getenv("SCANWORKS_GL_SUBGROUPS");
        GLint size = 0, stages = 0, features = 0;
        g.subgroups = 0;
        if (!(env && !strcmp(env, "0")) && scan_gl_has_extension("GL_KHR_shader_subgroup")) {
            glGetIntegerv(GL_SUBGROUP_SIZE_KHR, &size);
            glGetIntegerv(GL_SUBGROUP_SUPPORTED_STAGES_KHR, &stages);
            glGetIntegerv(GL_SUBGROUP_SUPPORTED_FEATURES_KHR, &features);
            g.subgroups = size >= 16 && size <= WG && WG % size == 0 && (stages & GL_COMPUTE_SHADER_BIT) &&
                          (features & GL_SUBGROUP_FEATURE_BASIC_BIT_KHR) &&
                          (features & GL_SUBGROUP_FEATURE_ARITHMETIC_BIT_KHR);
        }
    }
    return g.subgroups == 1 && t != SCAN_I64 && !(t == SCAN_F32 && op != SCAN_ADD);
}

bool scan_gl_uses_subgroups(void) { return use_subgroups(SCAN_I32, SCAN_ADD); }

GLuint scan_gl_program(const char *shader, scan_type t, scan_op op, sw_error *err)
{
    for (int i = 0; i < g.program_count; i++)
        if (g.programs[i].shader == shader && g.programs[i].type == t && g.programs[i].op == op)
            return g.programs[i].prog;
    if (g.program_count == MAX_PROGRAMS) {
        sw_fail(err, "scan (gl): program cache full");
        return 0;
    }
    bool fragment = strstr(shader, ".frag") != NULL;
    char head[200];
    int len = snprintf(head, sizeof head, "#define SCAN_TYPE %d\n#define SCAN_OP %d\n#define WG %d\n#define ITEMS %d\n%s%s",
                       (int)t, (int)op, WG, ITEMS, fragment ? "#define SCAN_FRAGMENT 1\n" : "",
                       !fragment && use_subgroups(t, op) ? "#define USE_SUBGROUP 1\n" : "");
    if (len < 0 || len >= (int)sizeof head) {
        sw_fail(err, "scan (gl): shader defines too long");
        return 0;
    }
    static const char *const files[] = {"shaders/scan_ops.glsl"};
    char *defines = embedded_join(head, files, 1, "scan shader source", err);
    if (!defines) return 0;
    GLuint prog = fragment ? gl_program_vf("shaders/fullscreen.vert", shader, defines, err)
                           : gl_program_compute(shader, defines, err);
    free(defines);
    if (!prog) return 0;
    g.programs[g.program_count].shader = shader;
    g.programs[g.program_count].type = t;
    g.programs[g.program_count].op = op;
    g.programs[g.program_count++].prog = prog;
    return prog;
}

static int ensure_buffer(GLuint *buf, size_t *have, size_t bytes, const char *what, sw_error *err)
{
    if (*buf && *have >= bytes) return 0;
    if (!*buf) glCreateBuffers(1, buf);
    glNamedBufferData(*buf, (GLsizeiptr)(bytes ? bytes : 16), NULL, GL_DYNAMIC_COPY);
    char where[96];
    snprintf(where, sizeof where, "scan (gl): allocating %zu bytes for the %s", bytes, what);
    if (gl_check(where, err)) {
        *have = 0;
        return -1;
    }
    *have = bytes;
    return 0;
}

static void bind_range(GLuint index, GLuint buf, size_t offset, size_t bytes)
{
    glBindBufferRange(GL_SHADER_STORAGE_BUFFER, index, buf, (GLintptr)offset, (GLsizeiptr)bytes);
}

static void set_uint(GLuint prog, const char *name, size_t v)
{
    glProgramUniform1ui(prog, glGetUniformLocation(prog, name), (GLuint)v);
}

/* Scans COUNT elements at byte offsets IN_OFF / OUT_OF of IN / OUT. CARRY: seed the
 * scan with carry[0] and advance it by the total (chunked arrays). */
static int scan_level(const scan_desc *d, GLuint in, size_t in_off, GLuint out, size_t out_off, size_t count,
                      bool inclusive, bool carry, int level, sw_error *err)
{
    size_t es = scan_type_size(d->type), tiles = (count + TILE - 1) / TILE, bytes = count * es;
    GLuint reduce = scan_gl_program("shaders/scan_reduce.comp", d->type, d->op, err);
    GLuint tile = reduce ? scan_gl_program("shaders/scan_tile.comp", d->type, d->op, err) : 0;
    if (!tile) return -1;
    GLuint offsets = g.carry;
    if (tiles > 1) {
        if (level == MAX_LEVELS) return sw_fail(err, "scan (gl): more than %d levels of partials", MAX_LEVELS);
        if (ensure_buffer(&g.scratch[level], &g.scratch_bytes[level], tiles * es, "tile partials", err)) return -1;
        offsets = g.scratch[level];
        glUseProgram(reduce);
        set_uint(reduce, "u_count", count);
        bind_range(0, in, in_off, bytes);
        bind_range(2, offsets, 0, tiles * es);
        glDispatchCompute((GLuint)tiles, 1, 1);
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        if (scan_level(d, offsets, 0, offsets, 0, tiles, false, carry, level + 1, err)) return -1;
    }
    glUseProgram(tile);
    set_uint(tile, "u_count", count);
    set_uint(tile, "u_inclusive", inclusive);
    set_uint(tile, "u_seed_mode", tiles > 1 ? 1 : carry ? 2 : 0);
    bind_range(0, in, in_off, bytes);
    bind_range(1, out, out_off, bytes);
    bind_range(2, offsets, 0, tiles > 1 ? tiles * es : es);
    bind_range(3, g.carry, 0, es);
    glDispatchCompute((GLuint)tiles, 1, 1);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    return 0;
}

static int buffer_holds(GLuint buf, size_t bytes, const char *what, sw_error *err)
{
    GLint64 size = 0;
    if (!buf || !glIsBuffer(buf)) return sw_fail(err, "scan (gl): the %s buffer %u is not a GL buffer", what, buf);
    glGetNamedBufferParameteri64v(buf, GL_BUFFER_SIZE, &size);
    if ((size_t)size < bytes)
        return sw_fail(err, "scan (gl): the %s buffer holds %lld bytes, the scan needs %zu", what, (long long)size, bytes);
    return 0;
}

static int scan_compute(const scan_desc *d, GLuint in, GLuint out, size_t n, sw_error *err)
{
    size_t es = scan_type_size(d->type);
    GLint64 max_block = 0;
    glGetInteger64v(GL_MAX_SHADER_STORAGE_BLOCK_SIZE, &max_block);
    size_t chunk = (size_t)max_block / es < CHUNK_MAX ? (size_t)max_block / es : CHUNK_MAX;
    chunk -= chunk % TILE;
    if (chunk < TILE) return sw_fail(err, "scan (gl): shader storage blocks of %lld bytes are too small", (long long)max_block);
    size_t chunks = (n + chunk - 1) / chunk;
    if (ensure_buffer(&g.carry, &g.carry_bytes, 16, "scan carry", err)) return -1;
    if (chunks > 1) {
        scan_value id;
        scan_cpu_identity(d->type, d->op, &id);
        glNamedBufferSubData(g.carry, 0, (GLsizeiptr)es, &id);
    }
    for (size_t c = 0; c < chunks; c++) {
        size_t off = c * chunk, count = n - off < chunk ? n - off : chunk;
        if (scan_level(d, in, off * es, out, off * es, count, d->kind == SCAN_INCLUSIVE, chunks > 1, 0, err))
            return -1;
    }
    return 0;
}

int scan_gl_buffer(const scan_desc *d, GLuint in_ssbo, GLuint out_ssbo, size_t n, sw_error *err)
{
    if (context_ok(d, err)) return -1;
    if (n > SCAN_MAX_ELEMENTS)
        return sw_fail(err, "scan (gl): %zu elements is over the limit of %zu", n, SCAN_MAX_ELEMENTS);
    if (!n) return 0;
    size_t bytes = n * scan_type_size(d->type);
    if (buffer_holds(in_ssbo, bytes, "input", err) || buffer_holds(out_ssbo, bytes, "output", err)) return -1;
    gl_check("scan (gl): before the scan", NULL);   /* errors left by others are not ours */
    GLint old_prog = 0;
    glGetIntegerv(GL_CURRENT_PROGRAM, &old_prog);
    int rc;
    if (d->algo && !strcmp(d->algo, "fragment")) rc = scan_gl_fragment(d, in_ssbo, out_ssbo, n, err);
    else if (!d->algo || !strcmp(d->algo, "compute")) rc = scan_compute(d, in_ssbo, out_ssbo, n, err);
    else rc = sw_fail(err, "scan (gl): no algorithm '%s' (have: compute, fragment)", d->algo);
    glUseProgram((GLuint)old_prog);
    glMemoryBarrier(GL_ALL_BARRIER_BITS);
    if (rc) return -1;
    return gl_check("scan (gl)", err);
}

int scan_gl_host(const scan_desc *d, const void *in, void *out, size_t n, sw_error *err)
{
    if (context_ok(d, err)) return -1;
    if (!n) return 0;
    size_t bytes = n * scan_type_size(d->type);
    if (ensure_buffer(&g.staging, &g.staging_bytes, bytes, "array", err)) return -1;
    glNamedBufferSubData(g.staging, 0, (GLsizeiptr)bytes, in);
    if (scan_gl_buffer(d, g.staging, g.staging, n, err)) return -1;
    glGetNamedBufferSubData(g.staging, 0, (GLsizeiptr)bytes, out);
    return gl_check("scan (gl): reading the result back", err);
}

void scan_gl_shutdown(void)
{
    scan_gl_fragment_shutdown();
    for (int i = 0; i < g.program_count; i++) glDeleteProgram(g.programs[i].prog);
    for (int i = 0; i < MAX_LEVELS; i++)
        if (g.scratch[i]) glDeleteBuffers(1, &g.scratch[i]);
    if (g.carry) glDeleteBuffers(1, &g.carry);
    if (g.staging) glDeleteBuffers(1, &g.staging);
    memset(&g, 0, sizeof g);
    g.subgroups = -1;
}
