"""A small PNG reader for the browser test (8-bit RGB or RGBA, not interlaced, as
Chromium writes its screenshots): enough to tell a blank screenshot from a page."""

from __future__ import annotations

import zlib
from collections import Counter
from dataclasses import dataclass


@dataclass
class Image:
    width: int
    height: int
    channels: int
    rows: list[bytes]

    def pixels(self, step: int = 1) -> Counter[bytes]:
        """How often each colour appears (every ``step``-th pixel of every ``step``-th row)."""
        out: Counter[bytes] = Counter()
        c = self.channels
        for row in self.rows[::step]:
            for x in range(0, self.width, step):
                out[row[x * c : x * c + 3]] += 1
        return out


def _paeth(a: int, b: int, c: int) -> int:
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def read_png(data: bytes) -> Image:
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG file")
    pos, idat = 8, bytearray()
    width = height = depth = ctype = interlace = 0
    while pos < len(data):
        n = int.from_bytes(data[pos : pos + 4], "big")
        kind, body = data[pos + 4 : pos + 8], data[pos + 8 : pos + 8 + n]
        pos += 12 + n
        if kind == b"IHDR":
            width, height = int.from_bytes(body[0:4], "big"), int.from_bytes(body[4:8], "big")
            depth, ctype, interlace = body[8], body[9], body[12]
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
    if depth != 8 or ctype not in (2, 6) or interlace:
        raise ValueError(f"unsupported PNG: depth {depth}, colour type {ctype}, interlace {interlace}")
    ch = 3 if ctype == 2 else 4
    raw = zlib.decompress(bytes(idat))
    stride = width * ch
    rows: list[bytes] = []
    prev = bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind_ = raw[start]
        line = bytearray(raw[start + 1 : start + 1 + stride])
        if kind_ == 1:
            for i in range(ch, stride):
                line[i] = (line[i] + line[i - ch]) & 255
        elif kind_ == 2:
            line = bytearray((a + b) & 255 for a, b in zip(line, prev, strict=True))
        elif kind_ == 3:
            for i in range(stride):
                left = line[i - ch] if i >= ch else 0
                line[i] = (line[i] + ((left + prev[i]) >> 1)) & 255
        elif kind_ == 4:
            for i in range(stride):
                left = line[i - ch] if i >= ch else 0
                up_left = prev[i - ch] if i >= ch else 0
                line[i] = (line[i] + _paeth(left, prev[i], up_left)) & 255
        rows.append(bytes(line))
        prev = line
    return Image(width, height, ch, rows)
