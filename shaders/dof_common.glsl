// Depth of field from the summed-area table; shared by dof.frag and dof.comp (the
// program loader inserts dof_radius.glsl and this file after their #version line).
// src/dof/dof_cpu.c is the same arithmetic in C. DOF_MAX_RADIUS, DOF_GUARD_FROM,
// DOF_SOFT_GUARD_FROM and DOF_DISC_X1..3 come from src/dof/dof_limits.h.
layout(binding = 0) uniform sampler2D u_color;   // linear colour (the SAT's source)
layout(binding = 1) uniform sampler2D u_depth;   // linear depth, R32F
layout(std430, binding = 0) readonly buffer Sat { uvec4 sat[]; };   // uint32 sums mod 2^32
uniform ivec2 u_size;
uniform float u_focus, u_aperture, u_scale;
uniform int u_view;   // 0 depth of field, 2 blur radius, 3 the frame rebuilt from the SAT by small boxes
uniform int u_boxes;  // nested boxes, 1..3
uniform int u_guard;  // the foreground guard: 1 on, 0 off
uniform int u_kernel; // 0 nested boxes, 1 the stepped disc with the soft guard
uniform int u_near;   // 1: the near field spreads (its tiles in near_tiles)
uniform int u_near_probes;     // the near layer's probes: DOF_NEAR_PROBES, or DOF_NEAR_PROBES_HALF at half size
uniform float u_near_spread;   // the spiral's radius over the tile's near CoC: 1, or DOF_NEAR_HALF_SPREAD
uniform int u_layers; // 1: the disc from the layer tables (bound with it)
uniform int u_guard_grid, u_near_grid;   // the large apertures' grid spacings (dof_limits.h: DOF_GUARD_GRID, DOF_NEAR_GRID)
uniform int u_coverage_out;   // 1 (the half-resolution DoF's half pass): the 4th channel is the near
                              // layer's coverage (0 where none), for its composite (dof_half_composite.comp)
// The layer tables (src/dof/dof_math.h, dof_layers_pixel): near and far, premultiplied
// colour and coverage, bound by either gather when u_layers is on.
layout(std430, binding = 1) readonly buffer NearLayer { uvec4 near_sat[]; };
layout(std430, binding = 2) readonly buffer FarLayer { uvec4 far_sat[]; };
// The near field's tiles (DOF_NEAR_TILE_W x _H pixels, a row of u_size.x / TILE_W rounded
// up): their largest near CoC and least near depth, from dof_near_tiles.comp, which
// writes them (its step 2); bound when u_near or u_layers is on.
#ifndef DOF_NEAR_STEP
readonly
#endif
layout(std430, binding = 3) buffer NearTiles { vec2 near_tiles[]; };

// The frame's circle of confusion at depth d (dof_radius.glsl, inserted before this file).
float blur_radius(float d) { return dof_radius(u_aperture, u_focus, d); }

uvec4 sat_at(int x, int y)
{
    return (x < 0 || y < 0) ? uvec4(0u) : sat[y * u_size.x + x];
}

// Mean over the box of half-size r around p, clamped to the image: four samples.
// Unsigned wrap-around keeps the difference exact even where the sums wrapped.
vec4 box_mean(ivec2 p, int r)
{
    ivec2 lo = max(p - r, ivec2(0)) - 1;
    ivec2 hi = min(p + r, u_size - 1);
    uvec4 s = sat_at(hi.x, hi.y) - sat_at(lo.x, hi.y) - sat_at(hi.x, lo.y) + sat_at(lo.x, lo.y);
    float area = float((hi.x - lo.x) * (hi.y - lo.y));
    return vec4(s) / (area * u_scale);
}

float depth_at(ivec2 p)
{
    return texelFetch(u_depth, clamp(p, ivec2(0), u_size - 1), 0).r;
}

// Foreground bleeding: a blurred background pixel next to a sharp nearer object
// would average that object in. Probe the depth at the box's edge midpoints and
// corners; while one of them is clearly nearer and much sharper, halve the box.
const ivec2 PROBES[8] = ivec2[8](ivec2(1, 0), ivec2(-1, 0), ivec2(0, 1), ivec2(0, -1),
                                 ivec2(1, 1), ivec2(-1, 1), ivec2(1, -1), ivec2(-1, -1));

