#version 450 core
// SAT, tiled variant, pass 1: for each 32x32 tile, the total of each of its rows
// (R[y][tile x]) and of each of its columns (C[tile y][x]). Input: sat_load.glsl.
layout(local_size_x = 32, local_size_y = 8) in;
layout(std430, binding = 2) writeonly buffer Rows { uvec4 R[]; };
layout(std430, binding = 3) writeonly buffer Cols { uvec4 C[]; };
uniform ivec2 u_size;
uniform int u_tiles_x;

shared uvec4 tile[32][33];

void main()
{
    int lx = int(gl_LocalInvocationID.x), ly = int(gl_LocalInvocationID.y);
    int x0 = int(gl_WorkGroupID.x) * 32, y0 = int(gl_WorkGroupID.y) * 32;
    for (int k = 0; k < 32; k += 8) {
        int x = x0 + lx, y = y0 + ly + k;
        tile[ly + k][lx] = x < u_size.x && y < u_size.y ? load_value(x, y, u_size.x) : uvec4(0u);
    }
    barrier();
    int i = ly * 32 + lx;
    if (i < 32) {
        uvec4 s = uvec4(0u);
        for (int c = 0; c < 32; c++) s += tile[i][c];
        if (y0 + i < u_size.y) R[(y0 + i) * u_tiles_x + int(gl_WorkGroupID.x)] = s;
    } else if (i < 64) {
        int c = i - 32;
        uvec4 s = uvec4(0u);
        for (int r = 0; r < 32; r++) s += tile[r][c];
        if (x0 + c < u_size.x) C[int(gl_WorkGroupID.y) * u_size.x + x0 + c] = s;
    }
}
