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

void camera_keys_init(camera_keys *k)
{
    for (int m = 0; m < CAMERA_MOVE_COUNT; m++) {
        k->held[m] = -1.0;
        k->fresh[m] = false;
    }
}

/* Moves by AMOUNT: radians, distances or log-distance, by the kind of move. */
static void apply(orbit_camera *c, camera_move m, float amount)
{
    switch (m) {
    case CAMERA_ORBIT_LEFT: camera_orbit(c, -amount, 0); break;
    case CAMERA_ORBIT_RIGHT: camera_orbit(c, amount, 0); break;
    case CAMERA_ORBIT_UP: camera_orbit(c, 0, amount); break;
    case CAMERA_ORBIT_DOWN: camera_orbit(c, 0, -amount); break;
    case CAMERA_PAN_LEFT: camera_pan(c, -amount, 0); break;
    case CAMERA_PAN_RIGHT: camera_pan(c, amount, 0); break;
    case CAMERA_PAN_UP: camera_pan(c, 0, amount); break;
    case CAMERA_PAN_DOWN: camera_pan(c, 0, -amount); break;
    case CAMERA_DOLLY_IN: camera_dolly(c, expf(-amount)); break;
    case CAMERA_DOLLY_OUT: camera_dolly(c, expf(amount)); break;
    default: break;
    }
}

static float step_of(camera_move m)
{
    return m <= CAMERA_ORBIT_DOWN ? CAMERA_ORBIT_STEP : m <= CAMERA_PAN_DOWN ? CAMERA_PAN_STEP : CAMERA_DOLLY_STEP;
}

static float speed_of(camera_move m)
{
    return m <= CAMERA_ORBIT_DOWN ? CAMERA_ORBIT_SPEED : m <= CAMERA_PAN_DOWN ? CAMERA_PAN_SPEED : CAMERA_DOLLY_SPEED;
}

void camera_keys_press(camera_keys *k, orbit_camera *c, camera_move m)
{
    if (m < 0 || m >= CAMERA_MOVE_COUNT) return;
    apply(c, m, step_of(m));
    k->held[m] = 0.0;
    k->fresh[m] = true;
}

void camera_keys_update(camera_keys *k, orbit_camera *c, const bool down[CAMERA_MOVE_COUNT], double dt)
{
    for (int m = 0; m < CAMERA_MOVE_COUNT; m++) {
        if (!down[m] || k->held[m] < 0) {
            k->held[m] = -1.0;
            k->fresh[m] = false;
            continue;
        }
        /* The frame that saw the press began before it: its time does not count. */
        if (k->fresh[m]) {
            k->fresh[m] = false;
            continue;
        }
        double before = k->held[m], after = before + dt;
        k->held[m] = after;
        double moving = fmax(0.0, after - CAMERA_HOLD_DELAY) - fmax(0.0, before - CAMERA_HOLD_DELAY);
        if (moving > 0) apply(c, (camera_move)m, (float)(speed_of((camera_move)m) * moving));
    }
}
