#version 450 core
// The scene's geometry pass: world-space position and normal for lighting, and the
// view-space distance that the depth-of-field pass reads.
layout(location = 0) in vec3 a_position;
layout(location = 1) in vec3 a_normal;

uniform mat4 u_model;
uniform mat4 u_view;
uniform mat4 u_proj;

out vec3 v_world;
out vec3 v_normal;
out float v_view_depth;

void main()
{
    vec4 world = u_model * vec4(a_position, 1.0);
    vec4 view = u_view * world;
    v_world = world.xyz;
    v_normal = mat3(transpose(inverse(u_model))) * a_normal;
    v_view_depth = -view.z;
    gl_Position = u_proj * view;
}