// A round reads its eight depths before it compares any (the fetches in flight
// together), then tests the depth of all eight and the radius (a division) only
// under one branch, for the few probes that are nearer.
float limit_radius(ivec2 p, float d, float r)
{
    // Up to DOF_GUARD_FROM times the focus distance no probe can pass
    // (src/dof/dof_math.h says why): no fetches there.
    if (d <= DOF_GUARD_FROM * u_focus) return r;
    for (int it = 0; it < 3 && r >= 0.5; it++) {
        int ri = int(floor(r + 0.5));
        float dt[8];
        for (int k = 0; k < 8; k++) dt[k] = depth_at(p + PROBES[k] * ri);
        bool closer = false;
        for (int k = 0; k < 8; k++) closer = closer || dt[k] < d * 0.8;
        bool nearer = false;
        if (closer)
            for (int k = 0; k < 8; k++)
                if (dt[k] < d * 0.8 && blur_radius(dt[k]) < 0.5 * r) nearer = true;
        if (!nearer) break;
        r *= 0.5;
    }
    return r;
}

// The stepped disc (src/dof/dof_math.h, dof_disc_mean): five rectangles' sums, the
// three bands less their two overlaps, each clamped to the image, summed in uint32 (exact
// where the table wrapped) and converted once.
int rect_sum(ivec2 p, int rx, int ry, bool sub, inout uvec4 acc)
{
    ivec2 lo = max(p - ivec2(rx, ry), ivec2(0)) - 1;
    ivec2 hi = min(p + ivec2(rx, ry), u_size - 1);
    uvec4 s = sat_at(hi.x, hi.y) - sat_at(lo.x, hi.y) - sat_at(hi.x, lo.y) + sat_at(lo.x, lo.y);
    acc = sub ? acc - s : acc + s;
    int area = (hi.x - lo.x) * (hi.y - lo.y);
    return sub ? -area : area;
}

vec4 disc_mean(ivec2 p, int n)
{
    int h1 = int(floor(DOF_DISC_X1 * float(n) + 0.5)), h2 = int(floor(DOF_DISC_X2 * float(n) + 0.5)),
        h3 = int(floor(DOF_DISC_X3 * float(n) + 0.5));
    uvec4 acc = uvec4(0u);
    int area = rect_sum(p, h1, h3, false, acc);
    area += rect_sum(p, h2, h2, false, acc);
    area += rect_sum(p, h3, h1, false, acc);
    area += rect_sum(p, h2, h3, true, acc);
    area += rect_sum(p, h3, h2, true, acc);
    return vec4(acc) / (float(area) * u_scale);
}

// Fractional radius: the discs of whole sizes floor(r - 1/2) and the next, blended.
vec4 disc_gather(ivec2 p, float r)
{
    float s = r - 0.5;
    int n = int(floor(s));
    float f = s - float(n);
    vec4 lo = disc_mean(p, n);
    return lo + f * (disc_mean(p, n + 1) - lo);
}

// One probe's weight in the soft guard (dof_math.h, dof_soft_weight).
float soft_weight(float d, float r, float dt)
{
    float nearer = clamp((0.85 * d - dt) / (0.1 * d), 0.0, 1.0);
    if (!(nearer > 0.0)) return 0.0;
    return nearer * clamp((0.6 * r - blur_radius(dt)) / (0.2 * r), 0.0, 1.0);
}

// The soft guard at large apertures (dof_math.h, dof_soft_radius_grid): three rings at
// r, 3r/4 and r/2, each probe at its fractional point, its weight blended bilinearly
// from the nodes of a grid of spacing g around it; the radius times each ring's keep.
float soft_radius_grid(ivec2 p, float d, float r, int g)
{
    const float RINGS[3] = float[3](1.0, 0.75, 0.5);
    float gf = float(g), keep = 1.0;
    for (int j = 0; j < 3; j++) {
        float rho = r * RINGS[j], w = 0.0;
        for (int k = 0; k < 8; k++) {
            vec2 q = (vec2(p) + vec2(PROBES[k]) * rho) / gf;
            vec2 n = floor(q), f = q - n;
            ivec2 c = ivec2(n) * g;
            float w00 = soft_weight(d, rho, depth_at(c)), w10 = soft_weight(d, rho, depth_at(c + ivec2(g, 0)));
            float w01 = soft_weight(d, rho, depth_at(c + ivec2(0, g))), w11 = soft_weight(d, rho, depth_at(c + ivec2(g, g)));
            float top = w00 + f.x * (w10 - w00), bot = w01 + f.x * (w11 - w01);
            w += top + f.y * (bot - top);
        }
        float inside = clamp(1.0 - (rho - r * keep) / (0.25 * r), 0.0, 1.0);
        keep *= 1.0 - 0.25 * inside * min(w, 2.0);
    }
    return r * keep;
}

