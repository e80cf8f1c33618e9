#version 450 core
// Turns the linear HDR frame into display values: exposure, a filmic curve
// (Narkowicz's ACES fit) and the sRGB transfer. u_view 1 shows linear depth instead,
// u_view 2 shows the colour texture as it is (debug pictures already in 0..1).
in vec2 v_uv;
layout(binding = 0) uniform sampler2D u_color;
layout(binding = 1) uniform sampler2D u_depth;
uniform int u_view;
layout(location = 0) out vec4 o_color;

vec3 aces(vec3 x)
{
    return clamp((x * (2.51 * x + 0.03)) / (x * (2.43 * x + 0.59) + 0.14), 0.0, 1.0);
}

vec3 to_srgb(vec3 c)
{
    return mix(c * 12.92, 1.055 * pow(c, vec3(1.0 / 2.4)) - 0.055, step(0.0031308, c));
}

void main()
{
    if (u_view == 1) {
        float d = texture(u_depth, v_uv).r;
        float t = clamp(log(max(d, 0.05) / 0.5) / log(400.0), 0.0, 1.0);   // 0.5 .. 200 units
        o_color = vec4(vec3(1.0 - t), 1.0);
        return;
    }
    if (u_view == 2) {
        o_color = vec4(texture(u_color, v_uv).rgb, 1.0);
        return;
    }
    vec3 c = texture(u_color, v_uv).rgb * 0.8;
    o_color = vec4(to_srgb(aces(c)), 1.0);
}
