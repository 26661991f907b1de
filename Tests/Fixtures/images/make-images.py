#!/usr/bin/env python3
"""Writes the background-image fixtures of ImageInputTests (standard library only).

Valid PNGs of every layout libpng must convert to 8-bit RGBA, and broken files
Halo must refuse with a message. Pixel values are chosen so a wrong conversion
shows: 16-bit 0x01FF is 2 when rounded (v * 255 / 65535) but 1 when truncated.
Run from anywhere: python3 Tests/Fixtures/images/make-images.py
"""
import os, struct, zlib

HERE = os.path.dirname(os.path.abspath(__file__))


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def png(width, height, depth, color, rows, interlace=0, extra=b"", raw=None):
    """rows: list of per-row byte strings (already packed); filter 0 on each."""
    ihdr = struct.pack(">IIBBBBB", width, height, depth, color, 0, 0, interlace)
    data = raw if raw is not None else b"".join(b"\x00" + r for r in rows)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + extra
            + chunk(b"IDAT", zlib.compress(data)) + chunk(b"IEND", b""))


def write(name, data):
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(data)


# rgb8: 2x2 RGB, 8-bit.
rgb8 = png(2, 2, 8, 2, [bytes([255, 0, 0, 0, 255, 0]), bytes([0, 0, 255, 10, 20, 30])])
write("rgb8.png", rgb8)

# gray4: 4x1 grey, 4-bit: 0, 5, 10, 15 -> 0, 85, 170, 255.
write("gray4.png", png(4, 1, 4, 0, [bytes([0x05, 0xAF])]))

# gray-alpha8: 2x1 grey + alpha, 8-bit.
write("gray-alpha8.png", png(2, 1, 8, 4, [bytes([100, 255, 200, 50])]))

# rgba16: 2x1 RGBA, 16-bit: 0x01FF -> 2 (rounded), 0xFFFF -> 255, 0x8080 -> 128, 0x0000 -> 0.
write("rgba16.png", png(2, 1, 16, 6, [struct.pack(">8H", 0x01FF, 0xFFFF, 0x8080, 0xFFFF,
                                                    0x0000, 0x7F7F, 0xFFFF, 0x01FF)]))

# gray16: 2x1 grey, 16-bit: 0x01FF -> 2, 0xFFFF -> 255.
write("gray16.png", png(2, 1, 16, 0, [struct.pack(">2H", 0x01FF, 0xFFFF)]))

# palette: 3x1, 2-bit indices 0, 1, 2; tRNS makes entry 1 half transparent and entry 2 clear.
plte = chunk(b"PLTE", bytes([255, 0, 0, 0, 255, 0, 0, 0, 255]))
trns = chunk(b"tRNS", bytes([255, 128, 0]))
write("palette.png", png(3, 1, 2, 3, [bytes([0b00011000])], extra=plte + trns))

# interlaced: 5x5 RGB, 8-bit, Adam7; pixel (x, y) = (50x, 50y, 7).
def adam7(width, height, pixel):
    passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
    out = b""
    for xs, ys, dx, dy in passes:
        cols = range(xs, width, dx)
        for y in range(ys, height, dy):
            if len(cols) == 0:
                continue
            out += b"\x00" + b"".join(pixel(x, y) for x in cols)
    return out
write("interlaced.png", png(5, 5, 8, 2, None, interlace=1,
                            raw=adam7(5, 5, lambda x, y: bytes([50 * x, 50 * y, 7]))))

# Broken files.
idat_at = rgb8.index(b"IDAT")
write("truncated.png", rgb8[:idat_at + 10])          # ends inside the IDAT data
write("truncated-header.png", rgb8[:20])             # ends inside IHDR
write("empty.png", b"")
write("not-a-png.png", b"This is a text file, not an image.\n")
write("jpeg-named-png.png", bytes([0xFF, 0xD8, 0xFF, 0xE0, 0, 16]) + b"JFIF\x00" + bytes(32))
crc = bytearray(rgb8)
crc[idat_at + 6] ^= 0xFF                             # a damaged IDAT byte: its CRC no longer matches
write("bad-crc.png", bytes(crc))
# A header claiming 100000 x 100000 pixels (40 GB of RGBA) over a few bytes of data.
write("huge-header.png", png(100000, 100000, 8, 2, None, raw=b"\x00" * 16))
