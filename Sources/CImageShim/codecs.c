#include "CImageShim.h"

#include <dlfcn.h>
#include <png.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <tiffio.h>

/* ---- libpng ---- */

struct sf_png_source {
    const unsigned char *data;
    size_t size, offset;
    char *error;
    size_t error_size;
};

static void sf_png_read(png_structp png, png_bytep out, size_t length) {
    struct sf_png_source *source = png_get_io_ptr(png);
    if (length > source->size - source->offset) png_error(png, "the PNG data is cut short");
    memcpy(out, source->data + source->offset, length);
    source->offset += length;
}

static void sf_png_error(png_structp png, png_const_charp message) {
    struct sf_png_source *source = png_get_error_ptr(png);
    snprintf(source->error, source->error_size, "%s", message);
    png_longjmp(png, 1);
}

static void sf_png_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message; /* ancillary-chunk complaints, as SDL_image ignores them */
}

int sf_png_decode_rgba8(const unsigned char *data, size_t size, unsigned char *out, size_t width,
                        size_t height, char *error, size_t error_size) {
    struct sf_png_source source = {data, size, 0, error, error_size};
    if (error_size > 0) error[0] = 0;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &source, sf_png_error, sf_png_warning);
    if (!png) {
        snprintf(error, error_size, "libpng could not start");
        return 1;
    }
    png_infop info = png_create_info_struct(png);
    png_bytep *volatile rows = NULL;
    if (!info || setjmp(png_jmpbuf(png))) {
        png_free(png, rows);
        png_destroy_read_struct(&png, info ? &info : NULL, NULL);
        if (error_size > 0 && error[0] == 0) snprintf(error, error_size, "libpng could not decode it");
        return 1;
    }
    png_set_read_fn(png, &source, sf_png_read);
    png_read_info(png, info);
    if (png_get_image_width(png, info) != width || png_get_image_height(png, info) != height) {
        png_error(png, "the PNG size differs from its header");
    }
    png_set_scale_16(png);
    png_set_expand(png);
    png_set_gray_to_rgb(png);
    png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != width * 4) png_error(png, "libpng did not give 8-bit RGBA rows");
    rows = png_malloc(png, height * sizeof(png_bytep));
    for (size_t y = 0; y < height; y++) rows[y] = out + y * width * 4;
    png_read_image(png, rows);
    png_read_end(png, NULL);
    png_free(png, rows);
    png_destroy_read_struct(&png, &info, NULL);
    return 0;
}

int sf_png_check_info(const unsigned char *data, size_t size, char *error, size_t error_size) {
    struct sf_png_source source = {data, size, 0, error, error_size};
    if (error_size > 0) error[0] = 0;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &source, sf_png_error, sf_png_warning);
    if (!png) {
        snprintf(error, error_size, "libpng could not start");
        return 1;
    }
    png_infop info = png_create_info_struct(png);
    if (!info || setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, info ? &info : NULL, NULL);
        if (error_size > 0 && error[0] == 0) snprintf(error, error_size, "libpng could not read its header");
        return 1;
    }
    png_set_read_fn(png, &source, sf_png_read);
    png_read_info(png, info);
    png_destroy_read_struct(&png, &info, NULL);
    return 0;
}

/* ---- libtiff ---- */

static _Thread_local char sf_tiff_error[512];

static void sf_tiff_on_error(const char *module, const char *format, va_list arguments) {
    char text[400];
    vsnprintf(text, sizeof text, format, arguments);
    if (module && *module) {
        snprintf(sf_tiff_error, sizeof sf_tiff_error, "%s: %s", module, text);
    } else {
        snprintf(sf_tiff_error, sizeof sf_tiff_error, "%s", text);
    }
}

static void sf_tiff_on_warning(const char *module, const char *format, va_list arguments) {
    (void)module;
    (void)format;
    (void)arguments; /* unknown tags and the like: libtiff reads on */
}

/* libtiff is opened here, at the first TIFF, not linked: SDL_image decodes TIFFs with it and
   opens the same library (one copy per process), and nothing else needs it, so no other
   process start pays for it and its eight dependencies (libjpeg, libwebp, libzstd, liblzma,
   libLerc, libjbig, libdeflate). Its soname, libtiff.so.6, is the one every libtiff 4.5 and
   later has. Without it nothing is set: SDL_image, which needs it too, then cannot load. */
void sf_tiff_keep_messages(void) {
    void *tiff = dlopen("libtiff.so.6", RTLD_NOW | RTLD_LOCAL);
    if (!tiff) return;
    __typeof__(&TIFFSetErrorHandler) set_error = (__typeof__(&TIFFSetErrorHandler))dlsym(tiff, "TIFFSetErrorHandler");
    __typeof__(&TIFFSetWarningHandler) set_warning =
        (__typeof__(&TIFFSetWarningHandler))dlsym(tiff, "TIFFSetWarningHandler");
    if (set_error) set_error(sf_tiff_on_error);
    if (set_warning) set_warning(sf_tiff_on_warning);
}

void sf_tiff_take_error(char *buffer, size_t size) {
    if (size == 0) return;
    snprintf(buffer, size, "%s", sf_tiff_error);
    sf_tiff_error[0] = 0;
}
