#version 450 core
// SAT, tiled variant, pass 3: C (already summed along x) summed exclusively down the
// tile rows, one invocation per column: afterwards C[j][x] = S(32j - 1, x).
layout(local_size_x = 128) in;
layout(std430, binding = 3) buffer Cols { uvec4 C[]; };
uniform ivec2 u_size;
uniform int u_tiles_y;

void main()
{
    int x = int(gl_GlobalInvocationID.x);
    if (x >= u_size.x) return;
    uvec4 run = uvec4(0u);
    for (int j = 0; j < u_tiles_y; j++) {
        uvec4 v = C[j * u_size.x + x];
        C[j * u_size.x + x] = run;
        run += v;
    }
}
