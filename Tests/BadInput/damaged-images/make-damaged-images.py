#!/usr/bin/env python3
"""Regenerates the damaged screenshots of Tests/BadInput/damaged-images: one prototype folder per
kind of damage, whose start scene shows the damaged file. Every command (check, test, inspect,
graph, render) must refuse each with exit 65 and the same message (DamagedImageVerdictTests).

Run from the repository root: python3 Tests/BadInput/damaged-images/make-damaged-images.py
Uses only the standard library and the whole files under sources/ (a JPEG, GIF, BMP and WebP made
once with ImageMagick: convert -size 36x80 gradient:red-blue -quality 90 sources/screen.jpg, and
likewise .gif, BMP3:sources/screen.bmp and .webp); the damaged files are checked in, so the tests
never need Python.
"""
import os
import struct
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
W, H = 36, 80


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def ihdr(interlace=0):
    return chunk(b"IHDR", struct.pack(">IIBBBBB", W, H, 8, 2, 0, 0, interlace))


def pixels():
    """Rows of filter byte 0 then RGB samples: a gradient."""
    return b"".join(b"\x00" + bytes(b for x in range(W) for b in (x * 7 % 256, y * 3 % 256, 90)) for y in range(H))


def png(idat_data, interlace=0):
    return b"\x89PNG\r\n\x1a\n" + ihdr(interlace) + chunk(b"IDAT", idat_data) + chunk(b"IEND", b"")


def tiff(cut=False):
    """A little-endian RGB TIFF, 8 bits per sample, one uncompressed strip after its directory."""
    entries = []
    strip = bytes(b for y in range(H) for x in range(W) for b in (x * 7 % 256, y * 3 % 256, 90))
    count = 10
    ifd_offset = 8
    bits_offset = ifd_offset + 2 + count * 12 + 4
    strip_offset = bits_offset + 6

    def entry(tag, kind, n, value):
        return struct.pack("<HHII", tag, kind, n, value)

    entries = [
        entry(256, 4, 1, W), entry(257, 4, 1, H), entry(258, 3, 3, bits_offset), entry(259, 3, 1, 1),
        entry(262, 3, 1, 2), entry(273, 4, 1, strip_offset), entry(277, 3, 1, 3), entry(278, 4, 1, H),
        entry(279, 4, 1, len(strip)), entry(284, 3, 1, 1),
    ]
    data = (b"II*\x00" + struct.pack("<I", ifd_offset) + struct.pack("<H", count) + b"".join(entries)
            + struct.pack("<I", 0) + struct.pack("<HHH", 8, 8, 8) + strip)
    return data[: len(data) - len(strip) // 2] if cut else data


def source(name):
    with open(os.path.join(HERE, "sources", name), "rb") as f:
        return f.read()


def damaged():
    good = zlib.compress(pixels())
    bad_zlib = bytearray(good)
    for i in range(8, 40):
        bad_zlib[i] ^= 0x5A
    whole_png = png(good)
    wrong_crc = bytearray(whole_png)
    wrong_crc[-20] ^= 0xFF  # a byte of the IDAT data: its CRC no longer matches
    jpeg, gif, bmp, webp = source("screen.jpg"), source("screen.gif"), source("screen.bmp"), source("screen.webp")
    return {
        # Every CRC right, but the pixel data inflates to 10 of the 8 720 bytes 36x80 RGB needs.
        "png-short-pixel-data": ("home.png", png(zlib.compress(b"\x00" * 10))),
        "png-short-pixel-data-interlaced": ("home.png", png(zlib.compress(pixels()[: 4000]), interlace=1)),
        "png-damaged-pixel-data": ("home.png", png(bytes(bad_zlib))),
        "png-wrong-crc": ("home.png", bytes(wrong_crc)),
        "png-cut-in-chunk": ("home.png", whole_png[: len(whole_png) - 30]),
        "jpeg-cut": ("home.jpg", jpeg[: len(jpeg) * 2 // 3]),
        "gif-cut": ("home.gif", gif[: len(gif) * 2 // 3]),
        "bmp-cut": ("home.bmp", bmp[: len(bmp) * 2 // 3]),
        "tiff-cut": ("home.tif", tiff(cut=True)),
        "webp-cut": ("home.webp", webp[: len(webp) * 2 // 3]),
    }


PROTOTYPE = """return {
  device = { width = 36, height = 80, scale = 1 },
  start = "home",
  scenes = {
    home = { image = "%s", elements = { { label = "Open", frame = { 0, 0, 10, 10 }, on_tap = go("detail") } } },
    detail = { image = "detail.png" },
  },
}
"""


def main():
    for kind, (name, data) in damaged().items():
        folder = os.path.join(HERE, kind)
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, name), "wb") as f:
            f.write(data)
        with open(os.path.join(folder, "detail.png"), "wb") as f:
            f.write(png(zlib.compress((b"\x00" + b"\x28\x28\xc8" * W) * H)))  # plain blue
        with open(os.path.join(folder, "prototype.lua"), "w") as f:
            f.write(PROTOTYPE % name)
    # The same tap-only script for every kind (run with --prototype KIND): it passes whenever
    # the prototype loads.
    with open(os.path.join(HERE, "tap.lua"), "w") as f:
        f.write('test("tap", function() tap "Open" expect.scene "detail" end)\n')


if __name__ == "__main__":
    main()
