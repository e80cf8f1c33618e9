#include "panels/panel.h"

#include <stddef.h>
#include <string.h>

extern const panel scan_panel_def;
extern const panel compact_panel_def;
extern const panel radix_panel_def;
extern const panel search_panel_def;
extern const panel bfs_panel_def;

/* One line per panel; the order gives the toggle keys 1, 2, 3 ... */
const panel *const panel_registry[] = {
    &scan_panel_def,
    &compact_panel_def,
    &radix_panel_def,
    &search_panel_def,
    &bfs_panel_def,
    NULL,
};
const int panel_registry_count = (int)(sizeof panel_registry / sizeof panel_registry[0]) - 1;

int panel_of_stage(const char *stage)
{
    for (int i = 0; i < panel_registry_count; i++) {
        size_t len = strlen(panel_registry[i]->name);
        if (!strncmp(stage, panel_registry[i]->name, len) && (stage[len] == 0 || stage[len] == ' ')) return i;
    }
    return -1;
}
