#include "panels/panel_gl_span.h"

#include <string.h>

#include "util/clock.h"

void panel_gl_span_init(panel_gl_span *s)
{
    memset(s, 0, sizeof *s);
    glGenQueries(1, &s->query);
    const char *r = (const char *)glGetString(GL_RENDERER);
    s->host_clock = r && strstr(r, "llvmpipe");
}

void panel_gl_span_destroy(panel_gl_span *s)
{
    if (s->query) glDeleteQueries(1, &s->query);
    s->query = 0;
}

void panel_gl_span_begin(panel_gl_span *s)
{
    if (s->host_clock) {
        glFinish();
        s->t0 = sw_clock_ms();
    } else {
        glBeginQuery(GL_TIME_ELAPSED, s->query);
    }
}

double panel_gl_span_end(panel_gl_span *s)
{
    if (s->host_clock) {
        glFinish();
        return sw_clock_ms() - s->t0;
    }
    glEndQuery(GL_TIME_ELAPSED);
    GLuint64 ns = 0;
    glGetQueryObjectui64v(s->query, GL_QUERY_RESULT, &ns);
    return (double)ns * 1e-6;
}

const char *panel_gl_span_how(const panel_gl_span *s) { return s->host_clock ? "host clock (llvmpipe)" : "GL timer query"; }
