#include "CImageShim.h"

#include <gif_lib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- giflib ---- */

struct sf_gif_source {
    const unsigned char *data;
    size_t size, offset;
};

static int sf_gif_read(GifFileType *gif, GifByteType *out, int length) {
    struct sf_gif_source *source = gif->UserData;
    size_t left = source->size - source->offset;
    size_t count = length < 0 ? 0 : (size_t)length;
    if (count > left) count = left; /* giflib reports the short read */
    memcpy(out, source->data + source->offset, count);
    source->offset += count;
    return (int)count;
}

static int sf_gif_fail(GifFileType *gif, int code, const char *message, char *error, size_t error_size) {
    const char *text = message ? message : GifErrorString(code);
    snprintf(error, error_size, "%s", text ? text : "giflib failed");
    if (gif) DGifCloseFile(gif, NULL);
    return 1;
}

/* Reads the frame's rows into indices (width x height bytes), interlaced rows in their place. */
static int sf_gif_read_rows(GifFileType *gif, GifPixelType *indices, int width, int height) {
    static const int starts[] = {0, 4, 2, 1}, steps[] = {8, 8, 4, 2};
    if (!gif->Image.Interlace) {
        for (int y = 0; y < height; y++)
            if (DGifGetLine(gif, indices + (size_t)y * width, width) == GIF_ERROR) return GIF_ERROR;
        return GIF_OK;
    }
    for (int pass = 0; pass < 4; pass++)
        for (int y = starts[pass]; y < height; y += steps[pass])
            if (DGifGetLine(gif, indices + (size_t)y * width, width) == GIF_ERROR) return GIF_ERROR;
    return GIF_OK;
}

int sf_gif_decode_rgba8(const unsigned char *data, size_t size, unsigned char *out, size_t width,
                        size_t height, char *error, size_t error_size) {
    if (error_size > 0) error[0] = 0;
    struct sf_gif_source source = {data, size, 0};
    int code = 0;
    GifFileType *gif = DGifOpen(&source, sf_gif_read, &code);
    if (!gif) return sf_gif_fail(NULL, code, NULL, error, error_size);
    int transparent = -1;
    for (;;) {
        GifRecordType type;
        if (DGifGetRecordType(gif, &type) == GIF_ERROR) return sf_gif_fail(gif, gif->Error, NULL, error, error_size);
        if (type == EXTENSION_RECORD_TYPE) {
            int function = 0;
            GifByteType *block = NULL;
            if (DGifGetExtension(gif, &function, &block) == GIF_ERROR)
                return sf_gif_fail(gif, gif->Error, NULL, error, error_size);
            if (function == GRAPHICS_EXT_FUNC_CODE && block && block[0] >= 4)
                transparent = (block[1] & 1) ? block[4] : -1; /* applies to the next frame */
            while (block)
                if (DGifGetExtensionNext(gif, &block) == GIF_ERROR)
                    return sf_gif_fail(gif, gif->Error, NULL, error, error_size);
            continue;
        }
        if (type == TERMINATE_RECORD_TYPE) return sf_gif_fail(gif, 0, "the GIF ends before its first frame", error, error_size);
        if (type != IMAGE_DESC_RECORD_TYPE) return sf_gif_fail(gif, D_GIF_ERR_WRONG_RECORD, NULL, error, error_size);
        if (DGifGetImageDesc(gif) == GIF_ERROR) return sf_gif_fail(gif, gif->Error, NULL, error, error_size);
        break;
    }
    int w = gif->Image.Width, h = gif->Image.Height;
    if (w <= 0 || h <= 0 || (size_t)w != width || (size_t)h != height) {
        char message[128];
        snprintf(message, sizeof message, "the first frame is %dx%d px, not the %zux%zu px its header gave", w, h,
                 width, height);
        return sf_gif_fail(gif, 0, message, error, error_size);
    }
    const ColorMapObject *map = gif->Image.ColorMap ? gif->Image.ColorMap : gif->SColorMap;
    if (!map || !map->Colors) return sf_gif_fail(gif, D_GIF_ERR_NO_COLOR_MAP, NULL, error, error_size);
    GifPixelType *indices = malloc(width * height);
    if (!indices) return sf_gif_fail(gif, D_GIF_ERR_NOT_ENOUGH_MEM, NULL, error, error_size);
    if (sf_gif_read_rows(gif, indices, w, h) == GIF_ERROR) {
        free(indices);
        return sf_gif_fail(gif, gif->Error, NULL, error, error_size);
    }
    for (size_t i = 0; i < width * height; i++) {
        int index = indices[i];
        unsigned char *pixel = out + 4 * i;
        if (index < map->ColorCount) {
            pixel[0] = map->Colors[index].Red;
            pixel[1] = map->Colors[index].Green;
            pixel[2] = map->Colors[index].Blue;
        } else {
            pixel[0] = pixel[1] = pixel[2] = 0;
        }
        pixel[3] = index == transparent ? 0 : 255;
    }
    free(indices);
    DGifCloseFile(gif, NULL);
    return 0;
}
