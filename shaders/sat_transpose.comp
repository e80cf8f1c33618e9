#version 450 core
// SAT pass: out (cols x rows) = transpose of in (rows x cols), 32x32 tiles through
// shared memory padded to 33 columns so the column reads hit distinct banks.
layout(local_size_x = 32, local_size_y = 8) in;
layout(std430, binding = 0) readonly buffer In { uvec4 src[]; };
layout(std430, binding = 1) writeonly buffer Out { uvec4 dst[]; };
uniform int u_rows, u_cols;

shared uvec4 tile[32][33];

void main()
{
    int bx = int(gl_WorkGroupID.x) * 32, by = int(gl_WorkGroupID.y) * 32;
    int tx = int(gl_LocalInvocationID.x), ty = int(gl_LocalInvocationID.y);
    for (int k = 0; k < 32; k += 8) {
        int x = bx + tx, y = by + ty + k;
        if (x < u_cols && y < u_rows) tile[ty + k][tx] = src[y * u_cols + x];
    }
    barrier();
    for (int k = 0; k < 32; k += 8) {
        int x = by + tx, y = bx + ty + k;
        if (x < u_rows && y < u_cols) dst[y * u_rows + x] = tile[tx][ty + k];
    }
}
