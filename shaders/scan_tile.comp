#version 450 core
// Scan phase of the compute scan: workgroup g scans its tile of WG * ITEMS elements in
// shared memory and writes seed op (its scan), where the seed is
//   u_seed_mode 0: the identity (the whole array is this one tile),
//               1: offsets[g] (the exclusive scan of the tile totals, from the level above),
//               2: carry[0], the total of the chunks before this one; carry[0] is then
//                  advanced by this tile's total (top level of a chunked array, one tile).
// Each thread scans ITEMS consecutive elements serially (Brent), the per-thread totals
// are scanned work-efficiently (Blelloch: up-sweep, down-sweep; or, where the driver has
// GL_KHR_shader_subgroup arithmetic, by subgroup scans), and shared indices are padded
// (i + i / 32) against bank conflicts. In place (out = in) is safe: every
// element of a tile is read before a barrier and written after it.
layout(local_size_x = WG) in;
layout(std430, binding = 0) readonly buffer In { T in_data[]; };
layout(std430, binding = 1) writeonly buffer Out { T out_data[]; };
layout(std430, binding = 2) readonly buffer Offsets { T offsets[]; };
layout(std430, binding = 3) buffer Carry { T carry[]; };
uniform uint u_count;
uniform uint u_inclusive;
uniform uint u_seed_mode;

#define TILE (WG * ITEMS)
#define PAD(i) ((i) + ((i) >> 5))
shared T s[TILE + TILE / 32];
#ifdef USE_SUBGROUP
shared T sg[WG / 16];
#else
shared T t[WG];
#endif
shared T tile_total;

void main()
{
    uint lid = gl_LocalInvocationID.x, base = gl_WorkGroupID.x * uint(TILE);
    for (uint i = 0u; i < uint(ITEMS); i++) {
        uint idx = i * uint(WG) + lid;
        s[PAD(idx)] = base + idx < u_count ? in_data[base + idx] : scan_identity();
    }
    memoryBarrierShared();
    barrier();

#ifdef USE_SUBGROUP
    // The thread's place in scan order follows the subgroup layout, so the result never
    // depends on how the driver groups invocations (the host checks that subgroups are
    // full: WG is a multiple of gl_SubgroupSize, and at most gl_SubgroupSize of them).
    uint tid = gl_SubgroupID * gl_SubgroupSize + gl_SubgroupInvocationID;
#else
    uint tid = lid;
#endif
    // Serial scan of this thread's ITEMS elements.
    T acc = scan_identity();
    uint first = tid * uint(ITEMS);
    for (uint j = 0u; j < uint(ITEMS); j++) {
        T x = s[PAD(first + j)];
        T next = scan_combine(acc, x);
        s[PAD(first + j)] = u_inclusive != 0u ? next : acc;
        acc = next;
    }
#ifdef USE_SUBGROUP
    // Subgroup scans of the thread totals, then one subgroup scans the subgroup totals.
    T lane_prefix = SUBGROUP_EXCLUSIVE(acc);
    if (gl_SubgroupInvocationID == gl_SubgroupSize - 1u) sg[gl_SubgroupID] = scan_combine(lane_prefix, acc);
    memoryBarrierShared();
    barrier();
    if (gl_SubgroupID == 0u) {
        bool live = gl_SubgroupInvocationID < gl_NumSubgroups;
        T v = live ? sg[gl_SubgroupInvocationID] : scan_identity();
        T e = SUBGROUP_EXCLUSIVE(v);
        if (live) sg[gl_SubgroupInvocationID] = e;
        if (gl_SubgroupInvocationID == gl_NumSubgroups - 1u) tile_total = scan_combine(e, v);
    }
    memoryBarrierShared();
    barrier();
    T thread_prefix = scan_combine(sg[gl_SubgroupID], lane_prefix);
#else
    t[lid] = acc;
    memoryBarrierShared();
    barrier();

    // Blelloch over the WG thread totals: up-sweep (reduce) ...
    for (uint d = 1u; d < uint(WG); d <<= 1) {
        uint ai = (lid + 1u) * 2u * d - 1u;
        if (ai < uint(WG)) t[ai] = scan_combine(t[ai - d], t[ai]);
        memoryBarrierShared();
        barrier();
    }
    if (lid == 0u) {
        tile_total = t[WG - 1];
        t[WG - 1] = scan_identity();
    }
    memoryBarrierShared();
    barrier();
    // ... then down-sweep: each node passes its prefix left and prefix op left-sum right.
    for (uint d = uint(WG) / 2u; d >= 1u; d >>= 1) {
        uint ai = (lid + 1u) * 2u * d - 1u;
        if (ai < uint(WG)) {
            T left = t[ai - d];
            t[ai - d] = t[ai];
            t[ai] = scan_combine(t[ai], left);
        }
        memoryBarrierShared();
        barrier();
    }
    T thread_prefix = t[lid];
#endif

    T seed = scan_identity();
    if (u_seed_mode == 1u) seed = offsets[gl_WorkGroupID.x];
    else if (u_seed_mode == 2u) seed = carry[0];
    T prefix = scan_combine(seed, thread_prefix);
    for (uint j = 0u; j < uint(ITEMS); j++) s[PAD(first + j)] = scan_combine(prefix, s[PAD(first + j)]);
    memoryBarrierShared();
    barrier();

    for (uint i = 0u; i < uint(ITEMS); i++) {
        uint idx = i * uint(WG) + lid;
        if (base + idx < u_count) out_data[base + idx] = s[PAD(idx)];
    }
    if (u_seed_mode == 2u && lid == 0u) carry[0] = scan_combine(seed, tile_total);
}
