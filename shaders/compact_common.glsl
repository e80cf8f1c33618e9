// Shared by the compaction compute shaders: the predicate on a 32-bit element.
// u_type: 0 uint32, 1 int32, 2 float32. u_pred: 0 gt, 1 ge, 2 lt, 3 le, 4 eq, 5 ne, 6 flags.
uniform int u_type;
uniform int u_pred;
uniform uint u_value;

bool compact_keep(uint bits, uint flag)
{
    if (u_pred == 6) return flag != 0u;
    int c;
    if (u_type == 2) {
        // IEEE comparison on the bits: GPU float hardware may flush subnormals to zero
        // (NVIDIA's does in shaders), which would make 1e-40 equal 0. NaN is unordered
        // (only ne keeps it); -0 equals +0; otherwise flipping the sign bit of positives
        // and every bit of negatives orders the bits as the values.
        if ((bits & 0x7fffffffu) > 0x7f800000u || (u_value & 0x7fffffffu) > 0x7f800000u) return u_pred == 5;
        uint ka = bits ^ ((bits >> 31) != 0u ? 0xffffffffu : 0x80000000u);
        uint kb = u_value ^ ((u_value >> 31) != 0u ? 0xffffffffu : 0x80000000u);
        c = ((bits | u_value) & 0x7fffffffu) == 0u ? 0 : ka > kb ? 1 : ka < kb ? -1 : 0;
    } else if (u_type == 1) {
        int a = int(bits), b = int(u_value);
        c = a > b ? 1 : a < b ? -1 : 0;
    } else {
        c = bits > u_value ? 1 : bits < u_value ? -1 : 0;
    }
    if (u_pred == 0) return c > 0;
    if (u_pred == 1) return c >= 0;
    if (u_pred == 2) return c < 0;
    if (u_pred == 3) return c <= 0;
    if (u_pred == 4) return c == 0;
    return c != 0;
}
