/* Which panel a GPU timer stage belongs to (panel_of_stage): the HUD's panels group and
 * each panel's title time add up the panel's GL stage and the CUDA stages it adds. */
#include "panels/panel.h"
#include "test_util.h"

int main(void)
{
    int scan = -1, compact = -1;
    for (int i = 0; i < panel_registry_count; i++) {
        if (!strcmp(panel_registry[i]->name, "scan")) scan = i;
        if (!strcmp(panel_registry[i]->name, "compact")) compact = i;
        CHECK_MSG(panel_of_stage(panel_registry[i]->name) == i, "%s", panel_registry[i]->name);
    }
    CHECK(scan >= 0 && compact >= 0);
    CHECK(panel_of_stage("compact (cuda)") == compact);
    CHECK(panel_of_stage("compact (gl, host clock)") == compact);
    CHECK(panel_of_stage("scan level (cuda)") == scan);
    CHECK(panel_of_stage("compactx") == -1);
    CHECK(panel_of_stage("scanner") == -1);
    CHECK(panel_of_stage("render") == -1);
    CHECK(panel_of_stage("tile scan") == -1);
    CHECK(panel_of_stage("") == -1);
    return test_finish("test_panel_stages");
}
