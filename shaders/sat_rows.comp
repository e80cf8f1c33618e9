#version 450 core
// SAT pass: inclusive prefix of each row (one row per workgroup), 256 elements at a
// time with a running carry. The input is the colour texture, quantized to 16-bit
// fixed point (INPUT_TEXTURE), or rows of uvec4 in a buffer (after the transpose;
// in place is fine: each invocation reads its element before writing it). The
// input side is shaders/sat_load.glsl.
layout(local_size_x = 256) in;

layout(std430, binding = 1) buffer Out { uvec4 dst[]; };
uniform int u_len;

shared uvec4 s_scan[256];

void main()
{
    int row = int(gl_WorkGroupID.x);
    uint t = gl_LocalInvocationID.x;
    uvec4 carry = uvec4(0u);
    for (int base = 0; base < u_len; base += 256) {
        int x = base + int(t);
        s_scan[t] = x < u_len ? load_value(x, row, u_len) : uvec4(0u);
        barrier();
        for (uint d = 1u; d < 256u; d <<= 1) {   // Hillis-Steele: log2(256) steps
            uvec4 o = t >= d ? s_scan[t - d] : uvec4(0u);
            barrier();
            s_scan[t] += o;
            barrier();
        }
        if (x < u_len) dst[row * u_len + x] = s_scan[t] + carry;
        carry += s_scan[255];
        barrier();
    }
}
