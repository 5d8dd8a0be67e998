"""Writes the images of red team 35's cases (python3 make.py KIND OUT).

tiff-deflate-padded: a 4000x4000 px grey TIFF of 256x256 Deflate tiles that all point at one
    zlib stream of 5 000 empty stored blocks and then the tile (D1: the decoder's work is per
    block, not per byte).
tiff-shared-tags: a 100x100 px grey TIFF whose directory also holds 40 private tags, each
    pointing at one 1 MiB blob (D2: libtiff copies each tag's data).
png-many-blocks: a 1000x1000 px grey PNG whose pixels are flushed (Z_SYNC_FLUSH) every 16
    bytes, 125 000 deflate blocks within the compressed-size bound (P1 residual).
"""
import struct
import sys
import zlib


def le16(v):
    return struct.pack('<H', v)


def le32(v):
    return struct.pack('<I', v)


def tiff(entries, tail):
    """A little-endian TIFF: IFD at 8 of (tag, type, count, value-or-offset) entries, then tail."""
    out = b'II*\0' + le32(8) + le16(len(entries))
    for tag, kind, count, value in entries:
        out += le16(tag) + le16(kind) + le32(count)
        out += (le16(value) + b'\0\0') if kind == 3 and count == 1 else le32(value)
    return out + le32(0) + tail


def tiff_deflate_padded(path):
    size, tile = 4000, 256
    tiles = ((size + tile - 1) // tile) ** 2
    raw = bytes(tile * tile)
    c = zlib.compressobj(9)
    body = c.compress(raw) + c.flush()
    blob = body[:2] + b'\0\0\0\xff\xff' * 5000 + body[2:]
    start = 8 + 2 + 12 * 11 + 4
    offsets_at, counts_at = start, start + 4 * tiles
    data_at = counts_at + 4 * tiles
    entries = [(256, 4, 1, size), (257, 4, 1, size), (258, 3, 1, 8), (259, 3, 1, 8), (262, 3, 1, 1),
               (277, 3, 1, 1), (284, 3, 1, 1), (322, 3, 1, tile), (323, 3, 1, tile),
               (324, 4, tiles, offsets_at), (325, 4, tiles, counts_at)]
    tail = le32(data_at) * tiles + le32(len(blob)) * tiles + blob
    open(path, 'wb').write(tiff(entries, tail))


def tiff_shared_tags(path):
    tags, blob = 40, 1 << 20
    count = 9 + tags
    pixels_at = 8 + 2 + 12 * count + 4
    blob_at = pixels_at + 10000
    entries = [(256, 3, 1, 100), (257, 3, 1, 100), (258, 3, 1, 8), (259, 3, 1, 1), (262, 3, 1, 1),
               (273, 4, 1, pixels_at), (277, 3, 1, 1), (278, 3, 1, 100), (279, 4, 1, 10000)]
    entries += [(65000 + n, 7, blob, blob_at) for n in range(tags)]
    open(path, 'wb').write(tiff(entries, b'\x80' * 10000 + b'\x07' * blob))


def png_many_blocks(path):
    w = h = 1000
    raw = b''.join(b'\0' + bytes((x * 7 + y) % 256 for x in range(w)) for y in range(h))
    c = zlib.compressobj(9)
    data = b''.join(c.compress(raw[i:i + 16]) + c.flush(zlib.Z_SYNC_FLUSH) for i in range(0, len(raw), 16))
    data += c.flush()

    def chunk(t, d):
        return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
    png = b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 0, 0, 0, 0))
    open(path, 'wb').write(png + chunk(b'IDAT', data) + chunk(b'IEND', b''))


{'tiff-deflate-padded': tiff_deflate_padded, 'tiff-shared-tags': tiff_shared_tags,
 'png-many-blocks': png_many_blocks}[sys.argv[1]](sys.argv[2])
