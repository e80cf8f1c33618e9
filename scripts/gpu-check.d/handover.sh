#!/usr/bin/env bash
# The GL-CUDA hand-over on the GPU machine: the interop_external test (the external-
# memory path's frames against the map path's, pixel for pixel, gaps measured on
# both), compute-sanitizer memcheck on small frames of both paths (the globaltimer
# stamps, the pitch-linear textures over imported memory, the output copy), then 1080p
# headless frames of each path (map, external with host waits, external with EGL syncs:
# SCANWORKS_EXTERNAL_SYNC=egl) into $OUT/handover/*.json with one SUMMARY line each:
# the gaps GL->CUDA and CUDA->GL, the CUDA span, GPU busy against GPU wall, CPU wall.
# About 25 seconds. Run from the repository root with BUILD and OUT set.
set -uo pipefail
PART=handover
. scripts/gpu-check.d/part.bash
mkdir -p "$OUT/handover"

ctest --test-dir "$BUILD" -R '^interop_(flags|external)$' --output-on-failure > "$OUT/handover/ctest.txt" 2>&1 &&
  grep -q "100% tests passed" "$OUT/handover/ctest.txt" && ! grep -q "Skipped" "$OUT/handover/ctest.txt" &&
  pass "interop tests (external frames = map frames)" ||
  { tail -25 "$OUT/handover/ctest.txt"; fail "interop tests (log: $OUT/handover/ctest.txt)"; }

for path in map external; do
  if timeout 120 compute-sanitizer --tool memcheck --error-exitcode 3 "$SW" --headless --frames 3 --warmup 1 \
      --size 320x180 --interop $path > "$OUT/handover/memcheck-$path.txt" 2>&1; then
    pass "memcheck --interop $path"
  else
    tail -12 "$OUT/handover/memcheck-$path.txt"; fail "memcheck --interop $path"
  fi
done

for path in map external egl; do
  j="$OUT/handover/frames-1080p-$path.json"
  sync=host; [ $path = egl ] && sync=egl
  SCANWORKS_EXTERNAL_SYNC=$sync timeout 60 "$SW" --headless --frames 300 --warmup 60 --size 1920x1080 \
    --interop ${path/egl/external} --json "$j" \
    > "$OUT/handover/frames-1080p-$path.txt" 2>&1 || { tail -5 "$OUT/handover/frames-1080p-$path.txt"; fail "1080p --interop $path"; continue; }
  python3 - "$j" "$path" <<'PY' || fail "1080p --interop $path: fields"
import json, sys
r = json.load(open(sys.argv[1])); g = r["frame_gpu"]; m = r["median_ms"]
f = lambda v, d=1: "n/a" if v is None else ("%.*f" % (d, v))
print("SUMMARY handover %-8s (ran %s, %s): GL->CUDA %s us, CUDA->GL %s us, CUDA span %s ms; GPU busy %s ms, GPU wall %s ms "
      "(wall/busy %s); CPU wall %s ms a frame; clock offset %s +- %s us (same clock: %s)" % (
      sys.argv[2], g["interop"], g["interop_sync"], f(g["gl_to_cuda_us"]), f(g["cuda_to_gl_us"]), f(g["cuda_span_ms"], 3),
      f(g["gpu_busy_ms"], 3), f(g["gpu_wall_ms"], 3), f(g["gpu_wall_over_busy"], 3), f(m.get("wall"), 3),
      f(g.get("clock", {}).get("offset_us")), f(g.get("clock", {}).get("uncertainty_us")),
      g.get("clock", {}).get("same_clock")))
print("  stages:", {k: round(v, 4) for k, v in m.items()})
print("  interop extensions:", r["environment"]["interop_extensions"], "| path:", g["interop_why"])
assert g["interop"] == sys.argv[2].replace("egl", "external"), "asked for %s, ran %s: %s" % (sys.argv[2], g["interop"], g["interop_why"])
assert g["gl_to_cuda_us"] is not None, g.get("gaps_unavailable_because")
PY
done
part_end
