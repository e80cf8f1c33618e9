#include "app/state_log.h"

#include <string.h>

void app_state_line(const app *a, char *buf, size_t size)
{
    char panels[PANEL_HOST_MAX + 1];
    int n = 0;
    for (int i = 0; i < panel_registry_count && i < PANEL_HOST_MAX; i++) panels[n++] = a->panels.enabled[i] ? '1' : '0';
    panels[n] = 0;
    const orbit_camera *c = &a->camera;
    snprintf(buf, size,
             "help=%d hud=%d vsync=%d screenshots=%d paused=%d view=%d focus=%.4f aperture=%.3f "
             "sat_backend=%s sat_variant=%s gather=%s kernel=%s boxes=%d guard=%d near=%d half=%d reference=%d "
             "camera=%.4f,%.4f,%.4f,%.4f,%.4f,%.4f panels=%s focused_panel=%d panel_keys=%ld "
             "unused_keys=%d cuda=%d",
             a->show_help, a->show_hud, a->vsync, a->screenshots, a->paused, (int)a->view, a->focus, a->aperture,
             prim_backend_name(a->sat_backend), sat_variant_name(a->sat_variant), dof_gather_name(a->gather),
             dof_kernel_name(a->kernel), a->boxes, a->guard, a->near, a->half ? 1 : 0, a->reference_on ? 1 : 0, c->yaw, c->pitch, c->distance, c->target[0], c->target[1], c->target[2], panels,
             a->panels.focused, a->panels.keys_used, a->unused_keys, a->cuda.available ? 1 : 0);
}

void app_state_log(const app *a, FILE *out, const char *key_name)
{
    char line[1024];
    app_state_line(a, line, sizeof line);
    fprintf(out, "key=%s %s\n", key_name, line);
    fflush(out);
}
