#version 450 core
// Depth of field as a compute pass (a group per near-field tile, DOF_NEAR_TILE_W x _H
// pixels); the work is in dof_common.glsl. OUT_FORMAT is rgba16f for the frame, rgba32f
// for the CLI.
layout(local_size_x = DOF_NEAR_TILE_W, local_size_y = DOF_NEAR_TILE_H) in;
layout(OUT_FORMAT, binding = 0) uniform writeonly image2D u_out;
// DOF_WITH_NEAR: the variant with the near field (and the layer tables); the other has
// no shared memory and no barrier (the host picks by the uniforms below).
#ifdef DOF_WITH_NEAR
shared uint s_rt, s_dt;   // the tile's near CoC and least near depth, as float bits (both >= 0)
#endif
void main()
{
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
#ifndef DOF_WITH_NEAR
    if (p.x < u_size.x && p.y < u_size.y) imageStore(u_out, p, dof_pixel(p));
#else
    bool layers = u_layers != 0 && u_view == 0;
    bool near = (u_near != 0 || layers) && u_view == 0;
    if (near) {
        // The tile pass, dilated: the group's invocations fold the samples in.
        if (gl_LocalInvocationIndex == 0u) s_rt = 0u, s_dt = floatBitsToUint(3.0e38);
        barrier();
        float rt = 0.0, dt = 3.0e38;
        ivec2 t0 = ivec2(gl_WorkGroupID.xy) * ivec2(DOF_NEAR_TILE_W, DOF_NEAR_TILE_H);
        for (int k = int(gl_LocalInvocationIndex); k < DOF_NEAR_SAMPLES; k += DOF_NEAR_TILE_W * DOF_NEAR_TILE_H) near_sample(t0, k, rt, dt);
        atomicMax(s_rt, floatBitsToUint(rt));
        atomicMin(s_dt, floatBitsToUint(dt));
        barrier();
    }
    if (p.x >= u_size.x || p.y >= u_size.y) return;
    if (layers) {
        imageStore(u_out, p, layers_pixel(p, uintBitsToFloat(s_rt)));
        return;
    }
    vec4 v = dof_pixel(p);
    if (near) {
        vec4 col;
        float alpha = near_layer(p, depth_at(p), uintBitsToFloat(s_rt), uintBitsToFloat(s_dt), col);
        v += alpha * (col - v);
    }
    imageStore(u_out, p, v);
#endif
}
