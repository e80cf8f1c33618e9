#include "gfx/font_atlas.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <stb_rect_pack.h>   /* implementations: src/io/stb_impl.c */
#include <stb_truetype.h>

#include "io/embedded.h"

#define FONT_FILE "assets/fonts/DejaVuSansMono.ttf"
#define FONT_MAX_SETS 48

typedef struct glyph_set {
    int px;
    stbtt_packedchar chars[FONT_CHAR_COUNT];
} glyph_set;

struct font_atlas {
    const unsigned char *ttf;
    unsigned char *pixels;
    int width, height;
    unsigned version;
    stbtt_pack_context pack;
    bool packing, full;
    glyph_set sets[FONT_MAX_SETS];
    int set_count;
};

static const unsigned char *font_file(sw_error *err)
{
    const struct embedded_file *e = embedded_find(FONT_FILE, err);
    if (!e) return NULL;
    if (stbtt_GetFontOffsetForIndex(e->data, 0) < 0) {
        sw_fail(err, "%s (%zu bytes) is not a TrueType font; rebuild to re-embed it", FONT_FILE, e->size);
        return NULL;
    }
    return e->data;
}

const font_metrics *font_metrics_get(sw_error *err)
{
    static font_metrics m;
    static int ready;   /* 1 read, -1 failed */
    if (ready > 0) return &m;
    const unsigned char *ttf = font_file(err);
    stbtt_fontinfo info;
    if (!ttf || !stbtt_InitFont(&info, ttf, 0)) {
        if (ttf) sw_fail(err, "%s: stb_truetype cannot read its tables; rebuild to re-embed it", FONT_FILE);
        ready = -1;
        return NULL;
    }
    float em = stbtt_ScaleForMappingEmToPixels(&info, 1.0f);
    int ascent, descent, gap, advance, bearing;
    stbtt_GetFontVMetrics(&info, &ascent, &descent, &gap);
    stbtt_GetCodepointHMetrics(&info, 'M', &advance, &bearing);
    m.advance = (float)advance * em;
    m.ascent = (float)ascent * em;
    m.descent = (float)descent * em;
    m.line = (float)(ascent - descent + gap) * em;
    ready = 1;
    return &m;
}

int font_px(float px)
{
    int p = (int)floorf(px + 0.5f);
    return p < FONT_MIN_PX ? FONT_MIN_PX : p > FONT_MAX_PX ? FONT_MAX_PX : p;
}

int font_atlas_create(font_atlas **out, int width, int height, sw_error *err)
{
    *out = NULL;
    font_atlas *f = sw_calloc(1, sizeof *f, "the font atlas", err);
    if (!f) return -1;
    f->ttf = font_file(err);
    f->pixels = f->ttf ? sw_calloc((size_t)width * height, 1, "the font atlas bitmap", err) : NULL;
    if (!f->pixels) {
        free(f);
        return -1;
    }
    f->width = width;
    f->height = height;
    if (!stbtt_PackBegin(&f->pack, f->pixels, width, height, 0, 1, NULL)) {
        free(f->pixels);
        free(f);
        return sw_fail(err, "font atlas: stb_truetype could not start packing %dx%d (out of memory)", width, height);
    }
    f->packing = true;
    stbtt_PackSetOversampling(&f->pack, 1, 1);   /* one texel a pixel: crisp at its size */
    *out = f;
    return 0;
}

void font_atlas_destroy(font_atlas *f)
{
    if (!f) return;
    if (f->packing) stbtt_PackEnd(&f->pack);
    free(f->pixels);
    free(f);
}

static int nearest_set(const font_atlas *f, int px)
{
    int best = -1;
    for (int i = 0; i < f->set_count; i++)
        if (best < 0 || abs(f->sets[i].px - px) < abs(f->sets[best].px - px)) best = i;
    return best;
}

int font_atlas_set(font_atlas *f, float px_wanted, int *drawn_px)
{
    int px = font_px(px_wanted);
    for (int i = 0; i < f->set_count; i++)
        if (f->sets[i].px == px) {
            *drawn_px = px;
            return i;
        }
    if (!f->full && f->set_count < FONT_MAX_SETS) {
        glyph_set *s = &f->sets[f->set_count];
        s->px = px;
        if (stbtt_PackFontRange(&f->pack, f->ttf, 0, STBTT_POINT_SIZE((float)px), FONT_FIRST_CHAR, FONT_CHAR_COUNT,
                                s->chars)) {
            f->version++;
            *drawn_px = px;
            return f->set_count++;
        }
        f->full = true;   /* a partial set is dropped; its texels stay unused */
        f->version++;
    }
    int i = nearest_set(f, px);
    *drawn_px = i >= 0 ? f->sets[i].px : px;
    return i;
}

bool font_atlas_quad(const font_atlas *f, int set, int c, float *x, float baseline, float scale, font_quad *q)
{
    if (set < 0 || set >= f->set_count) return false;
    if (c < FONT_FIRST_CHAR || c >= FONT_FIRST_CHAR + FONT_CHAR_COUNT) c = '?';
    const stbtt_packedchar *b = &f->sets[set].chars[c - FONT_FIRST_CHAR];
    float pen = *x;
    *x += b->xadvance * scale;
    if (b->x1 <= b->x0 || b->y1 <= b->y0) return false;
    /* Whole pixels: the pen and the baseline are rounded, the glyph keeps its size. */
    float x0 = floorf(pen + b->xoff * scale + 0.5f), y0 = floorf(baseline + 0.5f) + floorf(b->yoff * scale + 0.5f);
    q->x0 = x0;
    q->y0 = y0;
    q->x1 = x0 + (float)(b->x1 - b->x0) * scale;
    q->y1 = y0 + (float)(b->y1 - b->y0) * scale;
    q->u0 = (float)b->x0 / (float)f->width;
    q->v0 = (float)b->y0 / (float)f->height;
    q->u1 = (float)b->x1 / (float)f->width;
    q->v1 = (float)b->y1 / (float)f->height;
    return true;
}

const unsigned char *font_atlas_pixels(const font_atlas *f, int *width, int *height, unsigned *version)
{
    *width = f->width;
    *height = f->height;
    *version = f->version;
    return f->pixels;
}
