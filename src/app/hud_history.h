/* The HUD's frame-time graph data: the GPU time of the last HUD_HISTORY_FRAMES frames,
 * each split into a few stage groups (render, SAT, DoF, present, panels, HUD). Pure C. */
#ifndef SCANWORKS_APP_HUD_HISTORY_H
#define SCANWORKS_APP_HUD_HISTORY_H

#include "gfx/gpu_timer.h"

#define HUD_HISTORY_FRAMES 300

enum hud_group { HUD_GROUP_RENDER, HUD_GROUP_SAT, HUD_GROUP_DOF, HUD_GROUP_PRESENT, HUD_GROUP_PANELS, HUD_GROUP_HUD,
                 HUD_GROUP_COUNT };
extern const char *const hud_group_names[HUD_GROUP_COUNT];

typedef struct hud_history {
    float ms[HUD_HISTORY_FRAMES][HUD_GROUP_COUNT];
    int count, next;     /* frames held, and the slot the next one goes into */
    long last_frame;     /* the frame index last added, so none is added twice */
} hud_history;

void hud_history_init(hud_history *h);
/* Which group stage NAME belongs to: the timer's names ("render", "tile scan", "dof",
 * a panel's name ...). */
int hud_group_of(const char *name);
/* Adds a completed frame's times (ignored if that frame was already added). */
void hud_history_add(hud_history *h, const gpu_frame_times *t);
/* The I-th frame, 0 the oldest held. */
const float *hud_history_at(const hud_history *h, int i);
/* The largest frame total held, in ms (0 when empty). */
float hud_history_peak(const hud_history *h);

#endif
