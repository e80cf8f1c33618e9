/* The heads-up display: fps, frame time, per-stage GPU times, the help overlay and
 * a transient message line, drawn into the app's output target. */
#ifndef SCANWORKS_APP_HUD_H
#define SCANWORKS_APP_HUD_H

#include "app/app.h"

void hud_draw(app *a);

#endif
