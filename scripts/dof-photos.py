#!/usr/bin/env python3
"""The depth of field scored on photographs with an exact thin-lens answer.

For each photograph in assets/photos/ and each case of `scanworks compute dof-scene`
(near-blur: focused on the background, the object blurred; far-blur: focused on the
object, the background blurred), makes the scene at --size with the CoC --coc px (the
object shows the next photograph of the list), runs `compute dof --reference` with the
disc with the layer tables (the default, --near layers), the disc alone (--near off), the
disc with the near field (--near on), both without the soft guard (--guard off), three boxes, the
chapter's single box and the half-resolution disc with the near field and with the layer
tables (--scale half), on
each --backends, and prints the scores: one line a run, then a
markdown table (band and frame SSIM per kernel and case, the mean and the least over the
photographs, and the largest difference between backends).

Backends: cpu (the C gather), gl (the GL SAT and compute gather), cuda (the CUDA SAT and
the CUDA gather, --gather cuda: the app's frame path on an NVIDIA GPU).

Usage: scripts/dof-photos.py [--bin build-host/scanworks] [--size 400x225] [--coc 12]
                             [--backends cpu,gl] [--json FILE] [--montage FILE]
Python's standard library only. Exit codes: 0 done, 1 a command failed, 2 usage error.
"""
import argparse
import json
import os
import struct
import subprocess
import sys
import tempfile
import zlib

KERNELS = [("disc, layers (default)", []), ("disc", ["--near", "off"]), ("disc, near field", ["--near", "on"]),
           ("disc, no guard", ["--near", "off", "--guard", "off"]),
           ("disc, near field, no guard", ["--near", "on", "--guard", "off"]), ("3 boxes", ["--boxes", "3", "--near", "off"]),
           ("1 box (the chapter's)", ["--boxes", "1", "--near", "off"]),
           ("disc, near field, half-res", ["--near", "on", "--scale", "half"]),
           ("disc, layers, half-res", ["--near", "layers", "--scale", "half"])]
CPU_ONLY = set()   # rows the cpu backend alone runs (none: --scale half runs on gl and cuda too)
NEAR, FAR = 1.0, 4.0   # compute dof-scene's default depths


