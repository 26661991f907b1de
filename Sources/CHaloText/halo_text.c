#include "halo_text.h"
#include <hb.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
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

int halo_ft_metrics(void *f, int *units_per_em, int *ascender, int *descender) {
    FT_Face face = (FT_Face)f;
    TT_HoriHeader *hhea = (TT_HoriHeader *)FT_Get_Sfnt_Table(face, FT_SFNT_HHEA);
    if (!hhea || face->units_per_EM == 0) return -1;
    *units_per_em = face->units_per_EM;
    *ascender = hhea->Ascender;
    *descender = hhea->Descender;
    return 0;
}

typedef struct { halo_outline_op *ops; long capacity, count; } sink;

static void emit(sink *s, char verb, const FT_Vector *c1, const FT_Vector *c2, const FT_Vector *p) {
    if (s->count < s->capacity) {
        halo_outline_op *o = &s->ops[s->count];
        o->verb = verb;
        o->x1 = c1 ? c1->x : 0; o->y1 = c1 ? c1->y : 0;
        o->x2 = c2 ? c2->x : 0; o->y2 = c2 ? c2->y : 0;
        o->x = p->x; o->y = p->y;
    }
    s->count++;
}
static int move_to(const FT_Vector *p, void *u) { emit(u, 'M', NULL, NULL, p); return 0; }
static int line_to(const FT_Vector *p, void *u) { emit(u, 'L', NULL, NULL, p); return 0; }
static int conic_to(const FT_Vector *c, const FT_Vector *p, void *u) { emit(u, 'Q', c, NULL, p); return 0; }
static int cubic_to(const FT_Vector *c1, const FT_Vector *c2, const FT_Vector *p, void *u) { emit(u, 'C', c1, c2, p); return 0; }

long halo_ft_outline(void *f, unsigned glyph, halo_outline_op *ops, long capacity) {
    FT_Face face = (FT_Face)f;
    if (FT_Load_Glyph(face, glyph, FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)) return -1;
    if (face->glyph->format != FT_GLYPH_FORMAT_OUTLINE) return 0;
    FT_Outline_Funcs funcs = { move_to, line_to, conic_to, cubic_to, 0, 0 };
    sink s = { ops, capacity, 0 };
    if (FT_Outline_Decompose(&face->glyph->outline, &funcs, &s)) return -1;
    return s.count;
}
