/* Writes three 4-component JPEGs of the same four 8x8 patches (red, green, blue, grey):
 * cmyk-adobe.jpg (Adobe marker, transform 0, inverted CMYK as Photoshop writes it),
 * ycck-adobe.jpg (Adobe marker, transform 2, YCCK of inverted CMYK),
 * cmyk-plain.jpg (no Adobe marker, CMYK not inverted).
 * Build: cc make-cmyk-jpegs.c -ljpeg -o /tmp/make-cmyk-jpegs && /tmp/make-cmyk-jpegs Tests/Fixtures/Images
 * (libjpeg-turbo 2.1.5, Debian 12; the three files are checked in, so tests need no compiler) */
#include <stdio.h>
#include <jpeglib.h>
static const unsigned char rgb[4][3] = {{220, 30, 20}, {30, 160, 60}, {20, 40, 200}, {128, 128, 128}};
static void write(const char *path, J_COLOR_SPACE space, int adobe, int inverted) {
    struct jpeg_compress_struct c; struct jpeg_error_mgr e;
    c.err = jpeg_std_error(&e); jpeg_create_compress(&c);
    FILE *f = fopen(path, "wb"); jpeg_stdio_dest(&c, f);
    c.image_width = 32; c.image_height = 8; c.input_components = 4; c.in_color_space = JCS_CMYK;
    jpeg_set_defaults(&c); jpeg_set_colorspace(&c, space); jpeg_set_quality(&c, 100, TRUE);
    c.write_Adobe_marker = adobe; c.write_JFIF_header = FALSE;
    jpeg_start_compress(&c, TRUE);
    unsigned char row[32 * 4];
    for (int x = 0; x < 32; x++) {
        const unsigned char *p = rgb[x / 8];
        int k = 255 - (p[0] > p[1] ? (p[0] > p[2] ? p[0] : p[2]) : (p[1] > p[2] ? p[1] : p[2]));
        for (int i = 0; i < 3; i++) {
            int v = k == 255 ? 0 : (255 - p[i] - k) * 255 / (255 - k);
            row[x * 4 + i] = inverted ? 255 - v : v;
        }
        row[x * 4 + 3] = inverted ? 255 - k : k;
    }
    while (c.next_scanline < c.image_height) { JSAMPROW r = row; jpeg_write_scanlines(&c, &r, 1); }
    jpeg_finish_compress(&c); fclose(f); jpeg_destroy_compress(&c);
}
int main(int argc, char **argv) {
    char path[4096];
    snprintf(path, sizeof path, "%s/cmyk-adobe.jpg", argv[1]); write(path, JCS_CMYK, 1, 1);
    snprintf(path, sizeof path, "%s/ycck-adobe.jpg", argv[1]); write(path, JCS_YCCK, 1, 1);
    snprintf(path, sizeof path, "%s/cmyk-plain.jpg", argv[1]); write(path, JCS_CMYK, 0, 0);
    return 0;
}
