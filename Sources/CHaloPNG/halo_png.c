#include "halo_png.h"

#include <errno.h>
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct {
    char *err;
    size_t errlen;
    FILE *fp;
    size_t offset;   // bytes read or written so far
    int reading;
    int reported;    // err already holds the message (from an I/O callback)
} halo_png_ctx;

static void halo_png_error(png_structp png, png_const_charp msg) {
    halo_png_ctx *ctx = (halo_png_ctx *)png_get_error_ptr(png);
    if (ctx && ctx->err && ctx->errlen && !ctx->reported) {
        // libpng's own messages ("IDAT: CRC error", "invalid distance too far back")
        // come from damaged data.
        if (ctx->reading) snprintf(ctx->err, ctx->errlen, "corrupt PNG: %s", msg);
        else snprintf(ctx->err, ctx->errlen, "%s", msg);
    }
    png_longjmp(png, 1);
}

// I/O callbacks in place of libpng's (whose messages are a bare "Read Error" /
// "Write Error"): they say what happened and where.
static void halo_png_read_data(png_structp png, png_bytep data, size_t length) {
    halo_png_ctx *ctx = (halo_png_ctx *)png_get_io_ptr(png);
    size_t n = fread(data, 1, length, ctx->fp);
    if (n != length) {
        if (ferror(ctx->fp))
            snprintf(ctx->err, ctx->errlen, "cannot read after byte %zu: %s", ctx->offset + n, strerror(errno));
        else
            snprintf(ctx->err, ctx->errlen, "truncated PNG: the file ends after %zu bytes", ctx->offset + n);
        ctx->reported = 1;
        png_error(png, "read failed");
    }
    ctx->offset += n;
}

static void halo_png_write_data(png_structp png, png_bytep data, size_t length) {
    halo_png_ctx *ctx = (halo_png_ctx *)png_get_io_ptr(png);
    errno = 0;
    if (fwrite(data, 1, length, ctx->fp) != length) {
        snprintf(ctx->err, ctx->errlen, "write failed: %s", errno ? strerror(errno) : "short write");
        ctx->reported = 1;
        png_error(png, "write failed");
    }
    ctx->offset += length;
}

static void halo_png_flush(png_structp png) {
    halo_png_ctx *ctx = (halo_png_ctx *)png_get_io_ptr(png);
    if (fflush(ctx->fp) != 0) {
        snprintf(ctx->err, ctx->errlen, "write failed: %s", strerror(errno));
        ctx->reported = 1;
        png_error(png, "write failed");
    }
}

static void halo_png_warning(png_structp png, png_const_charp msg) {
    (void)png;
    (void)msg; // warnings (e.g. unknown chunks) are not failures
}

int halo_png_write_rgba8_fd(int fd, uint32_t width, uint32_t height,
                            const uint8_t *rgba, const char *text_key, const char *text_value,
                            char *err, size_t errlen) {
    halo_png_ctx ctx = {err, errlen, NULL, 0, 0, 0};
    FILE *fp = fdopen(fd, "wb");
    if (!fp) {
        snprintf(err, errlen, "cannot open for writing: %s", strerror(errno));
        close(fd);
        return -1;
    }
    ctx.fp = fp;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &ctx, halo_png_error, halo_png_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) {
        snprintf(err, errlen, "out of memory");
        png_destroy_write_struct(&png, &info);
        fclose(fp);
        return -1;
    }
    png_bytep *volatile rows = NULL;  // volatile: read after longjmp
    if (setjmp(png_jmpbuf(png))) {
        free(rows);
        png_destroy_write_struct(&png, &info);
        fclose(fp);
        return -1;
    }
    rows = (png_bytep *)malloc(sizeof(png_bytep) * (height ? height : 1));
    if (!rows) png_error(png, "out of memory");
    for (uint32_t y = 0; y < height; y++) rows[y] = (png_bytep)(rgba + (size_t)y * width * 4);
    png_set_write_fn(png, &ctx, halo_png_write_data, halo_png_flush);
    png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_sRGB_gAMA_and_cHRM(png, info, PNG_sRGB_INTENT_PERCEPTUAL);
    png_set_compression_level(png, 6);
    if (text_key && text_value) {
        png_text text;
        memset(&text, 0, sizeof text);
        text.compression = PNG_TEXT_COMPRESSION_NONE;
        text.key = (png_charp)text_key;
        text.text = (png_charp)text_value;
        text.text_length = strlen(text_value);
        png_set_text(png, info, &text, 1);
    }
    png_write_info(png, info);
    png_write_image(png, rows);
    png_write_end(png, info);
    free(rows);
    png_destroy_write_struct(&png, &info);
    if (fflush(fp) != 0 || ferror(fp)) {
        snprintf(err, errlen, "write failed: %s", strerror(errno));
        fclose(fp);
        return -1;
    }
    if (fclose(fp) != 0) {
        snprintf(err, errlen, "write failed: %s", strerror(errno));
        return -1;
    }
    return 0;
}

