#version 450 core
// The half-resolution DoF's composite (src/dof/dof_half_gl.h): a thread a full pixel.
// The four half pixels around it weighed by distance and depth (dof_half_weights), the
// upsampled half DoF plus the pixel's own detail where it is in focus and no blurred
// foreground covers it (dof_half_blend); the half gather's fourth channel is its near
// coverage. The fourth channel written is the full pixel's own (the picture is opaque:
// one alpha everywhere). OUT_FORMAT is the frame's DoF output's (rgba16f or rgba32f).
layout(local_size_x = 16, local_size_y = 16) in;
layout(binding = 0) uniform sampler2D u_color;       // the full frame
layout(binding = 1) uniform sampler2D u_depth;
layout(binding = 2) uniform sampler2D u_half_out;    // the half DoF, .a its near coverage
layout(binding = 3) uniform sampler2D u_half_color;  // the downsample's
layout(binding = 4) uniform sampler2D u_half_depth;
layout(OUT_FORMAT, binding = 0) uniform writeonly image2D u_out;
uniform ivec2 u_size;   // the full size
uniform float u_focus, u_aperture;   // the full frame's

void main()
{
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    if (p.x >= u_size.x || p.y >= u_size.y) return;
    int i0, i1, j0, j1;
    float tx, ty;
    dof_half_axis(p.x, dof_half_size(u_size.x), i0, i1, tx);
    dof_half_axis(p.y, dof_half_size(u_size.y), j0, j1, ty);
    ivec2 t[4] = ivec2[4](ivec2(i0, j0), ivec2(i1, j0), ivec2(i0, j1), ivec2(i1, j1));
    float d = texelFetch(u_depth, p, 0).r;
    vec4 dt, u[4], c[4];
    for (int k = 0; k < 4; k++) {
        dt[k] = texelFetch(u_half_depth, t[k], 0).r;
        u[k] = texelFetch(u_half_out, t[k], 0);
        c[k] = texelFetch(u_half_color, t[k], 0);
    }
    vec4 w = dof_half_weights(d, dt, tx, ty);
    float cover = 0.0;
    for (int k = 0; k < 4; k++) cover += w[k] * u[k].a;
    float keep = dof_half_sharp(dof_radius(u_aperture, u_focus, d)) * (1.0 - cover);   // full pixels
    vec4 s = texelFetch(u_color, p, 0);
    vec4 v = dof_half_blend(s, u, c, w, keep);
    imageStore(u_out, p, vec4(v.rgb, s.a));
}
