#!/usr/bin/env bash
# Depth of field on photographs with an exact thin-lens answer (compute dof-scene, the
# three photographs of assets/photos/, both cases, every kernel): scripts/dof-photos.py on
# cpu, gl (NVIDIA's GL: SAT and compute gather) and cuda (the CUDA SAT and gather) into
# $OUT/dof-photos.{txt,json}. Passes when every cuda and gl score is within 0.003 SSIM
# (band and frame) of the cpu one on the same scene and kernel (on Mesa gl and cpu write
# the same bytes). Ends with SUMMARY lines: the band SSIM per case, kernel and backend
# (the target: 0.95). About a minute. Run from the repository root with BUILD and OUT set.
set -uo pipefail
: "${BUILD:?set BUILD to the build folder}" "${OUT:?set OUT to the results folder}"
status=0
if python3 scripts/dof-photos.py --bin "$BUILD/scanworks" --backends cpu,gl,cuda --json "$OUT/dof-photos.json" \
    > "$OUT/dof-photos.txt" 2>&1; then
  echo "PASS: dof-photos ran (table: $OUT/dof-photos.txt)"
else
  tail -20 "$OUT/dof-photos.txt"
  echo "FAIL: dof-photos (log: $OUT/dof-photos.txt)"
  exit 1
fi
python3 - "$OUT/dof-photos.json" <<'PY' || status=1
import json, sys
rows = json.load(open(sys.argv[1]))
by = {}
for r in rows:
    by.setdefault((r["photo"], r["case"], r["kernel"]), {})[r["backend"]] = r
worst = {"gl": 0.0, "cuda": 0.0}
for key, b in by.items():
    for other in worst:
        if other not in b:   # a cpu-only row (--scale half)
            continue
        for m in ("band_ssim", "ssim"):
            worst[other] = max(worst[other], abs(b[other][m] - b["cpu"][m]))
cases = sorted({(r["case"], r["kernel"]) for r in rows})
for case, kernel in cases:
    line = []
    for be in ("cpu", "gl", "cuda"):
        v = [r["band_ssim"] for r in rows if r["case"] == case and r["kernel"] == kernel and r["backend"] == be]
        if not v:
            continue
        line.append("%s %.4f (least %.4f)" % (be, sum(v) / len(v), min(v)))
    print("SUMMARY photos %-9s %-28s band SSIM mean %s (target 0.95)" % (case, kernel, ", ".join(line)))
ok = all(v <= 0.003 for v in worst.values())
print("%s: dof-photos backends agree with cpu: largest SSIM difference gl %.5f, cuda %.5f (limit 0.003)"
      % ("PASS" if ok else "FAIL", worst["gl"], worst["cuda"]))
sys.exit(0 if ok else 1)
PY
exit $status
