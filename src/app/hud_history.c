#include "app/hud_history.h"

#include <string.h>

#include "panels/panel.h"

const char *const hud_group_names[HUD_GROUP_COUNT] = {"render", "SAT", "DoF", "present", "panels", "HUD"};

void hud_history_init(hud_history *h)
{
    memset(h, 0, sizeof *h);
    h->last_frame = -1;
}

int hud_group_of(const char *name)
{
    if (!strcmp(name, "render")) return HUD_GROUP_RENDER;
    /* "dof", and the half-size DoF's "dof downsample", "dof (half size)", "dof composite"
     * and the split CUDA stages "dof (cuda)", "dof downsample (cuda)" */
    if (!strncmp(name, "dof", 3)) return HUD_GROUP_DOF;
    if (!strcmp(name, "present")) return HUD_GROUP_PRESENT;
    if (!strcmp(name, "hud")) return HUD_GROUP_HUD;
    if (panel_of_stage(name) >= 0) return HUD_GROUP_PANELS;   /* "compact", "compact (cuda)" */
    return HUD_GROUP_SAT;   /* the table's stages, the hand-over, and "sat + dof (cuda)", the frame's CUDA kernels timed whole */
}

void hud_history_add(hud_history *h, const gpu_frame_times *t)
{
    if (t->frame == h->last_frame) return;
    h->last_frame = t->frame;
    float *row = h->ms[h->next];
    for (int g = 0; g < HUD_GROUP_COUNT; g++) row[g] = 0;
    for (int i = 0; i < t->count; i++) row[hud_group_of(t->names[i])] += (float)t->ms[i];
    h->next = (h->next + 1) % HUD_HISTORY_FRAMES;
    if (h->count < HUD_HISTORY_FRAMES) h->count++;
}

const float *hud_history_at(const hud_history *h, int i)
{
    int first = (h->next - h->count + HUD_HISTORY_FRAMES) % HUD_HISTORY_FRAMES;
    return h->ms[(first + i) % HUD_HISTORY_FRAMES];
}

float hud_history_peak(const hud_history *h)
{
    float peak = 0;
    for (int i = 0; i < h->count; i++) {
        const float *row = hud_history_at(h, i);
        float sum = 0;
        for (int g = 0; g < HUD_GROUP_COUNT; g++) sum += row[g];
        if (sum > peak) peak = sum;
    }
    return peak;
}
