#version 450
// Compaction step 2: one workgroup scans the per-workgroup sums (exclusive, in place,
// chunk by chunk with a carry) and writes the total after them.
layout(local_size_x = 1024) in;
layout(std430, binding = 3) buffer Sums { uint sums[]; };
uniform uint u_groups;
shared uint s[1024];

void main()
{
    uint t = gl_LocalInvocationID.x, carry = 0u;
    for (uint base = 0u; base < u_groups; base += 1024u) {
        uint x = base + t < u_groups ? sums[base + t] : 0u;
        s[t] = x;
        barrier();
        for (uint d = 1u; d < 1024u; d <<= 1) {   // Hillis-Steele, double-buffered by a read then a barrier
            uint y = t >= d ? s[t - d] : 0u;
            barrier();
            s[t] += y;
            barrier();
        }
        if (base + t < u_groups) sums[base + t] = carry + s[t] - x;
        carry += s[1023];
        barrier();
    }
    if (t == 0u) sums[u_groups] = carry;
}
