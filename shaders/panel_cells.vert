#version 450
// Cells of a panel drawn straight from shader storage buffers (no copy to the CPU):
// instance i is cell i of a grid of u_cols columns filling u_rect (NDC x0 y0 x1 y1).
// u_mode 0: colour by value vals[i] / u_vmax, dimmed where aux[i] == 0 when u_use_aux;
// u_mode 1: grey by vals[i] / u_vmax (scanned addresses), hidden where aux[i] == 0.
// Cells at or after u_reveal are drawn dark (the animation's sweep).
layout(std430, binding = 0) readonly buffer Vals { uint vals[]; };
layout(std430, binding = 1) readonly buffer Aux { uint aux[]; };
uniform vec4 u_rect;
uniform int u_cols;
uniform int u_count;
uniform int u_grid;   // cells the grid is laid out for (>= u_count)
uniform int u_reveal;
uniform int u_mode;
uniform int u_use_aux;
uniform float u_vmax;
out vec4 v_color;

vec3 hue(float t)
{
    return clamp(abs(fract(t * 0.8 + vec3(0.0, 0.667, 0.333)) * 6.0 - 3.0) - 1.0, 0.0, 1.0);
}

void main()
{
    int i = gl_InstanceID, rows = (max(u_grid, u_count) + u_cols - 1) / u_cols;
    int col = i % u_cols, row = i / u_cols;
    const vec2 corners[6] = vec2[](vec2(0, 0), vec2(1, 0), vec2(1, 1), vec2(0, 0), vec2(1, 1), vec2(0, 1));
    vec2 c = corners[gl_VertexID];
    vec2 cell = vec2((u_rect.z - u_rect.x) / float(u_cols), (u_rect.w - u_rect.y) / float(max(rows, 1)));
    vec2 gap = cell * 0.12;
    vec2 p = vec2(u_rect.x + (float(col) + c.x) * cell.x, u_rect.w - (float(row) + 1.0 - c.y) * cell.y);
    p += (c * -2.0 + 1.0) * gap * 0.5;
    gl_Position = vec4(p, 0.0, 1.0);
    float t = float(vals[i]) / max(u_vmax, 1.0);
    bool on = u_use_aux == 0 || aux[i] != 0u;
    vec3 rgb = u_mode == 0 ? hue(t) * (on ? 1.0 : 0.25) : (on ? vec3(0.25 + 0.75 * t) : vec3(0.08));
    if (i >= u_reveal) rgb = vec3(0.12);
    v_color = vec4(rgb, 1.0);
}
