#ifndef SCENEFLOW_CIMAGESHIM_H
#define SCENEFLOW_CIMAGESHIM_H
/* What Sceneflow needs from the image libraries behind SDL_image that SDL_image does not offer:
 * libpng's rounding 16-to-8-bit reduction, libtiff's messages kept instead of printed, and GIFs
 * decoded by giflib (SDL_image 2.6.3's own GIF decoder crashes on damaged LZW data). Errors
 * never unwind through Swift: libpng's longjmp stays inside sf_png_decode_rgba8. */
#include <stddef.h>

/* Decodes the PNG in data[0..<size] to 8-bit RGBA in out (width x height x 4 bytes, rows top to
 * bottom, no padding) with libpng: 16-bit samples scaled with rounding (png_set_scale_16, v * 255
 * / 65535 to the nearest), palettes, low bit depths and tRNS expanded, grey turned to RGB,
 * alpha 255 added when the image has none. Gamma chunks are ignored, as SDL_image ignores them.
 * Returns 0 on success; otherwise non-zero with libpng's message in error (NUL-terminated). */
int sf_png_decode_rgba8(const unsigned char *data, size_t size, unsigned char *out, size_t width,
                        size_t height, char *error, size_t error_size);

/* Reads the PNG in data[0..<size] with libpng up to its first image data (png_read_info), which
 * checks what libpng refuses before any pixel: the IHDR's colour type, bit depth and sizes, a
 * second or misplaced IHDR, a palette image without PLTE. No message is printed. Returns 0 when
 * libpng accepts it; otherwise non-zero with libpng's message in error (NUL-terminated). */
int sf_png_check_info(const unsigned char *data, size_t size, char *error, size_t error_size);

/* Makes libtiff keep its error and warning messages (the last error per thread) instead of
 * printing them on standard error. Idempotent; call before decoding TIFFs. */
void sf_tiff_keep_messages(void);

/* Copies the last libtiff error of this thread into buffer (empty when none) and forgets it. */
void sf_tiff_take_error(char *buffer, size_t size);

/* Decodes the first frame of the GIF in data[0..<size] with giflib to 8-bit RGBA in out (width x
 * height x 4 bytes, rows top to bottom): the frame at its own size, which must be width x height
 * (what ImageHeader read), not placed in the logical screen, as SDL_image returns it. Colours come
 * from the frame's local colour table, else the global one; interlaced rows are put in place; the
 * transparent index of a graphic control extension before the frame gets alpha 0 (colour kept);
 * an index past the colour table is opaque black. Nothing after the first frame is read.
 * Returns 0 on success; otherwise non-zero with giflib's message (or one saying what is wrong:
 * no frame, a frame of another size) in error (NUL-terminated). */
int sf_gif_decode_rgba8(const unsigned char *data, size_t size, unsigned char *out, size_t width,
                        size_t height, char *error, size_t error_size);
#endif
