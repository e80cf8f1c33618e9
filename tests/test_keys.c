/* The one key table: README.md's key table lists exactly its keys and actions, in
 * its order; the help overlay is made from it; no key code is bound twice; 1 .. N
 * toggles exactly the panels there are; every binding names a field of the state
 * line the window test reads. Usage: test_keys README.md */
#include "app/help_text.h"
#include "app/keys.h"
#include "app/state_log.h"
#include "test_util.h"
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

static void trim(char *s)
{
    size_t n = strlen(s), a = 0;
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\n' || s[n - 1] == '\r')) s[--n] = 0;
    while (s[a] == ' ') a++;
    memmove(s, s + a, strlen(s + a) + 1);
}

/* The rows of the table under "## Keys": cells 1 and 2 of each "| a | b |" line. */
static int readme_rows(const char *path, char rows[][2][512], int max)
{
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    char line[512];
    int in_keys = 0, n = 0, seen_rule = 0;
    while (fgets(line, sizeof line, f)) {
        if (!strncmp(line, "## ", 3)) in_keys = !strncmp(line, "## Keys", 7);
        if (!in_keys || line[0] != '|') continue;
        if (!strncmp(line, "|---", 4)) {
            seen_rule = 1;
            continue;
        }
        if (!seen_rule || n >= max) continue;   /* the header */
        char *a = line + 1, *bar = strchr(a, '|');
        if (!bar) continue;
        *bar = 0;
        char *b = bar + 1, *end = strrchr(b, '|');
        if (end) *end = 0;
        snprintf(rows[n][0], sizeof rows[n][0], "%s", a);
        snprintf(rows[n][1], sizeof rows[n][1], "%s", b);
        trim(rows[n][0]);
        trim(rows[n][1]);
        n++;
    }
    fclose(f);
    return n;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: test_keys README.md\n");
        return 2;
    }
    static char rows[128][2][512];
    int n = readme_rows(argv[1], rows, 128);
    CHECK_MSG(n == key_table_count, "README.md's key table has %d rows, the key table %d", n, key_table_count);
    for (int i = 0; i < n && i < key_table_count; i++) {
        CHECK_MSG(!strcmp(rows[i][0], key_table[i].keys), "README row %d keys '%s', the table '%s'", i + 1, rows[i][0],
                  key_table[i].keys);
        CHECK_MSG(!strcmp(rows[i][1], key_table[i].action), "README row %d ('%s') action '%s', the table '%s'", i + 1,
                  rows[i][0], rows[i][1], key_table[i].action);
    }

    /* No code bound twice; each binding is complete for its kind. */
    int toggles = 0;
    for (int b = 0; b < key_table_count; b++) {
        const key_binding *k = &key_table[b];
        CHECK_MSG(k->state && *k->state, "'%s' names no state", k->keys);
        CHECK_MSG(k->kind != KEY_APP || k->press, "'%s' has no handler", k->keys);
        CHECK_MSG((k->kind == KEY_MOUSE) == (k->codes[0] == 0), "'%s': keys and codes disagree", k->keys);
        for (int i = 0; i < KEY_CODES_MAX && k->codes[i]; i++) {
            CHECK_MSG(keys_find(k->codes[i]) == k, "code %d of '%s' is bound twice", k->codes[i], k->keys);
            CHECK_MSG(strcmp(keys_x11_name(k->codes[i]), "?"), "code %d of '%s' has no X11 name", k->codes[i], k->keys);
            if (k->codes[i] >= GLFW_KEY_1 && k->codes[i] <= GLFW_KEY_9) toggles++;
        }
    }
    CHECK_MSG(toggles == panel_registry_count, "the table toggles %d panels, the registry has %d", toggles,
              panel_registry_count);
    char label[16];
    snprintf(label, sizeof label, "1 .. %d", panel_registry_count);
    CHECK_MSG(keys_find(GLFW_KEY_1) && !strcmp(keys_find(GLFW_KEY_1)->keys, label), "the panel keys are not '%s'",
              label);
    CHECK(keys_find(GLFW_KEY_C) != NULL);   /* the C key is listed */

    /* Every state a binding names is a field of the state line. */
    static app a;
    char line[1024];
    app_state_line(&a, line, sizeof line);
    for (int b = 0; b < key_table_count; b++) {
        char field[64];
        snprintf(field, sizeof field, "%s=", key_table[b].state);
        if (!strcmp(key_table[b].state, "quit")) continue;   /* seen as the process ending */
        CHECK_MSG(strstr(line, field) != NULL, "'%s' names state '%s', not in '%s'", key_table[b].keys,
                  key_table[b].state, line);
    }

    /* The help: every binding's keys once, in order, no line wider than its columns. */
    help_text h;
    help_text_build(&h);
    int next = 0;
    for (int i = 0; i < h.count; i++) {
        CHECK((int)strlen(h.lines[i].action) <= HELP_ACTION_COLS);
        CHECK((int)strlen(h.lines[i].keys) <= h.key_cols);
        if (!h.lines[i].keys[0]) continue;
        CHECK_MSG(next < key_table_count && !strcmp(h.lines[i].keys, key_table[next].keys), "help line %d '%s'", i,
                  h.lines[i].keys);
        next++;
    }
    CHECK_MSG(next == key_table_count, "the help lists %d of %d bindings", next, key_table_count);
    return test_finish("test_keys");
}
