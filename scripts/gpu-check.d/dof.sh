#!/usr/bin/env bash
# SAT and depth of field on the GPU machine: the gpu-labelled SAT/DoF tests (cuda
# against float64 references and against the gl/cpu frames), compute-sanitizer
# (memcheck, racecheck, synccheck) on small runs of every SAT kernel and of the
# interop path (with the GL and the CUDA gather), `bench sat` into
# $OUT/dof-bench-sat.{json,svg,csv}, and headless frames with their per-stage times
# (cuda, gl, cpu backends; both variants; all gathers) into $OUT/dof-frames/*.json.
# Round 2: the tiled alternatives (r1, fold; SCANWORKS_SAT_CUDA_TILED) and the
# gather's scalar loads (SCANWORKS_DOF_SAT_LOADS=scalar) side by side; SUMMARY lines.
# About 2.5-3 minutes.
# Run from the repository root with BUILD (an sm_90 build) and OUT set; the GL
# libraries must be installed (EGL device platform).
set -uo pipefail
: "${BUILD:?set BUILD to the build folder}" "${OUT:?set OUT to the results folder}"
mkdir -p "$OUT/dof-frames"
status=0
pass() { echo "PASS: dof $*"; }
fail() { echo "FAIL: dof $*"; status=1; }
bin="$BUILD/scanworks"
img="tests/golden/dof_320x180.png"
t0=$SECONDS

# 1. Tests: cuda SAT (both variants, awkward sizes, 4K precision), cuda DoF frames
#    against gl and cpu, the DoF CLI through interop; also test_sat and test_dof_cli
#    (gl) on this GL. The Mesa golden frames are not compared here.
log="$OUT/dof-ctest.txt"
if ctest --test-dir "$BUILD" -R 'test_sat|test_dof_cli|test_dof_cuda' --output-on-failure > "$log" 2>&1 &&
   grep -qE "100% tests passed|tests passed, 0 tests failed" "$log" && ! grep -q "(Skipped)\|Not Run" "$log"; then
  pass "tests ($((SECONDS - t0)) s)"
else
  tail -40 "$log"
  fail "tests (log: $log)"
fi
grep -E "4K .*worst|mean abs diff" "$BUILD/Testing/Temporary/LastTest.log" 2>/dev/null | head -20 || true

# 2. compute-sanitizer: both SAT variants on host arrays, and the interop frame path
#    (compute dof --backend cuda maps the GL texture and buffer) on a 320x180 picture.
if command -v compute-sanitizer > /dev/null; then
  for tool in memcheck racecheck synccheck; do
    t1=$SECONDS
    ok=1
    for variant in three-pass tiled tiled:fold; do   # tiled:fold = SCANWORKS_SAT_CUDA_TILED=fold
      log="$OUT/dof-$tool-${variant/:/-}.txt"
      alt=""; [ "$variant" = tiled:fold ] && alt=fold
      SCANWORKS_SAT_CUDA_TILED=$alt timeout 60 compute-sanitizer --tool "$tool" --error-exitcode 3 "$bin" \
        compute sat --backend cuda --variant "${variant%%:*}" --in "$img" --out "$OUT/dof-sanitizer-sat.npy" \
        > "$log" 2>&1 &&
        grep -q "ERROR SUMMARY: 0 errors\|RACECHECK SUMMARY: 0 hazards" "$log" || { ok=0; tail -20 "$log"; }
    done
    for gather in compute cuda; do
      log="$OUT/dof-$tool-interop-$gather.txt"
      timeout 60 compute-sanitizer --tool "$tool" --error-exitcode 3 "$bin" compute dof --backend cuda \
        --gather "$gather" --in "$img" --depth "$img" --focus 0.5 --aperture 8 --out "$OUT/dof-sanitizer.png" \
        > "$log" 2>&1 && grep -q "ERROR SUMMARY: 0 errors\|RACECHECK SUMMARY: 0 hazards" "$log" ||
        { ok=0; tail -20 "$log"; }
    done
    if [ $ok = 1 ]; then pass "compute-sanitizer $tool ($((SECONDS - t1)) s)"; else fail "compute-sanitizer $tool (logs: $OUT/dof-$tool-*.txt)"; fi
  done
  rm -f "$OUT/dof-sanitizer-sat.npy"
else
  fail "compute-sanitizer not found on PATH"
fi

# 3. bench sat: 720p, 1080p, 4K; cpu, gl, cuda (three-pass, tiled, tiled-r1 = the
#    first round's tiled, tiled-fold; each checked against the CPU first), floor copy,
#    CUB, and the map/unmap hand-over on its own.
t1=$SECONDS
if timeout 150 "$bin" bench sat --reps 50 --json "$OUT/dof-bench-sat.json" --plot "$OUT/dof-bench-sat.svg" \
     --csv "$OUT/dof-bench-sat.csv" > "$OUT/dof-bench-sat.txt" 2> "$OUT/dof-bench-sat-progress.txt"; then
  pass "bench sat ($((SECONDS - t1)) s)"
  grep -E "cuda|gl " "$OUT/dof-bench-sat.txt" | grep -E "1920x1080" || true
else
  tail -20 "$OUT/dof-bench-sat-progress.txt"
  fail "bench sat (log: $OUT/dof-bench-sat-progress.txt)"
fi

