#include "gl/gl.h"
#include "gfx/context_internal.h"
#include <stdlib.h>
#include "gl/gl_util.h"

#include <EGL/egl.h>
#include <stdio.h>
#include <string.h>

bool gfx_has_extension(const char *list, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = list; p && (p = strstr(p, name)); p += n)
        if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == 0)) return true;
    return false;
}

/* The hand-over's extensions (gfx_context_info.interop_extensions). */
static void find_interop_extensions(gfx_context_info *info)
{
    static const char *const gl_names[] = {"GL_EXT_memory_object_fd", "GL_EXT_semaphore_fd", "GL_NV_timeline_semaphore"};
    static const char *const egl_names[] = {"EGL_KHR_fence_sync", "EGL_KHR_wait_sync", "EGL_NV_cuda_event",
                                            "EGL_EXT_sync_reuse"};
    size_t len = 0;
    info->interop_extensions[0] = 0;
    GLint count = 0;
    glGetIntegerv(GL_NUM_EXTENSIONS, &count);
    for (size_t k = 0; k < sizeof gl_names / sizeof gl_names[0]; k++)
        for (GLint i = 0; i < count; i++) {
            const char *e = (const char *)glGetStringi(GL_EXTENSIONS, (GLuint)i);
            if (e && !strcmp(e, gl_names[k])) {
                len += (size_t)snprintf(info->interop_extensions + len, sizeof info->interop_extensions - len, "%s%s",
                                        len ? " " : "", gl_names[k]);
                break;
            }
        }
    EGLDisplay dpy = eglGetCurrentDisplay();   /* none in a GLX window */
    const char *egl = dpy != EGL_NO_DISPLAY ? eglQueryString(dpy, EGL_EXTENSIONS) : NULL;
    for (size_t k = 0; egl && k < sizeof egl_names / sizeof egl_names[0]; k++)
        if (gfx_has_extension(egl, egl_names[k]) && len < sizeof info->interop_extensions)
            len += (size_t)snprintf(info->interop_extensions + len, sizeof info->interop_extensions - len, "%s%s",
                                    len ? " " : "", egl_names[k]);
    while (glGetError() != GL_NO_ERROR) {}   /* a GL without GL_NUM_EXTENSIONS: the list stays short */
}

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
    find_interop_extensions(info);
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