int halo_png_read_rgba8(const char *path, uint32_t max_side, uint32_t *width,
                        uint32_t *height, uint8_t **pixels, char *err, size_t errlen) {
    halo_png_ctx ctx = {err, errlen, NULL, 8, 1, 0};
    *pixels = NULL;
    FILE *fp = fopen(path, "rb");
    if (!fp) {
        if (errno == ENOENT) snprintf(err, errlen, "no such file");
        else snprintf(err, errlen, "cannot open: %s", strerror(errno));
        return -1;
    }
    ctx.fp = fp;
    unsigned char sig[8];
    size_t got = fread(sig, 1, 8, fp);
    if (got == 0 && ferror(fp)) {
        snprintf(err, errlen, "cannot read: %s", strerror(errno));  // e.g. a folder
        fclose(fp);
        return -1;
    }
    if (got == 0) {
        snprintf(err, errlen, "not a PNG file: the file is empty");
        fclose(fp);
        return -1;
    }
    if (png_sig_cmp(sig, 0, got) != 0) {
        snprintf(err, errlen, "not a PNG file: it does not start with the PNG signature");
        fclose(fp);
        return -1;
    }
    if (got < 8) {
        snprintf(err, errlen, "truncated PNG: the file ends after %zu bytes, inside its signature", got);
        fclose(fp);
        return -1;
    }
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &ctx, halo_png_error, halo_png_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) {
        snprintf(err, errlen, "out of memory");
        png_destroy_read_struct(&png, &info, NULL);
        fclose(fp);
        return -1;
    }
    uint8_t *volatile buffer = NULL;
    png_bytep *volatile rows = NULL;
    if (setjmp(png_jmpbuf(png))) {
        free(rows);
        free(buffer);
        png_destroy_read_struct(&png, &info, NULL);
        fclose(fp);
        return -1;
    }
    png_set_read_fn(png, &ctx, halo_png_read_data);
    png_set_sig_bytes(png, 8);
    // The size is checked here, from the header, so the message can give it:
    // libpng's own limit would only say "exceeds user limit".
    png_set_user_limits(png, 0x7fffffff, 0x7fffffff);
    png_read_info(png, info);
    png_uint_32 w = png_get_image_width(png, info), h = png_get_image_height(png, info);
    if (w == 0 || h == 0 || w > max_side || h > max_side) {
        snprintf(err, errlen, "the header says %ux%u pixels; at most %u a side", (unsigned)w, (unsigned)h, max_side);
        ctx.reported = 1;
        png_longjmp(png, 1);
    }
    int color = png_get_color_type(png, info);
    int depth = png_get_bit_depth(png, info);
    if (depth == 16) png_set_scale_16(png);  // rounds v * 255 / 65535 (strip_16 would truncate)
    if (color == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
    if (color == PNG_COLOR_TYPE_GRAY || color == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    if (!(color & PNG_COLOR_MASK_ALPHA) && !png_get_valid(png, info, PNG_INFO_tRNS))
        png_set_filler(png, 0xFF, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)w * 4) {
        snprintf(err, errlen, "unsupported PNG layout: %zu bytes a row after conversion", (size_t)png_get_rowbytes(png, info));
        ctx.reported = 1;
        png_longjmp(png, 1);
    }
    buffer = (uint8_t *)malloc((size_t)w * h * 4);
    rows = (png_bytep *)malloc(sizeof(png_bytep) * h);
    if (!buffer || !rows) {
        snprintf(err, errlen, "out of memory for %ux%u pixels", (unsigned)w, (unsigned)h);
        ctx.reported = 1;
        png_longjmp(png, 1);
    }
    for (png_uint_32 y = 0; y < h; y++) rows[y] = buffer + (size_t)y * w * 4;
    png_read_image(png, rows);
    png_read_end(png, NULL);
    free(rows);
    png_destroy_read_struct(&png, &info, NULL);
    fclose(fp);
    *width = w;
    *height = h;
    *pixels = buffer;
    return 0;
}

void halo_png_free(uint8_t *pixels) { free(pixels); }
