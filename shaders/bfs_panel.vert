#version 450 core
// BFS panel: vertices (points) and edges (lines) of a graph laid out in [0,1]^2.
// Vertex colours come from a buffer that CUDA (or the CPU fallback) writes.
layout(location = 0) in vec2 a_pos;
layout(location = 1) in vec4 a_color;
uniform vec4 u_box;          // x0, y0, x1, y1 in NDC of the panel viewport
uniform float u_point_size;
uniform vec4 u_edge_color;   // alpha > 0: draw with this colour (edges)
out vec4 v_color;
void main()
{
    gl_Position = vec4(mix(u_box.xy, u_box.zw, a_pos), 0.0, 1.0);
    gl_PointSize = u_point_size;
    v_color = u_edge_color.a > 0.0 ? vec4(u_edge_color.rgb * (0.35 + 0.65 * a_color.rgb), u_edge_color.a) : a_color;
}
