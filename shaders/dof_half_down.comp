#version 450 core
// The half-resolution DoF's downsample (src/dof/dof_half_gl.h): a thread a half pixel.
// Each channel of its four full pixels quantized as the SAT build quantizes the colour
// (sat_quantize.glsl), their rounded mean
// (dof_half_color) stored as count / scale in RGBA32F, which the half table's build
// quantizes back to the count exactly; the nearest of their depths (dof_half_depth).
layout(local_size_x = 16, local_size_y = 16) in;
layout(binding = 0) uniform sampler2D u_color;   // the full frame's colour
layout(binding = 1) uniform sampler2D u_depth;   // its linear depth, R32F
layout(rgba32f, binding = 0) uniform writeonly image2D u_half_color;
layout(r32f, binding = 1) uniform writeonly image2D u_half_depth;
uniform ivec2 u_size;   // the full size
uniform float u_scale;  // the tables' quantization

uvec4 quantize(int x, int y) { return sat_quantize(texelFetch(u_color, ivec2(x, y), 0), u_scale); }

void main()
{
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    if (p.x >= dof_half_size(u_size.x) || p.y >= dof_half_size(u_size.y)) return;
    int x0 = dof_half_lo(p.x), x1 = dof_half_hi(p.x, u_size.x);
    int y0 = dof_half_lo(p.y), y1 = dof_half_hi(p.y, u_size.y);
    uvec4 m = dof_half_color(quantize(x0, y0), quantize(x1, y0), quantize(x0, y1), quantize(x1, y1));
    imageStore(u_half_color, p, vec4(m) / u_scale);
    float d = dof_half_depth(texelFetch(u_depth, ivec2(x0, y0), 0).r, texelFetch(u_depth, ivec2(x1, y0), 0).r,
                             texelFetch(u_depth, ivec2(x0, y1), 0).r, texelFetch(u_depth, ivec2(x1, y1), 0).r);
    imageStore(u_half_depth, p, vec4(d));
}
