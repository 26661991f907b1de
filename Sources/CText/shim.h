// HarfBuzz (shaping), FreeType (glyph outlines), fontconfig (font matching): Debian
// libharfbuzz-dev, libfreetype-dev, libfontconfig-dev.
#include <hb.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include FT_TRUETYPE_TABLES_H
#include <fontconfig/fontconfig.h>
