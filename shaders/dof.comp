#version 450 core
// Depth of field as a compute pass (16x16 pixels per group); the work is in
// dof_common.glsl. OUT_FORMAT is rgba16f for the frame, rgba32f for the CLI.
layout(local_size_x = 16, local_size_y = 16) in;
layout(OUT_FORMAT, binding = 0) uniform writeonly image2D u_out;
void main()
{
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    if (p.x >= u_size.x || p.y >= u_size.y) return;
    imageStore(u_out, p, dof_pixel(p));
}
