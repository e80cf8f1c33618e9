/* The teapot tessellation: counts, bounds, unit normals, closed rim, bad data. */
#include <math.h>

#include "io/embedded.h"
#include "scene/teapot.h"
#include "test_util.h"

int main(void)
{
    sw_error err;
    const struct embedded_file *f = embedded_find("assets/teapot_patches.txt", &err);
    CHECK(f != NULL);
    if (!f) return test_finish("test_teapot");

    mesh m;
    const int grid = 8;
    CHECK(teapot_build(&m, (const char *)f->data, f->name, grid, &err) == 0);
    /* 6 patches mirrored 4 ways + 4 patches mirrored 2 ways = 32 patches. */
    CHECK(m.vertex_count == 32u * (grid + 1) * (grid + 1));
    CHECK(m.index_count == 32u * grid * grid * 6);
    float lo[3] = {1e9f, 1e9f, 1e9f}, hi[3] = {-1e9f, -1e9f, -1e9f};
    int bad_normals = 0;
    for (size_t i = 0; i < m.vertex_count; i++) {
        const mesh_vertex *v = &m.vertices[i];
        for (int c = 0; c < 3; c++) {
            lo[c] = fminf(lo[c], v->position[c]);
            hi[c] = fmaxf(hi[c], v->position[c]);
        }
        float len = sqrtf(v->normal[0] * v->normal[0] + v->normal[1] * v->normal[1] + v->normal[2] * v->normal[2]);
        if (fabsf(len - 1.0f) > 1e-3f) bad_normals++;
    }
    CHECK_MSG(bad_normals == 0, "%d normals are not unit length", bad_normals);
    /* Base on the floor, knob at height 1, spout tip and handle at their known extents. */
    CHECK(fabsf(lo[1]) < 1e-4f);
    CHECK(fabsf(hi[1] - 1.0f) < 1e-3f);
    printf("x range %.4f..%.4f, z %.4f..%.4f\n", lo[0], hi[0], lo[2], hi[2]);
    CHECK(fabsf(hi[0] - 3.433f / 3.15f) < 0.01f);   /* the surface stops short of its hull (3.525) */
    CHECK(fabsf(lo[0] + 3.0f / 3.15f) < 0.02f);
    CHECK(fabsf(hi[2] + lo[2]) < 1e-4f);   /* symmetric front to back */
    for (size_t i = 0; i < m.index_count; i++) CHECK(m.indices[i] < m.vertex_count);
    /* The body's normals point away from the axis (outward) on a consistent side. */
    int outward = 0, inward = 0;
    for (size_t i = 0; i < m.vertex_count; i++) {
        const mesh_vertex *v = &m.vertices[i];
        if (v->position[1] < 0.2f || v->position[1] > 0.6f || fabsf(v->position[0]) > 0.65f) continue;
        float radial = v->position[0] * v->normal[0] + v->position[2] * v->normal[2];
        if (radial > 0) outward++; else inward++;
    }
    printf("body normals: %d outward, %d inward\n", outward, inward);
    CHECK(outward > 9 * inward);
    mesh_free(&m);

    /* Malformed data is refused with a message naming the line. */
    CHECK(teapot_build(&m, "patches 1\n4 0 1 2\n", "bad.txt", 4, &err) == -1);
    CHECK(strstr(err.msg, "bad.txt:2") != NULL);
    CHECK(teapot_build(&m, "patches 1\n4 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 99\npoints 1\n0 0 0\n", "idx.txt", 4, &err) == -1);
    CHECK(strstr(err.msg, "99") != NULL);
    CHECK(teapot_build(&m, (const char *)f->data, f->name, 0, &err) == -1);
    CHECK(teapot_build(&m, "", "empty.txt", 4, &err) == -1);
    return test_finish("test_teapot");
}
