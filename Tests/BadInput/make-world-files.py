#!/usr/bin/env python3
"""Regenerates the bad-input corpus cases for files as phones, editors, tools and file systems
write them (issue 14.3 and 14.4): rotated phone photos, CMYK JPEGs, 16-bit PNGs, WebP and TIFF
screenshots, formats Sceneflow does not read, Lua files with a byte-order mark, and Unicode names.

Run from the repository root: python3 Tests/BadInput/make-world-files.py
Needs ImageMagick's convert (Scripts/setup.sh installs it); the files are checked in, so the
corpus test needs neither Python nor ImageMagick. Each case's case.txt is written by hand. No image is named home.png
or detail.png, the names make-images.py rewrites.
"""
import os
import struct
import subprocess
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))


def path(relative):
    full = os.path.join(HERE, relative)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    return full


def write(relative, data):
    with open(path(relative), "wb") as f:
        f.write(data.encode("utf-8") if isinstance(data, str) else data)


def convert(*arguments):
    subprocess.run(["convert", *arguments], check=True)


def exif(orientation):
    """An EXIF block (big-endian TIFF structure) whose IFD0 holds only Orientation (0x0112)."""
    return b"MM\0\x2a" + struct.pack(">IH", 8, 1) + struct.pack(">HHIHH", 0x0112, 3, 1, orientation, 0) + b"\0" * 4


