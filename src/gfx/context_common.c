#include "gl/gl.h"
#include "gfx/context_internal.h"
#include <stdlib.h>
#include "gl/gl_util.h"

#include <stdio.h>
#include <string.h>

int gfx_context_finish_init(gfx_context_info *info, bool debug, sw_error *err)
{
    GLint major = 0, minor = 0;
    glGetIntegerv(GL_MAJOR_VERSION, &major);
    glGetIntegerv(GL_MINOR_VERSION, &minor);
    const char *vendor = (const char *)glGetString(GL_VENDOR);
    const char *renderer = (const char *)glGetString(GL_RENDERER);
    const char *version = (const char *)glGetString(GL_VERSION);
    snprintf(info->gl_vendor, sizeof info->gl_vendor, "%s", vendor ? vendor : "?");
    snprintf(info->gl_renderer, sizeof info->gl_renderer, "%s", renderer ? renderer : "?");
    snprintf(info->gl_version, sizeof info->gl_version, "%s", version ? version : "?");
    if (major < 4 || (major == 4 && minor < 5))
        return sw_fail(err, "OpenGL %d.%d (%s) is too old: scanworks needs OpenGL 4.5 core "
                       "(update the graphics driver, or Mesa >= 20)", major, minor, info->gl_renderer);
    if (debug) gl_enable_debug_output();
    return 0;
}

int gfx_context_create_headless(gfx_context **out, int cuda_device, bool debug, sw_error *err)
{
    *out = NULL;
    gfx_context *ctx = calloc(1, sizeof *ctx);
    if (!ctx) return sw_fail(err, "out of memory creating the headless context");
    ctx->info.egl_cuda_device = -1;
    if (gfx_context_egl_create(&ctx->info, &ctx->egl, cuda_device, debug, err)) {
        free(ctx);
        return -1;
    }
    *out = ctx;
    return 0;
}

void gfx_context_destroy(gfx_context *ctx)
{
    if (!ctx) return;
    if (ctx->window) gfx_context_glfw_destroy(ctx->window);
    if (ctx->egl) gfx_context_egl_destroy(ctx->egl);
    free(ctx);
}

const gfx_context_info *gfx_context_get_info(const gfx_context *ctx) { return &ctx->info; }
struct GLFWwindow *gfx_context_window(gfx_context *ctx) { return ctx->window; }
bool gfx_context_is_headless(const gfx_context *ctx) { return ctx->window == NULL; }

void gfx_context_set_vsync(gfx_context *ctx, bool on)
{
    if (ctx->window) gfx_context_glfw_set_vsync(on);
}
