#version 450
// Compaction step 3: each workgroup scans its flags in shared memory, adds its offset
// and writes the kept elements to their addresses; the scanned addresses go to Addr
// (the panel draws them).
layout(local_size_x = 256) in;
layout(std430, binding = 0) readonly buffer In { uint in_data[]; };
layout(std430, binding = 2) readonly buffer OutFlags { uint flags[]; };
layout(std430, binding = 3) readonly buffer Sums { uint sums[]; };
layout(std430, binding = 4) writeonly buffer Out { uint out_data[]; };
layout(std430, binding = 5) writeonly buffer Addr { uint addr[]; };
uniform uint u_n;
uniform int u_write_addr;
shared uint s[256];

void main()
{
    uint i = gl_GlobalInvocationID.x, t = gl_LocalInvocationID.x;
    uint f = i < u_n ? flags[i] : 0u;
    s[t] = f;
    barrier();
    for (uint d = 1u; d < 256u; d <<= 1) {
        uint y = t >= d ? s[t - d] : 0u;
        barrier();
        s[t] += y;
        barrier();
    }
    uint a = sums[gl_WorkGroupID.x] + s[t] - f;
    if (i < u_n) {
        if (f != 0u) out_data[a] = in_data[i];
        if (u_write_addr != 0) addr[i] = a;
    }
}
