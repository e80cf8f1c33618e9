/* The camera's keys on a simulated clock: a tap moves one fixed step however slow
 * the frame; a key held for T seconds moves the same at 5, 30, 60 or 240 frames a
 * second (step + speed * (T - delay)); releasing stops it. */
#include <math.h>

#include "scene/camera.h"
#include "test_util.h"

/* Presses MOVE at t = 0, holds it HOLD seconds in frames of DT, then releases it and
 * runs one more second of frames. */
static orbit_camera run(camera_move move, double hold, double dt)
{
    orbit_camera c;
    camera_reset(&c);
    camera_keys k;
    camera_keys_init(&k);
    bool down[CAMERA_MOVE_COUNT] = {false};
    camera_keys_update(&k, &c, down, dt);   /* a frame before the press */
    camera_keys_press(&k, &c, move);
    down[move] = hold > 0;
    /* The frame in which the press arrived, then the frames it is held. */
    double t = 0;
    camera_keys_update(&k, &c, down, dt);
    while (t + dt <= hold + 1e-9) {
        camera_keys_update(&k, &c, down, dt);
        t += dt;
    }
    down[move] = false;
    for (int i = 0; i < (int)(1.0 / dt); i++) camera_keys_update(&k, &c, down, dt);
    return c;
}

int main(void)
{
    orbit_camera home;
    camera_reset(&home);
    const double rates[] = {5, 30, 60, 240};
    /* A tap: one step, at any frame rate. */
    for (int r = 0; r < 4; r++) {
        orbit_camera c = run(CAMERA_ORBIT_RIGHT, 0, 1.0 / rates[r]);
        CHECK_MSG(fabsf(c.yaw - home.yaw - CAMERA_ORBIT_STEP) < 1e-5f, "tap at %g fps turned %g, not %g", rates[r],
                  c.yaw - home.yaw, CAMERA_ORBIT_STEP);
        c = run(CAMERA_DOLLY_IN, 0, 1.0 / rates[r]);
        CHECK_MSG(fabsf(logf(home.distance / c.distance) - CAMERA_DOLLY_STEP) < 1e-4f, "dolly tap at %g fps", rates[r]);
        c = run(CAMERA_PAN_LEFT, 0, 1.0 / rates[r]);
        CHECK_MSG(fabsf(c.target[0] - home.target[0]) > 1e-3f, "pan tap at %g fps did not move", rates[r]);
    }
    /* A hold of 1 second (a whole number of frames at every rate): the same motion. */
    double expected = CAMERA_ORBIT_STEP + CAMERA_ORBIT_SPEED * (1.0 - CAMERA_HOLD_DELAY);
    for (int r = 0; r < 4; r++) {
        orbit_camera c = run(CAMERA_ORBIT_RIGHT, 1.0, 1.0 / rates[r]);
        CHECK_MSG(fabs((double)(c.yaw - home.yaw) - expected) < 1e-4, "1 s hold at %g fps turned %g, expected %g",
                  rates[r], c.yaw - home.yaw, expected);
        c = run(CAMERA_DOLLY_OUT, 1.0, 1.0 / rates[r]);
        double d = CAMERA_DOLLY_STEP + CAMERA_DOLLY_SPEED * (1.0 - CAMERA_HOLD_DELAY);
        CHECK_MSG(fabs(log((double)c.distance / home.distance) - d) < 1e-4, "dolly hold at %g fps", rates[r]);
    }
    /* Pan: the same distance at 5 and 240 fps. */
    orbit_camera slow = run(CAMERA_PAN_UP, 1.0, 0.2), fast = run(CAMERA_PAN_UP, 1.0, 1.0 / 240);
    CHECK_MSG(fabsf(slow.target[1] - fast.target[1]) < 1e-4f, "pan hold: %g at 5 fps, %g at 240", slow.target[1],
              fast.target[1]);
    CHECK(slow.target[1] > home.target[1]);
    /* Held shorter than the delay: only the step. */
    orbit_camera shorter = run(CAMERA_ORBIT_LEFT, 0.2, 0.1);
    CHECK(fabsf(home.yaw - shorter.yaw - CAMERA_ORBIT_STEP) < 1e-5f);
    return test_finish("test_camera_keys");
}
