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
        float a = uintBitsToFloat(bits), b = uintBitsToFloat(u_value);
        if (isnan(a) || isnan(b)) return u_pred == 5;
        c = a > b ? 1 : a < b ? -1 : 0;
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
