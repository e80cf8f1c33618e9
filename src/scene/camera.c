#include "scene/camera.h"

#include <math.h>

void camera_reset(orbit_camera *c)
{
    glm_vec3_copy((vec3){0.4f, 0.45f, -1.5f}, c->target);
    c->yaw = 0.32f;
    c->pitch = 0.27f;
    c->distance = 5.2f;
    c->fov_y = glm_rad(50.0f);
    c->near_plane = 0.05f;
    c->far_plane = 250.0f;
}

void camera_orbit(orbit_camera *c, float dyaw, float dpitch)
{
    c->yaw = fmodf(c->yaw + dyaw, 2.0f * GLM_PIf);
    c->pitch = glm_clamp(c->pitch + dpitch, -0.2f, 1.45f);
}

void camera_dolly(orbit_camera *c, float factor)
{
    c->distance = glm_clamp(c->distance * factor, 0.5f, 200.0f);
}

void camera_eye(const orbit_camera *c, vec3 eye)
{
    float cp = cosf(c->pitch);
    eye[0] = c->target[0] + c->distance * cp * sinf(c->yaw);
    eye[1] = c->target[1] + c->distance * sinf(c->pitch);
    eye[2] = c->target[2] + c->distance * cp * cosf(c->yaw);
}

void camera_pan(orbit_camera *c, float dx, float dy)
{
    vec3 eye, forward, right, up = {0, 1, 0}, cam_up;
    camera_eye(c, eye);
    glm_vec3_sub(c->target, eye, forward);
    glm_vec3_normalize(forward);
    glm_vec3_cross(forward, up, right);
    glm_vec3_normalize(right);
    glm_vec3_cross(right, forward, cam_up);
    glm_vec3_muladds(right, dx * c->distance, c->target);
    glm_vec3_muladds(cam_up, dy * c->distance, c->target);
    c->target[1] = glm_clamp(c->target[1], -1.0f, 20.0f);
}

void camera_matrices(const orbit_camera *c, float aspect, mat4 view, mat4 proj)
{
    vec3 eye;
    camera_eye(c, eye);
    glm_lookat(eye, (float *)c->target, (vec3){0, 1, 0}, view);
    glm_perspective(c->fov_y, aspect > 0 ? aspect : 1.0f, c->near_plane, c->far_plane, proj);
}
