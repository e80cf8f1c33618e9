#version 450 core
// Depth of field as a full-screen fragment pass; the work is in dof_common.glsl.
in vec2 v_uv;
layout(location = 0) out vec4 o_color;
void main()
{
    o_color = dof_effect_pixel(ivec2(gl_FragCoord.xy));
}
