// SAT input, shared by the sat_*.comp passes that read the picture (the program
// loader inserts sat_quantize.glsl and this file after their #version line). With
// INPUT_TEXTURE the colour texture is quantized to 16-bit fixed point (sat_quantize);
// otherwise values come already quantized as uvec4 rows of length ROW_LEN.
#ifdef INPUT_TEXTURE
layout(binding = 0) uniform sampler2D u_src;
uniform float u_scale;
#else
layout(std430, binding = 0) readonly buffer In { uvec4 src[]; };
#endif

uvec4 load_value(int x, int y, int row_len)
{
#ifdef INPUT_TEXTURE
    return sat_quantize(texelFetch(u_src, ivec2(x, y), 0), u_scale);
#else
    return src[y * row_len + x];
#endif
}
