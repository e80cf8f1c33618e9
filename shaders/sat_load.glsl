// SAT input, shared by the sat_*.comp passes that read the picture (the program
// loader inserts this file after their #version line). With INPUT_TEXTURE the colour
// texture is quantized to 16-bit fixed point, min(round(max(v, 0) * u_scale), 65535);
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
    vec4 v = texelFetch(u_src, ivec2(x, y), 0);
    return uvec4(min(max(v, vec4(0.0)) * u_scale + 0.5, vec4(65535.0)));
#else
    return src[y * row_len + x];
#endif
}
