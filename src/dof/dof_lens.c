/* The thin lens's camera moves (dof_lens.h). */
#include "dof/dof_lens.h"

#include <math.h>

float dof_lens_radius(float aperture, float focus, float fov_y, int height)
{
    return 2.0f * aperture * focus * tanf(0.5f * fov_y) / (float)(height > 0 ? height : 1);
}

void dof_lens_sample(int i, int n, float xy[2])
{
    const double golden = 2.39996322972865332;   /* pi (3 - sqrt 5) */
    double r = sqrt((i + 0.5) / (n > 0 ? n : 1)), t = golden * i;
    xy[0] = (float)(r * cos(t));
    xy[1] = (float)(r * sin(t));
}

void dof_lens_matrices(const mat4 view, float fov_y, float aspect, float near_plane, float far_plane, float focus,
                       float sx, float sy, mat4 view_out, mat4 proj_out)
{
    /* The eye at s in camera space: every point moves by -s. */
    mat4 shift;
    glm_translate_make(shift, (vec3){-sx, -sy, 0.0f});
    glm_mat4_mul(shift, (vec4 *)view, view_out);
    /* The frustum's window at the near plane, moved by -s n / F: a point at depth F
     * then lands where it did. */
    float top = near_plane * tanf(0.5f * fov_y), right = top * aspect;
    float ox = -sx * near_plane / focus, oy = -sy * near_plane / focus;
    glm_frustum(-right + ox, right + ox, -top + oy, top + oy, near_plane, far_plane, proj_out);
}
