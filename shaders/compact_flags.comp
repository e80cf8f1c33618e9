#version 450
// Compaction step 1: flag every element by the predicate and sum the flags of each
// workgroup (one element per invocation).
layout(local_size_x = 256) in;
layout(std430, binding = 0) readonly buffer In { uint in_data[]; };
layout(std430, binding = 1) readonly buffer Flags { uint flag_bytes[]; };   // bytes, 4 per word
layout(std430, binding = 2) writeonly buffer OutFlags { uint out_flags[]; };
layout(std430, binding = 3) writeonly buffer Sums { uint sums[]; };
uniform uint u_n;
shared uint s_count;

void main()
{
    uint i = gl_GlobalInvocationID.x;
    if (gl_LocalInvocationID.x == 0u) s_count = 0u;
    barrier();
    uint f = 0u;
    if (i < u_n) {
        uint flag = u_pred == 6 ? (flag_bytes[i >> 2] >> (8u * (i & 3u))) & 255u : 0u;
        f = compact_keep(u_pred == 6 ? 0u : in_data[i], flag) ? 1u : 0u;
        out_flags[i] = f;
    }
    if (f != 0u) atomicAdd(s_count, 1u);
    barrier();
    if (gl_LocalInvocationID.x == 0u) sums[gl_WorkGroupID.x] = s_count;
}
