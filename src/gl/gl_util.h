/* Small OpenGL helpers: error checks, programs from the embedded shader files,
 * textures and framebuffers. */
#ifndef SCANWORKS_GL_GL_UTIL_H
#define SCANWORKS_GL_GL_UTIL_H

#include <stdbool.h>
#include "gl/gl.h"
#include "util/error.h"

/* Drains glGetError; returns -1 with a message naming WHERE if any error was set. */
int gl_check(const char *where, sw_error *err);

/* In debug builds (NDEBUG unset) GL_CHECK() reports and clears errors at that line on
 * stderr; in release builds it costs nothing. Use gl_check() where a failure must
 * change the control flow. */
#ifndef NDEBUG
#define GL_CHECK() gl_check_report(__FILE__, __LINE__)
#else
#define GL_CHECK() ((void)0)
#endif
void gl_check_report(const char *file, int line);

/* Routes KHR_debug messages of medium and high severity to stderr. */
void gl_enable_debug_output(void);

/* Programs from embedded shader names ("shaders/scene.vert"). Compile and link logs
 * go into err, with the file name. DEFINES, when not NULL, is inserted after the
 * #version line (e.g. "#define WORKGROUP 256\n"). */
GLuint gl_program_vf(const char *vert_name, const char *frag_name, const char *defines, sw_error *err);
GLuint gl_program_compute(const char *comp_name, const char *defines, sw_error *err);

/* A 2D texture with one mip level, linear filtering and edge clamping. */
GLuint gl_texture_2d(GLenum internal_format, int width, int height);

/* Where a render target's colour textures come from when not from glTextureStorage2D:
 * CREATE makes a W x H texture of FORMAT with one level (its storage fixed), DESTROY
 * frees one it made (gfx/vk_share.h: textures over memory Vulkan allocated). */
typedef struct gl_texture_source {
    int (*create)(void *user, GLenum format, int w, int h, GLuint *tex, sw_error *err);
    void (*destroy)(void *user, GLuint tex);
    void *user;
} gl_texture_source;

/* A framebuffer with up to 4 colour textures and an optional depth renderbuffer.
 * Recreate it (gl_target_resize) when the window size changes. */
typedef struct gl_target {
    GLuint fbo;
    const gl_texture_source *source;   /* NULL: its own textures */
    GLuint color[4];
    GLenum color_format[4];
    int color_count;
    GLuint depth_rb;
    int width, height;
} gl_target;

int gl_target_create(gl_target *t, int width, int height, const GLenum *color_formats, int color_count,
                     bool with_depth, sw_error *err);
/* The same, its colour textures from SOURCE (also after a resize). */
int gl_target_create_from(gl_target *t, int width, int height, const GLenum *color_formats, int color_count,
                          bool with_depth, const gl_texture_source *source, sw_error *err);
int gl_target_resize(gl_target *t, int width, int height, sw_error *err);
void gl_target_destroy(gl_target *t);

/* An empty VAO for attribute-less full-screen triangles (gl_VertexID). */
GLuint gl_empty_vao(void);

#endif