# 4. Headless frames, 60 measured after 20 warm-up, per-stage GPU times in JSON.
frames() {   # name, then flags
  local name=$1
  shift
  local log="$OUT/dof-frames/$name.txt"
  if timeout 60 "$bin" --headless --no-vsync --frames 60 --warmup 20 --json "$OUT/dof-frames/$name.json" "$@" \
       > "$log" 2>&1; then
    pass "frames $name: $(grep -o 'median GPU ms:.*' "$log")"
  else
    tail -5 "$log"
    fail "frames $name (log: $log)"
  fi
}
t1=$SECONDS
for size in 1280x720 1920x1080 3840x2160; do
  frames "cuda-tiled-compute-$size" --size "$size" --sat-backend cuda --sat-variant tiled --gather compute
done
frames cuda-three-pass-compute-1920x1080 --size 1920x1080 --sat-backend cuda --sat-variant three-pass --gather compute
frames cuda-tiled-fragment-1920x1080 --size 1920x1080 --sat-backend cuda --sat-variant tiled --gather fragment
for size in 1280x720 1920x1080 3840x2160; do
  frames "cuda-tiled-cuda-$size" --size "$size" --sat-backend cuda --sat-variant tiled --gather cuda
done
# Round 2 side by side at 1080p: the first round's SAT and gather, each change alone, fold.
SCANWORKS_SAT_CUDA_TILED=r1 SCANWORKS_DOF_SAT_LOADS=scalar \
  frames cuda-r1-scalar-cuda-1920x1080 --size 1920x1080 --sat-backend cuda --sat-variant tiled --gather cuda
SCANWORKS_DOF_SAT_LOADS=scalar \
  frames cuda-tiled-scalar-cuda-1920x1080 --size 1920x1080 --sat-backend cuda --sat-variant tiled --gather cuda
SCANWORKS_SAT_CUDA_TILED=fold \
  frames cuda-fold-cuda-1920x1080 --size 1920x1080 --sat-backend cuda --sat-variant tiled --gather cuda
frames gl-tiled-compute-1920x1080 --size 1920x1080 --sat-backend gl --sat-variant tiled --gather compute
frames gl-three-pass-compute-1920x1080 --size 1920x1080 --sat-backend gl --sat-variant three-pass --gather compute
frames cpu-compute-1920x1080 --size 1920x1080 --sat-backend cpu --gather compute
frames nodof-1920x1080 --size 1920x1080 --view nodof
"$bin" --headless --frames 1 --size 1920x1080 --sat-backend cuda --hud --dump "$OUT/dof-frames" \
  > /dev/null 2>&1 && mv "$OUT/dof-frames/frame_0000.png" "$OUT/dof-frames/cuda-1920x1080.png" || true
echo "dof: frames took $((SECONDS - t1)) s; all done in $((SECONDS - t0)) s"
# 5. Nsight Compute on the first 1080p frame's SAT kernels and CUDA gather. Optional
#    (a missing ncu or profiling permission prints a NOTE).
t1=$SECONDS
ncu_bin=$(command -v ncu || ls /usr/local/cuda/bin/ncu 2> /dev/null || true)
if [ -n "$ncu_bin" ] &&
   timeout 45 "$ncu_bin" --section SpeedOfLight --section Occupancy --section LaunchStats \
     --section WarpStateStats --section MemoryWorkloadAnalysis -k regex:"sat_|dof_gather" --launch-count 5 \
     "$bin" --headless --no-vsync --frames 2 --size 1920x1080 --sat-backend cuda --sat-variant tiled \
     --gather cuda > "$OUT/dof-ncu.txt" 2>&1; then
  echo "NOTE: dof ncu report in $OUT/dof-ncu.txt ($((SECONDS - t1)) s)"
  grep -E "^  [a-zA-Z_].*(sat_|dof_gather)|Memory Throughput|DRAM Throughput|Achieved Occupancy|Duration" \
    "$OUT/dof-ncu.txt" | head -40 || true
else
  echo "NOTE: dof ncu not run or failed (see $OUT/dof-ncu.txt if present)"
fi
python3 - "$OUT/dof-bench-sat.json" <<'PY' || true
import json, sys
rows = [r for r in json.load(open(sys.argv[1]))["rows"] if r.get("backend") == "cuda"]
for size in ("1920x1080", "3840x2160"):
    at = {r["variant"]: r for r in rows if r.get("note", "").startswith(size)}
    sat = sorted((r["median_ms"] * 1e3, v) for v, r in at.items() if v in ("three-pass", "tiled", "tiled-r1", "tiled-fold"))
    if not sat: continue
    fl = at.get("floor-copy")
    print("SUMMARY sat %s: best %s %.1f us (target <= 40 us at 1080p); %s; floor-copy %s"
          % (size, sat[0][1], sat[0][0], ", ".join("%s %.1f" % (v, us) for us, v in sat),
             "%.1f us" % (fl["median_ms"] * 1e3) if fl else "n/a"))
PY
grep -ho "median GPU ms:.*" "$OUT"/dof-frames/cuda-*-cuda-1920x1080.txt > /dev/null 2>&1 &&
  for f in "$OUT"/dof-frames/cuda-*-cuda-1920x1080.txt; do
    echo "SUMMARY frame $(basename "$f" .txt) (SAT + CUDA gather <= 60 us wanted): $(grep -o 'median GPU ms:.*' "$f")"
  done
exit $status
