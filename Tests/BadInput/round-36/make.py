"""Writes the images of red team 36's cases (python3 make.py KIND OUT).

tiff-many-samples: a 2048x2048 px TIFF of 64 samples of 16 bits a pixel in 256x256 Deflate
    tiles sharing one stream (S1: libtiff reads every sample).
jpeg-arithmetic: an 8000x8000 px JPEG (ImageMagick) whose frame marker says arithmetic-coded
    (SOF9) (J1: such a scan costs about 128 Huffman passes a component).
"""
import struct
import subprocess
import sys
import zlib


def tiff_many_samples(path):
    size, tile, spp = 2048, 256, 64
    tiles = (size // tile) ** 2
    blob = zlib.compress(bytes(tile * tile * spp * 2), 9)
    start = 8 + 2 + 12 * 12 + 4
    entries = [(256, 4, 1, size), (257, 4, 1, size), (258, 3, 1, 16), (259, 3, 1, 8), (262, 3, 1, 2),
               (277, 3, 1, spp), (284, 3, 1, 1), (322, 3, 1, tile), (323, 3, 1, tile),
               (324, 4, tiles, start), (325, 4, tiles, start + 4 * tiles), (338, 3, 1, 0)]
    out = b'II*\0' + struct.pack('<IH', 8, len(entries))
    for tag, kind, count, value in entries:
        out += struct.pack('<HHI', tag, kind, count)
        out += struct.pack('<HH', value, 0) if kind == 3 and count == 1 else struct.pack('<I', value)
    out += struct.pack('<I', 0)
    data = start + 8 * tiles
    out += struct.pack('<I', data) * tiles + struct.pack('<I', len(blob)) * tiles + blob
    open(path, 'wb').write(out)


def jpeg_arithmetic(path):
    subprocess.run(['convert', '-size', '8000x8000', 'gradient:red-blue', path], check=True)
    b = bytearray(open(path, 'rb').read())
    at = b.index(b'\xff\xc0')
    b[at + 1] = 0xC9
    open(path, 'wb').write(bytes(b))


{'tiff-many-samples': tiff_many_samples, 'jpeg-arithmetic': jpeg_arithmetic}[sys.argv[1]](sys.argv[2])
