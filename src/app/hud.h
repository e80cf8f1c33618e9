/* The heads-up display: a steady-width box with the frame rate, the real backends,
 * a frame-time graph of the last frames stacked by stage group, and the view's legend
 * (the blur radius colour bar in pixels); the help generated from the key table; and
 * the message line. Each goes in the rectangle the layout pass gave it. */
#ifndef SCANWORKS_APP_HUD_H
#define SCANWORKS_APP_HUD_H

#include "app/app.h"

void hud_draw(app *a);

#endif
