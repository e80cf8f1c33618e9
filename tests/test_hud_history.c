/* The HUD's stage groups: every DoF stage (the full-size pass, the half-size DoF's
 * three, the CUDA split stages) counts as DoF, the table's stages and the CUDA frame
 * timed whole as SAT; a frame's groups sum its stages, and a frame is added once. */
#include <string.h>

#include "app/hud_history.h"
#include "test_util.h"

int main(void)
{
    static const char *const dof[] = {"dof", "dof downsample", "dof (half size)", "dof composite", "dof (cuda)",
                                      "dof downsample (cuda)"};
    for (size_t i = 0; i < sizeof dof / sizeof *dof; i++)
        CHECK_MSG(hud_group_of(dof[i]) == HUD_GROUP_DOF, "stage '%s' not in the DoF group", dof[i]);
    static const char *const sat[] = {"tile sums", "carries", "tile scan", "map", "unmap", "sat + dof (cuda)"};
    for (size_t i = 0; i < sizeof sat / sizeof *sat; i++)
        CHECK_MSG(hud_group_of(sat[i]) == HUD_GROUP_SAT, "stage '%s' not in the SAT group", sat[i]);
    CHECK(hud_group_of("render") == HUD_GROUP_RENDER && hud_group_of("present") == HUD_GROUP_PRESENT &&
          hud_group_of("hud") == HUD_GROUP_HUD);

    static hud_history h;
    hud_history_init(&h);
    gpu_frame_times t;
    memset(&t, 0, sizeof t);
    t.frame = 7;
    const char *names[] = {"render", "dof downsample", "tile sums", "dof (half size)", "dof composite", "present"};
    const double ms[] = {1.0, 0.25, 0.5, 2.0, 0.75, 0.125};
    t.count = 6;
    for (int i = 0; i < t.count; i++) {
        t.names[i] = names[i];
        t.ms[i] = ms[i];
    }
    hud_history_add(&h, &t);
    hud_history_add(&h, &t);   /* the same frame again: ignored */
    CHECK(h.count == 1);
    const float *row = hud_history_at(&h, 0);
    CHECK_MSG(row[HUD_GROUP_DOF] == 3.0f, "DoF group %.3f, want 3.000", row[HUD_GROUP_DOF]);
    CHECK_MSG(row[HUD_GROUP_SAT] == 0.5f && row[HUD_GROUP_RENDER] == 1.0f && row[HUD_GROUP_PRESENT] == 0.125f,
              "SAT %.3f render %.3f present %.3f", row[HUD_GROUP_SAT], row[HUD_GROUP_RENDER], row[HUD_GROUP_PRESENT]);
    return test_finish("test_hud_history");
}
