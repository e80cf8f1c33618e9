/* The key map: ONE table that drives the key handling, the help overlay, the
 * README's key table (tests/test_keys.c compares them) and the window test (which
 * sends every key and checks the state each one names). */
#ifndef SCANWORKS_APP_KEYS_H
#define SCANWORKS_APP_KEYS_H

#include <stdbool.h>
#include <stdio.h>
#include "app/app.h"

#define KEY_CODES_MAX 10

typedef enum key_kind {
    KEY_APP,     /* handled by the app: press() */
    KEY_CAMERA,  /* a camera move: a tap steps, a hold moves at a speed (camera_keys) */
    KEY_PANEL,   /* given to the focused panel */
    KEY_MOUSE,   /* a mouse gesture; listed in the help, handled by the window */
} key_kind;

typedef struct key_binding {
    const char *keys;       /* "Q / E": as the help and README.md show it */
    const char *action;     /* "focus nearer / farther" */
    const char *state;      /* the app_state field it changes ("focus"), see app_state_line */
    key_kind kind;
    int codes[KEY_CODES_MAX];   /* GLFW key codes, 0 after the last */
    /* KEY_APP: the handler, given the code pressed (which of CODES). */
    void (*press)(app *a, int code, bool *quit);
    /* KEY_CAMERA: the move of each code, in the order of CODES. */
    camera_move moves[KEY_CODES_MAX];
} key_binding;

extern const key_binding key_table[];
extern const int key_table_count;

/* The binding of GLFW key CODE, or NULL. */
const key_binding *keys_find(int code);
/* A GLFW key's name as X11 (and xdotool) spells it: "F1", "bracketleft", "Prior". */
const char *keys_x11_name(int code);

/* One line a binding: keys, kind (app, camera, panel, mouse), state, X11 names of its
 * codes (space-separated; '-' for the mouse). What the window test reads. */
void keys_print_table(FILE *out);

/* A discrete key press (GLFW key code and modifiers). Returns true if something
 * took it; a key of the table that does nothing here says so on the HUD. Sets *quit
 * for Esc. */
bool keys_press(app *a, int key, int mods, bool *quit);

/* Held camera keys, DT seconds later; IS_DOWN answers for a GLFW key code. */
void keys_hold(app *a, double dt, bool (*is_down)(void *user, int key), void *user);

#endif
