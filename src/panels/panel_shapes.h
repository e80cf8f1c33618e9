/* Lines and arrows in a panel's own pixels (origin at its top-left corner, y down),
 * collected as triangles and drawn at once, under the panel's text and rectangles
 * (which the app draws after the panel's draw). */
#ifndef SCANWORKS_PANELS_PANEL_SHAPES_H
#define SCANWORKS_PANELS_PANEL_SHAPES_H

#include <stddef.h>

#include "panels/panel.h"

typedef struct panel_shape_vertex {
    float x, y;
    unsigned char rgba[4];
} panel_shape_vertex;

typedef struct panel_shapes {
    GLuint program, vao, vbo;
    GLint size_loc;
    panel_shape_vertex *verts;
    size_t count, capacity, vbo_capacity;
} panel_shapes;

int panel_shapes_init(panel_shapes *s, sw_error *err);
void panel_shapes_destroy(panel_shapes *s);
void panel_shapes_begin(panel_shapes *s);
/* A segment WIDTH pixels wide. */
void panel_shapes_line(panel_shapes *s, float x0, float y0, float x1, float y1, float width,
                       const unsigned char rgba[4]);
/* A segment with an arrow head of HEAD pixels at (X1, Y1). */
void panel_shapes_arrow(panel_shapes *s, float x0, float y0, float x1, float y1, float width, float head,
                        const unsigned char rgba[4]);
/* Draws what was collected into F's rectangle (the viewport the app set), blended. */
void panel_shapes_draw(panel_shapes *s, const panel_frame *f);

#endif
