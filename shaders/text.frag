#version 450 core
// Flat rectangles take their colour; glyphs multiply its alpha by the atlas coverage.
layout(binding = 0) uniform sampler2D u_atlas;
in vec2 v_uv;
in vec4 v_color;
layout(location = 0) out vec4 o_color;
void main()
{
    float coverage = v_uv.x < 0.0 ? 1.0 : texture(u_atlas, v_uv).r;
    o_color = vec4(v_color.rgb, v_color.a * coverage);
}
