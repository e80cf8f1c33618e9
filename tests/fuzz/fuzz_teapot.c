/* libFuzzer target: the teapot patch-file parser and tessellator. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "scene/teapot.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 65536) return 0;
    char *text = malloc(size + 1);
    if (!text) return 0;
    memcpy(text, data, size);
    text[size] = 0;
    mesh m;
    sw_error err;
    if (teapot_build(&m, text, "fuzz.txt", 3, &err) == 0) {
        for (size_t i = 0; i < m.index_count; i++)
            if (m.indices[i] >= m.vertex_count) abort();
        mesh_free(&m);
    }
    free(text);
    return 0;
}
