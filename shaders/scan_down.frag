#version 450 core
// Down-sweep phase of the fragment-shader scan (ch. 39 Algorithm 6): the inclusive scan
// of level d from the reduced level d and the inclusive scan of level d+1:
//   odd k:  s[d][k] = s[d+1][k/2]
//   even k: s[d][k] = s[d+1][k/2 - 1] op a[d][k]   (k = 0: a[d][0])
// With u_shift = 1 (the last pass, exclusive scan) it writes the value of k - 1 at k.
uniform SAMPLER u_red;   // a[d], the reduced level d
uniform SAMPLER u_up;    // s[d+1]
uniform int u_w, u_n, u_up_w, u_shift;
out OUT_T o_value;

void main()
{
    int k = scan_fragment_index(gl_FragCoord, u_w), j = k - u_shift;
    T v = scan_identity();
    if (k < u_n && j >= 0) {
        if ((j & 1) != 0) v = scan_load(u_up, u_up_w, j >> 1);
        else if (j == 0) v = scan_load(u_red, u_w, 0);
        else v = scan_combine(scan_load(u_up, u_up_w, (j >> 1) - 1), scan_load(u_red, u_w, j));
    }
    o_value = TO_OUT(v);
}
