#include "gl/gl_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/embedded.h"

static const char *gl_error_name(GLenum e)
{
    switch (e) {
    case GL_INVALID_ENUM: return "GL_INVALID_ENUM";
    case GL_INVALID_VALUE: return "GL_INVALID_VALUE";
    case GL_INVALID_OPERATION: return "GL_INVALID_OPERATION";
    case GL_INVALID_FRAMEBUFFER_OPERATION: return "GL_INVALID_FRAMEBUFFER_OPERATION";
    case GL_OUT_OF_MEMORY: return "GL_OUT_OF_MEMORY";
    case GL_STACK_OVERFLOW: return "GL_STACK_OVERFLOW";
    case GL_STACK_UNDERFLOW: return "GL_STACK_UNDERFLOW";
    default: return "unknown GL error";
    }
}

int gl_check(const char *where, sw_error *err)
{
    GLenum e, first = GL_NO_ERROR;
    int guard = 0;
    while ((e = glGetError()) != GL_NO_ERROR && guard++ < 16)
        if (first == GL_NO_ERROR) first = e;
    if (first == GL_NO_ERROR) return 0;
    if (first == GL_OUT_OF_MEMORY)
        return sw_fail(err, "%s: the GPU is out of memory (GL_OUT_OF_MEMORY); try a smaller size", where);
    return sw_fail(err, "%s: %s (0x%04x)", where, gl_error_name(first), first);
}

void gl_check_report(const char *file, int line)
{
    sw_error err;
    char where[256];
    snprintf(where, sizeof where, "%s:%d", file, line);
    if (gl_check(where, &err)) fprintf(stderr, "scanworks: GL error at %s\n", err.msg);
}

static void GLAD_API_PTR on_debug_message(GLenum source, GLenum type, GLuint id, GLenum severity,
                                          GLsizei length, const GLchar *message, const void *user)
{
    (void)source; (void)id; (void)length; (void)user;
    if (severity == GL_DEBUG_SEVERITY_NOTIFICATION || severity == GL_DEBUG_SEVERITY_LOW) return;
    fprintf(stderr, "scanworks: GL %s: %s\n", type == GL_DEBUG_TYPE_ERROR ? "error" : "note", message);
}

void gl_enable_debug_output(void)
{
    glEnable(GL_DEBUG_OUTPUT);
    glDebugMessageCallback(on_debug_message, NULL);
}

static GLuint compile(GLenum stage, const char *name, const char *defines, sw_error *err)
{
    const struct embedded_file *f = embedded_find(name, err);
    if (!f) return 0;
    const char *src = (const char *)f->data;
    /* Split after the #version line so defines can follow it. */
    const char *body = src;
    if (strncmp(src, "#version", 8) == 0) {
        const char *nl = strchr(src, '\n');
        body = nl ? nl + 1 : src + strlen(src);
    }
    const char *parts[4] = {src, defines ? defines : "", "#line 2\n", body};
    GLint lens[4] = {(GLint)(body - src), (GLint)strlen(parts[1]), (GLint)strlen(parts[2]), -1};
    GLuint sh = glCreateShader(stage);
    glShaderSource(sh, 4, parts, lens);
    glCompileShader(sh);
    GLint ok = 0;
    glGetShaderiv(sh, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        char log[400] = "";
        glGetShaderInfoLog(sh, sizeof log, NULL, log);
        glDeleteShader(sh);
        sw_fail(err, "shader %s does not compile: %s", name, log);
        return 0;
    }
    return sh;
}

static GLuint link(GLuint *shaders, int count, const char *name, sw_error *err)
{
    GLuint prog = glCreateProgram();
    for (int i = 0; i < count; i++) glAttachShader(prog, shaders[i]);
    glLinkProgram(prog);
    for (int i = 0; i < count; i++) glDeleteShader(shaders[i]);
    GLint ok = 0;
    glGetProgramiv(prog, GL_LINK_STATUS, &ok);
    if (!ok) {
        char log[400] = "";
        glGetProgramInfoLog(prog, sizeof log, NULL, log);
        glDeleteProgram(prog);
        sw_fail(err, "program %s does not link: %s", name, log);
        return 0;
    }
    return prog;
}

GLuint gl_program_vf(const char *vert_name, const char *frag_name, const char *defines, sw_error *err)
{
    GLuint sh[2];
    sh[0] = compile(GL_VERTEX_SHADER, vert_name, defines, err);
    if (!sh[0]) return 0;
    sh[1] = compile(GL_FRAGMENT_SHADER, frag_name, defines, err);
    if (!sh[1]) {
        glDeleteShader(sh[0]);
        return 0;
    }
    return link(sh, 2, frag_name, err);
}

