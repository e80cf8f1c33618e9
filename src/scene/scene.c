#include "scene/scene.h"

#include <math.h>
#include <string.h>

#include "io/embedded.h"
#include "io/image.h"
#include "scene/teapot.h"

const GLenum scene_target_formats[2] = {GL_RGBA16F, GL_R32F};

typedef struct teapot_placement {
    float x, z, scale, spin;        /* spin: radians per second */
    float albedo[3], specular[3], shininess;
} teapot_placement;

/* Near to far: each teapot sits at a clearly different distance from the camera. */
static const teapot_placement teapots[SCENE_TEAPOTS] = {
    {0.95f, 1.05f, 0.80f, 0.35f, {0.82f, 0.82f, 0.78f}, {0.60f, 0.60f, 0.60f}, 96.0f},   /* porcelain */
    {-0.75f, -0.40f, 1.00f, -0.25f, {0.62f, 0.30f, 0.16f}, {0.90f, 0.55f, 0.35f}, 48.0f}, /* copper */
    {1.70f, -3.10f, 1.10f, 0.20f, {0.16f, 0.50f, 0.30f}, {0.40f, 0.50f, 0.45f}, 64.0f},   /* jade */
    {-1.90f, -6.60f, 1.25f, -0.18f, {0.10f, 0.18f, 0.60f}, {0.50f, 0.50f, 0.60f}, 80.0f}, /* cobalt */
    {2.60f, -11.0f, 1.40f, 0.15f, {0.62f, 0.08f, 0.06f}, {0.50f, 0.40f, 0.40f}, 40.0f},   /* red glaze */
    {-2.60f, -18.0f, 1.70f, -0.12f, {0.70f, 0.52f, 0.16f}, {0.95f, 0.80f, 0.40f}, 32.0f}, /* gold */
    {1.20f, -28.0f, 2.20f, 0.10f, {0.45f, 0.45f, 0.48f}, {0.10f, 0.10f, 0.10f}, 8.0f},    /* slate */
};

static int upload_teapot(scene *s, sw_error *err)
{
    const struct embedded_file *f = embedded_find("assets/teapot_patches.txt", err);
    if (!f) return -1;
    mesh m;
    if (teapot_build(&m, (const char *)f->data, f->name, s->teapot_grid, err)) return -1;
    glCreateVertexArrays(1, &s->teapot_vao);
    glCreateBuffers(1, &s->teapot_vbo);
    glCreateBuffers(1, &s->teapot_ibo);
    glNamedBufferStorage(s->teapot_vbo, (GLsizeiptr)(m.vertex_count * sizeof(mesh_vertex)), m.vertices, 0);
    glNamedBufferStorage(s->teapot_ibo, (GLsizeiptr)(m.index_count * sizeof(uint32_t)), m.indices, 0);
    glVertexArrayVertexBuffer(s->teapot_vao, 0, s->teapot_vbo, 0, sizeof(mesh_vertex));
    glVertexArrayElementBuffer(s->teapot_vao, s->teapot_ibo);
    for (GLuint a = 0; a < 2; a++) {
        glEnableVertexArrayAttrib(s->teapot_vao, a);
        glVertexArrayAttribFormat(s->teapot_vao, a, 3, GL_FLOAT, GL_FALSE, a * 3 * sizeof(float));
        glVertexArrayAttribBinding(s->teapot_vao, a, 0);
    }
    s->teapot_index_count = (GLsizei)m.index_count;
    mesh_free(&m);
    return gl_check("uploading the teapot mesh", err);
}

