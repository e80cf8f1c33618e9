/* The app's state as one line of name=value fields, written after each key with
 * --state-log: how the window test checks that every key of the key table changes
 * the state it names (key_binding.state). */
#ifndef SCANWORKS_APP_STATE_LOG_H
#define SCANWORKS_APP_STATE_LOG_H

#include <stddef.h>
#include <stdio.h>
#include "app/app.h"

/* "help=0 hud=1 vsync=1 ... camera=0.320,0.270,5.200,0.400,0.450,-1.500 ..." */
void app_state_line(const app *a, char *buf, size_t size);
/* Appends "key=NAME " and the state line to OUT, and flushes. */
void app_state_log(const app *a, FILE *out, const char *key_name);

#endif