// The soft guard (dof_math.h, dof_soft_radius): probes weigh by how much nearer and
// sharper they are; the radius shrinks in proportion, by at most half a round.
float soft_radius(ivec2 p, float d, float r)
{
    if (d <= DOF_SOFT_GUARD_FROM * u_focus) return r;
    if (u_guard_grid > 1) return soft_radius_grid(p, d, r, u_guard_grid);
    for (int it = 0; it < 3 && r >= 0.5; it++) {
        int ri = int(floor(r + 0.5));
        float dt[8];
        for (int k = 0; k < 8; k++) dt[k] = depth_at(p + PROBES[k] * ri);
        float w = 0.0;
        for (int k = 0; k < 8; k++) {
            float nearer = clamp((0.85 * d - dt[k]) / (0.1 * d), 0.0, 1.0);
            if (nearer > 0.0) w += nearer * clamp((0.6 * r - blur_radius(dt[k])) / (0.2 * r), 0.0, 1.0);
        }
        if (w <= 0.0) break;
        r *= 1.0 - 0.25 * min(w, 2.0);
    }
    return r;
}

vec4 dof_pixel(ivec2 p)
{
    float d = depth_at(p);
    float r = blur_radius(d);
    if (u_view == 2) {
        float t = min(r / max(u_aperture, 1.0), 1.0);
        return vec4(t, t * t, 1.0 - t, 1.0);
    }
    if (u_view == 3) return vec4(box_mean(p, DOF_SAT_VIEW_RADIUS).rgb, 1.0);   // the frame rebuilt from the table
    if (u_kernel == 1) {
        if (u_guard != 0) r = soft_radius(p, d, r);
        if (r < 0.5) return texelFetch(u_color, p, 0);
        return disc_gather(p, r);
    }
    if (u_guard != 0) r = limit_radius(p, d, r);
    if (r < 0.5) return texelFetch(u_color, p, 0);   // in focus: the pixel itself, untouched (read only then)
    // N nested boxes (r, (N-1)r/N, ..., r/N) averaged: for N > 1 a stepped cone instead
    // of a flat square, which hides the box's hard square outline. (r k / N: exact for
    // N = 1 and 2, correctly rounded for 3, as in C and CUDA.)
    vec4 acc = vec4(0.0);
    for (int k = 1; k <= u_boxes; k++) acc += box_mean(p, int(floor(r * float(k) / float(u_boxes) + 0.5)));
    return acc / float(u_boxes);
}

// The near field (src/dof/dof_math.h, dof_near_sample and dof_near_layer): the tile's
// largest near CoC and least near depth from the depth samples within DOF_MAX_RADIUS
// (dof_near_tiles.comp folds them in three steps), then the near layer over a pixel
// from the spiral's probes of that disc.
vec2 near_tile(ivec2 p)
{
    int tiles_x = (u_size.x + DOF_NEAR_TILE_W - 1) / DOF_NEAR_TILE_W;
    ivec2 t = p / ivec2(DOF_NEAR_TILE_W, DOF_NEAR_TILE_H);
    return near_tiles[t.y * tiles_x + t.x];
}

const vec2 NEAR_SPIRAL[DOF_NEAR_PROBES] = vec2[DOF_NEAR_PROBES](DOF_NEAR_SPIRAL);

