#version 450 core
// Reduction phase of the fragment-shader scan (GPU Gems 3 ch. 39, Algorithm 5):
// a[d][k] = a[d-1][2k] op a[d-1][2k+1], one render-to-texture pass per level d.
uniform SAMPLER u_src;
uniform int u_src_w, u_src_n;   // the level below: texture width, element count
uniform int u_dst_w, u_dst_n;   // this level
out OUT_T o_value;

void main()
{
    int k = scan_fragment_index(gl_FragCoord, u_dst_w);
    T v = scan_identity();
    if (k < u_dst_n) {
        v = scan_load(u_src, u_src_w, 2 * k);
        if (2 * k + 1 < u_src_n) v = scan_combine(v, scan_load(u_src, u_src_w, 2 * k + 1));
    }
    o_value = TO_OUT(v);
}
