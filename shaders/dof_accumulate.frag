#version 450 core
// The thin-lens reference: adds one view from the lens (additive blending, weight 1)
// or, with u_resolve, writes the sum divided by the number of views added.
layout(binding = 0) uniform sampler2D u_src;
uniform float u_weight;
layout(location = 0) out vec4 o_color;
void main()
{
    o_color = texelFetch(u_src, ivec2(gl_FragCoord.xy), 0) * u_weight;
}