// Returns the coverage alpha (0: nothing in front) and the layer's colour in col. The
// probes' depths are all fetched before any is tested (in flight together, as the CUDA
// gather's are two at a time; docs/perf/dof.md), then each probe that counts fetches
// its colour.
// At large apertures (dof_math.h, dof_near_layer_grid): each probe at its fractional
// point stands for the bilinear blend of the four nodes of a grid of spacing g around it.
float near_layer_grid(ivec2 p, float d, float rt, int g, out vec4 col)
{
    col = vec4(0.0);
    float rs = rt * u_near_spread, gf = float(g), wsum = 0.0;
    vec4 acc = vec4(0.0);
    for (int k = 0; k < DOF_NEAR_PROBES; k++) {
        if (k >= u_near_probes) break;
        vec2 o = rs * NEAR_SPIRAL[k];
        vec2 q = (vec2(p) + o) / gf;
        vec2 n = floor(q), f = q - n;
        ivec2 c0 = ivec2(n) * g;
        for (int c = 0; c < 4; c++) {
            ivec2 cq = c0 + ivec2(c & 1, c >> 1) * g;
            float b = ((c & 1) != 0 ? f.x : 1.0 - f.x) * ((c >> 1) != 0 ? f.y : 1.0 - f.y);
            if (!(b > 0.0) || cq.x < 0 || cq.y < 0 || cq.x >= u_size.x || cq.y >= u_size.y) continue;
            float dq = texelFetch(u_depth, cq, 0).r;
            float front = clamp((0.97 * d - dq) / (0.05 * d), 0.0, 1.0);
            if (!(front > 0.0) || !(dq < u_focus)) continue;
            float rq = blur_radius(dq);
            ivec2 e = cq - p;
            float reach = clamp((rq - sqrt(float(e.x * e.x + e.y * e.y))) / min(gf, max(0.5 * rq, 1.0)) + 0.5, 0.0, 1.0);
            if (!(reach > 0.0)) continue;
            float sc = rt / max(rq, 0.5);
            float w = b * front * reach * sc * sc;
            acc += w * texelFetch(u_color, cq, 0);
            wsum += w;
        }
    }
    if (!(wsum > 0.0)) return 0.0;
    col = acc / wsum;
    return min(wsum * (1.0 / float(u_near_probes)), 1.0);
}

float near_layer(ivec2 p, float d, float rt, float dt, out vec4 col)
{
    col = vec4(0.0);
    if (rt < 0.5 || !(dt < 0.97 * d)) return 0.0;
    if (u_near_grid > 1) return near_layer_grid(p, d, rt, u_near_grid, col);
    float dqs[DOF_NEAR_PROBES];
    float rs = rt * u_near_spread;   // the spiral's radius: the probes' offsets
    for (int k = 0; k < DOF_NEAR_PROBES; k++) {
        if (k >= u_near_probes) break;
        dqs[k] = texelFetch(u_depth, clamp(p + ivec2(floor(rs * NEAR_SPIRAL[k] + 0.5)), ivec2(0), u_size - 1), 0).r;
    }
    float wsum = 0.0;
    vec4 acc = vec4(0.0);
    for (int k = 0; k < DOF_NEAR_PROBES; k++) {
        if (k >= u_near_probes) break;
        ivec2 o = ivec2(floor(rs * NEAR_SPIRAL[k] + 0.5));
        ivec2 q = p + o;
        if (q.x < 0 || q.y < 0 || q.x >= u_size.x || q.y >= u_size.y) continue;
        float dq = dqs[k];
        float front = clamp((0.97 * d - dq) / (0.05 * d), 0.0, 1.0);
        if (!(front > 0.0) || !(dq < u_focus)) continue;
        float rq = blur_radius(dq);
        float reach = clamp(rq - sqrt(float(o.x * o.x + o.y * o.y)) + 0.5, 0.0, 1.0);
        if (!(reach > 0.0)) continue;
        float sc = rt / max(rq, 0.5);
        float w = front * reach * sc * sc;
        acc += w * texelFetch(u_color, q, 0);
        wsum += w;
    }
    if (!(wsum > 0.0)) return 0.0;
    col = acc / wsum;
    return min(wsum * (1.0 / float(u_near_probes)), 1.0);
}

// ---- the layer tables (src/dof/dof_math.h, dof_layers_pixel) -------------------------
uvec4 layer_at(int t, int x, int y)
{
    if (x < 0 || y < 0) return uvec4(0u);
    return t == 0 ? near_sat[y * u_size.x + x] : far_sat[y * u_size.x + x];
}

