#include "io/embedded.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { OVERRIDE_SLOTS = 64 };
static struct embedded_file override_files[OVERRIDE_SLOTS];
static int override_count;

static const struct embedded_file *find_override(const char *name)
{
    const char *dir = getenv("SCANWORKS_DATA_DIR");
    if (!dir || !*dir) return NULL;
    for (int i = 0; i < override_count; i++)
        if (strcmp(override_files[i].name, name) == 0) return &override_files[i];
    if (override_count == OVERRIDE_SLOTS) return NULL;
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *fp = fopen(path, "rb");
    if (!fp) return NULL;
    unsigned char *data = NULL;
    long size = -1;
    if (fseek(fp, 0, SEEK_END) == 0 && (size = ftell(fp)) >= 0 && size < (1L << 28) &&
        fseek(fp, 0, SEEK_SET) == 0 && (data = malloc((size_t)size + 1)) &&
        fread(data, 1, (size_t)size, fp) == (size_t)size) {
        data[size] = 0;
        char *copy = malloc(strlen(name) + 1);
        if (copy) {
            strcpy(copy, name);
            override_files[override_count] = (struct embedded_file){copy, data, (size_t)size};
            fclose(fp);
            return &override_files[override_count++];
        }
    }
    free(data);
    fclose(fp);
    return NULL;
}

const struct embedded_file *embedded_find(const char *name, sw_error *err)
{
    const struct embedded_file *o = find_override(name);
    if (o) return o;
    for (const struct embedded_file *f = embedded_files; f->name; f++)
        if (strcmp(f->name, name) == 0) return f;
    sw_fail(err, "built-in file '%s' is missing from this build (rebuild; cmake embeds shaders/ and assets/)", name);
    return NULL;
}

char *embedded_join(const char *head, const char *const *names, int count, const char *what, sw_error *err)
{
    const struct embedded_file *f[EMBEDDED_JOIN_MAX];
    if (count > EMBEDDED_JOIN_MAX) {
        sw_fail(err, "%s: %d files to join, at most %d", what, count, EMBEDDED_JOIN_MAX);
        return NULL;
    }
    size_t at = strlen(head), n = at + 1;
    for (int i = 0; i < count; i++) {
        if (!(f[i] = embedded_find(names[i], err))) return NULL;
        n += f[i]->size;
    }
    char *text = sw_malloc(n, what, err);
    if (!text) return NULL;
    memcpy(text, head, at);
    for (int i = 0; i < count; i++) {
        memcpy(text + at, f[i]->data, f[i]->size);
        at += f[i]->size;
    }
    text[at] = 0;
    return text;
}
