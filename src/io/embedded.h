/* Shaders and assets compiled into the binary (cmake/embed.cmake writes the table),
 * so the program runs from any folder. Names are paths relative to the source root:
 * "shaders/scene.frag", "assets/floor.png". Each entry's data ends in an extra NUL. */
#ifndef SCANWORKS_IO_EMBEDDED_H
#define SCANWORKS_IO_EMBEDDED_H

#include <stddef.h>
#include "util/error.h"

struct embedded_file {
    const char *name;
    const unsigned char *data;
    size_t size;
};

extern const struct embedded_file embedded_files[];

/* The file named NAME, or NULL with a message naming it. When the environment
 * variable SCANWORKS_DATA_DIR is set, files there take precedence (for editing
 * shaders without rebuilding); such data stays owned by this module. */
const struct embedded_file *embedded_find(const char *name, sw_error *err);

/* HEAD, then the text of the COUNT (at most EMBEDDED_JOIN_MAX) files NAMES in order, as
 * one string the caller frees: a shader's defines and the shared GLSL that goes before
 * its body (gl_program_compute's DEFINES). WHAT names it in a message; NULL on failure. */
enum { EMBEDDED_JOIN_MAX = 4 };
char *embedded_join(const char *head, const char *const *names, int count, const char *what, sw_error *err);

#endif
