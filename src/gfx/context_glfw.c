#include "gl/gl.h"
#include <GLFW/glfw3.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gfx/context_internal.h"

static char glfw_last_error[256];

static void on_glfw_error(int code, const char *description)
{
    snprintf(glfw_last_error, sizeof glfw_last_error, "%s (GLFW error 0x%x)", description, code);
}

int gfx_context_create_window(gfx_context **out, int width, int height, const char *title,
                              bool vsync, bool debug, sw_error *err)
{
    *out = NULL;
    glfwSetErrorCallback(on_glfw_error);
    const char *display = getenv("DISPLAY"), *wayland = getenv("WAYLAND_DISPLAY");
    if ((!display || !*display) && (!wayland || !*wayland))
        return sw_fail(err, "no display (DISPLAY and WAYLAND_DISPLAY are unset); "
                            "run with --headless to render to files instead");
    if (!glfwInit())
        return sw_fail(err, "cannot open a window: %s; run with --headless to render to files instead",
                       glfw_last_error);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 4);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 5);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
    glfwWindowHint(GLFW_OPENGL_DEBUG_CONTEXT, debug ? GLFW_TRUE : GLFW_FALSE);
    glfwWindowHint(GLFW_RESIZABLE, GLFW_TRUE);
    glfwWindowHint(GLFW_DEPTH_BITS, 0);   /* everything renders into FBOs */
    GLFWwindow *win = glfwCreateWindow(width, height, title, NULL, NULL);
    if (!win) {
        glfwTerminate();
        return sw_fail(err, "cannot create an OpenGL 4.5 core window: %s", glfw_last_error);
    }
    glfwMakeContextCurrent(win);
    if (!gladLoadGL((GLADloadfunc)glfwGetProcAddress)) {
        glfwDestroyWindow(win);
        glfwTerminate();
        return sw_fail(err, "cannot load OpenGL 4.5 entry points through GLFW");
    }
    gfx_context *ctx = calloc(1, sizeof *ctx);
    if (!ctx) {
        glfwDestroyWindow(win);
        glfwTerminate();
        return sw_fail(err, "out of memory creating the window context");
    }
    ctx->window = win;
    ctx->info.egl_cuda_device = -1;
#if GLFW_VERSION_MAJOR > 3 || (GLFW_VERSION_MAJOR == 3 && GLFW_VERSION_MINOR >= 4)
    snprintf(ctx->info.platform, sizeof ctx->info.platform, "GLFW %s", glfwGetVersionString());
#else
    snprintf(ctx->info.platform, sizeof ctx->info.platform, "GLFW %d.%d window",
             GLFW_VERSION_MAJOR, GLFW_VERSION_MINOR);
#endif
    if (gfx_context_finish_init(&ctx->info, debug, err)) {
        gfx_context_destroy(ctx);
        return -1;
    }
    glfwSwapInterval(vsync ? 1 : 0);
    *out = ctx;
    return 0;
}

void gfx_context_glfw_destroy(GLFWwindow *window)
{
    glfwDestroyWindow(window);
    glfwTerminate();
}

void gfx_context_glfw_set_vsync(bool on) { glfwSwapInterval(on ? 1 : 0); }
