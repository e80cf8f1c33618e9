// The half-resolution DoF's per-pixel arithmetic in GLSL: the twin of
// src/dof/dof_half_math.h (the same functions in the same order, the same float
// operations in the same order; that header says why each is what it is), shared by
// dof_half_down.comp and dof_half_composite.comp. src/dof/dof_half_gl.c puts
// DOF_HALF_DEPTH_K and DOF_HALF_DEPTH_EPS from that header before it. A colour is a vec4
// here, so each function does the four channels at once where C loops over them.

int dof_half_size(int n) { return (n + 1) / 2; }

int dof_half_lo(int i) { return 2 * i; }
int dof_half_hi(int i, int n) { return 2 * i + 1 < n ? 2 * i + 1 : n - 1; }

// The mean of four counts, rounded to the nearest integer (ties up): integer arithmetic.
uvec4 dof_half_color(uvec4 a, uvec4 b, uvec4 c, uvec4 d) { return (a + b + c + d + 2u) >> 2; }

float dof_half_depth(float a, float b, float c, float d) { return min(min(a, b), min(c, d)); }

void dof_half_axis(int x, int n, out int i0, out int i1, out float t)
{
    int k = x >> 1;   // x >= 0
    int a = (x & 1) != 0 ? k : k - 1;
    t = (x & 1) != 0 ? 0.25 : 0.75;
    i0 = a < 0 ? 0 : a > n - 1 ? n - 1 : a;
    i1 = a + 1 > n - 1 ? n - 1 : a + 1;
}

// The four taps' weights (order (i0, j0), (i1, j0), (i0, j1), (i1, j1)), summed in C's order.
vec4 dof_half_weights(float d, vec4 dt, float tx, float ty)
{
    vec4 bw = vec4((1.0 - tx) * (1.0 - ty), tx * (1.0 - ty), (1.0 - tx) * ty, tx * ty);
    float inv_kd = 1.0 / (DOF_HALF_DEPTH_K * max(d, 1e-6)), sum = 0.0;
    vec4 w;
    for (int k = 0; k < 4; k++) {
        float sim = max(DOF_HALF_DEPTH_EPS, 1.0 - abs(d - dt[k]) * inv_kd);
        w[k] = bw[k] * sim;
        sum += w[k];
    }
    float inv_sum = 1.0 / sum;
    for (int k = 0; k < 4; k++) w[k] = w[k] * inv_sum;
    return w;
}

float dof_half_sharp(float r) { return min(max(1.5 - r, 0.0), 1.0); }

// out = U + keep (sharp - C), U = sum w u, C = sum w c, each channel.
vec4 dof_half_blend(vec4 sharp, vec4 u[4], vec4 c[4], vec4 w, float keep)
{
    vec4 uu = vec4(0.0), cc = vec4(0.0);
    for (int k = 0; k < 4; k++) {
        uu += w[k] * u[k];
        cc += w[k] * c[k];
    }
    return uu + keep * (sharp - cc);
}
