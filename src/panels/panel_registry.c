#include "panels/panel.h"

#include <stddef.h>

extern const panel bfs_panel_def;

/* One line per panel; the order gives the toggle keys 1, 2, 3 ... */
const panel *const panel_registry[] = {
    &bfs_panel_def,
    NULL,
};
const int panel_registry_count = (int)(sizeof panel_registry / sizeof panel_registry[0]) - 1;
