/* The demo's 3D scene: Utah teapots of several materials at clearly different
 * depths on a textured floor, lit with Blinn-Phong. It renders into a target with
 * colour 0 = RGBA16F linear radiance and colour 1 = R32F linear view-space depth
 * (distance along the view axis; CUDA cannot register depth textures). */
#ifndef SCANWORKS_SCENE_SCENE_H
#define SCANWORKS_SCENE_SCENE_H

#include "gl/gl_util.h"
#include "scene/camera.h"

#define SCENE_TEAPOTS 7
/* Linear depth written where nothing was drawn (the sky). */
#define SCENE_SKY_DEPTH 1000.0f

typedef struct scene {
    GLuint program;
    GLuint teapot_vao, teapot_vbo, teapot_ibo;
    GLsizei teapot_index_count;
    GLuint floor_vao, floor_vbo;
    GLuint floor_texture, white_texture;
    double time;          /* animation clock, seconds */
    int teapot_grid;
} scene;

/* The formats scene_draw expects in its target. */
extern const GLenum scene_target_formats[2];

int scene_init(scene *s, sw_error *err);
void scene_update(scene *s, double dt);
/* Clears TARGET and draws the scene into it. */
void scene_draw(const scene *s, const orbit_camera *cam, const gl_target *target);
/* The same from the given VIEW and PROJ, with EYE (world) for the lighting (the thin-lens
 * reference, src/dof/dof_reference.c, moves the eye over the lens). */
void scene_draw_view(const scene *s, const mat4 view, const mat4 proj, const vec3 eye, const gl_target *target);
void scene_shutdown(scene *s);

#endif
