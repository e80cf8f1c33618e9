#version 450 core
// One step of the double-buffered naive scan (Hillis and Steele; ch. 39 Algorithm 2)
// on the reduced top level: b[k] = a[k - offset] op a[k] for k >= offset, else a[k].
// The last pass of the whole scan may shift by one (u_shift = 1) to turn the inclusive
// result into the exclusive one: it writes the value of element k - 1 at k.
uniform SAMPLER u_src;
uniform int u_w, u_n, u_offset, u_shift;
out OUT_T o_value;

void main()
{
    int k = scan_fragment_index(gl_FragCoord, u_w), j = k - u_shift;
    T v = scan_identity();
    if (k < u_n && j >= 0) {
        v = scan_load(u_src, u_w, j);
        if (j >= u_offset) v = scan_combine(scan_load(u_src, u_w, j - u_offset), v);
    }
    o_value = TO_OUT(v);
}
