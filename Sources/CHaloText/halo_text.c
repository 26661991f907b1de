#include "halo_text.h"
#include <hb.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_TRUETYPE_TABLES_H
#include <fontconfig/fontconfig.h>
#include <stdlib.h>
#include <string.h>

static void copy_string(char *dst, size_t capacity, const char *src) {
    if (capacity == 0) return;
    size_t n = strlen(src);
    if (n >= capacity) n = capacity - 1;
    memcpy(dst, src, n);
    dst[n] = 0;
}

int halo_fc_match(const char *pattern, char *families, size_t families_capacity,
                  char *file, size_t file_capacity, int *index) {
    static int initialised;
    if (!initialised) {
        if (!FcInit()) return -1;
        // fontconfig's configuration and caches live until FcFini: free them at exit, so a
        // leak checker sees no allocation outstanding.
        atexit(FcFini);
        initialised = 1;
    }
    FcPattern *p = FcNameParse((const FcChar8 *)pattern);
    if (!p) return -2;
    FcConfigSubstitute(NULL, p, FcMatchPattern);
    FcDefaultSubstitute(p);
    FcResult result;
    FcPattern *m = FcFontMatch(NULL, p, &result);
    FcPatternDestroy(p);
    if (!m) return -3;
    size_t used = 0;
    if (families_capacity > 0) families[0] = 0;
    FcChar8 *s;
    for (int i = 0; FcPatternGetString(m, FC_FAMILY, i, &s) == FcResultMatch; i++) {
        size_t n = strlen((const char *)s);
        if (used + n + 2 > families_capacity) break;
        if (used > 0) families[used++] = '\t';
        memcpy(families + used, s, n);
        used += n;
        families[used] = 0;
    }
    if (FcPatternGetString(m, FC_FILE, 0, &s) == FcResultMatch) copy_string(file, file_capacity, (const char *)s);
    else copy_string(file, file_capacity, "");
    int idx = 0;
    if (FcPatternGetInteger(m, FC_INDEX, 0, &idx) != FcResultMatch) idx = 0;
    *index = idx;
    FcPatternDestroy(m);
    return 0;
}

static FT_Library library;
static int library_ready;

void *halo_ft_open(const char *path, long face_index, int *error) {
    if (!library_ready) {
        FT_Error e = FT_Init_FreeType(&library);
        if (e) { *error = e; return NULL; }
        library_ready = 1;
    }
    FT_Face face;
    FT_Error e = FT_New_Face(library, path, face_index, &face);
    *error = e;
    return e ? NULL : face;
}

void halo_ft_close(void *face) { if (face) FT_Done_Face((FT_Face)face); }

static int has_table(FT_Face face, FT_ULong tag) {
    FT_ULong length = 0;
    return FT_Load_Sfnt_Table(face, tag, 0, NULL, &length) == 0 && length > 0;
}

int halo_ft_metrics(void *f, int *units_per_em, int *ascender, int *descender, int *has_outlines) {
    FT_Face face = (FT_Face)f;
    TT_HoriHeader *hhea = (TT_HoriHeader *)FT_Get_Sfnt_Table(face, FT_SFNT_HHEA);
    if (!hhea) return -1;
    // The head table's, not face->units_per_EM, which FreeType leaves 0 for a face
    // without outlines.
    TT_Header *head = (TT_Header *)FT_Get_Sfnt_Table(face, FT_SFNT_HEAD);
    if (!head || head->Units_Per_EM == 0) return -2;
    *units_per_em = head->Units_Per_EM;
    *ascender = hhea->Ascender;
    *descender = hhea->Descender;
    *has_outlines = has_table(face, FT_MAKE_TAG('g', 'l', 'y', 'f')) || has_table(face, FT_MAKE_TAG('C', 'F', 'F', ' '))
                 || has_table(face, FT_MAKE_TAG('C', 'F', 'F', '2'));
    return 0;
}

