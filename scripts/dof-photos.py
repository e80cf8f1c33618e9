#!/usr/bin/env python3
"""The depth of field scored on photographs with an exact thin-lens answer.

For each photograph in assets/photos/ and each case of `scanworks compute dof-scene`
(near-blur: focused on the background, the object blurred; far-blur: focused on the
object, the background blurred), makes the scene at --size with the CoC --coc px (the
object shows the next photograph of the list), runs `compute dof --reference` with the
disc (the default), the disc with the near field (--near on), both without the soft
guard (--guard off), three boxes and the chapter's single box, on each --backends, and prints the scores: one line a run, then a
markdown table (band and frame SSIM per kernel and case, the mean and the least over the
photographs, and the largest difference between backends).

Usage: scripts/dof-photos.py [--bin build-host/scanworks] [--size 400x225] [--coc 12]
                             [--backends cpu,gl] [--json FILE]
Python's standard library only. Exit codes: 0 done, 1 a command failed, 2 usage error.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

KERNELS = [("disc", []), ("disc, near field", ["--near", "on"]), ("disc, no guard", ["--guard", "off"]),
           ("disc, near field, no guard", ["--near", "on", "--guard", "off"]), ("3 boxes", ["--boxes", "3"]),
           ("1 box (the chapter's)", ["--boxes", "1"])]
NEAR, FAR = 1.0, 4.0   # compute dof-scene's default depths


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
    a = ap.parse_args()
    photos = sorted(os.path.join(root, "assets", "photos", f) for f in os.listdir(os.path.join(root, "assets", "photos"))
                    if f.endswith(".png"))
    backends = a.backends.split(",")
    rows = []
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
                        q = run([a.bin, "compute", "dof", "--backend", b, "--in", s + ".png", "--depth", s + ".npy",
                                 "--focus", "%.9g" % scene["focus"], "--aperture", "%.9g" % aperture, "--out",
                                 s + "-out.png", "--reference", s + "-ref.png"] + kargs)
                        row = dict(photo=name, case=case, kernel=kname, backend=b, **q)
                        rows.append(row)
                        print("%-10s %-9s %-22s %-3s SSIM %.4f / band %.4f  PSNR %.2f / band %.2f  (band %.1f%%)" % (
                            name, case, kname, b, q["ssim"], q["band_ssim"], q["psnr"], q["band_psnr"],
                            100 * q["band_fraction"]), flush=True)
    if a.json:
        with open(a.json, "w") as f:
            json.dump(rows, f, indent=1)
    b0 = backends[0]
    print("\n%s, CoC %g px, backend %s (%d photographs); band SSIM per photograph: %s" % (
        a.size, a.coc, b0, len(photos), ", ".join(os.path.basename(p)[:-4] for p in photos)))
    print("\n| case | kernel | band SSIM mean (least) | per photograph | frame SSIM mean | band / frame PSNR mean (dB) |"
          " largest %s difference |" % "-".join(backends))
    print("|---|---|---|---|---|---|---|")
    for case in ("near-blur", "far-blur"):
        for kname, _ in KERNELS:
            sel = [r for r in rows if r["case"] == case and r["kernel"] == kname]
            mine = [r for r in sel if r["backend"] == b0]
            band = [r["band_ssim"] for r in mine]
            diff = max(abs(r["band_ssim"] - o["band_ssim"]) for r in sel for o in sel
                       if r["photo"] == o["photo"])
            mean = lambda k: sum(r[k] for r in mine) / len(mine)
            print("| %s | %s | %.4f (%.4f) | %s | %.4f | %.2f / %.2f | %.4f |" % (
                case, kname, sum(band) / len(band), min(band), " ".join("%.4f" % v for v in band), mean("ssim"),
                mean("band_psnr"), mean("psnr"), diff))
    return 0


if __name__ == "__main__":
    sys.exit(main())
