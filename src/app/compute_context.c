#include "app/compute_context.h"

#include <stddef.h>

static gfx_context *shared_context;

int compute_gl_context(gfx_context **out, sw_error *err)
{
    if (!shared_context && gfx_context_create_headless(&shared_context, -1, false, err))
        return sw_wrap(err, "the gl backend needs OpenGL 4.5: ");
    if (out) *out = shared_context;
    return 0;
}

void compute_gl_context_release(void)
{
    gfx_context_destroy(shared_context);
    shared_context = NULL;
}
