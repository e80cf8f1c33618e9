#version 450 core
// Blinn-Phong: a warm sun, a cool hemisphere ambient and a little distance haze.
// Output 0: linear radiance (RGBA16F). Output 1: linear view depth (R32F).
in vec3 v_world;
in vec3 v_normal;
in float v_view_depth;

uniform vec3 u_eye;
uniform vec3 u_sky;
uniform vec3 u_albedo;
uniform vec3 u_specular;
uniform float u_shininess;
uniform int u_textured;
// Soft contact shadows on the floor: per teapot (x, z, radius, 0), already offset
// away from the sun.
uniform vec4 u_blobs[8];
uniform int u_blob_count;
layout(binding = 0) uniform sampler2D u_texture;

layout(location = 0) out vec4 o_color;
layout(location = 1) out float o_depth;

const vec3 SUN_DIR = normalize(vec3(-0.45, 0.85, 0.35));   // towards the sun
const vec3 SUN_COLOR = vec3(2.6, 2.4, 2.1);
const vec3 GROUND = vec3(0.20, 0.17, 0.14);

void main()
{
    vec3 n = normalize(v_normal);
    vec3 v = normalize(u_eye - v_world);
    if (dot(n, v) < 0.0) n = -n;   // open surface: light the side we see
    vec3 albedo = u_albedo;
    if (u_textured != 0) albedo *= texture(u_texture, v_world.xz * 0.5).rgb;

    float ndl = max(dot(n, SUN_DIR), 0.0);
    float shade = 1.0;
    if (u_textured != 0) {
        for (int i = 0; i < u_blob_count; i++) {
            float d = length(v_world.xz - u_blobs[i].xy) / u_blobs[i].z;
            shade *= 1.0 - 0.75 * (1.0 - smoothstep(0.35, 1.0, d));
        }
    }
    ndl *= shade;
    vec3 h = normalize(SUN_DIR + v);
    float spec = pow(max(dot(n, h), 0.0), u_shininess) * (u_shininess + 8.0) / 25.0;
    vec3 ambient = mix(GROUND, u_sky * 0.55, n.y * 0.5 + 0.5) * mix(0.55, 1.0, shade);
    vec3 color = albedo * (ambient + SUN_COLOR * ndl) + u_specular * SUN_COLOR * spec * ndl;

    float haze = 1.0 - exp(-max(v_view_depth - 8.0, 0.0) * 0.012);
    color = mix(color, u_sky, haze);
    o_color = vec4(color, 1.0);
    o_depth = v_view_depth;
}
