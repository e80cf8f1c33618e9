/* An OpenGL 4.5 core context: a GLFW window, or headless through EGL with no X
 * (NVIDIA's EGL device platform, or Mesa's surfaceless platform). Headless
 * rendering goes to FBOs only. */
#ifndef SCANWORKS_GFX_CONTEXT_H
#define SCANWORKS_GFX_CONTEXT_H

#include <stdbool.h>
#include "util/error.h"

typedef struct gfx_context gfx_context;
struct GLFWwindow;

typedef struct gfx_context_info {
    char platform[96];     /* "GLFW (X11)", "EGL device (NVIDIA)", "EGL surfaceless (Mesa)" */
    char gl_vendor[128], gl_renderer[128], gl_version[128];
    int egl_cuda_device;   /* CUDA ordinal of the chosen EGL device, -1 if unknown */
    /* Which of the extensions a GL-CUDA hand-over without map and unmap could use this
     * context has (GL's memory objects and semaphores, EGL's syncs and CUDA events),
     * space-separated. */
    char interop_extensions[256];
} gfx_context_info;

/* Opens a resizable window. Fails with a message suggesting --headless when there is
 * no display. */
int gfx_context_create_window(gfx_context **out, int width, int height, const char *title,
                              bool vsync, bool debug, sw_error *err);

/* Creates a context with no surface. cuda_device >= 0 asks for the EGL device that
 * drives that CUDA device (EGL_NV_device_cuda); -1 takes the first GPU device, and
 * Mesa's surfaceless platform when no device platform gives a context. */
int gfx_context_create_headless(gfx_context **out, int cuda_device, bool debug, sw_error *err);

void gfx_context_destroy(gfx_context *ctx);

const gfx_context_info *gfx_context_get_info(const gfx_context *ctx);
/* Whether the space-separated extension LIST (may be NULL) holds NAME as a whole word. */
bool gfx_has_extension(const char *list, const char *name);
/* NULL when headless. */
struct GLFWwindow *gfx_context_window(gfx_context *ctx);
bool gfx_context_is_headless(const gfx_context *ctx);
void gfx_context_set_vsync(gfx_context *ctx, bool on);

/* Internal: the two back ends fill the shared fields after loading GL. */
int gfx_context_finish_init(gfx_context_info *info, bool debug, sw_error *err);

#endif
