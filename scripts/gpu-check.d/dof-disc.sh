#!/usr/bin/env bash
# The disc gather's table reads, variant against variant (SCANWORKS_DOF_DISC, read once
# by the app and compute dof; src/dof/dof_disc_shared.h, docs/perf/dof.md): pair (the
# two whole-size discs' 40 corners), share (the same picture, each distinct rectangle
# read once), share-ramp (that, with the blend narrowed above size 6) and share-round
# (the default: the rounded size from size 8). For each: 1080p headless frames (60
# after 20 warm-up, three rounds with the variants interleaved, so that drift hits them
# alike) and the quality against the 256-view thin lens at 1280x720, focus 5 and 2.6,
# with the CUDA SAT and gather; the SUMMARY lines; then, for each, test_dof_cuda and
# test_dof_disc (cuda against cpu, cpu against gl, the disc counted, bokeh, continuity)
# and memcheck on the cuda gather (after the measurements, so that a slow test cannot
# cost them). SUMMARY lines: "SUMMARY disc-frame VARIANT SAT a + gather b = c us" (the
# median over the frames of all rounds; target c <= 70) and "SUMMARY disc-quality
# VARIANT focus F SSIM x band y" (targets 0.98 and 0.97). A few minutes. Run from the
# repository root with BUILD (an sm_90 build) and OUT set.
set -u
PART=dof-disc
. scripts/gpu-check.d/part.bash
export PATH="$PATH:/usr/local/cuda/bin"
variants="pair share share-ramp share-round"
dir="$OUT/dof-disc"
mkdir -p "$dir"
t0=$SECONDS
img="tests/golden/dof_320x180.png"

for round in 1 2 3; do
  for v in $variants; do
    name="$v-r$round"
    if SCANWORKS_DOF_DISC=$v timeout 30 "$SW" --headless --no-vsync --frames 60 --warmup 20 --size 1920x1080 \
         --sat-backend cuda --sat-variant tiled --gather cuda --json "$dir/frames-$name.json" > "$dir/frames-$name.txt" 2>&1; then
      grep -q "\"disc_reads\": \"$v\"" "$dir/frames-$name.json" && pass "frames $name" ||
        fail "frames $name: the JSON does not name disc_reads $v"
    else
      tail -5 "$dir/frames-$name.txt"; fail "frames $name"
    fi
  done
done

for v in $variants; do
  for focus in 5 2.6; do
    name="quality-$v-focus$focus"
    if SCANWORKS_DOF_DISC=$v timeout 60 "$SW" --headless --frames 1 --size 1280x720 --focus $focus --aperture 12 \
         --sat-backend cuda --gather cuda --dof-reference 256 --json "$dir/$name.json" > "$dir/$name.txt" 2>&1; then
      pass "$name"
    else
      tail -5 "$dir/$name.txt"; fail "$name"
    fi
  done
done

python3 - "$dir" $variants <<'PY' || fail "summary"
import glob, json, os, statistics, sys
d, variants = sys.argv[1], sys.argv[2:]
sat_stages = {"row scan", "transpose", "column scan", "transpose back", "tiled-v2 (3 kernels, overlapped)"}
for v in variants:
    fr = [f for p in sorted(glob.glob(os.path.join(d, "frames-%s-r[0-9]*.json" % v))) for f in json.load(open(p))["frames"]]
    if not fr:
        print("SUMMARY disc-frame %-11s no frames" % v); continue
    sat = statistics.median(sum(x for k, x in f.items() if k in sat_stages) for f in fr) * 1e3
    gat = statistics.median(f.get("dof (cuda)", 0.0) for f in fr) * 1e3
    both = [sum(x for k, x in f.items() if k in sat_stages or k == "dof (cuda)") * 1e3 for f in fr]
    print("SUMMARY disc-frame %-11s SAT %5.1f us + gather %5.1f us = %5.1f us (median of %d frames; spread %.1f-%.1f; "
          "target <= 70)" % (v, sat, gat, statistics.median(both), len(fr), min(both), max(both)))
for v in variants:
    for focus in ("5", "2.6"):
        p = os.path.join(d, "quality-%s-focus%s.json" % (v, focus))
        q = json.load(open(p)).get("dof_quality") if os.path.exists(p) else None
        if not q:
            print("SUMMARY disc-quality %-11s focus %-3s missing" % (v, focus)); continue
        k = q   # the run's own kernel: the default disc, soft guard, no near field
        print("SUMMARY disc-quality %-11s focus %-3s SSIM %.4f band %.4f, PSNR %.2f band %.2f dB (targets 0.98, 0.97)"
              % (v, focus, k["ssim"], k["band_ssim"], k["psnr"] or 0, k["band_psnr"] or 0))
PY
for v in $variants; do
  log="$dir/ctest-$v.txt"
  if SCANWORKS_DOF_DISC=$v timeout 200 ctest --test-dir "$BUILD" -R '^(test_dof_cuda|test_dof_disc)$' \
       --output-on-failure > "$log" 2>&1 && grep -qE "100% tests passed" "$log" && ! grep -q "Skipped\|Not Run" "$log"; then
    pass "tests $v"
  else
    tail -20 "$log"; fail "tests $v (log: $log)"
  fi
  log="$dir/memcheck-$v.txt"
  if command -v compute-sanitizer > /dev/null &&
     SCANWORKS_DOF_DISC=$v timeout 60 compute-sanitizer --tool memcheck --error-exitcode 3 "$SW" compute dof \
       --backend cuda --gather cuda --in "$img" --depth "$img" --focus 0.5 --aperture 8 --out "$dir/memcheck.png" \
       > "$log" 2>&1 && grep -q "ERROR SUMMARY: 0 errors" "$log"; then
    pass "memcheck $v"
  else
    tail -10 "$log"; fail "memcheck $v (log: $log)"
  fi
done
echo "SUMMARY dof-disc: $((SECONDS - t0)) s"
part_end
