// The element type and operator of every scan shader, put in front of the shader's
// body by the host (src/prim/scan_gl.c) with SCAN_TYPE and SCAN_OP defined:
// SCAN_TYPE 0 int32, 1 uint32, 2 int64, 3 float32; SCAN_OP 0 add, 1 max, 2 min.
// int64 uses GL_ARB_gpu_shader_int64 (llvmpipe and NVIDIA both have it); integer add
// wraps (GLSL integer arithmetic is modular), float add is IEEE float32.
#if SCAN_TYPE == 2
#extension GL_ARB_gpu_shader_int64 : require
#define T int64_t
#elif SCAN_TYPE == 0
#define T int
#elif SCAN_TYPE == 1
#define T uint
#else
#define T float
#endif

#ifdef USE_SUBGROUP
// Set by the host only for 32-bit types on drivers with subgroup arithmetic in compute,
// and not for float32 max and min (the hardware's would flush subnormals; scan_combine).
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#if SCAN_OP == 0
#define SUBGROUP_EXCLUSIVE subgroupExclusiveAdd
#elif SCAN_OP == 1
#define SUBGROUP_EXCLUSIVE subgroupExclusiveMax
#else
#define SUBGROUP_EXCLUSIVE subgroupExclusiveMin
#endif
#endif

T scan_identity()
{
#if SCAN_OP == 0
    return T(0);
#elif SCAN_OP == 1
#if SCAN_TYPE == 0
    return int(0x80000000u);
#elif SCAN_TYPE == 1
    return 0u;
#elif SCAN_TYPE == 2
    return int64_t(0x8000000000000000ul);
#else
    return uintBitsToFloat(0xff800000u);   // -inf
#endif
#else
#if SCAN_TYPE == 0
    return 0x7fffffff;
#elif SCAN_TYPE == 1
    return 0xffffffffu;
#elif SCAN_TYPE == 2
    return int64_t(0x7ffffffffffffffful);
#else
    return uintBitsToFloat(0x7f800000u);   // +inf
#endif
#endif
}

#if SCAN_TYPE == 3 && SCAN_OP != 0
// x > y for float32 as C compares them, on the bits: NVIDIA's shader compiler (and
// llvmpipe) flush subnormals to zero in float comparisons, which made 1e-40 lose to 0.
// NaN is unordered (false), -0 equals +0; otherwise flipping the sign bit of positives
// and every bit of negatives orders the bits as the values (as compact_common.glsl).
bool scan_float_greater(float x, float y)
{
    uint bx = floatBitsToUint(x), by = floatBitsToUint(y);
    if ((bx & 0x7fffffffu) > 0x7f800000u || (by & 0x7fffffffu) > 0x7f800000u) return false;
    if (((bx | by) & 0x7fffffffu) == 0u) return false;
    uint kx = bx ^ ((bx >> 31) != 0u ? 0xffffffffu : 0x80000000u);
    uint ky = by ^ ((by >> 31) != 0u ? 0xffffffffu : 0x80000000u);
    return kx > ky;
}
#endif

// Left to right, as the sequential scan applies it: a is the prefix, b the new element.
T scan_combine(T a, T b)
{
#if SCAN_OP == 0
    return a + b;
#elif SCAN_TYPE == 3 && SCAN_OP == 1
    return scan_float_greater(b, a) ? b : a;
#elif SCAN_TYPE == 3
    return scan_float_greater(a, b) ? b : a;
#elif SCAN_OP == 1
    return b > a ? b : a;
#else
    return b < a ? b : a;
#endif
}

#ifdef SCAN_FRAGMENT
// Texture storage of the fragment path: R32I, R32UI, RG32UI (int64 as lo, hi) or R32F;
// element k of a level of width w sits at texel (k % w, k / w).
#if SCAN_TYPE == 0
#define SAMPLER isampler2D
#define OUT_T ivec4
#define TO_OUT(v) ivec4(v, 0, 0, 0)
#define FROM_TEXEL(t) (t).x
#elif SCAN_TYPE == 1
#define SAMPLER usampler2D
#define OUT_T uvec4
#define TO_OUT(v) uvec4(v, 0u, 0u, 0u)
#define FROM_TEXEL(t) (t).x
#elif SCAN_TYPE == 2
#define SAMPLER usampler2D
#define OUT_T uvec4
#define TO_OUT(v) uvec4(unpackUint2x32(uint64_t(v)), 0u, 0u)
#define FROM_TEXEL(t) int64_t(packUint2x32((t).xy))
#else
#define SAMPLER sampler2D
#define OUT_T vec4
#define TO_OUT(v) vec4(v, 0.0, 0.0, 0.0)
#define FROM_TEXEL(t) (t).x
#endif

T scan_load(SAMPLER tex, int w, int k) { return FROM_TEXEL(texelFetch(tex, ivec2(k % w, k / w), 0)); }
// The element a fragment at window position p writes, in a level of width w.
int scan_fragment_index(vec4 p, int w) { return int(p.y) * w + int(p.x); }
#endif
