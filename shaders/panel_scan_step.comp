#version 450
// One level of Hillis-Steele or Blelloch in one workgroup, for the scan panel's figure:
// the same levels as kernels/scan/scan_steps.cu (read there what each phase does).
// u_phase: 0 naive (x[k] = x[k - offset] + x[k], read from one buffer, written to the
// other: Algorithm 2's double buffering), 1 up-sweep, 2 clear the last, 3 down-sweep
// (Listing 39-2's ai/bi, the first n / (2 offset) invocations working).
layout(local_size_x = 64) in;   // SCAN_STEPS_MAX_N
layout(std430, binding = 0) readonly buffer In { int x_in[]; };
layout(std430, binding = 1) writeonly buffer Out { int x_out[]; };
uniform int u_n;
uniform int u_phase;
uniform int u_offset;
shared int temp[64];

void main()
{
    int k = int(gl_LocalInvocationID.x);
    if (k < u_n) temp[k] = x_in[k];
    barrier();
    if (u_phase == 0) {
        if (k < u_n) x_out[k] = k >= u_offset ? temp[k - u_offset] + temp[k] : temp[k];
        return;
    }
    int pairs = u_n / (2 * u_offset);
    if (u_phase == 1 && k < pairs) {
        int ai = u_offset * (2 * k + 1) - 1, bi = u_offset * (2 * k + 2) - 1;
        temp[bi] += temp[ai];
    } else if (u_phase == 3 && k < pairs) {
        int ai = u_offset * (2 * k + 1) - 1, bi = u_offset * (2 * k + 2) - 1;
        int t = temp[ai];
        temp[ai] = temp[bi];
        temp[bi] += t;
    } else if (u_phase == 2 && k == u_n - 1) {
        temp[k] = 0;
    }
    barrier();
    if (k < u_n) x_out[k] = temp[k];
}
