// The thin lens's circle of confusion in pixels: the GLSL twin of src/dof/dof_radius.h
// (the same formula, the same float operations in the same order; that header derives
// it). The DoF gathers (dof_common.glsl) and the half composite (dof_half_composite.comp)
// call it; the C source that builds their shaders (src/dof/dof.c, dof_half_gl.c) puts
// DOF_MAX_RADIUS from src/dof/dof_limits.h before this file.
//   r = A |1 - F/d|, capped at DOF_MAX_RADIUS: 0 at the focus distance, A at infinity.
float dof_radius(float aperture, float focus, float depth)
{
    float r = aperture * abs(1.0 - focus / max(depth, 1e-6));
    return min(r, float(DOF_MAX_RADIUS));
}
