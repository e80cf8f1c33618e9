/* An orbit camera: it looks at TARGET from DISTANCE along the direction given by
 * YAW and PITCH (radians). Orbit, dolly and pan are the three mouse/key moves. */
#ifndef SCANWORKS_SCENE_CAMERA_H
#define SCANWORKS_SCENE_CAMERA_H

#include <cglm/cglm.h>

typedef struct orbit_camera {
    vec3 target;
    float yaw, pitch, distance;
    float fov_y, near_plane, far_plane;
} orbit_camera;

void camera_reset(orbit_camera *c);
void camera_orbit(orbit_camera *c, float dyaw, float dpitch);
/* Multiplies the distance by FACTOR (< 1 moves in), kept within 0.5..200. */
void camera_dolly(orbit_camera *c, float factor);
/* Moves the target in the view plane by DX, DY times the distance. */
void camera_pan(orbit_camera *c, float dx, float dy);
void camera_eye(const orbit_camera *c, vec3 eye);
void camera_matrices(const orbit_camera *c, float aspect, mat4 view, mat4 proj);

#endif
