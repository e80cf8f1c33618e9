#version 450 core
// Reduce phase of the compute scan: workgroup g combines its tile of WG * ITEMS
// elements of in_data into partials[g]. Out-of-range elements count as the identity.
layout(local_size_x = WG) in;
layout(std430, binding = 0) readonly buffer In { T in_data[]; };
layout(std430, binding = 2) writeonly buffer Partials { T partials[]; };
uniform uint u_count;
shared T s[WG];

void main()
{
    uint lid = gl_LocalInvocationID.x, base = gl_WorkGroupID.x * uint(WG * ITEMS);
    T acc = scan_identity();
    for (uint i = 0u; i < uint(ITEMS); i++) {
        uint idx = base + i * uint(WG) + lid;   // coalesced: neighbours read neighbours
        if (idx < u_count) acc = scan_combine(acc, in_data[idx]);
    }
    s[lid] = acc;
    memoryBarrierShared();
    barrier();
    for (uint stride = uint(WG) / 2u; stride > 0u; stride >>= 1) {
        if (lid < stride) s[lid] = scan_combine(s[lid], s[lid + stride]);
        memoryBarrierShared();
        barrier();
    }
    if (lid == 0u) partials[gl_WorkGroupID.x] = s[0];
}