GLuint gl_program_compute(const char *comp_name, const char *defines, sw_error *err)
{
    GLuint sh = compile(GL_COMPUTE_SHADER, comp_name, defines, err);
    if (!sh) return 0;
    return link(&sh, 1, comp_name, err);
}

static void texture_sampling(GLuint tex)
{
    glTextureParameteri(tex, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTextureParameteri(tex, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTextureParameteri(tex, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTextureParameteri(tex, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
}

GLuint gl_texture_2d(GLenum internal_format, int width, int height)
{
    GLuint tex = 0;
    glCreateTextures(GL_TEXTURE_2D, 1, &tex);
    glTextureStorage2D(tex, 1, internal_format, width, height);
    texture_sampling(tex);
    return tex;
}

static void target_release(gl_target *t)
{
    if (t->fbo) glDeleteFramebuffers(1, &t->fbo);
    for (int i = 0; i < t->color_count; i++)
        if (t->color[i] && t->source) t->source->destroy(t->source->user, t->color[i]);
        else if (t->color[i]) glDeleteTextures(1, &t->color[i]);
    if (t->depth_rb) glDeleteRenderbuffers(1, &t->depth_rb);
    t->fbo = t->depth_rb = 0;
    memset(t->color, 0, sizeof t->color);
}

static int target_build(gl_target *t, bool with_depth, sw_error *err)
{
    glCreateFramebuffers(1, &t->fbo);
    GLenum draw[4];
    for (int i = 0; i < t->color_count; i++) {
        if (!t->source) t->color[i] = gl_texture_2d(t->color_format[i], t->width, t->height);
        else if (t->source->create(t->source->user, t->color_format[i], t->width, t->height, &t->color[i], err))
            return sw_wrap(err, "render target %dx%d, colour %d: ", t->width, t->height, i);
        else texture_sampling(t->color[i]);
        glNamedFramebufferTexture(t->fbo, GL_COLOR_ATTACHMENT0 + i, t->color[i], 0);
        draw[i] = GL_COLOR_ATTACHMENT0 + i;
    }
    glNamedFramebufferDrawBuffers(t->fbo, t->color_count, draw);
    if (with_depth) {
        glCreateRenderbuffers(1, &t->depth_rb);
        glNamedRenderbufferStorage(t->depth_rb, GL_DEPTH_COMPONENT32F, t->width, t->height);
        glNamedFramebufferRenderbuffer(t->fbo, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, t->depth_rb);
    }
    if (gl_check("creating a render target", err)) return -1;
    GLenum status = glCheckNamedFramebufferStatus(t->fbo, GL_FRAMEBUFFER);
    if (status != GL_FRAMEBUFFER_COMPLETE)
        return sw_fail(err, "render target %dx%d is incomplete (status 0x%04x)", t->width, t->height, status);
    return 0;
}

int gl_target_create(gl_target *t, int width, int height, const GLenum *color_formats, int color_count,
                     bool with_depth, sw_error *err)
{
    return gl_target_create_from(t, width, height, color_formats, color_count, with_depth, NULL, err);
}

int gl_target_create_from(gl_target *t, int width, int height, const GLenum *color_formats, int color_count,
                          bool with_depth, const gl_texture_source *source, sw_error *err)
{
    memset(t, 0, sizeof *t);
    t->source = source;
    if (color_count < 0 || color_count > 4) return sw_fail(err, "render target: %d colour attachments (max 4)", color_count);
    if (width < 1 || height < 1) return sw_fail(err, "render target: size %dx%d", width, height);
    t->width = width;
    t->height = height;
    t->color_count = color_count;
    for (int i = 0; i < color_count; i++) t->color_format[i] = color_formats[i];
    if (target_build(t, with_depth, err)) {
        target_release(t);
        return -1;
    }
    return 0;
}

int gl_target_resize(gl_target *t, int width, int height, sw_error *err)
{
    if (width == t->width && height == t->height && t->fbo) return 0;
    bool with_depth = t->depth_rb != 0;
    target_release(t);
    if (width < 1 || height < 1) return sw_fail(err, "render target: size %dx%d", width, height);
    t->width = width;
    t->height = height;
    if (target_build(t, with_depth, err)) {
        target_release(t);
        return -1;
    }
    return 0;
}

void gl_target_destroy(gl_target *t)
{
    target_release(t);
    memset(t, 0, sizeof *t);
}

GLuint gl_empty_vao(void)
{
    GLuint vao = 0;
    glCreateVertexArrays(1, &vao);
    return vao;
}
