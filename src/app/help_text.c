#include "app/help_text.h"

#include <stdio.h>
#include <string.h>

#include "app/keys.h"

/* Copies SRC without the Markdown backticks README.md shows. */
static void plain(char *dst, size_t size, const char *src)
{
    size_t n = 0;
    for (; *src && n + 1 < size; src++)
        if (*src != '`') dst[n++] = *src;
    dst[n] = 0;
}

void help_text_build(help_text *h)
{
    memset(h, 0, sizeof *h);
    for (int b = 0; b < key_table_count && h->count < HELP_MAX_LINES; b++) {
        char action[256];
        plain(action, sizeof action, key_table[b].action);
        int len = (int)strlen(key_table[b].keys);
        if (len > h->key_cols) h->key_cols = len;
        const char *rest = action;
        bool first = true;
        while (*rest && h->count < HELP_MAX_LINES) {
            help_line *l = &h->lines[h->count++];
            snprintf(l->keys, sizeof l->keys, "%s", first ? key_table[b].keys : "");
            first = false;
            int take = (int)strlen(rest);
            if (take > HELP_ACTION_COLS) {
                take = HELP_ACTION_COLS;
                while (take > 0 && rest[take] != ' ') take--;
                if (take == 0) take = HELP_ACTION_COLS;   /* one long word: cut it */
            }
            memcpy(l->action, rest, (size_t)take);
            l->action[take] = 0;
            rest += take;
            while (*rest == ' ') rest++;
        }
    }
}
