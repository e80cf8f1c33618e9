/* The thin lens the depth of field stands for, and the camera moves that render it
 * (Haeberli and Akeley 1990, the accumulation buffer).
 *
 * A thin lens of aperture radius R focused at distance F images a point at view depth d
 * (along the view axis) as a disc. Render the scene from eye positions s spread over the
 * lens disc (|s| <= R, in the camera's x-y plane), each frustum sheared so that the plane
 * at distance F projects where it does from the lens centre: a point at depth d then
 * moves on screen by s (1 - F/d) in world units at the focus plane, that is by
 *   s (1 - F/d) h / (2 F tan(fov_y / 2))   pixels (h the image height).
 * The average over the lens is the thin lens's image, and the disc a point spreads to has
 * the radius
 *   r(d) = A |1 - F/d|,   A = R h / (2 F tan(fov_y / 2)),
 * the pixel radius at infinity, which is the aperture the post-process takes
 * (dof_math.h, dof_radius): the same formula, in the same units. So the lens radius for
 * an aperture of A pixels is R = 2 A F tan(fov_y / 2) / h. */
#ifndef SCANWORKS_DOF_DOF_LENS_H
#define SCANWORKS_DOF_DOF_LENS_H

#include <cglm/cglm.h>

/* Lens radius in scene units for aperture A pixels, focus F, image height H. */
float dof_lens_radius(float aperture, float focus, float fov_y, int height);

/* Sample I of N on the unit disc, uniform in area (Vogel's spiral: radius sqrt((i+0.5)/N),
 * the golden angle between neighbours), into xy[0..2). */
void dof_lens_sample(int i, int n, float xy[2]);

/* The view and projection of the eye moved by (SX, SY) (scene units, camera axes) from
 * the one VIEW and the symmetric PROJ describe, with the frustum sheared to keep the
 * plane at FOCUS fixed. FOV_Y and ASPECT, NEAR and FAR as PROJ was made. */
void dof_lens_matrices(const mat4 view, float fov_y, float aspect, float near_plane, float far_plane, float focus,
                       float sx, float sy, mat4 view_out, mat4 proj_out);

#endif