typedef struct { halo_outline_op *ops; long capacity, count; } sink;
typedef struct { double x, y; } point;

static void emit(sink *s, char verb, const point *c1, const point *c2, point p) {
    if (s->count < s->capacity) {
        halo_outline_op *o = &s->ops[s->count];
        o->verb = verb;
        o->x1 = c1 ? c1->x : 0; o->y1 = c1 ? c1->y : 0;
        o->x2 = c2 ? c2->x : 0; o->y2 = c2 ? c2->y : 0;
        o->x = p.x; o->y = p.y;
    }
    s->count++;
}

static point mid(point a, point b) { point m = { (a.x + b.x) / 2, (a.y + b.y) / 2 }; return m; }

// The elements of one contour, points first ... last: FT_Outline_Decompose's walk
// (ftoutln.c), with the on-curve points implied between two conic control points taken
// exactly, in double, where FreeType halves in integers (truncating 840.5 to 840).
static int contour(const FT_Outline *o, int first, int last, sink *s) {
    point v[2] = { { (double)o->points[first].x, (double)o->points[first].y },
                   { (double)o->points[last].x, (double)o->points[last].y } };
    point start = v[0];
    int at = first, limit = last;
    char tag = FT_CURVE_TAG(o->tags[first]);
    if (tag == FT_CURVE_TAG_CUBIC) return -1;
    if (tag == FT_CURVE_TAG_CONIC) {
        // A contour may start at a control point: start at its last point where that is
        // on the curve, else midway between the two.
        if (FT_CURVE_TAG(o->tags[last]) == FT_CURVE_TAG_ON) { start = v[1]; limit--; }
        else start = mid(v[0], v[1]);
        at--;
    }
    emit(s, 'M', NULL, NULL, start);
    while (at < limit) {
        at++;
        point p = { (double)o->points[at].x, (double)o->points[at].y };
        tag = FT_CURVE_TAG(o->tags[at]);
        if (tag == FT_CURVE_TAG_ON) { emit(s, 'L', NULL, NULL, p); continue; }
        if (tag == FT_CURVE_TAG_CONIC) {
            point control = p;
            for (;;) {
                if (at >= limit) { emit(s, 'Q', &control, NULL, start); return 0; }
                at++;
                point q = { (double)o->points[at].x, (double)o->points[at].y };
                tag = FT_CURVE_TAG(o->tags[at]);
                if (tag == FT_CURVE_TAG_ON) { emit(s, 'Q', &control, NULL, q); break; }
                if (tag != FT_CURVE_TAG_CONIC) return -1;
                emit(s, 'Q', &control, NULL, mid(control, q));
                control = q;
            }
            continue;
        }
        // Cubic: two control points, then an end point (or the start, closing the contour).
        if (at + 1 > limit || FT_CURVE_TAG(o->tags[at + 1]) != FT_CURVE_TAG_CUBIC) return -1;
        point c2 = { (double)o->points[at + 1].x, (double)o->points[at + 1].y };
        at += 2;
        if (at <= limit) {
            point q = { (double)o->points[at].x, (double)o->points[at].y };
            emit(s, 'C', &p, &c2, q);
            continue;
        }
        emit(s, 'C', &p, &c2, start);
        return 0;
    }
    emit(s, 'L', NULL, NULL, start);
    return 0;
}

long halo_ft_outline(void *f, unsigned glyph, halo_outline_op *ops, long capacity) {
    FT_Face face = (FT_Face)f;
    if (FT_Load_Glyph(face, glyph, FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)) return -1;
    if (face->glyph->format != FT_GLYPH_FORMAT_OUTLINE) return 0;
    const FT_Outline *o = &face->glyph->outline;
    sink s = { ops, capacity, 0 };
    int first = 0;
    for (int n = 0; n < o->n_contours; n++) {
        int last = o->contours[n];
        if (last < first || last >= o->n_points) return -1;
        if (contour(o, first, last, &s)) return -1;
        first = last + 1;
    }
    return s.count;
}
