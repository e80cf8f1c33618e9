/* The depth of field's ground truth: the scene rendered from N points spread over the
 * thin lens and averaged (Haeberli and Akeley's accumulation buffer; the lens and its
 * camera moves are dof_lens.h). Its CoC is the post-process's (dof_radius) for the same
 * focus and aperture, so the two can be compared pixel for pixel. Views can be added a
 * few at a time (the window mode accumulates progressively). */
#ifndef SCANWORKS_DOF_DOF_REFERENCE_H
#define SCANWORKS_DOF_DOF_REFERENCE_H

#include "gl/gl_util.h"
#include "scene/camera.h"
#include "scene/scene.h"

/* Views the reference accepts (--dof-reference N). */
#define DOF_REFERENCE_MAX_VIEWS 4096

typedef struct dof_reference {
    gl_target view;       /* one view from the lens: the scene's formats */
    gl_target sum;        /* RGBA32F running sum */
    gl_target result;     /* RGBA16F sum / views: the picture */
    GLuint program, vao;
    int views, planned;   /* added so far, of PLANNED (the sample pattern's size) */
    float focus, aperture;
} dof_reference;

int dof_reference_init(dof_reference *r, int w, int h, sw_error *err);
void dof_reference_shutdown(dof_reference *r);
int dof_reference_resize(dof_reference *r, int w, int h, sw_error *err);

/* Starts a reference of PLANNED views (1..DOF_REFERENCE_MAX_VIEWS) for FOCUS and APERTURE. */
int dof_reference_begin(dof_reference *r, int planned, float focus, float aperture, sw_error *err);
/* Renders up to COUNT more views of the scene S through CAM and updates r->result;
 * returns the views added in all. */
int dof_reference_add(dof_reference *r, const scene *s, const orbit_camera *cam, int count);
int dof_reference_done(const dof_reference *r);

/* The whole reference at once: begin, add every view. */
int dof_reference_render(dof_reference *r, const scene *s, const orbit_camera *cam, int views, float focus,
                         float aperture, sw_error *err);

#endif
