// A colour's 16-bit fixed point in the summed-area tables, min(round(max(v, 0) scale),
// 65535): the GLSL twin of kernels/sat/sat_tile.cuh's quantize. The SAT passes that read
// the picture (sat_load.glsl), the half DoF's downsample (dof_half_down.comp) and the
// layer tables' values (dof_layer_values.comp) call it; the C source that builds their
// shaders (src/dof/sat_gl.c, dof_half_gl.c, dof_layer_tables.c) puts it first.
uvec4 sat_quantize(vec4 v, float scale)
{
    return uvec4(min(max(v, vec4(0.0)) * scale + 0.5, vec4(65535.0)));
}
