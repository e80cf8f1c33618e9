/* The key map: one table that drives both the key handling and the help overlay,
 * so the two never disagree. */
#ifndef SCANWORKS_APP_KEYS_H
#define SCANWORKS_APP_KEYS_H

#include <stdbool.h>
#include "app/app.h"

typedef struct key_help {
    const char *keys;      /* "F1 / H" */
    const char *action;    /* "help overlay" */
} key_help;

/* Lines of the help overlay, ending with {NULL, NULL}. */
extern const key_help key_help_lines[];

/* A discrete key press (GLFW key code and modifiers). Returns true if handled;
 * sets *quit for Esc. */
bool keys_press(app *a, int key, int mods, bool *quit);

/* Held keys that move the camera smoothly; IS_DOWN answers for a GLFW key code. */
void keys_hold(app *a, double dt, bool (*is_down)(void *user, int key), void *user);

#endif