float layer_rect(int t, ivec2 p, int rx, int ry, float sign, inout vec4 acc)
{
    ivec2 lo = max(p - ivec2(rx, ry), ivec2(0)) - 1;
    ivec2 hi = min(p + ivec2(rx, ry), u_size - 1);
    uvec4 s = layer_at(t, hi.x, hi.y) - layer_at(t, lo.x, hi.y) - layer_at(t, hi.x, lo.y) + layer_at(t, lo.x, lo.y);
    acc += sign * vec4(s);
    return sign * float((hi.x - lo.x) * (hi.y - lo.y));
}

// premultiplied colour per pixel of the disc (rgb) and coverage (a)
vec4 layer_disc_mean(int t, ivec2 p, int n)
{
    int h1 = int(floor(DOF_DISC_X1 * float(n) + 0.5)), h2 = int(floor(DOF_DISC_X2 * float(n) + 0.5)),
        h3 = int(floor(DOF_DISC_X3 * float(n) + 0.5));
    vec4 acc = vec4(0.0);
    float area = layer_rect(t, p, h1, h3, 1.0, acc);
    area += layer_rect(t, p, h2, h2, 1.0, acc);
    area += layer_rect(t, p, h3, h1, 1.0, acc);
    area += layer_rect(t, p, h2, h3, -1.0, acc);
    area += layer_rect(t, p, h3, h2, -1.0, acc);
    float unit = DOF_LAYER_EXACT(u_scale) ? float(DOF_LAYER_ONE) : 1.0;   // dof_layer_unit: the product kept whole
    return vec4(acc.rgb / (area * u_scale * unit), acc.a / (area * float(DOF_LAYER_ONE)));
}

vec4 layer_disc(int t, ivec2 p, float r)
{
    float s = r - 0.5;
    int n = int(floor(s));
    float f = s - float(n);
    vec4 lo = layer_disc_mean(t, p, n);
    return lo + f * (layer_disc_mean(t, p, n + 1) - lo);
}

// The pixel with the layer tables, in a tile of near CoC rt (0: none) and least near depth dt;
// alpha: the near layer's coverage laid over it (the half-size composite's, u_coverage_out).
vec4 layers_pixel(ivec2 p, float rt, float dt, out float alpha)
{
    alpha = 0.0;
    vec4 v = texelFetch(u_color, p, 0);
    float d = depth_at(p);
    float s = clamp(u_aperture * (1.0 - u_focus / max(d, 1e-6)), -float(DOF_MAX_RADIUS), float(DOF_MAX_RADIUS));
    float r = abs(s);
    if (s <= -0.5) {   // inside the blurred foreground: the disc, and the probes' layer of what is nearer
        vec4 own = disc_gather(p, r), col;
        alpha = near_layer(p, d, rt, dt, col);
        return own + alpha * (col - own);
    }
    if (r >= 0.5) {
        vec4 pm = layer_disc(1, p, r);
        if (pm.a > DOF_LAYER_MIN_COVER) v.rgb = pm.rgb * (1.0 / pm.a);
        else v = disc_gather(p, r);
    }
    if (rt >= 0.5) {
        vec4 pm = layer_disc(0, p, rt);
        v.rgb = pm.rgb + (1.0 - pm.a) * v.rgb;
        alpha = pm.a;
    }
    return v;
}

// The whole effect at p: the layer tables, or the gather with the near field over it
// (DOF_WITH_NEAR: the programs for either; src/dof/dof.c builds them on first use).
vec4 dof_effect_pixel(ivec2 p)
{
#ifndef DOF_WITH_NEAR
    vec4 v = dof_pixel(p);
    if (u_coverage_out != 0) v.a = 0.0;   // no near layer over the pixel
    return v;
#else
    bool layers = u_layers != 0 && u_view == 0;
    bool near = (u_near != 0 || layers) && u_view == 0;
    vec2 t = near ? near_tile(p) : vec2(0.0, 3.0e38);
    float alpha = 0.0;
    vec4 v;
    if (layers) {
        v = layers_pixel(p, t.x, t.y, alpha);
    } else {
        v = dof_pixel(p);
        if (near) {
            vec4 col;
            alpha = near_layer(p, depth_at(p), t.x, t.y, col);
            v += alpha * (col - v);
        }
    }
    if (u_coverage_out != 0) v.a = alpha;
    return v;
#endif
}
