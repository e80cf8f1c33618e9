#version 450 core
// The layer tables' input (src/dof/dof_math.h, dof_layer_texel): per pixel, the quantized
// colour times its weight in the near and in the far layer, rounded, and the weight, one
// uvec4 each; two SAT builds then make the tables that dof.comp reads (u_layers).
// DOF_MAX_RADIUS, DOF_LAYER_ONE and DOF_LAYER_EXACT come from src/dof/dof_limits.h.
layout(local_size_x = 16, local_size_y = 16) in;
layout(binding = 0) uniform sampler2D u_color;
layout(binding = 1) uniform sampler2D u_depth;
layout(std430, binding = 1) writeonly buffer Near { uvec4 near_in[]; };
layout(std430, binding = 2) writeonly buffer Far { uvec4 far_in[]; };
uniform ivec2 u_size;
uniform float u_focus, u_aperture, u_scale;

// whole where the counts are 8-bit (DOF_LAYER_EXACT), else / DOF_LAYER_ONE rounded
uvec4 layer_texel(uvec3 q, float s)
{
    uint k = uint(floor(clamp(s - 0.5, 0.0, 1.0) * float(DOF_LAYER_ONE) + 0.5));
    return uvec4(DOF_LAYER_EXACT(u_scale) ? q * k : (q * k + uint(DOF_LAYER_ONE / 2)) / uint(DOF_LAYER_ONE), k);
}

void main()
{
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    if (p.x >= u_size.x || p.y >= u_size.y) return;
    vec3 c = texelFetch(u_color, p, 0).rgb;
    uvec3 q = sat_quantize(vec4(c, 0.0), u_scale).rgb;   // as the SAT passes quantize
    float d = texelFetch(u_depth, p, 0).r;
    float s = clamp(u_aperture * (1.0 - u_focus / max(d, 1e-6)), -float(DOF_MAX_RADIUS), float(DOF_MAX_RADIUS));
    int i = p.y * u_size.x + p.x;
    near_in[i] = layer_texel(q, -s);
    far_in[i] = layer_texel(q, s);
}
