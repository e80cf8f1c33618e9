#version 450 core
// Depth of field as a compute pass, a group per near-field tile (DOF_NEAR_TILE_W x _H
// pixels, so a group reads one tile's near values); the work is in dof_common.glsl.
// OUT_FORMAT is rgba16f for the frame, rgba32f for the CLI.
layout(local_size_x = DOF_NEAR_TILE_W, local_size_y = DOF_NEAR_TILE_H) in;
layout(OUT_FORMAT, binding = 0) uniform writeonly image2D u_out;
void main()
{
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    if (p.x < u_size.x && p.y < u_size.y) imageStore(u_out, p, dof_effect_pixel(p));
}
