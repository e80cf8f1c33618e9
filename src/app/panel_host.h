/* Hosts the overlay panels in the app: which are on, where they go on screen,
 * which one has the keyboard, and timing each one's GPU work for the HUD. */
#ifndef SCANWORKS_APP_PANEL_HOST_H
#define SCANWORKS_APP_PANEL_HOST_H

#include <stdbool.h>
#include "app/layout.h"
#include "panels/panel.h"

#define PANEL_HOST_MAX 8

typedef struct panel_host {
    void *state[PANEL_HOST_MAX];
    bool initialized[PANEL_HOST_MAX];
    bool enabled[PANEL_HOST_MAX];
    int focused;              /* index into panel_registry, -1 if none */
    int rect[PANEL_HOST_MAX][4];   /* last frame's x, y (top-left origin), width, height */
    long keys_used;           /* keys a panel took (the state log reports it) */
} panel_host;

void panel_host_init(panel_host *h);
/* Turns panel I on or off; initializes it on first use. */
int panel_host_toggle(panel_host *h, int index, const cuda_device_info *cuda, sw_error *err);
/* Enables panels by a comma-separated list of names, or "all". */
int panel_host_enable_list(panel_host *h, const char *list, const cuda_device_info *cuda, sw_error *err);
/* Steps and draws every enabled panel into the rectangles the layout gave them
 * (L->panels in registry order of the enabled panels), with L's text size. */
void panel_host_frame(panel_host *h, const gl_target *target, text_renderer *text, gpu_timer *timer,
                      const cuda_device_info *cuda, double dt, long frame, const layout *L);
/* A left click at (X, Y) pixels of the output, top-left origin: the panel under it
 * gets it (and the keys); true if a panel took it. */
bool panel_host_click(panel_host *h, float x, float y);
/* Gives a key to the focused panel; true if it used it. */
bool panel_host_key(panel_host *h, int key, int mods);
int panel_host_enabled_count(const panel_host *h);
void panel_host_shutdown(panel_host *h);

#endif
