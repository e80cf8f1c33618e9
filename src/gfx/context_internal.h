/* Private to gfx/context_*.c. */
#ifndef SCANWORKS_GFX_CONTEXT_INTERNAL_H
#define SCANWORKS_GFX_CONTEXT_INTERNAL_H

#include "gfx/context.h"

struct gfx_context {
    gfx_context_info info;
    struct GLFWwindow *window;   /* window mode */
    void *egl;                   /* headless mode: state owned by context_egl.c */
};

int gfx_context_egl_create(gfx_context_info *info, void **egl_state, int cuda_device, bool debug,
                           sw_error *err);
void gfx_context_egl_destroy(void *egl_state);
void gfx_context_glfw_destroy(struct GLFWwindow *window);
void gfx_context_glfw_set_vsync(bool on);

#endif
