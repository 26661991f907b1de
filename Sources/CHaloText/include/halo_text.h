#ifndef HALO_TEXT_H
#define HALO_TEXT_H
// C helpers around fontconfig and FreeType whose APIs are callback- or pattern-based.
#include <stddef.h>

/// fontconfig's match for a pattern string, as `fc-match PATTERN` finds it: FcNameParse,
/// FcConfigSubstitute (FcMatchPattern), FcDefaultSubstitute, FcFontMatch. On success returns
/// 0 and writes the match's family names (tab-separated) into `families`, its file into
/// `file` (each NUL-terminated, truncated to their capacity) and its face index; returns
/// -1 when fontconfig cannot start, -2 when the pattern does not parse, -3 when nothing
/// matches.
int halo_fc_match(const char *pattern, char *families, size_t families_capacity,
                  char *file, size_t file_capacity, int *index);

/// One outline element in font units (y up): verb 'M' (move to p), 'L' (line to p),
/// 'Q' (quadratic through c1 to p), 'C' (cubic through c1, c2 to p).
typedef struct {
    char verb;
    double x1, y1, x2, y2, x, y;
} halo_outline_op;

/// A FreeType face opened from a file; NULL when the file cannot be read as a font.
/// `error` receives FreeType's error code.
void *halo_ft_open(const char *path, long face_index, int *error);
void halo_ft_close(void *face);
/// The head table's units per em, the hhea table's ascender and descender (font units),
/// and whether the face has glyph outlines (a glyf, CFF or CFF2 table: a colour bitmap
/// font, CBDT or sbix alone, has none); 0 on success, -1 when the face has no hhea table
/// (not an OpenType/TrueType font), -2 when it has no head table or one of 0 units per em.
int halo_ft_metrics(void *face, int *units_per_em, int *ascender, int *descender, int *has_outlines);
/// The unhinted outline of `glyph` in font units (FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING),
/// its implied on-curve points (midway between two quadratic control points) exact:
/// writes up to `capacity` elements and returns how many there are (call again with a
/// larger buffer when that exceeds the capacity), or -1 when the glyph cannot be loaded or
/// its outline is malformed.
long halo_ft_outline(void *face, unsigned glyph, halo_outline_op *ops, long capacity);
#endif
