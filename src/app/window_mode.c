#include "app/app.h"
#include "app/keys.h"
#include "app/modes.h"
#include "app/state_log.h"

#include <GLFW/glfw3.h>
#include <math.h>
#include <stdio.h>

typedef struct window_state {
    app *a;
    bool quit;
    bool dragging_orbit, dragging_pan;
    double last_x, last_y;
    double press_x, press_y;   /* where the left button went down: a click auto-focuses */
    bool resize_pending;       /* a new framebuffer size came: applied once after the events */
    int resize_w, resize_h;
    bool resize_failed;
    FILE *state_log;           /* --state-log: a line after each key */
    sw_error resize_err;
} window_state;

static window_state *state_of(GLFWwindow *w) { return glfwGetWindowUserPointer(w); }

static void on_key(GLFWwindow *w, int key, int scancode, int action, int mods)
{
    (void)scancode;
    if (action != GLFW_PRESS) return;
    window_state *s = state_of(w);
    keys_press(s->a, key, mods, &s->quit);
    if (s->state_log) app_state_log(s->a, s->state_log, keys_x11_name(key));
}

static void left_click(window_state *s, GLFWwindow *w);

static void on_button(GLFWwindow *w, int button, int action, int mods)
{
    (void)mods;
    window_state *s = state_of(w);
    bool down = action == GLFW_PRESS;
    if (button == GLFW_MOUSE_BUTTON_LEFT) s->dragging_orbit = down;
    if (button == GLFW_MOUSE_BUTTON_RIGHT || button == GLFW_MOUSE_BUTTON_MIDDLE) s->dragging_pan = down;
    glfwGetCursorPos(w, &s->last_x, &s->last_y);
    if (down) {
        s->press_x = s->last_x;
        s->press_y = s->last_y;
        return;
    }
    bool click = fabs(s->last_x - s->press_x) < 3 && fabs(s->last_y - s->press_y) < 3;
    if (button == GLFW_MOUSE_BUTTON_LEFT && click) left_click(s, w);
    if (s->state_log)
        app_state_log(s->a, s->state_log, button != GLFW_MOUSE_BUTTON_LEFT ? "right-drag" : click ? "click" : "left-drag");
}

/* A click, not a drag: the panel under it takes it, else the scene auto-focuses there. */
static void left_click(window_state *s, GLFWwindow *w)
{
    /* Window coordinates to framebuffer pixels (HiDPI). */
    int ww, wh, fw, fh;
    glfwGetWindowSize(w, &ww, &wh);
    glfwGetFramebufferSize(w, &fw, &fh);
    if (ww > 0 && wh > 0) {
        float fx = (float)(s->last_x * fw / ww), fy = (float)(s->last_y * fh / wh);
        if (!panel_host_click(&s->a->panels, fx, fy)) app_autofocus(s->a, (int)fx, (int)fy);
    }
}

static void on_cursor(GLFWwindow *w, double x, double y)
{
    window_state *s = state_of(w);
    double dx = x - s->last_x, dy = y - s->last_y;
    s->last_x = x;
    s->last_y = y;
    if (s->dragging_orbit) camera_orbit(&s->a->camera, (float)(-dx * 0.005), (float)(dy * 0.005));
    if (s->dragging_pan) camera_pan(&s->a->camera, (float)(-dx * 0.0015), (float)(dy * 0.0015));
}

static void on_scroll(GLFWwindow *w, double dx, double dy)
{
    (void)dx;
    window_state *s = state_of(w);
    camera_dolly(&s->a->camera, (float)pow(0.9, dy));
    if (s->state_log) app_state_log(s->a, s->state_log, "wheel");
}

/* Only noted here: a burst of sizes (a drag, a tiling window manager) costs one resize
 * of the frame's textures after the events, not one each (with 2 frames in flight each
 * resize also composites the held frame). */
static void on_framebuffer_size(GLFWwindow *w, int width, int height)
{
    window_state *s = state_of(w);
    s->resize_pending = true;
    s->resize_w = width;
    s->resize_h = height;
}

static void apply_resize(window_state *s)
{
    if (!s->resize_pending) return;
    s->resize_pending = false;
    if (app_resize(s->a, s->resize_w, s->resize_h, &s->resize_err)) s->resize_failed = true;
}

static bool is_down(void *user, int key) { return glfwGetKey(user, key) == GLFW_PRESS; }

int run_window(const app_options *opt)
{
    sw_error err;
    gfx_context *ctx;
    if (gfx_context_create_window(&ctx, opt->width, opt->height, "scanworks", opt->vsync, opt->gl_debug, &err)) {
        fprintf(stderr, "scanworks: %s\n", err.msg);
        return 1;
    }
    GLFWwindow *win = gfx_context_window(ctx);
    int fbw, fbh;
    glfwGetFramebufferSize(win, &fbw, &fbh);
    static app a;
    if (app_init(&a, opt, ctx, fbw, fbh, &err)) {
        fprintf(stderr, "scanworks: %s\n", err.msg);
        app_shutdown(&a);
        gfx_context_destroy(ctx);
        return 1;
    }
    window_state s = {.a = &a};
    if (opt->state_log) {
        s.state_log = fopen(opt->state_log, "w");
        if (!s.state_log) {
            fprintf(stderr, "scanworks: --state-log %s: cannot open it for writing (check the folder)\n", opt->state_log);
            app_shutdown(&a);
            gfx_context_destroy(ctx);
            return 1;
        }
        app_state_log(&a, s.state_log, "start");
    }
    glfwSetWindowUserPointer(win, &s);
    glfwSetKeyCallback(win, on_key);
    glfwSetMouseButtonCallback(win, on_button);
    glfwSetCursorPosCallback(win, on_cursor);
    glfwSetScrollCallback(win, on_scroll);
    glfwSetFramebufferSizeCallback(win, on_framebuffer_size);

    int rc = 0;
    long frames = 0;
    double last = glfwGetTime();
    while (!s.quit && !glfwWindowShouldClose(win)) {
        if (a.minimized)
            glfwWaitEventsTimeout(0.1);   /* nothing to draw at 0x0 */
        else
            glfwPollEvents();
        if (s.quit || glfwWindowShouldClose(win)) break;
        apply_resize(&s);
        if (s.resize_failed) {
            fprintf(stderr, "scanworks: resizing failed: %s\n", s.resize_err.msg);
            rc = 1;
            break;
        }
        if (a.minimized) {
            last = glfwGetTime();
            continue;
        }
        double now = glfwGetTime(), dt = now - last;
        last = now;
        if (dt > 0.25) dt = 0.25;
        keys_hold(&a, dt, is_down, win);
        app_frame(&a, dt, dt, NULL);
        if (a.minimized) continue;
        glBlitNamedFramebuffer(a.output.fbo, 0, 0, 0, a.output.width, a.output.height, 0, 0, a.output.width,
                               a.output.height, GL_COLOR_BUFFER_BIT, GL_NEAREST);
        glfwSwapBuffers(win);
        if (gl_check("presenting the frame", &err)) {
            fprintf(stderr, "scanworks: %s\n", err.msg);
            rc = 1;
            break;
        }
        if (opt->frames && ++frames >= opt->frames + opt->warmup) break;
    }
    if (!rc) app_flush_frames(&a);   /* 2 in flight: the last frame rendered, as headless mode writes */
    if (!rc && opt->screenshot && app_write_output_png(&a, opt->screenshot, &err)) {
        fprintf(stderr, "scanworks: %s\n", err.msg);
        rc = 1;
    }
    if (s.state_log) fclose(s.state_log);
    app_shutdown(&a);
    gfx_context_destroy(ctx);
    return rc;
}
