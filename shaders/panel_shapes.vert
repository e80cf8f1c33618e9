#version 450 core
// Triangles of a panel in its own pixels (origin top-left, y down), for the lines and
// arrows of src/panels/panel_shapes.c. The viewport is the panel's rectangle.
layout(location = 0) in vec2 a_pos;
layout(location = 1) in vec4 a_color;
uniform vec2 u_size;   // the panel's width and height in pixels
out vec4 v_color;
void main()
{
    gl_Position = vec4(a_pos.x / u_size.x * 2.0 - 1.0, 1.0 - a_pos.y / u_size.y * 2.0, 0.0, 1.0);
    v_color = a_color;
}
