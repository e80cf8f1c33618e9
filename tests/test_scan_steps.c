/* The scan panel's figure: the CPU model of each level (the chapter's example, the
 * names, the operations, the limits), then the GL compute levels
 * (shaders/panel_scan_step.comp, on llvmpipe here) checked level by level against it
 * (scan_steps_check.h). test_scan_steps_cuda does the same for the CUDA kernel. */
#include "app/compute_context.h"
#include "panels/scan_steps_gl.h"
#include "scan_steps_check.h"

static void check_model(void)
{
    sw_error err;
    CHECK(scan_steps_check_n(8, &err) == 0);
    CHECK(scan_steps_check_n(3, &err) == -1 && strstr(err.msg, "power of two") != NULL);
    CHECK(scan_steps_check_n(128, &err) == -1 && strstr(err.msg, "64") != NULL);
    CHECK(scan_steps_check_n(1, &err) == -1);
    CHECK(scan_steps_count(SCAN_STEPS_HILLIS_STEELE, 32) == 5);
    CHECK(scan_steps_count(SCAN_STEPS_BLELLOCH, 16) == 9);
    /* Figure 39-3 and 39-4 on the chapter's example. */
    const int32_t ex[8] = {3, 1, 7, 0, 4, 1, 6, 3};
    const int32_t up_end[8] = {3, 4, 7, 11, 4, 5, 6, 25}, excl[8] = {0, 3, 4, 11, 11, 15, 16, 22},
                  incl[8] = {3, 4, 11, 11, 15, 16, 22, 25};
    int32_t a[8], b[8];
    memcpy(a, ex, sizeof a);
    for (int l = 0; l < scan_steps_count(SCAN_STEPS_BLELLOCH, 8); l++) {
        scan_steps_cpu(scan_steps_at(SCAN_STEPS_BLELLOCH, 8, l), a, b, 8);
        memcpy(a, b, sizeof a);
        if (l == 2) CHECK_MSG(!memcmp(a, up_end, sizeof a), "the up-sweep leaves Figure 39-3's tree");
    }
    CHECK_MSG(!memcmp(a, excl, sizeof a), "Blelloch on the example gives the exclusive scan");
    memcpy(a, ex, sizeof a);
    for (int l = 0; l < scan_steps_count(SCAN_STEPS_HILLIS_STEELE, 8); l++) {
        scan_steps_cpu(scan_steps_at(SCAN_STEPS_HILLIS_STEELE, 8, l), a, b, 8);
        memcpy(a, b, sizeof a);
    }
    CHECK_MSG(!memcmp(a, incl, sizeof a), "Hillis-Steele on the example gives the inclusive scan");
    /* Work: n log n - (n - 1) adds for Hillis-Steele, 2 (n - 1) adds, n - 1 swaps for Blelloch. */
    scan_elem_op ops[SCAN_STEPS_MAX_N];
    int adds = 0, swaps = 0;
    for (int l = 0; l < scan_steps_count(SCAN_STEPS_HILLIS_STEELE, 32); l++)
        adds += scan_steps_ops(scan_steps_at(SCAN_STEPS_HILLIS_STEELE, 32, l), 32, ops);
    CHECK_MSG(adds == 32 * 5 - 31, "Hillis-Steele adds: %d", adds);
    adds = 0;
    for (int l = 0; l < scan_steps_count(SCAN_STEPS_BLELLOCH, 32); l++) {
        scan_step st = scan_steps_at(SCAN_STEPS_BLELLOCH, 32, l);
        int c = scan_steps_ops(st, 32, ops);
        if (st.phase == SCAN_STEP_UP) adds += c;
        if (st.phase == SCAN_STEP_DOWN) swaps += c;
    }
    CHECK_MSG(adds == 31 && swaps == 31, "Blelloch: %d up-sweep adds, %d down-sweep swaps", adds, swaps);
    char name[160];
    scan_steps_name(scan_steps_at(SCAN_STEPS_BLELLOCH, 8, 1), 8, name, sizeof name);
    CHECK_MSG(!strcmp(name, "up-sweep d=1: a[3] += a[1], a[7] += a[5]"), "%s", name);
    scan_steps_name(scan_steps_at(SCAN_STEPS_BLELLOCH, 8, 3), 8, name, sizeof name);
    CHECK_MSG(!strcmp(name, "clear the last: a[7] = 0"), "%s", name);
    scan_steps_name(scan_steps_at(SCAN_STEPS_BLELLOCH, 8, 4), 8, name, sizeof name);
    CHECK_MSG(strstr(name, "down-sweep") && strstr(name, "d=2") && strstr(name, "a[3]<->a[7]"), "%s", name);
    scan_steps_name(scan_steps_at(SCAN_STEPS_HILLIS_STEELE, 64, 0), 64, name, 40);
    CHECK_MSG(strlen(name) < 40 && strstr(name, " ...") && strstr(name, "a[1] += a[0]"), "cut: %s", name);
}

static int gl_runner(void *ctx, scan_step st, const int32_t *in, int32_t *out, int n, sw_error *err)
{
    double ms = -1;
    int rc = scan_steps_gl_level(ctx, st, in, out, n, &ms, err);
    if (!rc) CHECK_MSG(ms >= 0, "the timer query gave %f ms", ms);
    return rc;
}

int main(void)
{
    check_model();
    sw_error err;
    if (compute_gl_context(NULL, &err)) TEST_SKIP("no OpenGL 4.5 context: %s", err.msg);
    printf("GL_RENDERER %s\n", (const char *)glGetString(GL_RENDERER));
    scan_steps_gl g;
    CHECK_MSG(scan_steps_gl_init(&g, &err) == 0, "%s", err.msg);
    if (test_failures) return test_finish("test_scan_steps");
    int32_t row[4] = {1, 2, 3, 4};
    CHECK(scan_steps_gl_level(&g, (scan_step){SCAN_STEP_UP, 1}, row, row, 3, NULL, &err) == -1);
    CHECK(scan_steps_gl_level(&g, (scan_step){SCAN_STEP_UP, 4}, row, row, 4, NULL, &err) == -1);
    CHECK(scan_steps_gl_level(&g, (scan_step){7, 1}, row, row, 4, NULL, &err) == -1);
    CHECK(scan_steps_gl_level(&g, (scan_step){SCAN_STEP_NAIVE, 3}, row, row, 4, NULL, &err) == -1);
    int levels = scan_steps_check_runner("gl", gl_runner, &g);
    printf("gl: %d levels checked against the CPU model\n", levels);
    CHECK(levels == 4 * (1 + 2 + 3 + 4 + 5 + 6) + 4 * (3 + 5 + 7 + 9 + 11 + 13));
    scan_steps_gl_destroy(&g);
    return test_finish("test_scan_steps");
}
