#version 450 core
// SAT, tiled variant, pass 4: each tile's own table (rows, then columns, in shared
// memory) plus the table's row just above the tile (P = C after the carry passes)
// plus the sums left of the tile (R scanned inclusively along each row, minus the
// tile's own row total), summed down the tile's rows. Input: sat_load.glsl.
layout(local_size_x = 32, local_size_y = 8) in;
layout(std430, binding = 1) writeonly buffer Out { uvec4 dst[]; };
layout(std430, binding = 2) readonly buffer Rows { uvec4 R[]; };
layout(std430, binding = 3) readonly buffer Cols { uvec4 C[]; };
uniform ivec2 u_size;
uniform int u_tiles_x;

shared uvec4 tile[32][33];
shared uvec4 left[32];

void main()
{
    int lx = int(gl_LocalInvocationID.x), ly = int(gl_LocalInvocationID.y);
    int tx = int(gl_WorkGroupID.x), ty = int(gl_WorkGroupID.y);
    int x0 = tx * 32, y0 = ty * 32;
    for (int k = 0; k < 32; k += 8) {
        int x = x0 + lx, y = y0 + ly + k;
        tile[ly + k][lx] = x < u_size.x && y < u_size.y ? load_value(x, y, u_size.x) : uvec4(0u);
    }
    barrier();
    int i = ly * 32 + lx;
    if (i < 32) {   // row prefix inside the tile; the left carry of that row
        uvec4 s = uvec4(0u);
        for (int c = 0; c < 32; c++) {
            s += tile[i][c];
            tile[i][c] = s;
        }
        left[i] = y0 + i < u_size.y ? R[(y0 + i) * u_tiles_x + tx] - s : uvec4(0u);
    }
    barrier();
    if (i < 32) {   // column prefix
        uvec4 s = uvec4(0u);
        for (int r = 0; r < 32; r++) {
            s += tile[r][i];
            tile[r][i] = s;
        }
    } else if (i == 32) {   // left carries summed down the rows
        uvec4 s = uvec4(0u);
        for (int r = 0; r < 32; r++) {
            s += left[r];
            left[r] = s;
        }
    }
    barrier();
    int x = x0 + lx;
    if (x >= u_size.x) return;
    uvec4 above = C[ty * u_size.x + x];
    for (int k = 0; k < 32; k += 8) {
        int r = ly + k, y = y0 + r;
        if (y < u_size.y) dst[y * u_size.x + x] = tile[r][lx] + left[r] + above;
    }
}
