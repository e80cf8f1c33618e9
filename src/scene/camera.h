/* An orbit camera: it looks at TARGET from DISTANCE along the direction given by
 * YAW and PITCH (radians). Orbit, dolly and pan are the three mouse/key moves. */
#ifndef SCANWORKS_SCENE_CAMERA_H
#define SCANWORKS_SCENE_CAMERA_H

#include <cglm/cglm.h>
#include <stdbool.h>

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

/* Keyboard moves, the same at any frame rate: a press moves one fixed step at once
 * (so a tap always moves, however slow the frame), and a key held past
 * CAMERA_HOLD_DELAY seconds then moves at a fixed speed per second, integrated over
 * the time it is held. */
typedef enum camera_move {
    CAMERA_ORBIT_LEFT, CAMERA_ORBIT_RIGHT, CAMERA_ORBIT_UP, CAMERA_ORBIT_DOWN,
    CAMERA_PAN_LEFT, CAMERA_PAN_RIGHT, CAMERA_PAN_UP, CAMERA_PAN_DOWN,
    CAMERA_DOLLY_IN, CAMERA_DOLLY_OUT, CAMERA_MOVE_COUNT
} camera_move;

#define CAMERA_HOLD_DELAY 0.25   /* seconds, like a keyboard's auto-repeat delay */
#define CAMERA_ORBIT_STEP 0.05f  /* radians a tap */
#define CAMERA_ORBIT_SPEED 1.5f  /* radians a second, held */
#define CAMERA_PAN_STEP 0.02f    /* distances a tap */
#define CAMERA_PAN_SPEED 0.6f
#define CAMERA_DOLLY_STEP 0.08f  /* log of the distance factor a tap */
#define CAMERA_DOLLY_SPEED 1.2f

typedef struct camera_keys {
    double held[CAMERA_MOVE_COUNT];   /* seconds held since the press, < 0 when up */
    bool fresh[CAMERA_MOVE_COUNT];    /* pressed since the last update */
} camera_keys;

void camera_keys_init(camera_keys *k);
/* A press of MOVE: one step now. */
void camera_keys_press(camera_keys *k, orbit_camera *c, camera_move move);
/* DT seconds have passed; DOWN says which moves' keys are down now. */
void camera_keys_update(camera_keys *k, orbit_camera *c, const bool down[CAMERA_MOVE_COUNT], double dt);

#endif
