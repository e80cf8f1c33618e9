#!/usr/bin/env python3
"""Writes assets/floor.png: 256x256 stone tiles with grout, seeded, standard library only.
Run from the repository root: python3 scripts/make-floor-texture.py"""
import random, struct, zlib

W = H = 256
TILE = 64
rng = random.Random(1984)
tile_tint = {(i, j): (rng.uniform(0.85, 1.1), rng.uniform(-12, 12)) for i in range(4) for j in range(4)}
rows = []
for y in range(H):
    row = bytearray([0])  # PNG filter type 0
    for x in range(W):
        i, j = x // TILE, y // TILE
        u, v = x % TILE, y % TILE
        tint, hue = tile_tint[(i, j)]
        grout = u < 3 or v < 3
        if grout:
            r, g, b = 70, 66, 60
        else:
            n = rng.uniform(-10, 10)
            check = 1.0 if (i + j) % 2 == 0 else 0.78
            base = 200 * check * tint
            r, g, b = base + n + hue * 0.3, base * 0.93 + n, base * 0.82 + n - hue * 0.3
        row += bytes(max(0, min(255, int(c))) for c in (r, g, b))
    rows.append(bytes(row))

def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", W, H, 8, 2, 0, 0, 0))
png += chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b"")
open("assets/floor.png", "wb").write(png)