def read_png(path):
    """An 8-bit RGB, non-interlaced PNG (what scanworks writes) as (w, h, rows of bytes)."""
    b = open(path, "rb").read()
    i, idat, w, h = 8, b"", 0, 0
    while i < len(b):
        n, = struct.unpack(">I", b[i:i + 4])
        t, d = b[i + 4:i + 8], b[i + 8:i + 8 + n]
        if t == b"IHDR":
            w, h, depth, ctype, _, _, lace = struct.unpack(">IIBBBBB", d)
            if depth != 8 or ctype != 2 or lace:
                sys.exit("dof-photos: %s is not 8-bit RGB" % path)
        elif t == b"IDAT":
            idat += d
        i += 12 + n
    raw, stride, rows, prev = zlib.decompress(idat), w * 3, [], bytearray(w * 3)
    for y in range(h):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            a = line[x - 3] if x >= 3 else 0
            up, c = prev[x], prev[x - 3] if x >= 3 else 0
            if f == 1: line[x] = (line[x] + a) & 255
            elif f == 2: line[x] = (line[x] + up) & 255
            elif f == 3: line[x] = (line[x] + (a + up) // 2) & 255
            elif f == 4:
                pa, pb, pc = abs(up - c), abs(a - c), abs(a + up - 2 * c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else up if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    return w, h, rows


def write_montage(path, grid, cw, ch):
    """GRID: rows of PNG paths; each picture's centre CW x CH side by side."""
    out = []
    for paths in grid:
        tiles = []
        for p in paths:
            w, h, rows = read_png(p)
            x0, y0 = (w - cw) // 2, (h - ch) // 2
            tiles.append([r[x0 * 3:(x0 + cw) * 3] for r in rows[y0:y0 + ch]])
        out += [b"".join(bytes(t[y]) for t in tiles) for y in range(ch)]
    w = cw * max(len(r) for r in grid)
    raw = b"".join(b"\x00" + r for r in out)
    chunk = lambda t, d: struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xffffffff)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, len(out), 8, 2, 0, 0, 0)) +
                chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def run(cmd):
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode:
        sys.exit("dof-photos: %s exited %d: %s" % (" ".join(cmd), p.returncode, p.stderr.strip()))
    return json.loads(p.stdout.strip().splitlines()[-1])


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bin", default=os.path.join(root, "build-host", "scanworks"))
    ap.add_argument("--size", default="400x225")
    ap.add_argument("--coc", type=float, default=12.0, help="the blurred layer's CoC radius, px")
    ap.add_argument("--backends", default="cpu,gl")
    ap.add_argument("--json", help="write every run's scores here")
    ap.add_argument("--montage", help="PNG: for chelsea, the middle 200x150 of the pinhole picture, the thin lens, "
                    "the disc with the layer tables (the default) at full and at half size, the app's default (the near "
                    "field at half size), the disc alone (--near off) and the single box, a row a case")
    a = ap.parse_args()
    photos = sorted(os.path.join(root, "assets", "photos", f) for f in os.listdir(os.path.join(root, "assets", "photos"))
                    if f.endswith(".png"))
    backends = a.backends.split(",")
    rows, montage = [], {}
    with tempfile.TemporaryDirectory() as tmp:
        for i, photo in enumerate(photos):
            name = os.path.basename(photo)[:-4]
            for case in ("near-blur", "far-blur"):
                # CoC = A |1 - F/d|: near-blur F = FAR, d = NEAR; far-blur F = NEAR, d = FAR
                aperture = a.coc / (FAR / NEAR - 1.0) if case == "near-blur" else a.coc / (1.0 - NEAR / FAR)
                s = os.path.join(tmp, "%s-%s" % (name, case))
                scene = run([a.bin, "compute", "dof-scene", "--photo", photo, "--object-photo", photos[(i + 1) % len(photos)],
                             "--case", case, "--size", a.size, "--aperture", "%.9g" % aperture, "--out-image", s + ".png",
                             "--out-depth", s + ".npy", "--out-reference", s + "-ref.png"])
                for kname, kargs in KERNELS:
                    for b in backends:
                        if kname in CPU_ONLY and b != "cpu":
                            continue
                        out = "%s-%s-%s.png" % (s, b, kname.replace(" ", "").replace(",", "-")[:16])
                        q = run([a.bin, "compute", "dof", "--backend", b, "--in", s + ".png", "--depth", s + ".npy",
                                 "--focus", "%.9g" % scene["focus"], "--aperture", "%.9g" % aperture, "--out",
                                 out, "--reference", s + "-ref.png"] + kargs + (["--gather", "cuda"] if b == "cuda" else []))
                        montage[(name, case, kname, b)] = out
                        row = dict(photo=name, case=case, kernel=kname, backend=b, **q)
                        rows.append(row)
                        print("%-10s %-9s %-22s %-3s SSIM %.4f / band %.4f  PSNR %.2f / band %.2f  (band %.1f%%)" % (
                            name, case, kname, b, q["ssim"], q["band_ssim"], q["psnr"], q["band_psnr"],
                            100 * q["band_fraction"]), flush=True)
        if a.montage:
            pick, b0 = "chelsea" if any(p.endswith("chelsea.png") for p in photos) else rows[0]["photo"], backends[0]
            grid = []
            for case, best in (("near-blur", "disc, layers (default)"), ("far-blur", "disc, layers (default)")):
                s = os.path.join(tmp, "%s-%s" % (pick, case))
                grid.append([s + ".png", s + "-ref.png"] + [montage[(pick, case, k, b0)] for k in
                                                             (best, "disc, layers, half-res", "disc, near field, half-res",
                                                              "disc", "1 box (the chapter's)")])
            write_montage(a.montage, grid, 200, 150)
    if a.json:
        with open(a.json, "w") as f:
            json.dump(rows, f, indent=1)
    b0 = backends[0]
    print("\n%s, CoC %g px, backend %s (%d photographs); band SSIM per photograph: %s" % (
        a.size, a.coc, b0, len(photos), ", ".join(os.path.basename(p)[:-4] for p in photos)))
    print("\n| case | kernel | band SSIM mean (least) | per photograph | frame SSIM mean | band / frame PSNR mean (dB) |"
          " largest %s SSIM difference |" % "-".join(backends))
    print("|---|---|---|---|---|---|---|")
    for case in ("near-blur", "far-blur"):
        for kname, _ in KERNELS:
            sel = [r for r in rows if r["case"] == case and r["kernel"] == kname]
            mine = [r for r in sel if r["backend"] == b0]
            if not mine:
                continue
            band = [r["band_ssim"] for r in mine]
            diff = max(abs(r[m] - o[m]) for r in sel for o in sel for m in ("band_ssim", "ssim")
                       if r["photo"] == o["photo"])
            mean = lambda k: sum(r[k] for r in mine) / len(mine)
            print("| %s | %s | %.4f (%.4f) | %s | %.4f | %.2f / %.2f | %s |" % (
                case, kname, sum(band) / len(band), min(band), " ".join("%.4f" % v for v in band), mean("ssim"),
                mean("band_psnr"), mean("psnr"), "%.4f" % diff if len(backends) > 1 else "-"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
