#!/usr/bin/env python3
"""Regenerates the broken and unusual image files of the bad-input corpus (Tests/BadInput).

Run from the repository root: python3 Tests/BadInput/make-images.py
Uses only the standard library; the files are checked in, so tests never need Python.
jpeg-named-png/proto/home.png is a JPEG made once with ImageMagick:
  convert -size 36x80 xc:green -quality 90 jpg:Tests/BadInput/jpeg-named-png/proto/home.png
"""
import os
import struct
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png(width, height, rgb=(200, 40, 40), extra=b""):
    """A valid 8-bit RGB PNG of one colour; `extra` chunks go between IHDR and IDAT."""
    row = b"\x00" + bytes(rgb) * width
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + extra + chunk(b"IDAT", zlib.compress(row * height)) + chunk(b"IEND", b""))


def write(relative, data):
    path = os.path.join(HERE, relative)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)


def main():
    good = png(36, 80)
    other = png(36, 80, (40, 40, 200))
    # Every prototype case gets valid images where it needs them.
    for case in sorted(os.listdir(HERE)):
        proto = os.path.join(HERE, case, "proto")
        if os.path.isdir(proto):
            for name, data in (("home.png", good), ("detail.png", other)):
                target = os.path.join(proto, name)
                if not os.path.islink(target) and not (case == "jpeg-named-png" and name == "home.png"):
                    write(os.path.join(case, "proto", name), data)
    write("image-symlink-relative/outside/home.png", good)
    write("image-symlinked-folder/outside/home.png", good)
    # 0 bytes.
    write("png-empty/proto/home.png", b"")
    # Cut inside an ancillary chunk (cHRM): libpng through SDL_image loops for ever on this one.
    chrm = chunk(b"cHRM", struct.pack(">8I", 31270, 32900, 64000, 33000, 30000, 60000, 15000, 6000))
    write("png-truncated-in-chunk/proto/home.png", png(36, 80, extra=chrm)[:60])
    # Cut inside the pixel data.
    big = png(36, 80)
    write("png-truncated-in-pixels/proto/home.png", big[: len(big) - 30])
    # One byte of the pixel data flipped: the IDAT chunk's CRC no longer matches (zlib's crc32 checks it).
    damaged = bytearray(png(36, 80))
    damaged[damaged.index(b"IDAT") + 6] ^= 0x01
    write("png-wrong-crc/proto/home.png", bytes(damaged))
    # A header that claims 100 000 x 100 000 pixels (40 GB decoded) over a few bytes of data.
    header = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 100000, 100000, 8, 6, 0, 0, 0))
    write("png-huge-header/proto/home.png", header + chunk(b"IDAT", zlib.compress(b"\0" * 64)) + chunk(b"IEND", b""))


if __name__ == "__main__":
    main()
