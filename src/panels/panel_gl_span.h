/* The GPU time of a stretch of GL work, for a panel and its HUD time: a GL timer query
 * (GL_TIME_ELAPSED), read at once (the callers read results back anyway). On Mesa's
 * llvmpipe the queries are taken when the rasterizer runs a batch of draws, while its
 * compute dispatches run at once on the CPU, so they never see compute work (they read
 * 0 or another batch's time): there the span is the host clock around the work, with
 * glFinish on both sides, and says so. */
#ifndef SCANWORKS_PANELS_PANEL_GL_SPAN_H
#define SCANWORKS_PANELS_PANEL_GL_SPAN_H

#include <stdbool.h>

#include "gl/gl.h"

typedef struct panel_gl_span {
    GLuint query;
    bool host_clock;   /* llvmpipe: the host clock instead of the query */
    double t0;
} panel_gl_span;

void panel_gl_span_init(panel_gl_span *s);
void panel_gl_span_destroy(panel_gl_span *s);
void panel_gl_span_begin(panel_gl_span *s);
/* Milliseconds since begin (waits for the work). */
double panel_gl_span_end(panel_gl_span *s);
/* "GL timer query" or "host clock (llvmpipe)". */
const char *panel_gl_span_how(const panel_gl_span *s);

#endif