static int upload_floor(scene *s, sw_error *err)
{
    /* One large quad; the shader takes texture coordinates from world x and z. */
    const float half = 70.0f, cz = -20.0f;
    const float verts[4][6] = {
        {-half, 0, cz - half, 0, 1, 0}, {half, 0, cz - half, 0, 1, 0},
        {-half, 0, cz + half, 0, 1, 0}, {half, 0, cz + half, 0, 1, 0}};
    glCreateVertexArrays(1, &s->floor_vao);
    glCreateBuffers(1, &s->floor_vbo);
    glNamedBufferStorage(s->floor_vbo, sizeof verts, verts, 0);
    glVertexArrayVertexBuffer(s->floor_vao, 0, s->floor_vbo, 0, 6 * sizeof(float));
    for (GLuint a = 0; a < 2; a++) {
        glEnableVertexArrayAttrib(s->floor_vao, a);
        glVertexArrayAttribFormat(s->floor_vao, a, 3, GL_FLOAT, GL_FALSE, a * 3 * sizeof(float));
        glVertexArrayAttribBinding(s->floor_vao, a, 0);
    }
    const struct embedded_file *f = embedded_find("assets/floor.png", err);
    if (!f) return -1;
    image8 img;
    if (image_load_memory(&img, f->data, f->size, f->name, 4, err)) return -1;
    int levels = 1;
    for (int side = img.width > img.height ? img.width : img.height; side > 1; side >>= 1) levels++;
    glCreateTextures(GL_TEXTURE_2D, 1, &s->floor_texture);
    glTextureStorage2D(s->floor_texture, levels, GL_SRGB8_ALPHA8, img.width, img.height);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTextureSubImage2D(s->floor_texture, 0, 0, 0, img.width, img.height, GL_RGBA, GL_UNSIGNED_BYTE, img.pixels);
    glGenerateTextureMipmap(s->floor_texture);
    glTextureParameteri(s->floor_texture, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
    glTextureParameteri(s->floor_texture, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTextureParameteri(s->floor_texture, GL_TEXTURE_WRAP_S, GL_REPEAT);
    glTextureParameteri(s->floor_texture, GL_TEXTURE_WRAP_T, GL_REPEAT);
    image_free(&img);
    const unsigned char white[4] = {255, 255, 255, 255};
    glCreateTextures(GL_TEXTURE_2D, 1, &s->white_texture);
    glTextureStorage2D(s->white_texture, 1, GL_RGBA8, 1, 1);
    glTextureSubImage2D(s->white_texture, 0, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, white);
    return gl_check("uploading the floor", err);
}

int scene_init(scene *s, sw_error *err)
{
    memset(s, 0, sizeof *s);
    s->teapot_grid = 12;
    s->program = gl_program_vf("shaders/scene.vert", "shaders/scene.frag", NULL, err);
    if (!s->program || upload_teapot(s, err) || upload_floor(s, err)) {
        scene_shutdown(s);
        return -1;
    }
    return 0;
}

void scene_update(scene *s, double dt) { s->time += dt; }

static void set_material(GLuint prog, const float albedo[3], const float specular[3], float shininess,
                         int textured)
{
    glUniform3fv(glGetUniformLocation(prog, "u_albedo"), 1, albedo);
    glUniform3fv(glGetUniformLocation(prog, "u_specular"), 1, specular);
    glUniform1f(glGetUniformLocation(prog, "u_shininess"), shininess);
    glUniform1i(glGetUniformLocation(prog, "u_textured"), textured);
}

void scene_draw(const scene *s, const orbit_camera *cam, const gl_target *target)
{
    mat4 view, proj;
    vec3 eye;
    camera_matrices(cam, (float)target->width / (float)target->height, view, proj);
    camera_eye(cam, eye);
    scene_draw_view(s, view, proj, eye, target);
}

void scene_draw_view(const scene *s, const mat4 view, const mat4 proj, const vec3 eye, const gl_target *target)
{
    const float sky[4] = {0.52f, 0.64f, 0.82f, 1.0f}, far_depth[4] = {SCENE_SKY_DEPTH, 0, 0, 0};
    const float one = 1.0f;
    glBindFramebuffer(GL_FRAMEBUFFER, target->fbo);
    glViewport(0, 0, target->width, target->height);
    glClearNamedFramebufferfv(target->fbo, GL_COLOR, 0, sky);
    glClearNamedFramebufferfv(target->fbo, GL_COLOR, 1, far_depth);
    glClearNamedFramebufferfv(target->fbo, GL_DEPTH, 0, &one);
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LESS);
    glDisable(GL_CULL_FACE);   /* the teapot is an open surface: both sides are lit */
    glDisable(GL_BLEND);

    mat4 model;
    GLuint p = s->program;
    glUseProgram(p);
    glUniformMatrix4fv(glGetUniformLocation(p, "u_view"), 1, GL_FALSE, (const float *)view);
    glUniformMatrix4fv(glGetUniformLocation(p, "u_proj"), 1, GL_FALSE, (const float *)proj);
    glUniform3fv(glGetUniformLocation(p, "u_eye"), 1, eye);
    glUniform3fv(glGetUniformLocation(p, "u_sky"), 1, sky);
    GLint model_loc = glGetUniformLocation(p, "u_model");

    float blobs[SCENE_TEAPOTS][4];
    for (int i = 0; i < SCENE_TEAPOTS; i++) {
        /* Centre shifted away from the sun (see SUN_DIR in scene.frag), radius ~ body. */
        blobs[i][0] = teapots[i].x + 0.22f * teapots[i].scale;
        blobs[i][1] = teapots[i].z - 0.17f * teapots[i].scale;
        blobs[i][2] = 0.85f * teapots[i].scale;
        blobs[i][3] = 0.0f;
    }
    glUniform4fv(glGetUniformLocation(p, "u_blobs"), SCENE_TEAPOTS, &blobs[0][0]);
    glUniform1i(glGetUniformLocation(p, "u_blob_count"), SCENE_TEAPOTS);

    glm_mat4_identity(model);
    glUniformMatrix4fv(model_loc, 1, GL_FALSE, (const float *)model);
    set_material(p, (const float[3]){1, 1, 1}, (const float[3]){0.08f, 0.08f, 0.08f}, 24.0f, 1);
    glBindTextureUnit(0, s->floor_texture);
    glBindVertexArray(s->floor_vao);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);

    glBindTextureUnit(0, s->white_texture);
    glBindVertexArray(s->teapot_vao);
    for (int i = 0; i < SCENE_TEAPOTS; i++) {
        const teapot_placement *t = &teapots[i];
        glm_mat4_identity(model);
        glm_translate(model, (vec3){t->x, 0.0f, t->z});
        glm_rotate_y(model, (float)fmod(s->time * t->spin, 2.0 * GLM_PI) + 0.6f * (float)i, model);
        glm_scale_uni(model, t->scale);
        glUniformMatrix4fv(model_loc, 1, GL_FALSE, (const float *)model);
        set_material(p, t->albedo, t->specular, t->shininess, 0);
        glDrawElements(GL_TRIANGLES, s->teapot_index_count, GL_UNSIGNED_INT, NULL);
    }
    glBindVertexArray(0);
    glDisable(GL_DEPTH_TEST);
    GL_CHECK();
}

void scene_shutdown(scene *s)
{
    if (s->program) glDeleteProgram(s->program);
    GLuint vaos[2] = {s->teapot_vao, s->floor_vao};
    GLuint bufs[3] = {s->teapot_vbo, s->teapot_ibo, s->floor_vbo};
    GLuint texs[2] = {s->floor_texture, s->white_texture};
    glDeleteVertexArrays(2, vaos);
    glDeleteBuffers(3, bufs);
    glDeleteTextures(2, texs);
    memset(s, 0, sizeof *s);
}