def with_app1(jpeg, orientation):
    payload = b"Exif\0\0" + exif(orientation)
    return jpeg[:2] + b"\xff\xe1" + struct.pack(">H", len(payload) + 2) + payload + jpeg[2:]


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def lzw_prefix_loop_gif():
    """A 36x80 px GIF (2-colour table, LZW code size 8) whose table entries 259 and 260 name
    each other as prefix, then code 259: SDL_image 2.6.3 follows the loop until its pixel stack
    overflows (SIGSEGV). 9-bit codes, least-significant bit first."""
    codes = [256, 0, 260, 259, 0, 259]
    bits = sum(code << (9 * i) for i, code in enumerate(codes))
    data = bits.to_bytes((9 * len(codes) + 7) // 8, "little")
    screen = b"GIF89a" + struct.pack("<HHBBB", 36, 80, 0x80, 0, 0) + b"\0\0\0\xff\xff\xff"
    frame = b"," + struct.pack("<HHHHB", 0, 0, 36, 80, 0) + bytes([8, len(data)]) + data + b"\0"
    return screen + frame + b";"


PROTOTYPE = """return {{
  name = "{name}",
  device = {{ width = 36, height = 80, scale = 1 }},
  start = "home",
  scenes = {{
    home = {{ image = "{image}" }},
  }},
}}
"""


def image_case(case, image, data):
    """A one-scene 36x80 pt prototype whose screenshot `image` holds `data`."""
    write(f"{case}/proto/prototype.lua", PROTOTYPE.format(name=case, image=image))
    write(f"{case}/proto/{image}", data)


def read(full):
    with open(full, "rb") as f:
        return f.read()


def main():
    image_case("image-gif-lzw-cycle", "loop.gif", lzw_prefix_loop_gif())
    tmp = path("image-exif-orientation/tmp.png")
    # A phone photo stored sideways (80x36 px of pixels) with EXIF orientation 6: a 36x80 px
    # portrait screenshot when upright (red above blue).
    convert("-size", "36x40", "xc:rgb(220,30,30)", "-size", "36x40", "xc:rgb(30,30,220)", "-append",
            "-rotate", "-90", "-quality", "90", "jpg:" + tmp)
    image_case("image-exif-orientation", "photo.jpg", with_app1(read(tmp), 6))
    os.remove(tmp)
    # CMYK as print and design tools export it (ImageMagick writes Adobe YCCK).
    tmp = path("image-cmyk-jpeg/tmp.jpg")
    convert("-size", "36x80", "xc:rgb(220,30,20)", "-colorspace", "CMYK", "-quality", "95", tmp)
    image_case("image-cmyk-jpeg", "print.jpg", read(tmp))
    os.remove(tmp)
    # 16 bits per sample.
    tmp = path("image-png-16-bit/tmp.png")
    convert("-size", "36x80", "gradient:rgb(0,0,0)-rgb(255,200,100)", "-depth", "16", "-define",
            "png:exclude-chunk=date,time", "PNG48:" + tmp)
    image_case("image-png-16-bit", "deep.png", read(tmp))
    os.remove(tmp)
    # WebP and TIFF screenshots.
    for case, name, options in (("image-webp", "screen.webp", ["-quality", "90"]),
                                ("image-tiff", "screen.tif", ["-compress", "zip"])):
        tmp = path(f"{case}/tmp-{name}")
        convert("-size", "36x80", "xc:rgb(40,120,200)", *options, tmp)
        image_case(case, name, read(tmp))
        os.remove(tmp)
    # A TIFF whose only strip lies past the end of the file (libtiff's message, not SDL_image's).
    tmp = path("image-tiff-damaged/tmp.tif")
    convert("-size", "36x80", "xc:rgb(40,120,200)", "-compress", "none", "-define", "tiff:rows-per-strip=80", tmp)
    tiff = bytearray(read(tmp))
    os.remove(tmp)
    ifd = struct.unpack("<I", tiff[4:8])[0]
    for n in range(struct.unpack("<H", tiff[ifd:ifd + 2])[0]):
        entry = ifd + 2 + 12 * n
        if struct.unpack("<H", tiff[entry:entry + 2])[0] == 273:  # StripOffsets
            tiff[entry + 8:entry + 12] = struct.pack("<I", 0x7F00FF00)
    image_case("image-tiff-damaged", "screen.tif", bytes(tiff))
    # An animated WebP (SDL_image 2.6 reads only still ones).
    tmp = path("image-webp-animated/tmp.webp")
    convert("-delay", "10", "-size", "36x80", "xc:red", "xc:blue", "-loop", "0", tmp)
    image_case("image-webp-animated", "screen.webp", read(tmp))
    os.remove(tmp)
    # Formats Sceneflow does not read, named by their content (not their file name).
    heic = b"\0\0\0\x18ftypheic\0\0\0\0mif1heic" + b"\0" * 32
    avif = b"\0\0\0\x1cftypavif\0\0\0\0avifmif1miaf" + b"\0" * 32
    psd = b"8BPS\0\x01" + b"\0" * 6 + struct.pack(">HIIHH", 3, 80, 36, 8, 3) + b"\0" * 16
    xcf = b"gimp xcf v011\0" + struct.pack(">III", 36, 80, 0) + b"\0" * 16
    image_case("image-heic", "camera.png", heic)
    image_case("image-avif", "screen.avif", avif)
    image_case("image-psd", "design.psd", psd)
    image_case("image-xcf", "design.xcf", xcf)
    # An Apple CgBI PNG: a CgBI chunk before IHDR, raw deflate data, BGRA pixels.
    raw = b"".join(b"\0" + b"\x28\x78\xc8\xff" * 36 for _ in range(80))
    body = zlib.compressobj(9, zlib.DEFLATED, -15)
    idat = body.compress(raw) + body.flush()
    cgbi = (b"\x89PNG\r\n\x1a\n" + chunk(b"CgBI", b"\x50\x00\x20\x02")
            + chunk(b"IHDR", struct.pack(">IIBBBBB", 36, 80, 8, 6, 0, 0, 0)) + chunk(b"IDAT", idat) + chunk(b"IEND", b""))
    image_case("image-cgbi-png", "AppIcon.png", cgbi)

    # Lua files saved as UTF-8 with a byte-order mark: prototype.lua, a script, a required module.
    bom = "\ufeff"
    solid = read(path("lua-syntax-error/proto/home.png"))
    write("lua-byte-order-mark/proto/prototype.lua", bom + TWO_SCENES)
    for name in ("home.png", "detail.png"):
        write(f"lua-byte-order-mark/proto/{name}", solid)
    write("lua-byte-order-mark/steps.lua", bom + 'local M = {}\nfunction M.open() tap "Open" end\nreturn M\n')
    write("lua-byte-order-mark/bom.lua", bom + 'prototype "proto"\nlocal steps = require "steps"\n'
          'test("opens the detail", function()\n  steps.open()\n  expect.scene "detail"\nend)\n')
    # A screenshot whose file name is decomposed (NFD, as macOS writes it), named composed (NFC).
    write("unicode-nfd-image-name/proto/prototype.lua",
          PROTOTYPE.format(name="nfd", image="Relev\u00e9.png"))
    write("unicode-nfd-image-name/proto/Releve\u0301.png", solid)
    # Labels written decomposed and with a no-break space, tapped as typed on a keyboard.
    write("unicode-labels/proto/prototype.lua", LABELS)
    for name in ("home.png", "detail.png"):
        write(f"unicode-labels/proto/{name}", solid)
    write("unicode-labels/labels.lua", 'prototype "proto"\n'
          'test("caf\u00e9", function() tap "Caf\u00e9"; expect.scene "detail" end)\n'
          'test("no-break space", function() tap "Pay 42,00 \u20ac"; expect.scene "detail" end)\n'
          'test("left-to-right mark", function() with_timeout(0.1, function() tap "Pay now" end) end)\n')
    # A scene name that looks like the one typed but ends in a no-break space: the did-you-mean shows escapes.
    write("unicode-look-alike-scene/proto/prototype.lua", LOOK_ALIKE)
    for name in ("home.png", "detail.png"):
        write(f"unicode-look-alike-scene/proto/{name}", solid)


TWO_SCENES = """return {
  name = "Tiny",
  device = { width = 36, height = 80, scale = 1 },
  start = "home",
  scenes = {
    home = { image = "home.png", elements = { { label = "Open", frame = { 2, 10, 30, 20 }, on_tap = go("detail") } } },
    detail = { image = "detail.png" },
  },
}
"""

LABELS = """return {
  name = "Labels",
  device = { width = 36, height = 80, scale = 1 },
  start = "home",
  scenes = {
    home = {
      image = "home.png",
      elements = {
        { label = "Cafe\\u{301}", frame = { 2, 2, 30, 10 }, on_tap = go("detail") },
        { label = "Pay 42,00\\u{A0}\u20ac", frame = { 2, 20, 30, 10 }, on_tap = go("detail") },
        { label = "Pay\\u{200E} now", frame = { 2, 40, 30, 10 }, on_tap = go("detail") },
      },
    },
    detail = { image = "detail.png" },
  },
}
"""

LOOK_ALIKE = """return {
  name = "Look-alike",
  device = { width = 36, height = 80, scale = 1 },
  start = "home",
  scenes = {
    home = { image = "home.png", elements = { { label = "Open", frame = { 2, 10, 30, 20 }, on_tap = go("detail") } } },
    ["detail\\u{A0}"] = { image = "detail.png" },
  },
}
"""


if __name__ == "__main__":
    main()
