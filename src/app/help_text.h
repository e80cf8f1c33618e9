/* The help overlay's lines, made from the key table (keys.c), so the help lists
 * exactly the keys that exist. Actions longer than the column wrap at spaces. */
#ifndef SCANWORKS_APP_HELP_TEXT_H
#define SCANWORKS_APP_HELP_TEXT_H

#define HELP_MAX_LINES 96
#define HELP_ACTION_COLS 34   /* characters of the action column */

typedef struct help_line {
    char keys[24];      /* empty on a wrapped action's second line */
    char action[HELP_ACTION_COLS + 1];
} help_line;

typedef struct help_text {
    help_line lines[HELP_MAX_LINES];
    int count;
    int key_cols;       /* the widest keys label */
} help_text;

void help_text_build(help_text *h);

#endif
